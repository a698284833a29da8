/* SPDX-License-Identifier: GPL-2.0-or-later */
/* iomem_read.h - read a root's /proc/iomem into its System RAM ranges */
#ifndef FRAGSTAT_IOMEM_READ_H
#define FRAGSTAT_IOMEM_READ_H

#include "ferr.h"
#include "iomem.h"

/*
 * Read and parse ROOT's proc/iomem (ROOT NULL: the live file) into IO, in
 * page frames of PAGE_SIZE. Returns 0, or -1 with E set (its path kept).
 */
int	iomem_read(const char *root, unsigned long page_size, struct iomem *io,
	    struct ferr *e);

#endif

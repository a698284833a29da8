/* SPDX-License-Identifier: GPL-2.0-or-later */
/* iomem.h - parse /proc/iomem: the page frames that are System RAM */
#ifndef FRAGSTAT_IOMEM_H
#define FRAGSTAT_IOMEM_H

#include <stddef.h>
#include <stdint.h>

#include "ferr.h"
#include "model.h"
#include "sysram.h"

/*
 * Parse the LEN bytes at BUF into IO: the top-level "START-END : System
 * RAM" lines, in pages of PAGE_SIZE bytes (partial pages left out).
 * Returns 0, or -1 with E set: a malformed line, no System RAM, or every
 * address 0 (what a reader without root sees).
 */
int	iomem_parse(const char *buf, size_t len, unsigned long page_size,
	    struct iomem *io, struct ferr *e);

#endif

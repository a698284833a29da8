/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cma_read.h - read the CMA areas: sysfs's counts, debugfs's ranges */
#ifndef FRAGSTAT_CMA_READ_H
#define FRAGSTAT_CMA_READ_H

#include "cma.h"
#include "ferr.h"

/*
 * Read ROOT's (NULL: this host's) CMA areas into A: every directory of
 * sys/kernel/mm/cma, each file of it and of its debugfs twin that is
 * there. Returns 0 (none: A empty), or -1 with E set (a file that does
 * not hold a count, more than CMA_MAX_AREAS areas, a directory that
 * cannot be read).
 */
int	cma_read(const char *root, struct cma_areas *a, struct ferr *e);

#endif

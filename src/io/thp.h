/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thp.h - the THP sizes: their settings and their outcome counters */
#ifndef FRAGSTAT_THP_H
#define FRAGSTAT_THP_H

#include <stdbool.h>
#include <stdint.h>

#include "ferr.h"
#include "model.h"

/* Where the kernel's hugepage_init_sysfs() puts the THP settings, relative to the root. */
#define THP_DIR		"sys/kernel/mm/transparent_hugepage"

/*
 * Read ROOT's THP directory (NULL or "": the live system) into T: the
 * top-level "enabled" and every hugepages-<N>kB size, with each size's
 * "enabled" when it has one, on or off as RULES say of it (NULL: every
 * size off), and, when the kernel has them, the files of its stats/
 * (which exist depends on the release: T lists what was there). Without
 * ALL, only the stats of the sizes that are on other than the PMD size
 * (PMD_ORDER, -1 unknown), whose outcomes /proc/vmstat counts too: what
 * --watch reads every sample. Returns 1 when read, 0 when ROOT has no THP
 * directory, -1 with E set for a malformed or unreadable file.
 */
int		 thp_read(const char *root, unsigned long page_size,
		    long pmd_order, bool all, const struct thp_rules *rules,
		    struct thp *t, struct ferr *e);

#endif

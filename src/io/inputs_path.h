/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inputs_path.h - where the files of a run are: their paths under a root */
#ifndef FRAGSTAT_INPUTS_PATH_H
#define FRAGSTAT_INPUTS_PATH_H

#include "ferr.h"

/*
 * The kernel's files a run reads and a capture copies, as paths under the
 * root ("/"-led, as inputs_path() joins them). The last four only a
 * capture keeps, for whoever reads it later.
 */
#define INPUTS_BUDDYINFO	"/proc/buddyinfo"
#define INPUTS_PAGETYPEINFO	"/proc/pagetypeinfo"
#define INPUTS_ZONEINFO		"/proc/zoneinfo"
#define INPUTS_VMSTAT		"/proc/vmstat"
#define INPUTS_MEMINFO		"/proc/meminfo"
#define INPUTS_PSI		"/proc/pressure/memory"
#define INPUTS_OSRELEASE	"/proc/sys/kernel/osrelease"
#define INPUTS_EXTFRAG_THRESHOLD "/proc/sys/vm/extfrag_threshold"
#define INPUTS_PROACTIVENESS	"/proc/sys/vm/compaction_proactiveness"
#define INPUTS_DEFRAG_MODE	"/proc/sys/vm/defrag_mode"
#define INPUTS_PMD_SIZE		"/sys/kernel/mm/transparent_hugepage/hpage_pmd_size"
#define INPUTS_MIN_FREE_KBYTES	"/proc/sys/vm/min_free_kbytes"
#define INPUTS_WATERMARK_SCALE	"/proc/sys/vm/watermark_scale_factor"
#define INPUTS_THP_ENABLED	"/sys/kernel/mm/transparent_hugepage/enabled"
#define INPUTS_THP_DEFRAG	"/sys/kernel/mm/transparent_hugepage/defrag"

/* Returns a malloc'd "ROOT/REL", or REL (the live path) when ROOT is NULL. */
char	*inputs_path(const char *root, const char *rel);

/* Returns a malloc'd "DIR/NAME", as long as it is, or NULL when out of memory. */
char	*inputs_join(const char *dir, const char *name);

/*
 * Write "DIR/NAME" into BUF, PATH_MAX bytes. Returns 0, or -1 with E set
 * on DIR when it is longer: a cut path is never read.
 */
int	inputs_join_max(char *buf, const char *dir, const char *name,
	    struct ferr *e);

#endif

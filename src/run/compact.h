/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compact.h - ask the kernel to compact memory now, and time it, or to drop its clean page cache */
#ifndef FRAGSTAT_COMPACT_H
#define FRAGSTAT_COMPACT_H

#include "compaction.h"
#include "ferr.h"

/*
 * Write "1" to COMPACTION_NODE_FILE for each of C's nodes (the kernel
 * compacts that node before the write returns), or, when per-node files
 * do not exist, once to COMPACTION_ALL_FILE (every node; C->all set).
 * Returns 0 with C->ms the time it took, or -1 with E set.
 */
int	compact_nodes(struct compaction *c, struct ferr *e);

/* The file whose write of "1" drops the clean page cache, machine-wide (drop_caches_sysctl_handler()). */
#define COMPACT_RECLAIM_FILE	"/proc/sys/vm/drop_caches"

/*
 * Write back the dirty pages (sync), then drop the clean page cache
 * through COMPACT_RECLAIM_FILE. Returns 0, or -1 with E set.
 */
int	compact_reclaim(struct ferr *e);

#endif

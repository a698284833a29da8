/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kpageflags.h - read /proc/kpageflags over the zones' System RAM into a map */
#ifndef FRAGSTAT_KPAGEFLAGS_H
#define FRAGSTAT_KPAGEFLAGS_H

#include "ferr.h"
#include "inputs.h"
#include "iomem.h"
#include "memcg.h"
#include "physmap.h"

/*
 * Read the kpageflags entries (8 bytes per page frame, at PFN * 8) at PATH
 * for the pages of every zone of M that lie in IO's System RAM, a chunk at
 * a time, into M with RULES->pages(), then RULES->settle(M); the rest stays
 * hole; with CG, the kpagecgroup entries at CGPATH of the same pages
 * into CG with RULES->charge(). Returns 0, or -1 with E set (E->path is
 * PATH or CGPATH).
 */
int	kpageflags_read(const char *path, const struct iomem *io,
	    struct map *m, const struct map_rules *rules, const char *cgpath,
	    struct memcg *cg, struct ferr *e);

/*
 * Build M for the files IN holds (buddyinfo, zoneinfo, pagetypeinfo for
 * the pageblock order, vmstat for balloon pages) from ROOT's proc/iomem
 * and proc/kpageflags (ROOT NULL: the live files) by RULES (the kernel's:
 * map_rules), in pages of PAGE_SIZE,
 * ready for map_compute(); with CG, also ROOT's proc/kpagecgroup into CG
 * (without it, or unreadable: CG's note says so and CG stays unread).
 * Returns 0, or -1 with E set (its path kept in E).
 */
int	kpageflags_map(const char *root, const struct inputs *in,
	    unsigned long page_size, const struct map_rules *rules,
	    struct map *m, struct memcg *cg, struct ferr *e);

#endif

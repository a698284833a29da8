/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mapview.h - the map of one root and all --map computes from it */
#ifndef FRAGSTAT_MAPVIEW_H
#define FRAGSTAT_MAPVIEW_H

#include <stdbool.h>

#include "map.h"
#include "offline.h"
#include "pins.h"
#include "pollution.h"
#include "regions.h"
#include "report.h"

/*
 * The map and what is computed from it: the pinned pageblocks, how far
 * they spread, and (with blocks) the 1 GiB regions and the memory blocks.
 * --map, a snapshot's --map (its Prometheus gauges) and --map-every each
 * read one; the caller loads the map into m.
 */
struct mapview {
	struct map		m;
	struct pins		p;
	struct pollution	pl;
	struct regions		rg;
	struct memblocks	mb;
	struct offline		of;
	bool			blocks;	/* rg, mb and of were computed */
};

/* Start V empty: what a failed step never reached is freed as empty. */
void	mapview_init(struct mapview *v);

/*
 * Compute from V's map its pins and pollution and, with BLOCKS, read the
 * memory blocks of SYSROOT (NULL: this host) and classify them and the
 * 1 GiB regions (pages of PAGE_SIZE bytes). Returns 0, or -1 after a
 * message.
 */
int	mapview_compute(const char *sysroot, struct mapview *v,
	    unsigned long page_size, bool blocks);

/*
 * Point R at V's map, pollution, regions (where computed) and memory
 * blocks (where read).
 */
void	mapview_report(const struct mapview *v, struct report *r);

/* Free all of V, computed or not. */
void	mapview_free(struct mapview *v);

#endif

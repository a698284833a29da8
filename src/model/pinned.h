/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pinned.h - the pinned pageblocks of a map: each pageblock's state, and per zone by kind of page and cost */
#ifndef FRAGSTAT_PINNED_H
#define FRAGSTAT_PINNED_H

#include <stddef.h>
#include <stdint.h>

#include "physmap.h"

/* The few-pinned buckets: pageblocks pinned by 1, 2-8, 9-64, more pages. */
enum pins_few { PINS_FEW_1, PINS_FEW_8, PINS_FEW_64, PINS_FEW_MORE, PINS_NFEW };

/* What compaction can do with one pageblock, at the pageblock order. */
enum pins_state {
	PINS_CLEAN,	/* no pinned page: compaction can empty it */
	PINS_ADMITTED,	/* ambiguous pages counted as per-CPU free ones */
	PINS_PINNED,	/* no hole, at least one pinned page */
	PINS_HOLE,	/* holds a hole: no page can make it whole */
	PINS_UNINIT,	/* not yet initialised (map_zone.uninit_from) */
};

/* One zone's pinned pageblocks (those in state PINS_PINNED). */
struct pins_zone {
	uint64_t	 blocks;		/* pinned pageblocks */
	uint64_t	 pages;			/* the pinned pages in them */
	uint64_t	 by_kind[MAP_NPINS];	/* pinned pageblocks holding the kind */
	/*
	 * More free pageblocks the ceiling at the pageblock order would
	 * allow if the kind's pages were movable (still bounded by free
	 * memory).
	 */
	uint64_t	 cost[MAP_NPINS];
	uint64_t	 few[PINS_NFEW];	/* pinned pageblocks by their pinned pages */
	/* Every unmovable and ambiguous page of the zone but the admitted ones. */
	uint64_t	 pages_by_kind[MAP_NPINS];
};

/* The pinned pageblocks of a map. */
struct pins {
	struct pins_zone *zones;	/* one per map zone */
	uint8_t		*state;		/* enum pins_state per pageblock of map.blocks */
	size_t		 nblocks;
};

/* Free what P holds and forget it. */
void	pins_free(struct pins *p);

#endif

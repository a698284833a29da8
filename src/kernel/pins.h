/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pins.h - who pins memory: the pinned pageblocks of a map by kind of page, what each kind costs */
#ifndef FRAGSTAT_PINS_H
#define FRAGSTAT_PINS_H

#include <stddef.h>
#include <stdint.h>

#include "map.h"
#include "memcg.h"
#include "owners.h"

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

/*
 * Compute P for M after map_compute(): which pageblocks are pinned (the
 * ambiguous ones admitted as ceiling() admits them at the pageblock
 * order, fewest first, the lower PFN first among equals), by which kinds,
 * and what each kind costs. Returns 0, or -1 when out of memory.
 */
int	pins_compute(struct pins *p, const struct map *m);
void	pins_free(struct pins *p);

/*
 * Count CG's groups' pinned pageblocks, pinned pages and movable pages in
 * pageblocks compaction can empty, by P's states of M's pageblocks, and
 * rank them into CG->rank: most pinned pageblocks first, then pinned
 * pages, movable pages, lower inode; "-" (uncharged, inode 0), which is
 * no cgroup, last. Returns 0, or -1 when out of memory.
 */
int	pins_rank(struct memcg *cg, const struct map *m, const struct pins *p);

/* Returns the bucket of a pageblock pinned by N pages (N > 0). */
enum pins_few	pins_few_bucket(uint64_t n);

/* The names the views use: "1", "2-8", "9-64", "more". */
const char	*pins_few_name(enum pins_few f);

/* What pins_owner_add() counts page_owner's records against. */
struct pins_owners {
	struct owners		*ow;
	const struct map	*m;
	const struct pins	*p;
};

/*
 * Count page_owner's record R into ARG's (a struct pins_owners) stacks
 * when it pins: a page not allocated movable (the "type" after "PFN",
 * gfp_migratetype() of the mask) in a pageblock P calls pinned in M.
 * pageowner_parse()'s EACH. Returns 0, or -1 when out of memory.
 */
int	pins_owner_add(void *arg, const struct po_record *r);

#endif

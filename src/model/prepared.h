/* SPDX-License-Identifier: GPL-2.0-or-later */
/* prepared.h - what compaction, reclaim and the pinned pageblocks let a --need have, per zone, node and machine; what --prepare did */
#ifndef FRAGSTAT_PREPARED_H
#define FRAGSTAT_PREPARED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "availability.h"
#include "physmap.h"

/* A count no bound sets: the pinned limit without the map. */
#define FC_UNKNOWN	AVAIL_NO_LIMIT

/*
 * One zone at the need's order, as run/ reads it (counts in blocks of the
 * order, memory in pages). NOW and AFTER: the availability's row. USABLE:
 * the free pages the watermark counts; HOLD: the pages it keeps back
 * (zadvice hold), the n-th allocation passing while USABLE less (n - 1)
 * blocks stays above it. GATE: compaction_suitable() runs compaction only
 * while USABLE is above it (HAS_GATE false: no such rule, a gigantic
 * order). MANAGED: the zone's managed pages (0: unknown); a gate at or
 * above them is never passed. CACHE: clean page cache (CACHE_KNOWN). LIMIT: the blocks free of
 * holes and pinned pages (the map's clean count; FC_UNKNOWN without the
 * map); UNINIT: the blocks memory not yet initialised could add;
 * CAPACITY: the zone's avail row's (availability.h), the blocks all of its
 * memory would hold; PINNED: per kind, the pinned pageblocks (regions, at
 * a gigantic order) holding it.
 */
struct fc_zone_in {
	int		 node;
	long		 zone;
	uint64_t	 now, after, usable, hold, gate, managed, cache, limit, uninit;
	uint64_t	 capacity;
	uint64_t	 pinned[MAP_NPINS], holes;	/* HOLES: blocks with a hole */
	bool		 has_gate, cache_known, from_map;
	/* NOW is an upper bound (an input missing): NOW_LEAST the fewest. */
	bool		 now_is_bound;
	uint64_t	 now_least;
};

/* What a --need can have: one word per zone, node or machine. */
enum fc_word {
	FC_OK,		/* free now */
	FC_COMPACT,	/* after compaction */
	FC_RECLAIM,	/* after reclaiming clean page cache and compacting */
	FC_SHORT,	/* below the pinned limit, beyond the clean page cache */
	FC_PINNED,	/* above the pinned limit: freeing kernel memory only */
	FC_IMPOSSIBLE,	/* a size the host cannot have */
	FC_UNSURE,	/* unknown: no such node, or the sizes not read */
	FC_NWORDS
};

/*
 * One zone's (ZONE >= 0), node's (ZONE -1) or the machine's (NODE -1 too)
 * forecast, in blocks of the order but where said. NOW: free now.
 * COMPACT: at most after compaction, counting NOW where compaction cannot
 * run. GATE_SHORT: pages reclaim must free before compaction runs at all;
 * GATE_NEVER: none will do, the gate is above the zone's managed pages.
 * CACHE: clean page cache, pages. RECLAIM: at most after reclaiming it all
 * and compacting. LIMIT: the pinned limit (FC_UNKNOWN: no map); UNINIT:
 * what memory not yet initialised could add. RECLAIM_PAGES: the pages
 * reclaim must free here to reach the need, in the plan. PINNED: per kind,
 * the pinned pageblocks (or regions) holding it.
 */
struct fc_row {
	int		 node;
	long		 zone;
	uint64_t	 now, compact, gate_short, cache, reclaim, limit, uninit;
	uint64_t	 room;		/* blocks all its memory would hold, pins aside (CAPACITY) */
	uint64_t	 now_least;	/* the fewest NOW can be (NOW when exact) */
	uint64_t	 reclaim_pages;
	uint64_t	 pinned[MAP_NPINS], holes;
	bool		 from_map, cache_known, gate_never;
};

/* The forecast of one --need. */
struct forecast {
	struct need	 need;
	enum avail_possible possible;
	struct fc_row	*rows;		/* zones, then each node, then the machine */
	size_t		 n, nzones;
	const struct fc_row *target;	/* the need's node (or the machine), or NULL */
	enum fc_word	 word;
};

/*
 * The trend of a count of blocks free now over a span of samples (--watch
 * --need): PER_HOUR its change an hour (truncated, at most INT64_MAX
 * either way); when it falls, the milliseconds until it is below the need
 * (TO_NEED, while above it) and until none is left (TO_ZERO), at that rate.
 */
struct fc_trend {
	int64_t		 per_hour;
	uint64_t	 ms_to_need, ms_to_zero;
	bool		 to_need, to_zero;
};

/* The nodes one step of --prepare acts on at most. */
#define PREP_MAX_NODES	64

/* What one step of --prepare did. */
enum prep_act { PREP_COMPACT, PREP_RECLAIM };

struct prep_step {
	enum prep_act	 act;
	unsigned	 nodes[PREP_MAX_NODES];	/* the nodes it acts on */
	size_t		 nnodes;
	uint64_t	 pages;		/* reclaim: the pages asked for */
	const char	*how;		/* the file written, for people;
					 * NULL: each node's compact */
	uint64_t	 ms;
	uint64_t	 before, after;	/* free now of the need's target */
	uint64_t	 forecast;	/* what the forecast said this step gives */
	bool		 done;		/* false: planned only */
};

/* --prepare's result. */
enum prep_result { PREP_READY, PREP_RECOVERED, PREP_SHORT, PREP_PINNED,
	PREP_PLANNED };

/* A compaction, then up to three rounds of reclaim and compaction. */
#define PREP_MAX_STEPS	7

struct prepared {
	struct prep_step steps[PREP_MAX_STEPS];
	size_t		 nsteps;
	bool		 dry_run, reclaim_allowed, reclaim_wanted;
	enum prep_result result;
	uint64_t	 got;		/* free now at the end */
};

#endif

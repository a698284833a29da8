/* SPDX-License-Identifier: GPL-2.0-or-later */
/* availability.h - how many allocations of each order succeed, per zone, node and machine, and the answer to --need */
#ifndef FRAGSTAT_AVAILABILITY_H
#define FRAGSTAT_AVAILABILITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "advice.h"
#include "judgement.h"

/*
 * The availability of one order in one zone, one node (zone -1) or the
 * whole machine (node -1 too). NOW: allocations of the order that would
 * succeed one after another without compaction or reclaim; an upper bound
 * when NOW_IS_BOUND. AFTER: at most that many after full compaction, from
 * the map's ceiling when FROM_MAP, else from free memory above the
 * watermarks. NOW_LEAST: the fewest NOW can be (NOW when exact, 0 when
 * not known; zadvice's now_least). ROOM: the blocks of the order free memory above the
 * watermarks could hold, whatever pins it (AFTER before the map bounds
 * it). REACH: at most how many after the compaction the kernel would
 * run for the allocation: a zone whose verdict is reclaim (compaction_
 * suitable() skips it, or the fragmentation index declines it) counts what
 * is free now only. LOW: below it, there are only a few left (--low). SCORE: proactive
 * compaction's fragmentation score at the order (0..100), of the zone,
 * else its zones weighted as fragmentation_score_node() weighs them (by
 * WEIGHT: present pages, else free pages); JUDGEMENT: judge_of() of the
 * row against the availability's marks. LIMIT: the pinned limit, the
 * map's aligned blocks free of holes and pinned pages (AVAIL_NO_LIMIT
 * without the map or below the pageblock order); UNINIT: the blocks
 * memory not yet initialised could add to it. CAPACITY: the blocks all of
 * the memory would hold, free: zoneinfo's managed pages and what UNINIT
 * adds (UINT64_MAX: managed not known); no freeing goes beyond it, and
 * --need's answer and its forecast both take it from here. ZONES: a sum's
 * zone rows. BY_PINS: JUDGEMENT is fragmented by what pins memory, not by
 * its share (judge_of()): ROOM holds ten times NOW, AFTER (the map's
 * ceiling) not.
 */
struct avail {
	int		 node;
	long		 zone;		/* buddyinfo index, -1: a sum */
	unsigned	 order;
	uint64_t	 now, after, now_least, room, reach, free_pages, low, weight;
	uint64_t	 limit, uninit, capacity;
	size_t		 zones;
	bool		 now_is_bound, from_map, by_pins;
	uint32_t	 score;
	enum judgement	 judgement;
};

/* A pinned limit no map sets. */
#define AVAIL_NO_LIMIT	UINT64_MAX

/* Every row: per order of the advice (then the gigantic order), zones, nodes, machine. */
struct availability {
	struct avail	*rows;
	size_t		 n;
	unsigned	 gigantic_order;	/* counted from the map or free memory; 0: none */
	uint64_t	 low;			/* --low, 0: 1% of the memory */
	/* Set before avail_build() (FROM NULL: the default marks). */
	struct judge_marks marks;
	bool		 score_by_free;		/* no present pages: zones weighted by free pages */
};

/* What --need asks: COUNT allocations of ORDER, on NODE (-1: anywhere). */
struct need {
	uint64_t	 count;
	unsigned	 order;
	int		 node;
};

/* Whether pages of an order can be allocated at all on the host. */
enum avail_possible {
	AVAIL_POSSIBLE, AVAIL_IMPOSSIBLE, AVAIL_POSSIBLE_UNKNOWN
};

/* The answer to a --need. */
struct need_answer {
	enum verdict	 verdict;	/* ok, compact, reclaim or unknown;
					 * unusable when impossible */
	enum avail_possible possible;
	const struct avail *row;	/* NULL: no such node */
};

/* Returns where A's count after compaction comes from: "map" or "free memory". */
const char *avail_after_from(const struct avail *a);

/* Free the rows of AV (avail_build() in kernel/avail.h fills them). */
void	avail_free(struct availability *av);

/* Returns the row of NODE (-1: machine), ZONE (-1: all) and ORDER, or NULL. */
const struct avail *avail_find(const struct availability *av, int node,
	    long zone, unsigned order);

#endif

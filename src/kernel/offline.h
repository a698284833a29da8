/* SPDX-License-Identifier: GPL-2.0-or-later */
/* offline.h - which online memory blocks hold no unmovable page and could be offlined */
#ifndef FRAGSTAT_OFFLINE_H
#define FRAGSTAT_OFFLINE_H

#include <stddef.h>
#include <stdint.h>

#include "map.h"
#include "memblock.h"
#include "pins.h"

/* What one memory block is, for offlining. */
enum offline_state {
	OFF_OFFLINABLE,	/* online, one zone, no pinned page */
	OFF_KEPT,	/* online, one zone, a pinned page (or a hole) keeps it */
	OFF_SPANS,	/* online across zones (valid_zones "none"): refused */
	OFF_UNMAPPED,	/* online, its zone not in the map */
	OFF_OFFLINE,	/* offline or going offline already */
	OFF_NSTATES
};

/* One block and what keeps it. */
struct offline_block {
	const struct memblock *b;
	enum offline_state state;
	long		 zone;			/* map zone index, -1: none */
	uint64_t	 keep;			/* pinned pages, not initialised and holes */
	uint64_t	 by_kind[MAP_NPINS];
	uint64_t	 uninit;		/* of keep: not yet initialised */
	uint64_t	 hole;			/* of keep: pages of no memory */
};

/* The blocks of a root against its map. */
struct offline {
	uint64_t	 block_pages;
	struct offline_block *o;		/* one per memblocks.b */
	size_t		 n;
	uint64_t	(*zones)[OFF_NSTATES];	/* per map zone: online blocks by state */
	uint64_t	 states[OFF_NSTATES];	/* the machine's */
	size_t		*kept;			/* indices into o, fewest kept first */
	size_t		 nkept;
};

/*
 * Classify the blocks of MB against map M and its pins P, with pages of
 * PAGE_SIZE bytes: an online block in one zone (its valid_zones) is
 * offlinable when none of its pageblocks is pinned (pins.c's states: the
 * ambiguous pages admitted as per-CPU free do not keep it, as offlining
 * drains those lists), holds a hole or is not initialised. Returns 0 (OF
 * empty when a block is smaller than a pageblock or not a whole number of
 * pages), or -1 when out of memory.
 */
int	offline_compute(struct offline *of, const struct memblocks *mb,
	    const struct map *m, const struct pins *p, unsigned long page_size);
void	offline_free(struct offline *of);

/* The names the views use: "offlinable", "kept", "spans_zones", ... */
const char	*offline_state_name(enum offline_state s);

#endif

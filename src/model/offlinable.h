/* SPDX-License-Identifier: GPL-2.0-or-later */
/* offlinable.h - the memory blocks of a root against its map: which could be offlined, and what keeps the others */
#ifndef FRAGSTAT_OFFLINABLE_H
#define FRAGSTAT_OFFLINABLE_H

#include <stddef.h>
#include <stdint.h>

#include "memblock.h"
#include "physmap.h"

/* What one memory block is, for offlining. */
enum offline_state {
	OFF_OFFLINABLE,	/* online, one zone, no pinned page */
	OFF_KEPT,	/* online, one zone, a pinned page keeps it */
	OFF_HOLE,	/* online, one zone, holds a hole: refused */
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
	uint64_t	 keep;			/* pinned pages and not initialised */
	uint64_t	 by_kind[MAP_NPINS];	/* pinned pages that keep it (no hugetlb) */
	uint64_t	 uninit;		/* of keep: not yet initialised */
	uint64_t	 hole;			/* pages of no memory */
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

#endif

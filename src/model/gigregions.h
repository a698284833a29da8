/* SPDX-License-Identifier: GPL-2.0-or-later */
/* gigregions.h - 1 GiB regions of a map: clean, free or tainted, and the pages that keep each tainted one */
#ifndef FRAGSTAT_GIGREGIONS_H
#define FRAGSTAT_GIGREGIONS_H

#include <stddef.h>
#include <stdint.h>

#include "physmap.h"

/* What an aligned region of the gigantic order holds, as alloc_contig_pages() sees it. */
enum region_state {
	REGION_FREE,	/* every page free now */
	REGION_CLEAN,	/* no pinned page: a gigantic page after migration */
	REGION_TAINTED,	/* a pinned page, or one not yet initialised */
	REGION_HOLE,	/* not all memory of the zone: never one page */
	REGION_NSTATES
};

/* One aligned region of a zone. */
struct region {
	uint64_t	 pfn;			/* its first page */
	size_t		 zone;			/* index in the map */
	enum region_state state;
	uint64_t	 keep;			/* tainted: the pages that keep it */
	uint64_t	 by_kind[MAP_NPINS];	/* of them, by kind (ambiguous: kernel) */
	uint64_t	 uninit;		/* of them, not yet initialised */
};

/* The regions of a map, each zone's in PFN order. */
struct regions {
	unsigned	 order;			/* the map's gigantic order; 0: none */
	struct region	*r;
	size_t		 n;
	uint64_t	(*zones)[REGION_NSTATES];	/* per map zone: regions by state */
	size_t		*tainted;		/* indices into r: fewest kept first, then map order */
	size_t		 ntainted;
};

#endif

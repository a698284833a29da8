/* SPDX-License-Identifier: GPL-2.0-or-later */
/* regions.h - 1 GiB regions: clean, free or tainted, and what keeps each tainted one */
#ifndef FRAGSTAT_REGIONS_H
#define FRAGSTAT_REGIONS_H

#include <stddef.h>
#include <stdint.h>

#include "map.h"

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

/*
 * Classify the aligned regions of M's gigantic order that lie wholly in
 * each zone, as ceiling() in map.c counts them: the clean ones add up to
 * the zone's clean[order] and the free ones to all_free[order]; each
 * tainted region with the pages that keep it. Returns 0 (RG empty, its
 * order 0, when M has no gigantic order or more than 2^24 regions), or -1
 * when out of memory.
 */
int	regions_compute(struct regions *rg, const struct map *m);
void	regions_free(struct regions *rg);

/* The names the views use: "free", "clean", "tainted", "with_hole". */
const char	*region_state_name(enum region_state s);

#endif

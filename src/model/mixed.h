/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mixed.h - the mixed-block census: pageblocks by migratetype, by the migratetypes of the pages in them */
#ifndef FRAGSTAT_MIXED_H
#define FRAGSTAT_MIXED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bounds.h"

/*
 * One zone's pageblocks that page_owner printed a record in, by the
 * pageblock's migratetype B (index into census.types) and the page's P.
 */
struct census_zone {
	uint64_t	 used[FRAG_MAX_TYPES];	/* by B: holding an allocation */
	uint64_t	 mixed[FRAG_MAX_TYPES];	/* by B: holding a page of another type */
	uint64_t	 nonlru[FRAG_MAX_TYPES];	/* by B: holding a Movable page off the LRU */
	uint64_t	 holding[FRAG_MAX_TYPES][FRAG_MAX_TYPES];	/* [B][P]: pageblocks */
	uint64_t	 pages[FRAG_MAX_TYPES][FRAG_MAX_TYPES];	/* [B][P]: pages */
};

/* The census of a map's zones (one census_zone per map zone, in its order). */
struct census {
	char		 types[FRAG_MAX_TYPES][FRAG_NAME_SIZE];	/* migratetype names, as read */
	unsigned	 ntypes;		/* in order of first appearance */
	struct census_zone *zones;
	size_t		 nzones;
	struct census_zone machine;	/* every zone's summed */
	bool		 read;		/* page_owner was read */
	uint64_t	 records;	/* with a PFN and both types */
	uint64_t	 outside;	/* of them, in no zone of the map */
	uint64_t	 unknown;	/* without the types (or a type past FRAG_MAX_TYPES) */
	/* The pageblock being counted (records come in PFN order). */
	long		 block;		/* index in map.blocks, -1: none */
	size_t		 zone;
	unsigned	 block_type;
	bool		 seen[FRAG_MAX_TYPES];	/* page types in it */
	bool		 seen_nonlru;
};

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* polluted.h - how far unmovable pages spread: the polluted pageblocks of a zone, a node and the machine */
#ifndef FRAGSTAT_POLLUTED_H
#define FRAGSTAT_POLLUTED_H

#include <stddef.h>
#include <stdint.h>

#include "physmap.h"

/*
 * The spread of the unmovable pages of one zone, a node or the machine,
 * over its pageblocks wholly of initialised memory (no hole). Unmovable
 * pages: the pinned pages of pins.c (unmovable, and ambiguous ones not
 * admitted as per-CPU free) of the unmovable migratetypes, reserved ones
 * apart (boot memory the kernel placed once, which does not spread) and
 * hugetlb ones (movable allocations that fill their pageblock).
 */
struct pollution_zone {
	uint64_t	 blocks;		/* pageblocks counted */
	uint64_t	 unmovable_pages;	/* pinned pages but reserved, hugetlb */
	uint64_t	 polluted_blocks;	/* pageblocks holding one or more */
	uint64_t	 reserved_pages;	/* reserved pages in those pageblocks */
	uint64_t	 reserved_blocks;	/* pinned by reserved pages alone */
	uint64_t	 hugetlb_blocks;	/* by hugetlb (and reserved) alone */
	uint64_t	 admitted_blocks;	/* ambiguous pages taken as per-CPU free */
	uint64_t	 pages_by_kind[MAP_NPINS];
	uint64_t	 blocks_by_kind[MAP_NPINS];	/* pageblocks holding the kind */
};

/* The pollution of a map: per zone, per node, and the machine. */
struct pollution {
	unsigned	 pageblock_order;
	struct pollution_zone *zones;		/* one per map zone */
	size_t		 nzones;
	struct pollution_zone *nodes;		/* one per node with zones */
	unsigned	*node_ids;
	size_t		 nnodes;
	struct pollution_zone machine;
};

#endif

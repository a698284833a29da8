/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pollution.h - how far unmovable pages spread: polluted pageblocks and the amplification */
#ifndef FRAGSTAT_POLLUTION_H
#define FRAGSTAT_POLLUTION_H

#include <stddef.h>
#include <stdint.h>

#include "map.h"
#include "pins.h"

/*
 * The spread of the unmovable pages of one zone, a node or the machine,
 * over its pageblocks wholly of initialised memory (no hole). Unmovable
 * pages: the pinned pages of pins.c (unmovable, and ambiguous ones not
 * admitted as per-CPU free), reserved ones apart: boot memory the kernel
 * placed once, which does not spread.
 */
struct pollution_zone {
	uint64_t	 blocks;		/* pageblocks counted */
	uint64_t	 unmovable_pages;	/* pinned pages but reserved ones */
	uint64_t	 polluted_blocks;	/* pageblocks holding one or more */
	uint64_t	 reserved_pages;	/* reserved pages in those pageblocks */
	uint64_t	 reserved_blocks;	/* pinned by reserved pages alone */
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

/*
 * Compute PL from map M and its pinned pageblocks P (pins_compute()).
 * Returns 0, or -1 when out of memory.
 */
int	pollution_compute(struct pollution *pl, const struct map *m,
	    const struct pins *p);
void	pollution_free(struct pollution *pl);

/*
 * Returns the amplification of Z for pageblocks of PAGEBLOCK_ORDER, in
 * hundredths: the share of pageblocks polluted over the share of memory
 * unmovable, (N / B) / (U / (B * pb)) = N * pb / U; of KIND alone, or of
 * every kind but reserved (MAP_NPINS). -1 when there is no such page.
 */
long long	pollution_amplification(const struct pollution_zone *z,
	    unsigned pageblock_order, enum map_pin kind);

/*
 * Returns the share of Z's memory the unmovable pages fill (PAGES: 1) or
 * of its pageblocks they pollute (PAGES: 0), in hundredths of a percent.
 */
uint32_t	pollution_share(const struct pollution_zone *z,
	    unsigned pageblock_order, int pages);

#endif

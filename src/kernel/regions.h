/* SPDX-License-Identifier: GPL-2.0-or-later */
/* regions.h - 1 GiB regions: clean, free or tainted, and what keeps each tainted one */
#ifndef FRAGSTAT_REGIONS_H
#define FRAGSTAT_REGIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gigregions.h"
#include "map.h"

/*
 * Classify the aligned regions of M's gigantic order that lie wholly in
 * each zone, as ceiling() in map.c counts them: the clean ones add up to
 * the zone's clean[order] and the free ones to all_free[order]; each
 * tainted region with the pages that keep it. Returns 0 (RG empty, its
 * order 0, when M has no gigantic order), or -1 when out of memory.
 */
int	regions_compute(struct regions *rg, const struct map *m);
void	regions_free(struct regions *rg);

/* Returns the regions of counts C (by state): all, and the clean ones (free ones among them). */
uint64_t	regions_all(const uint64_t *c);
uint64_t	regions_clean(const uint64_t *c);

/* Returns whether a node of M has several zones: the regions have node rows. */
bool	regions_by_node(const struct map *m);

/*
 * Sum into SUM (by state) RG's regions of the node of M's zone I and of
 * the zones after it on that node. Returns the first zone of the next node.
 */
size_t	regions_node(const struct regions *rg, const struct map *m, size_t i,
	    uint64_t *sum);

/*
 * The tainted regions of NODE (-1: every node) of RG over M: how many,
 * the fewest and most pages that keep one, and the one kind of page that
 * keeps them all (MAP_NPINS: several kinds, or pages not initialised);
 * and of its regions that lie wholly in a zone (WHOLE), those free of
 * pinned pages (CLEAN: free or clean).
 */
struct regions_pinned {
	uint64_t	 tainted, keep_min, keep_max, clean, whole;
	enum map_pin	 kind;
};
void	regions_pinned(const struct regions *rg, const struct map *m, int node,
	    struct regions_pinned *p);

/* The names the views use: "free", "clean", "tainted", "with_hole". */
const char	*region_state_name(enum region_state s);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pins.h - who pins memory: the pinned pageblocks of a map by kind of page, what each kind costs */
#ifndef FRAGSTAT_PINS_H
#define FRAGSTAT_PINS_H

#include <stddef.h>
#include <stdint.h>

#include "map.h"
#include "memcg.h"
#include "owners.h"
#include "pinned.h"

/*
 * Compute P for M after map_compute(): which pageblocks are pinned (the
 * ambiguous ones admitted as ceiling() admits them at the pageblock
 * order, fewest first, the lower PFN first among equals), by which kinds,
 * and what each kind costs. Returns 0, or -1 when out of memory.
 */
int	pins_compute(struct pins *p, const struct map *m);

/*
 * Count CG's groups' pinned pageblocks, pinned pages and movable pages in
 * pageblocks compaction can empty, by P's states of M's pageblocks, and
 * rank them into CG->rank: most pinned pageblocks first, then pinned
 * pages, movable pages, lower inode; "-" (uncharged, inode 0), which is
 * no cgroup, last. Returns 0, or -1 when out of memory.
 */
int	pins_rank(struct memcg *cg, const struct map *m, const struct pins *p);

/*
 * Fill KIND with the kinds of page present in PZ (in a pinned pageblock or
 * among its pages), the culprits first: the highest cost, then the most
 * pinned pages (what would have to move or be freed to win their
 * pageblocks back), then kind order. Where free memory limits the
 * ceiling, every cost is 0 (zone_pins() bounds each as the ceiling is):
 * the pages alone rank. Returns how many.
 */
size_t	pins_rank_kinds(const struct pins_zone *pz, unsigned kind[MAP_NPINS]);

/* Returns the bucket of a pageblock pinned by N pages (N > 0). */
enum pins_few	pins_few_bucket(uint64_t n);

/* The names the views use: "1", "2-8", "9-64", "more". */
const char	*pins_few_name(enum pins_few f);

/*
 * Returns the index in M's blocks of the pageblock of PFN, its zone's
 * index in *ZONE, or -1 outside every zone.
 */
long	pins_block_of(const struct map *m, uint64_t pfn, size_t *zone);

/* Returns the kind with the most pages among block B's pinned pages (the first among equals). */
enum map_pin	pins_main_kind(const struct map_block *b);

/* Returns P's state of block K of zone Z of M (P counts M's blocks). */
enum pins_state	pins_block_state(const struct pins *p, const struct map *m,
	    const struct map_zone *z, size_t k);

/* Count into N the pinned pageblocks of every zone of M by pins_main_kind(). */
void	pins_by_main_kind(const struct pins *p, const struct map *m,
	    uint64_t n[MAP_NPINS]);

/*
 * Returns the pageblocks of KIND in every zone of M as the views colour
 * them: with P (may be NULL), only those neither pinned nor uninitialised,
 * which have colours of their own.
 */
uint64_t	pins_kind_blocks(const struct pins *p, const struct map *m,
	    enum map_kind kind);

/* What pins_owner_add() counts page_owner's records against. */
struct pins_owners {
	struct owners		*ow;
	const struct map	*m;
	const struct pins	*p;
};

/*
 * Count page_owner's record R into ARG's (a struct pins_owners) stacks
 * when it pins: a page not allocated movable (the "type" after "PFN",
 * gfp_migratetype() of the mask) in a pageblock P calls pinned in M.
 * pageowner_parse()'s EACH. Returns 0, or -1 when out of memory.
 */
int	pins_owner_add(void *arg, const struct po_record *r);

#endif

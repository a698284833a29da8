/* SPDX-License-Identifier: GPL-2.0-or-later */
/* map.h - the physical memory map: what fills each pageblock, and the compaction ceiling */
#ifndef FRAGSTAT_MAP_H
#define FRAGSTAT_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ferr.h"
#include "frag.h"
#include "memcg.h"
#include "model.h"
#include "kpf.h"
#include "physmap.h"


/*
 * Returns the class of a page with kpageflags FLAGS, by the rules below
 * (first match wins); BALLOON: the kernel has balloon pages.
 */
enum map_class	map_classify(uint64_t flags, bool balloon);

/*
 * Returns the kind of a page with kpageflags FLAGS that map_classify()
 * calls unmovable or ambiguous.
 */
enum map_pin	map_pin_kind(uint64_t flags);

/*
 * Account the N page frames from PFN, with kpageflags FLAGS[0..N), to
 * zone Z of M. Every PFN must lie in Z's span, and each page be given at
 * most once; runs given in increasing PFN order.
 */
void	map_pages(struct map *m, struct map_zone *z, uint64_t pfn,
	    const uint64_t *flags, size_t n);

/*
 * After the last map_pages(): decide whether the kernel flags only a free
 * block's head (BUDDY pages below half of nr_free_pages) and if so count
 * the pages that follow a head within its alignment as free (an
 * over-estimate, which keeps the ceiling an upper bound).
 */
void	map_settle(struct map *m);

/*
 * Compute every zone's classes, pageblock kinds and ceilings of M, with
 * free_now from FRAG (one per buddyinfo zone, as frag_compute_all()
 * makes). Returns 0, or -1 when out of memory.
 */
int	map_compute(struct map *m, const struct frag *frag);

/*
 * Returns zone Z's ceiling at ORDER after map_compute(): from the
 * pageblock order up, and at the gigantic order; 0 below.
 */
uint64_t	map_ceiling(const struct map *m, size_t z, unsigned order);

/* A pageblock or region with its pages that count (ambiguous, or kept), and where it is. */
struct map_rank {
	uint64_t	 pages;
	size_t		 at;
};

/*
 * Sort R[0..N) fewest pages first, the lower AT first among equals: the
 * cheapest to admit or win back first, in a stable order.
 */
void	map_rank_sort(struct map_rank *r, size_t n);

/*
 * Returns how many of R[0..N), the pageblocks or regions whose only
 * unmovable-looking pages are ambiguous, ceiling() admits: sorted by
 * map_rank_sort(), as long as their ambiguous pages together fit BUDGET,
 * the zone's per-CPU free pages (compaction drains those lists).
 */
size_t	map_admit(struct map_rank *r, size_t n, uint64_t budget);

/*
 * Returns the blocks of order O that zone Z's free memory, the per-CPU
 * free pages drained, could make: compaction moves pages into free pages,
 * it cannot free more.
 */
uint64_t	map_free_bound(const struct map_zone *z, unsigned o);

/* What a run of pageblocks holds, as the ceiling reads it. */
struct map_run {
	/* A hole, an unmovable page (not WITHOUT's), not initialised. */
	bool		 pinned;
	bool		 hole;		/* a page frame that is no page */
	bool		 uninit;	/* a pageblock not initialised */
	uint64_t	 uninit_pages;	/* the ambiguous pages of those */
	/*
	 * The initialised pageblocks' pages: ambiguous (none WITHOUT the
	 * kernel's), free, and unmovable or ambiguous by kind.
	 */
	uint64_t	 amb;
	uint64_t	 free;
	uint64_t	 pins[MAP_NPINS];
};

/*
 * Fill R from the N pageblocks of zone Z from index I, as if the pages of
 * kind WITHOUT were not there (MAP_NPINS: as they are): the one reading of
 * what pins a run that ceiling(), pins.c's emptiable() and regions.c's
 * region_of() share, so that a kind's cost and the regions' counts agree
 * with the ceiling they are measured against.
 */
void	map_scan(const struct map_zone *z, size_t i, size_t n,
	    enum map_pin without, struct map_run *r);

/* Returns what block B holds, for pageblocks of order PAGEBLOCK_ORDER. */
enum map_kind	map_block_kind(const struct map_block *b,
	    unsigned pageblock_order);

/*
 * Returns zone Z's pageblocks of KIND as the human views count them: the
 * not-initialised pageblocks apart, out of the ambiguous ones.
 */
uint64_t	map_zone_kind(const struct map_zone *z, enum map_kind kind);

/* The pageblock kinds from good to bad: the order every view lists them in. */
extern const enum map_kind map_kind_order[MAP_NKINDS];

/*
 * Returns zone Z's page frames of class C as the human views count them:
 * the not-initialised ones apart, out of the ambiguous ones.
 */
uint64_t	map_zone_class(const struct map_zone *z, enum map_class c);

/* Returns the pageblocks of zone Z not yet initialised (from uninit_from on). */
size_t	map_zone_uninit(const struct map_zone *z);

/* Returns the pageblocks of every zone of M not yet initialised. */
uint64_t	map_uninit(const struct map *m);

/* Returns what bounds a ceiling, for people: "free memory", "pinned pages". */
const char	*map_limit_words(enum map_limit l);

/* The names the views use: "free", "movable", ...; "pinned", "free". */
const char	*map_class_name(enum map_class c);
const char	*map_kind_name(enum map_kind k);	/* "all_free", "with_hole" ... */
const char	*map_limit_name(enum map_limit l);
const char	*map_pin_name(enum map_pin p);		/* "slab", "pagetable" ... */

/*
 * Add the N page frames from PFN of zone Z (its index ZI) of M, with
 * kpageflags FLAGS and kpagecgroup inodes INO, to CG: map_pages()'s
 * pages, in the same order. Returns 0, or -1 when out of memory.
 */
int	map_charge(struct memcg *cg, const struct map *m, size_t zi,
	    uint64_t pfn, const uint64_t *flags, const uint64_t *ino,
	    size_t n);

/* map_pages(), map_charge() and map_settle(), for the readers of page flags. */
extern const struct map_rules map_rules;

#endif

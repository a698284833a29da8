/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rules.h - what advise.c, counts.c and forecast.c read: saturating sums, allocations in a row above a watermark, a migratetype's index, vm.defrag_mode, the free lists an allocation may take */
#ifndef FRAGSTAT_RULES_H
#define FRAGSTAT_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "advice.h"
#include "model.h"

/*
 * Returns A + B, or UINT64_MAX when that does not fit: watermarks,
 * reserves and counts come from files, and a sum that wrapped would turn
 * "far too little" into "plenty".
 */
uint64_t advise_sat_add(uint64_t a, uint64_t b);

/* Returns N blocks of 2^K pages in pages, or UINT64_MAX beyond 64 bits. */
uint64_t advise_sat_pages(uint64_t n, unsigned k);

/*
 * Returns how many times FREE pages, less 2^ORDER each time, stay above
 * C: the allocations of ORDER in a row a watermark of C lets pass.
 */
uint64_t advise_times_above(uint64_t free, uint64_t c, unsigned order);

/*
 * Returns N[FROM..NORDERS) in units of 2^ORDER pages (FROM >= ORDER): the
 * allocations of ORDER those free blocks can serve. An allocation splits
 * a larger block into buddies of ORDER or more (expand()), so each uses
 * one unit.
 */
uint64_t advise_units(const uint64_t *n, unsigned norders, unsigned order,
	    unsigned from);

/*
 * Set *UNITS to the allocations of ORDER that zone Z's free lists, as
 * pagetypeinfo prints them, can serve to IN's allocation, and return
 * true; false without pagetypeinfo for Z. The lists are the ones
 * __zone_watermark_ok() (4.4+) counts and __rmqueue() and its fallbacks
 * take from: Unmovable, Movable and Reclaimable (MIGRATE_PCPTYPES), and
 * with CMA (ALLOC_CMA) the CMA list; never HighAtomic (only with
 * ALLOC_HIGHATOMIC/ALLOC_OOM) or Isolate. With NOFRAGMENT
 * (ALLOC_NOFRAGMENT under vm.defrag_mode) another type's list counts only
 * from the pageblock order, whose blocks __rmqueue_claim() takes whole.
 * *CAPPED is set when a count it added was printed as >N.
 */
bool	advise_list_units(const struct advise_in *in, size_t z, unsigned order,
	    bool cma, bool nofragment, uint64_t *units, bool *capped);

/* Returns whether IN's allocation follows vm.defrag_mode's rules (6.15+, set to 1). */
bool	advise_defrag_rules(const struct advise_in *in);

/* Returns the index of migratetype NAME in P, or -1. */
int	advise_type_of(const struct pagetypeinfo *p, const char *name);

/* Returns the name of the migratetype IN's allocation takes first ("Movable" or "Unmovable"). */
const char	*advise_own_type(const struct advise_in *in);

#endif

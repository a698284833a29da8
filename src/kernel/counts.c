/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * counts.c - how many allocations of an order in a row the kernel would
 * grant: the free lists an allocation may take from (__rmqueue() and its
 * fallbacks) against __zone_watermark_ok(), allocation after allocation
 */
#include "config.h"

#include "counts.h"
#include "rules.h"

/*
 * Returns the allocations of ORDER the free lists of zone Z can serve,
 * counting the lists advise_list_units() names (__zone_watermark_ok()
 * 4.4+, and the fallbacks of __rmqueue(), which take from the same lists;
 * under vm.defrag_mode other types' lists from the pageblock order only).
 * Before 4.4 any list would do: buddyinfo's counts. Without pagetypeinfo,
 * or where it printed a count as >N, buddyinfo's counts of every list
 * (HighAtomic and Isolate included) stand in and *BOUND is set.
 */
static uint64_t
list_units(const struct advise_in *in, size_t z, unsigned order, bool *bound)
{
	const uint64_t *all = in->bi->zones[z].free;
	uint64_t sum;
	bool capped;

	if (in->kver >= 0 && in->kver < 4004)
		return advise_units(all, in->bi->norders, order, order);
	if (!advise_list_units(in, z, order, in->gfp == ADVISE_MOVABLE,
	    advise_defrag_rules(in), &sum, &capped) || capped) {
		*bound = true;
		return advise_units(all, in->bi->norders, order, order);
	}
	return sum;
}

/* Returns how many times FREE, less 2^ORDER pages each time, stays above C. */
static uint64_t
times_above(uint64_t free, uint64_t c, unsigned order)
{
	return free > c ? ((free - c - 1) >> order) + 1 : 0;
}

void
advise_count(const struct advise_in *in, size_t z, uint64_t cma, uint64_t min,
    struct zadvice *a)
{
	const struct bzone *bz = &in->bi->zones[z];
	unsigned order = a->order, k;
	uint64_t sub = (1ULL << order) - 1, c, ck, taken = 0, blocks;
	bool bound = false;

	c = advise_sat_add(advise_sat_add(sub, cma), advise_sat_add(min, a->reserve));
	a->after = times_above(a->usable, c, order);
	if (in->kver >= 0 && in->kver < 4004)
		for (k = 0; k < order; k++) {
			taken = advise_sat_add(taken, advise_sat_pages(bz->free[k], k));
			ck = advise_sat_add(advise_sat_add(sub, taken), min >> (k + 1));
			if (ck > c)
				c = ck;
		}
	a->now = times_above(a->usable, c, order);
	/*
	 * pagetypeinfo and buddyinfo, read at two moments, must agree; not
	 * at order 0, where __zone_watermark_ok() looks at no free list
	 * (allocation_ok()).
	 */
	if (order > 0) {
		blocks = list_units(in, z, order, &bound);
		ck = advise_units(bz->free, in->bi->norders, order, order);
		if (blocks < a->now)
			a->now = blocks;
		if (ck < a->now)
			a->now = ck;
	}
	if (a->after < a->now)
		a->after = a->now;
	a->now_is_bound = bound || !a->free_known || !a->have_wmark ||
	    !a->reserve_known;
}

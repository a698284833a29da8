/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * counts.c - how many allocations of an order in a row the kernel would
 * grant: the free lists an allocation may take from (__rmqueue() and its
 * fallbacks) against __zone_watermark_ok(), allocation after allocation
 */
#include "config.h"

#include <string.h>

#include "counts.h"
#include "rules.h"

/* Returns N[FROM..NORDERS) in units of 2^ORDER pages (FROM >= ORDER). */
static uint64_t
units_from(const uint64_t *n, unsigned norders, unsigned order, unsigned from)
{
	uint64_t sum = 0;
	unsigned k;

	for (k = from; k < norders; k++)
		sum = advise_sat_add(sum, advise_sat_pages(n[k], k - order));
	return sum;
}

/*
 * Returns N[ORDER..NORDERS) in units of 2^ORDER pages: the allocations of
 * ORDER those free blocks can serve. An allocation splits a larger block
 * into buddies of ORDER or more (expand()), so each uses one unit.
 */
static uint64_t
units(const uint64_t *n, unsigned norders, unsigned order)
{
	return units_from(n, norders, order, order);
}

/*
 * Returns the allocations of ORDER the free lists of zone Z can serve,
 * counting the lists usable_block() names (__zone_watermark_ok() 4.4+,
 * and the fallbacks of __rmqueue(), which take from the same lists).
 * Under vm.defrag_mode other types' lists count from the pageblock order
 * only (nofragment_block()). Before 4.4 any list would do: buddyinfo's counts. Without pagetypeinfo,
 * or where it printed a count as >N, buddyinfo's counts of every list
 * (HighAtomic and Isolate included) stand in and *BOUND is set.
 */
static uint64_t
list_units(const struct advise_in *in, size_t z, unsigned order, bool *bound)
{
	static const char *const lists[] = { "Unmovable", "Movable",
	    "Reclaimable", "CMA" };
	const struct pagetypeinfo *p = in->pti;
	const uint64_t *all = in->bi->zones[z].free;
	const struct ptzone *pz;
	const char *own = in->gfp == ADVISE_MOVABLE ? "Movable" : "Unmovable";
	size_t l, nlists = in->gfp == ADVISE_MOVABLE ? 4 : 3;
	uint64_t sum = 0;
	unsigned from;
	int t;

	if (in->kver >= 0 && in->kver < 4004)
		return units(all, in->bi->norders, order);
	if (p == NULL || in->pti_zone[z] < 0) {
		*bound = true;
		return units(all, in->bi->norders, order);
	}
	pz = &p->zones[in->pti_zone[z]];
	for (l = 0; l < nlists; l++) {
		if ((t = advise_type_of(p, lists[l])) < 0)
			continue;
		/* vm.defrag_mode: other types' blocks only whole (nofragment_block()). */
		from = order;
		if (advise_defrag_rules(in) && l != 3 && strcmp(lists[l], own) !=
		    0 && p->pageblock_order > order)
			from = p->pageblock_order;
		if (pz->capped[t] >> from != 0) {
			*bound = true;
			return units(all, in->bi->norders, order);
		}
		sum = advise_sat_add(sum, units_from(pz->free[t], p->norders,
		    order, from));
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
	/* pagetypeinfo and buddyinfo, read at two moments, must agree. */
	blocks = list_units(in, z, order, &bound);
	ck = units(bz->free, in->bi->norders, order);
	a->now = times_above(a->usable, c, order);
	if (blocks < a->now)
		a->now = blocks;
	if (ck < a->now)
		a->now = ck;
	if (a->after < a->now)
		a->after = a->now;
	a->now_is_bound = bound || !a->free_known || !a->have_wmark ||
	    !a->reserve_known;
}

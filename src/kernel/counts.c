/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * counts.c - how many allocations of an order in a row the kernel would
 * grant: the free lists an allocation may take from (__rmqueue() and its
 * fallbacks) against __zone_watermark_ok(), allocation after allocation
 */
#include "config.h"

#include "counts.h"
#include "reserve.h"
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

/* Returns A - B, or 0 when B is more. */
static uint64_t
sat_sub(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

/*
 * Returns the fewest allocations of ORDER zone Z of IN can grant in a row
 * when pagetypeinfo was not read (the monitoring user may not read it:
 * root only since 5.4), else 0: buddyinfo's blocks of the order, less the
 * most that the lists the allocation may not take could hold (HighAtomic:
 * its reserve at most, reserve_highatomic_most(); CMA for a kernel
 * allocation: zoneinfo's nr_free_cma; Isolate: the free pages buddyinfo
 * counts and NR_FREE_PAGES does not, account_freepages()), and the
 * watermark's count with that reserve held back. C is the watermark's
 * pages without the reserve. Since 5.18 ("avoid merging non-fallbackable
 * pageblocks with others") a block on those lists holds their pages
 * only; before, it could take in other pageblocks: not bounded there.
 */
static uint64_t
least_now(const struct advise_in *in, size_t z, uint64_t c,
    const struct zadvice *a)
{
	const struct bzone *bz = &in->bi->zones[z];
	const struct zizone *zz = NULL;
	uint64_t most, buddy, held, blocks;

	if (in->zi != NULL)
		zz = zoneinfo_find(in->zi, bz->node, bz->name);
	if (zz == NULL || !(zz->have & ZI_FREE) || (in->kver >= 0 &&
	    in->kver < 5018) || advise_defrag_rules(in) || (in->gfp ==
	    ADVISE_KERNEL && !(zz->have & ZI_FREE_CMA)))
		return 0;
	most = reserve_highatomic_most(zz, in->bi->norders);
	buddy = advise_units(bz->free, in->bi->norders, 0, 0);
	held = advise_sat_add(most >> a->order,
	    sat_sub(buddy, zz->free) >> a->order);
	if (in->gfp == ADVISE_KERNEL)
		held = advise_sat_add(held, zz->free_cma >> a->order);
	blocks = sat_sub(advise_units(bz->free, in->bi->norders, a->order,
	    a->order), held);
	c = advise_times_above(sat_sub(a->usable, most), c, a->order);
	return c < blocks || a->order == 0 ? c : blocks;
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
	a->hold = c;
	a->after = advise_times_above(a->usable, c, order);
	if (in->kver >= 0 && in->kver < 4004)
		for (k = 0; k < order; k++) {
			taken = advise_sat_add(taken, advise_sat_pages(bz->free[k], k));
			ck = advise_sat_add(advise_sat_add(sub, taken), min >> (k + 1));
			if (ck > c)
				c = ck;
		}
	a->now = advise_times_above(a->usable, c, order);
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
	a->now_least = a->now;
	if (a->now_is_bound)
		a->now_least = a->free_known && a->have_wmark &&
		    a->reserve_known && in->pti == NULL ? least_now(in, z,
		    a->hold, a) : 0;
	if (a->now_least > a->now)
		a->now_least = a->now;
}

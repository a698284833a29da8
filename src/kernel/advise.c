/* SPDX-License-Identifier: GPL-2.0-or-later */
/* advise.c - compact, reclaim or nothing per zone and order: __zone_watermark_ok() and compaction_suitable(), recomputed, and the advice of a run built (its tallies: advise_tally.c; words: advise_words.c; orders: advise_orders.c) */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "advise.h"
#include "counts.h"
#include "kcompactd.h"
#include "reserve.h"
#include "rules.h"

/* Returns 1 when Z has a free block of ORDER or more of the allocation's own migratetype, 0 not, -1 unknown. */
static int
own_free(const struct advise_in *in, size_t z, unsigned order)
{
	const struct pagetypeinfo *p = in->pti;
	const struct ptzone *pz;
	unsigned k;
	int t;

	if (p == NULL || in->pti_zone[z] < 0)
		return -1;
	t = advise_type_of(p, advise_own_type(in));
	pz = &p->zones[in->pti_zone[z]];
	if (t < 0 || !pz->has_free[t])
		return -1;
	for (k = order; k < p->norders; k++)
		if (pz->free[t][k] != 0)
			return 1;
	return 0;
}

/* Returns the pageblock order of IN, or NORDERS when pagetypeinfo was not read. */
static unsigned
pageblock_order(const struct advise_in *in)
{
	return in->pti != NULL ? in->pti->pageblock_order : in->bi->norders;
}

/*
 * Returns 1 when zone Z has a free block of ORDER or more on a list that
 * __zone_watermark_ok() (4.4+) lets IN's allocation take (see
 * advise_list_units(); movable allocations have ALLOC_CMA), 0 when none,
 * -1 without pagetypeinfo. With NOFRAGMENT, the blocks it takes with
 * ALLOC_NOFRAGMENT, which vm.defrag_mode sets on the fast path and the
 * reclaiming slow path (alloc_flags_nofragment(), gfp_to_alloc_flags(),
 * 6.15: e3aa7df331bc): __rmqueue() takes its own migratetype's list
 * (__rmqueue_smallest()), CMA with ALLOC_CMA (__rmqueue_cma_fallback()),
 * and another type's list only from the pageblock order up, claiming the
 * whole block (__rmqueue_claim() raises min_order to pageblock_order;
 * __rmqueue_steal() is skipped).
 */
static int
usable_block(const struct advise_in *in, size_t z, unsigned order,
    bool nofragment)
{
	uint64_t units;
	bool capped;

	if (!advise_list_units(in, z, order, in->gfp == ADVISE_MOVABLE,
	    nofragment, &units, &capped))
		return -1;
	return units != 0;
}

/*
 * Returns __zone_watermark_ok() before 4.4 (replaced by Mel Gorman's "only
 * enforce watermarks for order-0 allocations"): FREE - (2^ORDER - 1),
 * less CMA for CMA-less allocations, above MIN + RESERVE; then, order by
 * order below ORDER, the pages of that order taken away and MIN halved,
 * the rest still above MIN. Any free list counts.
 */
static bool
watermark_ok_old(const struct bzone *bz, unsigned order, uint64_t free,
    uint64_t cma, uint64_t min, uint64_t reserve)
{
	uint64_t sub = (1ULL << order) - 1, take;
	unsigned k;

	if (free < sub)
		return false;
	free -= sub;
	if (free < cma || free - cma <= advise_sat_add(min, reserve))
		return false;
	for (k = 0; k < order; k++) {
		take = advise_sat_pages(bz->free[k], k);
		min >>= 1;
		if (free <= take || free - take <= min)
			return false;
		free -= take;
	}
	return true;
}

/*
 * Returns whether the allocation itself would succeed in zone Z: the
 * slow path's __zone_watermark_ok() at ORDER with the min watermark MIN
 * (0 without zoneinfo). Since 4.4 the order-0 part counts the free pages
 * less the unusable ones (2^ORDER - 1, the highatomic reserve and, for
 * allocations without ALLOC_CMA, free CMA pages: CMA), and then, above
 * order 0, a free block of ORDER or more must lie on a list the allocation
 * may use.
 */
static bool
allocation_ok(const struct advise_in *in, size_t z, uint64_t cma,
    unsigned order, uint64_t min, struct zadvice *a)
{
	const struct bzone *bz = &in->bi->zones[z];
	uint64_t sub = (1ULL << order) - 1;
	/*
	 * No free block of ORDER or more in buddyinfo: no rule passes (before
	 * 4.4 the loop below would leave less than nothing, had zoneinfo's
	 * NR_FREE_PAGES been read at the same moment). Not at order 0: see
	 * below.
	 */
	if (order > 0 && in->frag[z].suitable[order] == 0)
		return false;
	if (in->kver >= 0 && in->kver < 4004)
		return watermark_ok_old(bz, order, a->usable, cma, min,
		    a->reserve);
	if (a->usable < advise_sat_add(cma, sub) || a->usable - cma - sub <=
	    advise_sat_add(min, a->reserve))
		return false;
	/*
	 * __zone_watermark_ok(): "if (!order) return true;" after the count
	 * (4.4+; before, watermark_ok_old()'s loop over the orders below
	 * ORDER runs no time): an order-0 request looks at no free list, so
	 * neither buddyinfo nor pagetypeinfo, read at other moments, has a
	 * say. A higher order needs a block on a list it may use, and
	 * pagetypeinfo must agree.
	 */
	if (order == 0)
		return true;
	return !a->lists_known || a->usable_block == 1;
}

/*
 * Returns 1 when even a wholly free zone Z could never count enough free
 * pages for an allocation of ORDER against MIN + RESERVE, 0 when it could,
 * -1 without zoneinfo; sets *MOST to what it could count at most (never
 * less than USABLE, what it counts now: old kernels' present pages can be
 * below the free ones). Free pages are at most the managed ones (present
 * before zoneinfo printed managed, ~3.8), less 2^ORDER - 1 and, for
 * allocations without ALLOC_CMA, the zone's CMA pages
 * (__zone_watermark_unusable_free()); the boost (5.0+) decays, so the
 * least min is min - boost.
 */
static int
never_passes(const struct zizone *z, enum advise_gfp gfp, unsigned order,
    uint64_t usable, uint64_t min, uint64_t reserve, uint64_t *most)
{
	uint64_t sub = (1ULL << order) - 1, floor = min;

	if (z == NULL || !(z->have & (ZI_MANAGED | ZI_PRESENT)))
		return -1;
	*most = z->have & ZI_MANAGED ? z->managed : z->present;
	if (*most < usable)
		*most = usable;
	if (gfp == ADVISE_KERNEL && (z->have & ZI_CMA))
		*most = *most > z->cma ? *most - z->cma : 0;
	if ((z->have & ZI_BOOST) && z->boost <= min)
		floor = min - z->boost;
	*most = *most > sub ? *most - sub : 0;
	return *most <= advise_sat_add(floor, reserve);
}

/*
 * Decide A by compaction_suitable() at ORDER for a zone whose allocation
 * failed its watermark check: order-0 pages above the watermark plus
 * compact_gap() = 2 << order, so that compaction has free targets. Since
 * 4.9 the watermark is low for costly orders and min otherwise (6.15
 * spells it min + gap + (low - min): the same); before, low. JP Kobryn's
 * proposal to cap compact_gap() at COMPACT_CLUSTER_MAX (mail of May 2026)
 * is not in a release fragstat could check. Returns true.
 */
static bool
suitable(const struct advise_in *in, const struct frag *f, unsigned order,
    uint64_t min, uint64_t low, struct zadvice *a)
{
	bool old_rules = in->kver >= 0 && in->kver < 4009;

	a->rules_order = order;
	a->gap = 2ULL << order;
	a->wmark_low = old_rules || order > ADVISE_COSTLY_ORDER;
	a->wmark = a->wmark_low ? low : min;
	a->need = advise_sat_add(advise_sat_add(a->wmark, a->gap), a->reserve);
	if (a->usable <= a->need) {
		a->verdict = VERDICT_RECLAIM;
		a->reason = R_LOW_ORDER0;
		return true;
	}
	/* Since 4.9 the index is consulted only for costly orders. */
	if (!old_rules && order <= ADVISE_COSTLY_ORDER) {
		a->verdict = VERDICT_COMPACT;
		a->reason = R_NOT_COSTLY;
		return true;
	}
	a->index_used = true;
	a->fragindex = f->fragindex[order];
	if (a->fragindex >= 0 && a->fragindex <= in->threshold) {
		a->verdict = VERDICT_RECLAIM;
		a->reason = R_INDEX_LOW;
	} else {
		a->verdict = VERDICT_COMPACT;
		/* FRAG_INDEX_SUCCEEDS: a block exists that this allocation
		 * may not take (on a HighAtomic, Isolate or, for kernel
		 * allocations, CMA list, or below the watermark);
		 * compaction_suitable() counts every list and says go. */
		a->reason = a->fragindex == FRAG_INDEX_SUCCEEDS ?
		    R_BLOCK_UNUSABLE :
		    a->fragindex < 0 ? R_INDEX_NEGATIVE : R_INDEX_HIGH;
	}
	return true;
}

/*
 * Fill in what get_page_from_freelist() hands __zone_watermark_ok() for
 * zone ZI_ of IN: the min and low watermarks (wmark_pages(); 0 without
 * zoneinfo) into *MIN and *LOW, the free pages less the highatomic
 * reserve and the lowmem reserve into A; returns the zone's zoneinfo, or
 * NULL without it.
 */
static const struct zizone *
watermark_inputs(const struct advise_in *in, size_t zi_, uint64_t *min,
    uint64_t *low, struct zadvice *a)
{
	const struct frag *f = &in->frag[zi_];
	const struct bzone *bz = &in->bi->zones[zi_];
	const struct zizone *z = NULL;
	uint64_t held, base;

	if (in->zi != NULL)
		z = zoneinfo_find(in->zi, bz->node, bz->name);
	if (z != NULL && (z->have & (ZI_MIN | ZI_LOW)) == (ZI_MIN | ZI_LOW)) {
		a->have_wmark = true;
		*min = z->min;
		*low = z->low;
	}
	a->min = *min;
	/*
	 * compaction_suitable() and zone_watermark_ok() both count
	 * zone_page_state(NR_FREE_PAGES), which zoneinfo prints as "pages
	 * free"; the buddyinfo sum differs by isolated pages and counter
	 * drift, and stands in for it only without zoneinfo.
	 */
	a->free_known = z != NULL && (z->have & ZI_FREE);
	base = a->free_known ? z->free : f->free_pages;
	held = reserve_highatomic(in, zi_);
	a->usable = base > held ? base - held : 0;
	if (z != NULL && (z->have & ZI_PROTECTION)) {
		a->reserve = reserve_lowmem(in->zi, z, in->gfp);
		a->reserve_known = true;
	} else {
		a->reserve = reserve_lowmem_bound(in, zi_, &a->ratio,
		    &a->reserve_known);
	}
	return z;
}

/*
 * Decide A for zone ZI_ whose watermark holds at ORDER, as
 * get_page_from_freelist() does with ALLOC_NOFRAGMENT (vm.defrag_mode) or
 * without it. Returns true.
 */
static bool
watermark_met(const struct advise_in *in, size_t zi_, unsigned order,
    uint64_t min, uint64_t low, struct zadvice *a)
{
	unsigned pb = pageblock_order(in);

	/* Without pagetypeinfo every free block is taken to be usable (and said). */
	if (!advise_defrag_rules(in) || usable_block(in, zi_, order, true) !=
	    0) {
		a->verdict = a->reserve_known ? VERDICT_OK : VERDICT_UNKNOWN;
		a->reason = a->reserve_known ? R_FREE_BLOCK :
		    R_RESERVE_UNKNOWN;
		return true;
	}
	/*
	 * vm.defrag_mode: the watermark holds, but every block the
	 * allocation could take would pollute another type's
	 * pageblock. The fast path gives up instead of falling back
	 * (get_page_from_freelist() retries without ALLOC_NOFRAGMENT
	 * only when !defrag_mode); the slow path wakes kswapd with
	 * max(order, pageblock_order) (wake_all_kswapds(),
	 * 101f9d666e4d), which hands over to kcompactd at that order,
	 * and falls back only once reclaim and compaction failed
	 * (__alloc_pages_slowpath()). What the kernel does for the
	 * allocation is therefore compaction_suitable() at the
	 * pageblock order; direct compaction at ORDER is skipped, its
	 * watermark being met (compaction_suit_allocation_order()).
	 */
	a->nofragment = true;
	return suitable(in, &in->frag[zi_], pb < in->bi->norders ? pb : order,
	    min, low, a);
}

/*
 * Decide A for zone ZI_ whose free pages lie between MIN and MIN plus
 * the lowmem reserve (__zone_watermark_ok()'s lowmem_reserve check),
 * given its zoneinfo Z (or NULL). Returns true.
 */
static bool
reserve_blocks(const struct advise_in *in, size_t zi_,
    const struct zizone *z, unsigned order, uint64_t min, uint64_t low,
    struct zadvice *a)
{
	const struct frag *f = &in->frag[zi_];
	int never;

	never = a->reserve_known ? never_passes(z, in->gfp, order, a->usable,
	    min, a->reserve, &a->managed) : -1;
	a->managed_known = never >= 0;
	if (never == 1) {
		a->wmark = min;
		a->verdict = VERDICT_UNUSABLE;
		a->reason = R_LOWMEM_RESERVE;
		return true;
	}
	suitable(in, f, order, min, low, a);
	a->index_used = false;
	a->fragindex = f->fragindex[order];
	a->verdict = VERDICT_RECLAIM;
	a->reason = R_RESERVE_RECLAIM;
	return true;
}

/* One zone for one order as the allocator sees it: see advise.h. */
bool
advise_zone(const struct advise_in *in, size_t zi_, unsigned order,
    struct zadvice *a)
{
	const struct bzone *bz = &in->bi->zones[zi_];
	const struct frag *f = &in->frag[zi_];
	const struct zizone *z;
	uint64_t min = 0, low = 0, cma = 0;

	memset(a, 0, sizeof(*a));
	a->zone = zi_;
	a->order = order;
	a->rules_order = order;
	a->fragindex = f->fragindex[order];
	a->own_free = own_free(in, zi_, order);
	a->usable_block = usable_block(in, zi_, order, false);
	a->lists_known = a->usable_block >= 0;
	if (!reserve_zone_allowed(in->gfp, bz->name)) {
		a->verdict = VERDICT_UNUSABLE;
		a->reason = R_ZONE_TYPE;
		return false;
	}
	z = watermark_inputs(in, zi_, &min, &low, a);
	/* Kernel allocations have no ALLOC_CMA: free CMA pages don't count. */
	if (in->gfp == ADVISE_KERNEL && z && (z->have & ZI_FREE_CMA))
		cma = z->free_cma;
	advise_count(in, zi_, cma, min, a);
	if (allocation_ok(in, zi_, cma, order, min, a))
		return watermark_met(in, zi_, order, min, low, a);
	/*
	 * The lowmem reserve, not a shortage, keeps the free pages from this
	 * allocation: above the min watermark (0 without zoneinfo) but not
	 * above it plus the reserve of the allocation's highest zone
	 * (__zone_watermark_ok(): free <= min + lowmem_reserve[highest_zoneidx]).
	 * The zone is skipped for good only when even its managed pages,
	 * all free, could never pass; otherwise compaction_suitable()'s
	 * order-0 check, which adds the same reserve, fails too: compaction
	 * is skipped (COMPACT_SKIPPED) and the allocator reclaims, which can
	 * free enough (__alloc_pages_slowpath(); should_reclaim_retry()
	 * counts the zone's reclaimable pages against the same watermark).
	 */
	if (a->reserve > 0 && a->usable > min &&
	    a->usable <= advise_sat_add(min, a->reserve))
		return reserve_blocks(in, zi_, z, order, min, low, a);
	return suitable(in, f, order, min, low, a);
}

bool
advise_wmark_known(const struct zadvice *a)
{
	/* The gap (never 0) is set once compaction_suitable() is reached. */
	return a->have_wmark && (a->gap != 0 || a->reason == R_LOWMEM_RESERVE);
}

int
advise_build(struct advice *adv, const struct advise_in *in)
{
	struct zadvice *a;
	size_t z, i, n = 0;

	adv->zones = calloc(in->bi->nzones * adv->norders + 1,
	    sizeof(*adv->zones));
	if (adv->zones == NULL)
		return -1;
	adv->defrag_mode = in->defrag_mode;
	adv->defrag_rules = advise_defrag_rules(in);
	adv->pageblock_order = pageblock_order(in);
	/* 6.15+ without the sysctl read: its default, 0. */
	if (in->defrag_mode < 0 && in->kver >= 6015)
		adv->assumed |= ADVISE_ASSUMED_DEFRAG;
	/* Unusable zones too: the renderers say so, the tally skips them. */
	for (i = 0; i < adv->norders; i++)
		for (z = 0; z < in->bi->nzones; z++, n++) {
			a = &adv->zones[n];
			advise_zone(in, z, adv->orders[i], a);
			if (!a->free_known && a->verdict != VERDICT_UNUSABLE)
				adv->assumed |= ADVISE_ASSUMED_FREE;
			if (!a->reserve_known || (in->zi == NULL && a->ratio))
				adv->assumed |= ADVISE_ASSUMED_RESERVE;
			/* Before 4.4 any free list would do. */
			if (!a->lists_known && (in->kver < 0 ||
			    in->kver >= 4004))
				adv->assumed |= ADVISE_ASSUMED_LISTS;
		}
	adv->nzones = n;
	adv->kc = NULL;
	adv->nkc = 0;
	if (advise_tally(adv, in->bi) != 0)
		return -1;
	if (in->zi == NULL)
		return 0;
	if ((adv->kc = calloc(in->bi->nzones + 1, sizeof(*adv->kc))) == NULL)
		return -1;
	/* Proactive compaction came with 5.9: before, kcompactd never
	 * starts on its own, whatever the score. */
	adv->proactive_exists = in->kver < 0 || in->kver >= 5009;
	adv->nkc = kcompactd_scores(in->bi, in->frag, in->zi, adv->hpage_order,
	    adv->proactiveness, in->kver, adv->kc, in->bi->nzones);
	kcompactd_states(adv->kc, adv->nkc, adv->proactive_exists,
	    adv->proactiveness);
	for (z = 0; z < adv->nkc; z++) {
		adv->kc[z].blocks_balanced = -1;
		if (adv->defrag_rules && pageblock_order(in) < in->bi->norders)
			kcompactd_blocks(in, pageblock_order(in), &adv->kc[z]);
	}
	return 0;
}

/* advise_build() fills ADV->zones order after order, every zone in each. */
const struct zadvice *
advise_at(const struct advice *adv, size_t z, size_t j)
{
	size_t nz;

	if (adv->norders == 0 || j >= adv->norders)
		return NULL;
	nz = adv->nzones / adv->norders;
	return z < nz ? &adv->zones[j * nz + z] : NULL;
}


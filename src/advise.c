/* SPDX-License-Identifier: GPL-2.0-or-later */
/* advise.c - compaction_suitable() and proactive compaction, recomputed */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "advise.h"
#include "zoneinfo.h"

/*
 * Returns A + B, or UINT64_MAX when that does not fit. Watermarks and
 * reserves come from files: a sum that wraps would turn "far too little
 * memory" into "plenty".
 */
static uint64_t
sat_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* Returns whether an allocation of GFP may use zone NAME (gfp_zone()). */
static bool
eligible(enum advise_gfp gfp, const char *name)
{
	if (gfp == ADVISE_MOVABLE)
		return true;
	/* GFP_KERNEL: highest zone ZONE_NORMAL. */
	return strcmp(name, "Movable") != 0 && strcmp(name, "HighMem") != 0 &&
	    strcmp(name, "Device") != 0;
}

/*
 * Returns z->lowmem_reserve[highest_zoneidx] for GFP. Movable allocations
 * have highest_zoneidx ZONE_MOVABLE, whose entry equals the last one (only
 * ZONE_DEVICE, with no managed pages, may follow). Kernel allocations use
 * ZONE_NORMAL's entry: its position among the node's zones when zoneinfo
 * lists them all (4.12+), else the number of DMA zones configured before it.
 */
static uint64_t
reserve(const struct zoneinfo *zi, const struct zizone *z, enum advise_gfp gfp)
{
	const struct zizone *n;
	unsigned idx;

	if (z->nprotection == 0)
		return 0;
	if (gfp == ADVISE_MOVABLE)
		return z->protection[z->nprotection - 1];
	if (zoneinfo_zones(zi, z->node) == z->nprotection &&
	    (n = zoneinfo_find(zi, z->node, "Normal")) != NULL)
		idx = n->index;
	else
		idx = (unsigned)zi->dma + (unsigned)zi->dma32;
	return idx < z->nprotection ? z->protection[idx] : 0;
}

/* Returns the index of migratetype NAME in P, or -1. */
static int
type_of(const struct pagetypeinfo *p, const char *name)
{
	unsigned t;

	for (t = 0; t < p->ntypes; t++)
		if (strcmp(p->types[t], name) == 0)
			return (int)t;
	return -1;
}

/*
 * Returns the free pages __zone_watermark_unusable_free() holds back for
 * the highatomic reserve: the free pages on HighAtomic lists since 6.10
 * (nr_free_highatomic), the reserved HighAtomic pageblocks before
 * (nr_reserved_highatomic, 4.4+); 0 when pagetypeinfo was not read.
 */
static uint64_t
highatomic(const struct advise_in *in, size_t z)
{
	const struct pagetypeinfo *p = in->pti;
	const struct ptzone *pz;
	uint64_t pages = 0;
	unsigned k;
	int t;

	if (p == NULL || in->pti_zone[z] < 0 || (in->kver >= 0 &&
	    in->kver < 4004) || (t = type_of(p, "HighAtomic")) < 0)
		return 0;
	pz = &p->zones[in->pti_zone[z]];
	if (in->kver < 0 || in->kver >= 6010) {
		for (k = 0; k < p->norders; k++)
			pages += pz->free[t][k] << k;
		return pages;
	}
	if (!pz->has_blocks[t])
		return 0;
	return pz->blocks[t] > UINT64_MAX / p->pages_per_block ? UINT64_MAX :
	    pz->blocks[t] * p->pages_per_block;
}

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
	/* GFP_KERNEL allocations are MIGRATE_UNMOVABLE. */
	t = type_of(p, in->gfp == ADVISE_MOVABLE ? "Movable" : "Unmovable");
	pz = &p->zones[in->pti_zone[z]];
	if (t < 0 || !pz->has_free[t])
		return -1;
	for (k = order; k < p->norders; k++)
		if (pz->free[t][k] != 0)
			return 1;
	return 0;
}

bool
advise_zone(const struct advise_in *in, size_t zi_, unsigned order,
    struct zadvice *a)
{
	const struct bzone *bz = &in->bi->zones[zi_];
	const struct frag *f = &in->frag[zi_];
	const struct zizone *z = NULL;
	bool old_rules = in->kver >= 0 && in->kver < 4009;
	uint64_t held, ofree;

	if (!eligible(in->gfp, bz->name))
		return false;
	memset(a, 0, sizeof(*a));
	a->zone = zi_;
	a->order = order;
	a->fragindex = f->fragindex[order];
	a->own_free = own_free(in, zi_, order);
	if (in->zi != NULL)
		z = zoneinfo_find(in->zi, bz->node, bz->name);
	a->have_wmark = z != NULL && (z->have & (ZI_MIN | ZI_LOW)) ==
	    (ZI_MIN | ZI_LOW);
	held = highatomic(in, zi_);
	a->usable = f->free_pages > held ? f->free_pages - held : 0;
	if (a->have_wmark)
		a->reserve = reserve(in->zi, z, in->gfp);

	/*
	 * The allocation itself: __zone_watermark_ok() at ORDER with the min
	 * watermark of the slow path. Kernel allocations may not count free
	 * CMA pages (no ALLOC_CMA).
	 */
	ofree = a->usable;
	if (in->gfp == ADVISE_KERNEL && z && (z->have & ZI_FREE_CMA))
		ofree = ofree > z->free_cma ? ofree - z->free_cma : 0;
	ofree = ofree > (1ULL << order) - 1 ? ofree - ((1ULL << order) - 1) : 0;
	if (f->suitable[order] != 0 && (!a->have_wmark ||
	    ofree > sat_add(z->min, a->reserve))) {
		a->verdict = VERDICT_OK;
		a->reason = R_FREE_BLOCK;
		return true;
	}

	/*
	 * compaction_suitable(): order-0 pages above the watermark plus
	 * compact_gap() = 2 << order, so that compaction has free targets.
	 * Since 4.9 the watermark is low for costly orders and min otherwise
	 * (6.15 spells it min + gap + (low - min): the same); before, low.
	 */
	a->gap = 2ULL << order;
	if (a->have_wmark)
		a->wmark = old_rules || order > ADVISE_COSTLY_ORDER ? z->low :
		    z->min;
	a->need = sat_add(sat_add(a->wmark, a->gap), a->reserve);
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
	if (a->fragindex >= 0 && a->fragindex <= in->threshold) {
		a->verdict = VERDICT_RECLAIM;
		a->reason = R_INDEX_LOW;
	} else {
		a->verdict = VERDICT_COMPACT;
		/* -1000: a block exists that this allocation may not take
		 * (CMA, or the watermark); compaction_suitable() says go. */
		a->reason = a->fragindex == -1000 ? R_BLOCK_UNUSABLE :
		    a->fragindex < 0 ? R_INDEX_NEGATIVE : R_INDEX_HIGH;
	}
	return true;
}

/*
 * Returns extfrag_for_order(): like the unusable index in hundredths, but
 * 0 (not 100) for a zone with nothing free; div_u64() with a u32 divisor,
 * returned as unsigned int (which matters only from 2^32 free pages on).
 */
static uint32_t
extfrag_for_order(const struct frag *f, unsigned norders, unsigned order)
{
	uint64_t s = order < norders ? f->suitable[order] : 0;

	if (f->free_pages == 0)
		return 0;
	return (uint32_t)((f->free_pages - (s << order)) * 100 /
	    (uint32_t)f->free_pages);
}

size_t
kcompactd_scores(const struct buddyinfo *bi, const struct frag *frag,
    const struct zoneinfo *zi, unsigned hpage_order, unsigned proactiveness,
    struct kcompactd *k, size_t nmax)
{
	uint64_t present[FRAG_MAX_NODES];
	uint32_t score[FRAG_MAX_NODES];
	bool seen[FRAG_MAX_NODES];
	const struct zizone *z;
	size_t n = 0, i;
	unsigned low, node;

	/* fragmentation_score_wmark() */
	low = proactiveness >= 95 ? 5 : 100 - proactiveness;
	/* pgdat->node_present_pages: every zone of the node. */
	memset(present, 0, sizeof(present));
	for (i = 0; i < zi->nzones; i++)
		present[zi->zones[i].node] += zi->zones[i].present;
	/* fragmentation_score_node(): populated zones only. */
	memset(score, 0, sizeof(score));
	for (i = 0; i < bi->nzones; i++) {
		node = bi->zones[i].node;
		if ((z = zoneinfo_find(zi, node, bi->zones[i].name)) == NULL)
			continue;
		/*
		 * fragmentation_score_zone_weighted(): an unsigned long
		 * product, div64_ul(), returned as unsigned int and summed as
		 * one. zoneinfo_parse() makes sure that node_present + 1 is
		 * not 0.
		 */
		score[node] += (uint32_t)(z->present * extfrag_for_order(
		    &frag[i], bi->norders, hpage_order) / (present[node] + 1));
	}
	/* The nodes in the order buddyinfo lists them. */
	memset(seen, 0, sizeof(seen));
	for (i = 0; i < bi->nzones && n < nmax; i++) {
		node = bi->zones[i].node;
		if (seen[node])
			continue;
		seen[node] = true;
		k[n].node = node;
		k[n].score = score[node];
		k[n].low = low;
		k[n].high = low + 10 > 100 ? 100 : low + 10;
		k[n].proactive = proactiveness != 0 && k[n].score > k[n].high;
		n++;
	}
	return n;
}

int
advise_tally(struct advice *adv, const struct buddyinfo *bi)
{
	const struct zadvice *a;
	enum verdict *b;
	size_t i, j, n = (FRAG_MAX_NODES + 1) * adv->norders;

	/* Row FRAG_MAX_NODES is the machine. */
	if ((adv->best = malloc(n * sizeof(*b) + 1)) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		adv->best[i] = VERDICT_RECLAIM;
	for (i = 0; i < adv->nzones; i++) {
		a = &adv->zones[i];
		for (j = 0; j < adv->norders && adv->orders[j] != a->order; j++)
			;
		if (j == adv->norders)
			continue;
		b = &adv->best[bi->zones[a->zone].node * adv->norders + j];
		if (a->verdict < *b)
			*b = a->verdict;
		b = &adv->best[FRAG_MAX_NODES * adv->norders + j];
		if (a->verdict < *b)
			*b = a->verdict;
	}
	return 0;
}

enum verdict
advise_best(const struct advice *adv, int node, size_t j)
{
	return adv->best[(node < 0 ? FRAG_MAX_NODES : (size_t)node) *
	    adv->norders + j];
}

enum urgency
advise_urgency(const struct psi *p, uint32_t some, uint32_t full)
{
	if (p == NULL)
		return URGENCY_UNKNOWN;
	if (p->full.present && p->full.avg10 >= full)
		return URGENCY_SEVERE;
	if (p->some.avg10 >= some)
		return URGENCY_ELEVATED;
	return URGENCY_CALM;
}

const char *
advise_verdict_name(enum verdict v)
{
	static const char *const names[] = { "ok", "compact", "reclaim" };

	return names[v];
}

const char *
advise_urgency_name(enum urgency u)
{
	static const char *const names[] = { "unknown", "calm", "elevated",
	    "severe" };

	return names[u];
}

int
advise_build(struct advice *adv, const struct advise_in *in)
{
	size_t z, i, n = 0;

	adv->zones = calloc(in->bi->nzones * adv->norders + 1,
	    sizeof(*adv->zones));
	if (adv->zones == NULL)
		return -1;
	for (i = 0; i < adv->norders; i++)
		for (z = 0; z < in->bi->nzones; z++)
			if (advise_zone(in, z, adv->orders[i], &adv->zones[n]))
				n++;
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
	    adv->proactiveness, adv->kc, in->bi->nzones);
	for (z = 0; z < adv->nkc && !adv->proactive_exists; z++)
		adv->kc[z].proactive = false;
	return 0;
}

void
advise_free(struct advice *adv)
{
	free(adv->zones);
	free(adv->best);
	free(adv->kc);
	adv->zones = NULL;
	adv->best = NULL;
	adv->kc = NULL;
}

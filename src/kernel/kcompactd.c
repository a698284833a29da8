/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kcompactd.c - when kcompactd works on a node, recomputed: proactive
 * compaction's fragmentation_score_node() and fragmentation_score_wmark()
 * of mm/compaction.c, release by release, and under vm.defrag_mode
 * pgdat_balanced() at the pageblock order, where kswapd and kcompactd stop
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "kcompactd.h"
#include "reserve.h"
#include "rules.h"

/*
 * extfrag_for_order(): like the unusable index in hundredths, but 0 (not
 * 100) for a zone with nothing free; div_u64() with a u32 divisor,
 * returned as unsigned int (which matters only from 2^32 free pages on).
 */
uint32_t
kcompactd_zone_score(const struct frag *f, unsigned norders, unsigned order)
{
	uint64_t s = order < norders ? f->suitable[order] : 0;

	if (f->free_pages == 0)
		return 0;
	return (uint32_t)((f->free_pages - (s << order)) * 100 /
	    (uint32_t)f->free_pages);
}

/*
 * fragmentation_score_zone_weighted(): an unsigned long product,
 * div64_ul(), returned as unsigned int. zoneinfo_parse() makes sure that
 * node_present + 1 is not 0.
 */
uint32_t
kcompactd_weighted(uint64_t present, uint32_t score, uint64_t node_present)
{
	return (uint32_t)(present * score / (node_present + 1));
}

/* Whether release KVER (-1: newest) has the 6.16 marks (kcompactd_score_wmark()). */
static bool
new_marks(long kver)
{
	return kver < 0 || kver >= 6016;
}

void
kcompactd_score_wmark(long kver, unsigned proactiveness, unsigned *low,
    unsigned *high)
{
	/*
	 * fragmentation_score_wmark(), 5.9 to 6.15: low 100 - proactiveness
	 * but at least 5, high low + 10. Michal Clapinski's "remove low
	 * watermark cap for proactive compaction" and "reduce the difference
	 * between low and high watermarks" (posted 2025-04-04, in mm-unstable
	 * after 6.15-rc1, so merged for 6.16) drop the floor and make the
	 * leeway min(10, low / 2).
	 */
	if (!new_marks(kver))
		*low = proactiveness >= 95 ? 5 : 100 - proactiveness;
	else
		*low = proactiveness >= 100 ? 0 : 100 - proactiveness;
	*high = kcompactd_high_mark(kver, *low);
}

unsigned
kcompactd_high_mark(long kver, unsigned low)
{
	unsigned leeway = 10;

	if (new_marks(kver) && low / 2 < leeway)
		leeway = low / 2;
	return low + leeway > 100 ? 100 : low + leeway;
}

void
kcompactd_states(struct kcompactd *k, size_t n, bool exists,
    unsigned proactiveness)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!exists)
			k[i].proactive = false;
		k[i].state = !exists ? KCOMPACTD_NONE : proactiveness == 0 ?
		    KCOMPACTD_OFF : k[i].proactive ? KCOMPACTD_WORKING :
		    KCOMPACTD_IDLE;
	}
}

enum kcompactd_state
kcompactd_machine(const struct advice *adv)
{
	enum kcompactd_state s;
	size_t i;

	if (adv->kc == NULL || adv->nkc == 0)
		return KCOMPACTD_NONE;
	s = adv->kc[0].state;
	for (i = 0; i < adv->nkc; i++)
		if (adv->kc[i].state == KCOMPACTD_WORKING)
			s = KCOMPACTD_WORKING;
	return s;
}

enum kcompactd_seen
kcompactd_seen(const struct vmstat *a, const struct vmstat *b)
{
	static const enum vm_counter daemon[] = {
		VM_COMPACT_DAEMON_MIGRATE_SCANNED,
		VM_COMPACT_DAEMON_FREE_SCANNED, VM_COMPACT_DAEMON_WAKE,
	};
	enum kcompactd_seen seen = KCOMPACTD_UNSEEN;
	uint32_t bit;
	size_t i;

	if (a == NULL || b == NULL)
		return KCOMPACTD_UNSEEN;
	for (i = 0; i < sizeof(daemon) / sizeof(daemon[0]); i++) {
		bit = 1u << daemon[i];
		if (!(a->have & bit) || !(b->have & bit))
			continue;
		/* kcompactd_do_work() and proactive compaction count here. */
		if (b->v[daemon[i]] > a->v[daemon[i]])
			return KCOMPACTD_MOVED;
		seen = KCOMPACTD_STILL;
	}
	return seen;
}

size_t
kcompactd_scores(const struct buddyinfo *bi, const struct frag *frag,
    const struct zoneinfo *zi, unsigned hpage_order, unsigned proactiveness,
    long kver, struct kcompactd *k, size_t nmax)
{
	uint64_t present[FRAG_MAX_NODES];
	uint32_t score[FRAG_MAX_NODES];
	bool seen[FRAG_MAX_NODES];
	const struct zizone *z;
	size_t n = 0, i;
	unsigned low, high, node;

	kcompactd_score_wmark(kver, proactiveness, &low, &high);
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
		/* Summed as an unsigned int. */
		score[node] += kcompactd_weighted(z->present,
		    kcompactd_zone_score(&frag[i], bi->norders, hpage_order),
		    present[node]);
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
		k[n].high = high;
		k[n].proactive = proactiveness != 0 && k[n].score > k[n].high;
		n++;
	}
	return n;
}

/*
 * Returns N * 1000 / D (D > 0), saturating at UINT64_MAX: zoneinfo's free
 * counts come unchecked, and N * 1000 wraps in 64 bits from 1.8e16 on.
 */
static uint64_t
permille(uint64_t n, uint64_t d)
{
	unsigned __int128 r = (unsigned __int128)n * 1000 / d;

	return r > UINT64_MAX ? UINT64_MAX : (uint64_t)r;
}

void
kcompactd_blocks(const struct advise_in *in, unsigned pb, struct kcompactd *k)
{
	const struct zizone *z;
	uint64_t sub = (1ULL << pb) - 1, free, need, best = 0, units, ratio;
	bool any = false, unknown = false, block, capped;
	size_t i;

	k->blocks_balanced = 0;
	for (i = 0; i < in->bi->nzones; i++) {
		if (in->bi->zones[i].node != k->node ||
		    !reserve_zone_allowed(in->gfp, in->bi->zones[i].name))
			continue;
		z = zoneinfo_find(in->zi, k->node, in->bi->zones[i].name);
		if (z == NULL || (z->have & (ZI_FREE_BLOCKS | ZI_HIGH)) !=
		    (ZI_FREE_BLOCKS | ZI_HIGH)) {
			unknown = true;
			continue;
		}
		free = z->free_blocks;
		need = advise_sat_add(advise_sat_add(sub, reserve_highatomic(in, i)),
		    z->have & ZI_FREE_CMA ? z->free_cma : 0);
		free = free > need ? free - need : 0;
		need = advise_sat_add(z->high, (z->have & ZI_PROTECTION) ?
		    reserve_lowmem(in->zi, z, in->gfp) : 0);
		/* No ALLOC_CMA: the MIGRATE_PCPTYPES lists only. */
		if (advise_list_units(in, i, pb, false, false, &units, &capped))
			block = units != 0;
		else
			block = pb < in->bi->norders &&
			    in->frag[i].suitable[pb] > 0;
		if (free > need && block) {
			k->blocks_balanced = 1;
			k->blocks_free = free;
			k->blocks_need = need;
			snprintf(k->blocks_zone, sizeof(k->blocks_zone), "%s",
			    z->name);
			return;
		}
		/* The zone nearest to passing, for the words. */
		/* NEED saturates at UINT64_MAX: no wrap to a zero divisor. */
		ratio = permille(free, advise_sat_add(need, 1));
		if (!any || ratio >= best) {
			best = ratio;
			k->blocks_free = free;
			k->blocks_need = need;
			snprintf(k->blocks_zone, sizeof(k->blocks_zone), "%s",
			    z->name);
			any = true;
		}
	}
	if (unknown)
		k->blocks_balanced = -1;
	/* pgdat_balanced(): a node with no managed zone needs no balancing. */
	else if (!any)
		k->blocks_balanced = 1;
}

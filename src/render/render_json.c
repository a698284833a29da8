/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_json.c - one JSON document for scripts; every index written from its integer */

#include "config.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "avail.h"
#include "jsonw.h"
#include "map.h"
#include "regions.h"
#include "report.h"
#include "render_json.h"
#include "render_prepare.h"
#include "render_text.h"
#include "render_words.h"
#include "render_unmanaged.h"

/* Write KEY and the string S, or null when S is NULL. */
static void
str_or_null(struct jsonw *w, const char *key, const char *s)
{
	if (jw_key_or_null(w, key, s != NULL))
		jw_string(w, s);
}

void
render_zone_json(struct jsonw *w, unsigned node, const char *name)
{
	jw_key(w, "node");
	jw_u64(w, node);
	jw_key(w, "zone");
	jw_string(w, name);
}

/* Write KEY and the N counts V as a one-line array. */
static void
u64_array(struct jsonw *w, const char *key, const uint64_t *v, unsigned n)
{
	unsigned k;

	jw_key(w, key);
	jw_array(w, true);
	for (k = 0; k < n; k++)
		jw_u64(w, v[k]);
	jw_end(w);
}

/* Write KEY and the N indices V (thousandths) as a one-line array. */
static void
index_array(struct jsonw *w, const char *key, const int *v, unsigned n)
{
	unsigned k;

	jw_key(w, key);
	jw_array(w, true);
	for (k = 0; k < n; k++)
		jw_fixed(w, v[k], 3);
	jw_end(w);
}

void
render_migratetypes_json(struct jsonw *w, const struct pagetypeinfo *p,
    const struct ptzone *z, bool brief)
{
	unsigned t, k;

	jw_array(w, false);
	for (t = 0; t < p->ntypes; t++) {
		if (!z->has_free[t] && (brief || !z->has_blocks[t]))
			continue;
		jw_object(w);
		jw_key(w, "type");
		jw_string(w, p->types[t]);
		if (z->has_free[t] && !brief) {
			u64_array(w, "free_blocks", z->free[t], p->norders);
			jw_key(w, "capped_orders");
			jw_array(w, true);
			for (k = 0; k < p->norders; k++)
				if (z->capped[t] & (1u << k))
					jw_u64(w, k);
			jw_end(w);
		}
		if (z->has_free[t]) {
			jw_key(w, "free_pages");
			jw_u64(w, frag_pages(z->free[t], p->norders));
			jw_key(w, "free_pages_is_lower_bound");
			jw_bool(w, z->capped[t] != 0);
		}
		if (brief) {
			jw_end(w);
			continue;
		}
		if (jw_key_or_null(w, "pageblocks", z->has_blocks[t]))
			jw_u64(w, z->blocks[t]);
		if (z->has_mixed[t]) {
			jw_key(w, "mixed_pageblocks");
			jw_u64(w, z->mixed[t]);
		}
		jw_end(w);
	}
	jw_end(w);
}

/* Write one zone object. */
static void
zone(struct jsonw *w, const struct report *r, size_t i)
{
	const struct bzone *z = &r->bi->zones[i];
	const struct frag *f = &r->frag[i];
	unsigned n = r->bi->norders;

	jw_object(w);
	render_zone_json(w, z->node, z->name);
	jw_key(w, "free_pages");
	jw_u64(w, f->free_pages);
	jw_key(w, "free_blocks_total");
	jw_u64(w, f->free_blocks);
	if (jw_key_or_null(w, "largest_free_order", f->largest_order >= 0))
		jw_int(w, f->largest_order);
	u64_array(w, "free_blocks", z->free, n);
	u64_array(w, "suitable_blocks", f->suitable, n);
	index_array(w, "unusable_index", f->unusable, n);
	index_array(w, "fragmentation_index", f->fragindex, n);
	render_unmanaged_zone_json(w, r, z);
	if (jw_key_or_null(w, "migratetypes", r->pti && r->pti_zone[i] >= 0))
		render_migratetypes_json(w, r->pti,
		    &r->pti->zones[r->pti_zone[i]], false);
	jw_end(w);
}

/* Write KEY and one PSI line, or null when the file had none. */
static void
psi_line(struct jsonw *w, const char *key, const struct psi_line *l)
{
	if (!jw_key_or_null(w, key, l->present))
		return;
	jw_object(w);
	jw_key(w, "avg10");
	jw_fixed(w, l->avg10, 2);
	jw_key(w, "avg60");
	jw_fixed(w, l->avg60, 2);
	jw_key(w, "avg300");
	jw_fixed(w, l->avg300, 2);
	jw_key(w, "total_us");
	jw_u64(w, l->total_us);
	jw_end(w);
}

/* Write KEY and the page count V, or null when the rules had no such number. */
static void
pages_or_null(struct jsonw *w, const char *key, bool have, uint64_t v)
{
	if (jw_key_or_null(w, key, have))
		jw_u64(w, v);
}

/*
 * With the map: the compaction ceiling of A's zone and order and the
 * suitable blocks buddyinfo shows (null below the pageblock order),
 * whatever the verdict; free_now is their earlier name, kept for scripts.
 */
static void
zone_ceiling(struct jsonw *w, const struct report *r, const struct zadvice *a)
{
	const struct map_zone *z = &r->map->zones[a->zone];
	bool have = advise_ceiling_known(r->map, a->order);

	if (jw_key_or_null(w, "ceiling", have))
		jw_u64(w, z->ceiling[a->order]);
	if (jw_key_or_null(w, "ceiling_limited_by", have))
		jw_string(w, map_limit_name(z->limited_by[a->order]));
	if (jw_key_or_null(w, "suitable_blocks", have))
		jw_u64(w, z->free_now[a->order]);
	if (jw_key_or_null(w, "free_now", have))
		jw_u64(w, z->free_now[a->order]);
}

/* Write one zone's advice for one order. */
static void
zone_advice(struct jsonw *w, const struct report *r, const struct zadvice *a)
{
	const struct bzone *z = &r->bi->zones[a->zone];
	struct render_sentence t = { 0 };
	char *why;

	jw_object(w);
	render_zone_json(w, z->node, z->name);
	jw_key(w, "order");
	jw_int(w, a->order);
	jw_key(w, "verdict");
	jw_string(w, advise_verdict_name(a->verdict));
	jw_key(w, "fragmentation_index");
	jw_fixed(w, a->fragindex, 3);
	jw_key(w, "threshold");
	jw_fixed(w, r->advice->threshold, 3);
	jw_key(w, "index_consulted");
	jw_bool(w, a->index_used);
	render_advice_say(&t, r, a);
	why = render_sentence_take(&t);
	jw_key(w, "reason");
	jw_string(w, why != NULL ? why : "");
	free(why);
	jw_key(w, "usable_free_pages");
	jw_u64(w, a->usable);
	pages_or_null(w, "watermark_pages", advise_wmark_known(a), a->wmark);
	pages_or_null(w, "lowmem_reserve_pages", true, a->reserve);
	jw_key(w, "lowmem_reserve_known");
	jw_bool(w, a->reserve_known);
	str_or_null(w, "free_pages_from", a->free_known ? "zoneinfo" :
	    "buddyinfo");
	if (jw_key_or_null(w, "usable_list_block", a->usable_block >= 0))
		jw_bool(w, a->usable_block == 1);
	pages_or_null(w, "compaction_gap_pages", a->gap != 0, a->gap);
	if (jw_key_or_null(w, "own_migratetype_free", a->own_free >= 0))
		jw_bool(w, a->own_free == 1);
	if (r->advice->defrag_rules) {
		jw_key(w, "nofragment");
		jw_bool(w, a->nofragment);
		jw_key(w, "rules_order");
		jw_int(w, a->rules_order);
	}
	if (r->map)
		zone_ceiling(w, r, a);
	jw_end(w);
}

/* Write node K's pgdat_balanced() in whole pageblocks (vm.defrag_mode). */
static void
blocks_json(struct jsonw *w, const struct advice *adv,
    const struct kcompactd *k)
{
	jw_key(w, "pageblock_order");
	jw_int(w, adv->pageblock_order);
	if (!jw_key_or_null(w, "balanced_in_pageblocks",
	    k->blocks_balanced >= 0))
		return;
	jw_bool(w, k->blocks_balanced == 1);
	str_or_null(w, "pageblocks_zone", k->blocks_zone[0] ? k->blocks_zone :
	    NULL);
	jw_key(w, "pageblocks_free_pages");
	jw_u64(w, k->blocks_free);
	jw_key(w, "pageblocks_need_pages");
	jw_u64(w, k->blocks_need);
}

/* Write the member "nodes": each node's best verdict, order by order. */
static void
advice_nodes(struct jsonw *w, const struct report *r)
{
	const struct advice *adv = r->advice;
	unsigned last;
	size_t i, j;

	jw_key(w, "nodes");
	jw_array(w, false);
	for (j = 0; j < adv->norders; j++) {
		i = 0;
		while (advise_next_node(r->bi, &i, &last)) {
			jw_object(w);
			jw_key(w, "node");
			jw_int(w, last);
			jw_key(w, "order");
			jw_int(w, adv->orders[j]);
			jw_key(w, "verdict");
			jw_string(w, advise_verdict_name(advise_best(adv,
			    (int)last, j)));
			jw_end(w);
		}
	}
	jw_end(w);
}

/* Write the member "machine": the machine's best verdict, order by order. */
static void
advice_machine(struct jsonw *w, const struct advice *adv)
{
	size_t j;

	jw_key(w, "machine");
	jw_array(w, false);
	for (j = 0; j < adv->norders; j++) {
		jw_object(w);
		jw_key(w, "order");
		jw_int(w, adv->orders[j]);
		jw_key(w, "verdict");
		jw_string(w, advise_verdict_name(advise_best(adv, -1, j)));
		jw_key(w, "urgency");
		jw_string(w, advise_urgency_name(adv->urgency));
		jw_end(w);
	}
	jw_end(w);
}

/* Write the "kcompactd" member: each node's score, null without zoneinfo. */
static void
advice_kcompactd(struct jsonw *w, const struct advice *adv)
{
	size_t i;

	if (!jw_key_or_null(w, "kcompactd", adv->kc != NULL))
		return;
	jw_array(w, false);
	for (i = 0; i < adv->nkc; i++) {
		jw_object(w);
		jw_key(w, "node");
		jw_int(w, adv->kc[i].node);
		jw_key(w, "order");
		jw_int(w, adv->hpage_order);
		jw_key(w, "score");
		jw_u64(w, adv->kc[i].score);
		jw_key(w, "low");
		jw_int(w, adv->kc[i].low);
		jw_key(w, "high");
		jw_int(w, adv->kc[i].high);
		jw_key(w, "proactiveness");
		jw_int(w, adv->proactiveness);
		jw_key(w, "proactive_compaction_exists");
		jw_bool(w, adv->proactive_exists);
		jw_key(w, "proactive");
		jw_bool(w, adv->kc[i].proactive);
		if (adv->defrag_rules)
			blocks_json(w, adv, &adv->kc[i]);
		jw_end(w);
	}
	jw_end(w);
}

/*
 * Write the "kcompactd_seen" member: what kcompactd's counters did
 * between two reads of vmstat (the live machine), null for a snapshot.
 */
static void
advice_kcompactd_seen(struct jsonw *w, const struct advice *adv)
{
	if (!jw_key_or_null(w, "kcompactd_seen",
	    adv->seen != KCOMPACTD_UNSEEN))
		return;
	jw_object(w);
	jw_key(w, "working");
	jw_bool(w, adv->seen == KCOMPACTD_MOVED);
	jw_key(w, "over_s");
	jw_fixed(w, (long long)adv->seen_ms, 3);
	jw_end(w);
}

/* Write the "advice" member, then the "kcompactd" member beside it. */
static void
advice(struct jsonw *w, const struct report *r)
{
	const struct advice *adv = r->advice;
	struct render_sentence t = { 0 };
	char *assumed;
	size_t i, j;

	jw_key(w, "advice");
	jw_object(w);
	jw_key(w, "gfp");
	jw_string(w, advise_gfp_name(adv->gfp));
	jw_key(w, "threshold");
	jw_fixed(w, adv->threshold, 3);
	str_or_null(w, "threshold_from", adv->threshold_from);
	jw_key(w, "orders");
	jw_array(w, true);
	for (j = 0; j < adv->norders; j++)
		jw_int(w, adv->orders[j]);
	jw_end(w);
	str_or_null(w, "orders_from", adv->orders_from);
	str_or_null(w, "kernel_rules_from", adv->kver_from);
	render_advice_assumed(&t, adv);
	assumed = render_sentence_take(&t);
	str_or_null(w, "assumed", assumed);
	free(assumed);
	/* Only where the sysctl was read (6.15+): older outputs unchanged. */
	if (adv->defrag_mode >= 0) {
		jw_key(w, "defrag_mode");
		jw_int(w, adv->defrag_mode);
		jw_key(w, "defrag_mode_rules");
		jw_bool(w, adv->defrag_rules);
	}
	jw_key(w, "urgency");
	jw_string(w, advise_urgency_name(adv->urgency));
	jw_key(w, "psi_some_threshold");
	jw_fixed(w, adv->psi_some, 2);
	jw_key(w, "psi_full_threshold");
	jw_fixed(w, adv->psi_full, 2);
	jw_key(w, "zones");
	jw_array(w, false);
	for (i = 0; i < adv->nzones; i++)
		zone_advice(w, r, &adv->zones[i]);
	jw_end(w);
	advice_nodes(w, r);
	advice_machine(w, adv);
	jw_end(w);
	advice_kcompactd(w, adv);
	advice_kcompactd_seen(w, adv);
}

void
render_after_json(struct jsonw *w, const struct avail *a)
{
	jw_key(w, "after_compaction");
	jw_u64(w, a->after);
	jw_key(w, "after_compaction_from");
	jw_string(w, avail_after_from(a));
}

/*
 * Write the counts of row A, without its place: free_now, the one name of
 * the count in every view, with now, its documented name before #45.
 */
static void
counts(struct jsonw *w, const struct avail *a)
{
	jw_key(w, "free_now");
	jw_u64(w, a->now);
	jw_key(w, "free_now_is_bound");
	jw_bool(w, a->now_is_bound);
	jw_key(w, "now");
	jw_u64(w, a->now);
	jw_key(w, "now_is_bound");
	jw_bool(w, a->now_is_bound);
	render_after_json(w, a);
	jw_key(w, "free_pages");
	jw_u64(w, a->free_pages);
	jw_key(w, "low");
	jw_u64(w, a->low);
}

/* A gigantic order, which the buddy allocator never holds, has no score. */
void
render_judged_json(struct jsonw *w, const struct report *r,
    const struct avail *a, const char *score_key, const char *judgement_key)
{
	bool buddy = a != NULL && a->order < r->bi->norders;

	if (jw_key_or_null(w, score_key, buddy))
		jw_u64(w, a->score);
	if (jw_key_or_null(w, judgement_key, buddy))
		jw_string(w, judge_name(a->judgement));
}

void
render_judgement_json(struct jsonw *w, const struct report *r,
    const struct avail *a)
{
	int64_t ratio = judge_ratio(a->now, a->after);

	render_judged_json(w, r, a, "score", "judgement");
	if (jw_key_or_null(w, "ratio", ratio >= 0))
		jw_fixed(w, ratio, 4);
}

/* Write the marks the judgement used, once, and what weighed the zones. */
static void
marks(struct jsonw *w, const struct availability *av)
{
	jw_key(w, "fragmentation_marks");
	jw_object(w);
	jw_key(w, "fragmented");
	jw_u64(w, av->marks.low);
	jw_key(w, "severe");
	jw_u64(w, av->marks.high);
	jw_key(w, "from");
	jw_string(w, av->marks.from);
	jw_key(w, "zones_weighted_by");
	jw_string(w, av->score_by_free ? "free pages" : "present pages");
	jw_end(w);
}

/*
 * Write "possible", P for pages of ORDER above the buddy orders: true,
 * false (then "impossible_because" names the hugetlb size the host lacks)
 * or null when the input holds no hugetlb sizes.
 */
static void
possible(struct jsonw *w, const struct report *r, enum avail_possible p,
    unsigned order)
{
	char why[64];

	if (jw_key_or_null(w, "possible", p != AVAIL_POSSIBLE_UNKNOWN))
		jw_bool(w, p == AVAIL_POSSIBLE);
	if (p != AVAIL_IMPOSSIBLE)
		return;
	jw_key(w, "impossible_because");
	jw_string(w, render_no_hugepages(why, sizeof(why), order,
	    r->page_size));
}

/* Write the "availability" member: every row of R->avail. */
static void
availability(struct jsonw *w, const struct report *r)
{
	const struct avail *a;
	enum avail_possible p;
	size_t i;

	jw_key(w, "availability");
	jw_array(w, false);
	for (i = 0; i < r->avail->n; i++) {
		a = &r->avail->rows[i];
		jw_object(w);
		if (jw_key_or_null(w, "node", a->node >= 0))
			jw_int(w, a->node);
		str_or_null(w, "zone", a->zone < 0 ? NULL :
		    r->bi->zones[a->zone].name);
		jw_key(w, "order");
		jw_int(w, a->order);
		p = AVAIL_POSSIBLE;
		if (a->order >= r->bi->norders) {
			p = avail_possible(r->huge, r->huge_known, a->order,
			    r->bi->norders);
			possible(w, r, p, a->order);
		}
		/* A gigantic size the host lacks has no counts. */
		if (p != AVAIL_IMPOSSIBLE) {
			counts(w, a);
			render_judgement_json(w, r, a);
		}
		jw_end(w);
	}
	jw_end(w);
	marks(w, r->avail);
}

/*
 * Write the counts a hugetlb pool has on a node as well as machine-wide:
 * NR, NFREE and SURPLUS huge pages.
 */
static void
pool_counts(struct jsonw *w, uint64_t nr, uint64_t nfree, uint64_t surplus)
{
	jw_key(w, "nr_hugepages");
	jw_u64(w, nr);
	jw_key(w, "free_hugepages");
	jw_u64(w, nfree);
	jw_key(w, "surplus_hugepages");
	jw_u64(w, surplus);
}

/*
 * Write the "hugetlb" member of --need: the pool of its size (on its node)
 * as the kernel counts it, or null when the kernel has no such pool.
 */
static void
hugetlb_pool(struct jsonw *w, const struct report *r)
{
	const struct hugetlb_node *hn;
	const struct hugetlb_size *hs = avail_pool(r->huge, r->need->order,
	    r->need->node, &hn);

	if (!jw_key_or_null(w, "hugetlb", hs != NULL && (r->need->node < 0 ||
	    hn != NULL)))
		return;
	jw_object(w);
	if (hn != NULL)
		pool_counts(w, hn->nr, hn->free, hn->surplus);
	else
		pool_counts(w, hs->nr, hs->free, hs->surplus);
	/* A node's pool has no reservations of its own. */
	if (jw_key_or_null(w, "resv_hugepages", hn == NULL))
		jw_u64(w, hs->resv);
	jw_end(w);
}

/*
 * Write "pinned_by": what keeps the regions of --need's gigantic size
 * (regions_pinned()): how many are tainted, the fewest and most pages
 * that keep one, and their one kind (null: several).
 */
static void
pinned_by(struct jsonw *w, const struct report *r)
{
	struct regions_pinned p;

	regions_pinned(r->regions, r->map, r->need->node, &p);
	jw_key(w, "pinned_by");
	jw_object(w);
	jw_key(w, "tainted_regions");
	jw_u64(w, p.tainted);
	jw_key(w, "pages_min");
	jw_u64(w, p.keep_min);
	jw_key(w, "pages_max");
	jw_u64(w, p.keep_max);
	if (jw_key_or_null(w, "kind", p.kind != MAP_NPINS))
		jw_string(w, map_pin_name(p.kind));
	jw_end(w);
}

/* Write the "need" member: the answer to --need. */
static void
need(struct jsonw *w, const struct report *r)
{
	const struct need_answer *ans = &r->need_answer;
	const struct forecast *f = r->need_forecasts != NULL ?
	    &r->need_forecasts[r->need - r->needs] : NULL;

	jw_key(w, "need");
	jw_object(w);
	render_need_json(w, r, r->need);
	if (jw_key_or_null(w, "node", r->need->node >= 0))
		jw_int(w, r->need->node);
	jw_key(w, "verdict");
	jw_string(w, advise_need_name(ans->verdict));
	if (r->need->order >= r->bi->norders)
		possible(w, r, ans->possible, r->need->order);
	if (ans->row && ans->possible != AVAIL_IMPOSSIBLE) {
		counts(w, ans->row);
		/* As many where the kernel would compact (avail_need()). */
		jw_key(w, "after_compaction_reachable");
		jw_u64(w, ans->row->reach);
	}
	/* Its forecast in steps, where the view computed one. */
	if (r->need_forecasts != NULL && jw_key_or_null(w, "forecast",
	    f->target != NULL && ans->possible != AVAIL_IMPOSSIBLE))
		render_forecast_json(w, r, f);
	if (ans->verdict == VERDICT_PINNED && r->regions && r->map)
		pinned_by(w, r);
	hugetlb_pool(w, r);
	jw_end(w);
}

/*
 * One hugetlb pool size of the "outcomes" member: its counts in the order
 * of reference.md (resv_hugepages before surplus_hugepages), then per node.
 */
static void
pool_json(struct jsonw *w, const struct hugetlb_size *hs)
{
	const struct hugetlb_node *hn;
	size_t i;

	jw_object(w);
	jw_key(w, "size_kb");
	jw_u64(w, hs->bytes / 1024);
	if (jw_key_or_null(w, "order", hs->order >= 0))
		jw_int(w, hs->order);
	jw_key(w, "nr_hugepages");
	jw_u64(w, hs->nr);
	jw_key(w, "free_hugepages");
	jw_u64(w, hs->free);
	jw_key(w, "resv_hugepages");
	jw_u64(w, hs->resv);
	jw_key(w, "surplus_hugepages");
	jw_u64(w, hs->surplus);
	jw_key(w, "nr_overcommit_hugepages");
	jw_u64(w, hs->overcommit);
	jw_key(w, "nodes");
	jw_array(w, true);
	for (i = 0; i < hs->nnodes; i++) {
		hn = &hs->nodes[i];
		jw_object(w);
		jw_key(w, "node");
		jw_u64(w, hn->node);
		pool_counts(w, hn->nr, hn->free, hn->surplus);
		jw_end(w);
	}
	jw_end(w);
	jw_end(w);
}

/* One THP size of the "outcomes" member, its counters as the kernel's files hold them. */
static void
thp_json(struct jsonw *w, const struct thp_size *s)
{
	size_t i;

	jw_object(w);
	jw_key(w, "size_kb");
	jw_u64(w, s->kb);
	if (jw_key_or_null(w, "order", s->order >= 0))
		jw_int(w, s->order);
	str_or_null(w, "enabled", s->enabled[0] ? s->enabled : NULL);
	jw_key(w, "on");
	jw_bool(w, s->on);
	if (jw_key_or_null(w, "counters", s->have_stats)) {
		jw_object(w);
		for (i = 0; i < s->nc; i++) {
			jw_key(w, s->c[i].name);
			jw_u64(w, s->c[i].v);
		}
		jw_end(w);
	}
	jw_end(w);
}

void
render_outcomes_json(struct jsonw *w, const struct report *r)
{
	size_t i;

	jw_key(w, "outcomes");
	jw_object(w);
	if (jw_key_or_null(w, "thp", r->thp != NULL)) {
		jw_array(w, false);
		for (i = 0; i < r->thp->n; i++)
			thp_json(w, &r->thp->sizes[i]);
		jw_end(w);
	}
	if (jw_key_or_null(w, "vmstat", r->vm != NULL)) {
		jw_object(w);
		for (i = 0; i < VM_NOUTCOMES; i++)
			if (jw_key_or_null(w, vmstat_name(vm_outcomes[i]),
			    r->vm->have & (1u << vm_outcomes[i])))
				jw_u64(w, r->vm->v[vm_outcomes[i]]);
		jw_end(w);
	}
	if (jw_key_or_null(w, "hugetlb", r->huge != NULL)) {
		jw_array(w, false);
		for (i = 0; i < r->huge->nsizes; i++)
			pool_json(w, &r->huge->sizes[i]);
		jw_end(w);
	}
	jw_end(w);
}

void
render_json_object(struct jsonw *w, const struct report *r)
{
	size_t i;

	jw_object(w);
	if (r->snapshot) {
		jw_key(w, "snapshot");
		jw_string(w, r->snapshot);
	}
	jw_key(w, "fragstat_version");
	jw_string(w, PACKAGE_VERSION);
	jw_key(w, "sources");
	jw_object(w);
	str_or_null(w, "buddyinfo", r->buddyinfo_path);
	str_or_null(w, "pagetypeinfo", r->pagetypeinfo_path);
	str_or_null(w, "pressure", r->pressure_path);
	str_or_null(w, "zoneinfo", r->zoneinfo_path);
	jw_end(w);
	str_or_null(w, "kernel", r->release);
	jw_key(w, "page_size");
	jw_u64(w, r->page_size);
	str_or_null(w, "page_size_from", r->page_size_from);
	jw_key(w, "orders");
	jw_int(w, r->bi->norders);
	if (jw_key_or_null(w, "pageblock_order", r->pti != NULL))
		jw_int(w, r->pti->pageblock_order);
	jw_key(w, "zones");
	jw_array(w, false);
	for (i = 0; i < r->bi->nzones; i++)
		zone(w, r, i);
	jw_end(w);
	if (jw_key_or_null(w, "pressure", r->psi != NULL)) {
		jw_object(w);
		psi_line(w, "some", &r->psi->some);
		psi_line(w, "full", &r->psi->full);
		jw_end(w);
	}
	render_unmanaged_json(w, r);
	if (r->advice)
		advice(w, r);
	if (r->avail)
		availability(w, r);
	if (r->need)
		need(w, r);
	if (r->advice)
		render_outcomes_json(w, r);
	jw_end(w);
}

void
render_json(FILE *fp, const struct report *r)
{
	struct jsonw w;

	if (r->ndjson)
		jw_init_compact(&w, fp);
	else
		jw_init(&w, fp);
	render_json_object(&w, r);
	/* An unbalanced document is a bug in this file, never in the input. */
	jw_done(&w);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_advice.c - the advice in words: one sentence per zone and order, and the advice table */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "advise.h"
#include "humanize.h"
#include "judge.h"
#include "map.h"
#include "report.h"
#include "render_text.h"
#include "render_unmanaged.h"
#include "render_words.h"

/* Say to T "; " unless it is the first, then S. */
static void
clause(struct render_sentence *t, const char *s)
{
	render_say(t, "%s%s", t->n > 0 ? "; " : "", s);
}

void
render_advice_assumed(struct render_sentence *t, const struct advice *adv)
{
	if (adv->assumed & ADVISE_ASSUMED_FREE)
		clause(t, "no zoneinfo: free pages from buddyinfo, watermarks "
		    "0");
	if (adv->assumed & ADVISE_ASSUMED_RESERVE)
		clause(t, "lowmem reserve >= higher zones' free / default "
		    "ratio");
	if (adv->assumed & ADVISE_ASSUMED_LISTS)
		clause(t, "no pagetypeinfo: any free block usable");
	if (adv->assumed & ADVISE_ASSUMED_KVER)
		clause(t, adv->kver_text);
	if (adv->assumed & ADVISE_ASSUMED_DEFRAG)
		clause(t, "vm.defrag_mode not read: 0, its default");
}

/* Returns BUF holding "nothing larger than SIZE" for zone F, or "nothing free". */
static const char *
largest(char *buf, size_t size, const struct frag *f, unsigned long page_size)
{
	char s[32];

	if (f->largest_order < 0)
		snprintf(buf, size, "nothing free");
	else
		snprintf(buf, size, "nothing larger than %s", hum_size(s,
		    sizeof(s), 1ULL << f->largest_order, page_size));
	return buf;
}

/* Memory present but not managed, under the machine's verdicts. */
static void
unmanaged(FILE *fp, const struct report *r)
{
	struct render_sentence t = { 0 };
	const char *label;
	char prefix[32];

	if (!render_unmanaged_sentence(&t, r, &label))
		return;
	snprintf(prefix, sizeof(prefix), "  %s", label);
	render_said(&t, fp, prefix);
}

/* The sizes and numbers an advice sentence quotes, already in words. */
struct advice_words {
	char		 blk[32];	/* the block asked for */
	char		 fr[32];	/* the free memory it may count */
	char		 need[32];	/* lowmem reserve + min watermark */
	char		 lg[64];	/* the largest free block */
	char		 fi[16];	/* the fragmentation index */
	char		 th[16];	/* extfrag_threshold */
	char		 res[32];	/* the lowmem reserve */
	char		 mg[32];	/* the managed pages */
	const char	*gfp;		/* "movable" or "kernel" */
};

/* Fill WD with the words for advice A on zone of report R. */
static void
advice_words(struct advice_words *wd, const struct report *r,
    const struct zadvice *a)
{
	unsigned long ps = r->page_size;

	hum_order(wd->blk, sizeof(wd->blk), a->order, ps);
	hum_size(wd->fr, sizeof(wd->fr), a->usable, ps);
	largest(wd->lg, sizeof(wd->lg), &r->frag[a->zone], ps);
	hum_index(wd->fi, sizeof(wd->fi), a->fragindex);
	hum_index(wd->th, sizeof(wd->th), r->advice->threshold);
	wd->gfp = advise_gfp_name(r->advice->gfp);
	hum_size(wd->res, sizeof(wd->res), a->reserve, ps);
	hum_size(wd->need, sizeof(wd->need), a->reserve > UINT64_MAX - a->min ?
	    UINT64_MAX : a->reserve + a->min, ps);
	hum_size(wd->mg, sizeof(wd->mg), a->managed, ps);
}

/* Say to T why vm.defrag_mode made the rules below run at the pageblock order. */
static void
defrag_prefix(struct render_sentence *t, const struct advice_words *wd,
    const struct zadvice *a, unsigned long ps)
{
	char pbs[32];

	render_say(t, "a free %s block exists only on other migratetypes' "
	    "lists, below the %s pageblock; under vm.defrag_mode the kernel "
	    "falls back only after reclaim and compaction at that order: ",
	    wd->blk, hum_size(pbs, sizeof(pbs), 1ULL << a->rules_order, ps));
}

/* Say to T why the lowmem reserve keeps allocation A from the zone. */
static void
reserve_sentence(struct render_sentence *t, const struct advice_words *wd,
    const struct zadvice *a)
{
	const char *wm = a->have_wmark ? " + min watermark" : "";

	if (a->reason == R_LOWMEM_RESERVE)
		render_say(t, "%s free; even wholly free it could count "
		    "at most %s (managed pages%s), not above the %s it keeps "
		    "from %s allocations (lowmem_reserve%s): not used by this "
		    "allocation", wd->fr, wd->mg,
		    a->order ? " less the block" : "", wd->need, wd->gfp, wm);
	else if (a->reserve_known && a->managed_known)
		render_say(t, "%s free, not above the %s the zone "
		    "keeps from %s allocations (lowmem_reserve%s), though "
		    "it could count up to %s once freed: compaction is "
		    "skipped and the kernel reclaims: reclaim", wd->fr,
		    wd->need, wd->gfp, wm, wd->mg);
	else if (a->reserve_known)
		render_say(t, "%s free, not above the %s the zone "
		    "keeps from %s allocations (lowmem_reserve%s); "
		    "zoneinfo gives no managed pages to tell whether it "
		    "could ever pass: compaction is skipped and the "
		    "kernel reclaims: reclaim", wd->fr, wd->need, wd->gfp, wm);
	else
		render_say(t, "%s free, but the lowmem reserve "
		    "against %s allocations is at least %s (higher zones' "
		    "free / ratio %u): compaction is skipped and the "
		    "kernel reclaims (whether the zone could ever pass is "
		    "unknown without zoneinfo): reclaim", wd->fr, wd->gfp,
		    wd->res, a->ratio);
}

/* Say to T why too little free memory for compaction means reclaim. */
static void
order0_sentence(struct render_sentence *t, const struct advice_words *wd,
    const struct report *r, const struct zadvice *a)
{
	char need[32], gap[32];

	hum_size(need, sizeof(need), a->need, r->page_size);
	hum_size(gap, sizeof(gap), a->gap, r->page_size);
	if (a->have_wmark)
		render_say(t, "only %s free; compaction needs more "
		    "than %s (%s watermark, %s gap, reserve): reclaim",
		    wd->fr, need, a->wmark_low ? "low" : "min", gap);
	else if (a->reserve > 0)
		render_say(t, "only %s free; compaction needs more "
		    "than %s (%s gap, lowmem reserve at least %s; "
		    "watermarks unknown without zoneinfo): reclaim", wd->fr,
		    need, gap, wd->res);
	else
		render_say(t, "only %s free; compaction needs more "
		    "than a %s gap (watermarks unknown without "
		    "zoneinfo): reclaim", wd->fr, gap);
}

void
render_advice_say(struct render_sentence *t, const struct report *r,
    const struct zadvice *a)
{
	struct advice_words wd;

	advice_words(&wd, r, a);
	/* vm.defrag_mode: why the rules below ran at the pageblock order. */
	if (a->nofragment)
		defrag_prefix(t, &wd, a, r->page_size);
	switch (a->reason) {
	case R_FREE_BLOCK:
		render_say(t, "a free %s block exists%s%s", wd.blk,
		    a->lists_known && (a->order > 0 || a->usable_block == 1) ?
		    " on a list it may use" : "",
		    a->have_wmark ? " and free memory is above the min watermark" :
		    "");
		break;
	case R_RESERVE_UNKNOWN:
		render_say(t, "a free %s block exists, but without "
		    "zoneinfo the lowmem reserve against %s allocations is "
		    "unknown (at least %s): unknown", wd.blk, wd.gfp, wd.res);
		break;
	case R_ZONE_TYPE:
		render_say(t, "%s allocations never use this zone: not "
		    "used by this allocation", wd.gfp);
		break;
	case R_LOWMEM_RESERVE:
	case R_RESERVE_RECLAIM:
		reserve_sentence(t, &wd, a);
		break;
	case R_LOW_ORDER0:
		order0_sentence(t, &wd, r, a);
		break;
	case R_INDEX_LOW:
		render_say(t, "%s free, %s, but index %s <= threshold %s: "
		    "short of memory rather than fragmented: reclaim", wd.fr,
		    wd.lg, wd.fi, wd.th);
		break;
	case R_INDEX_HIGH:
		render_say(t, "%s free, but %s (index %s > %s): compact",
		    wd.fr, wd.lg, wd.fi, wd.th);
		break;
	case R_INDEX_NEGATIVE:
		render_say(t, "%s free in a single block (index %s, "
		    "negative): compact", wd.fr, wd.fi);
		break;
	case R_BLOCK_UNUSABLE:
		render_say(t, "%s free and a %s block exists, but this "
		    "allocation may not take it (%s): compact", wd.fr, wd.blk,
		    a->usable_block == 0 ? "HighAtomic, Isolate or CMA list" :
		    "CMA, or below the watermark");
		break;
	case R_NOT_COSTLY:
		render_say(t, "%s free, but %s; below order %d the kernel "
		    "compacts without consulting the index: compact", wd.fr,
		    wd.lg, ADVISE_COSTLY_ORDER + 1);
		break;
	}
}

char *
render_advice_text(const struct report *r, const struct zadvice *a)
{
	struct render_sentence t = { 0 };

	render_advice_say(&t, r, a);
	return render_sentence_take(&t);
}

bool
render_advice_ceiling(struct render_sentence *t, const struct report *r,
    const struct zadvice *a)
{
	const struct map_zone *z;
	const struct avail *row;
	uint64_t after;
	const char *by;

	if (a->verdict != VERDICT_COMPACT ||
	    !advise_ceiling_known(r->map, a->order))
		return false;
	z = &r->map->zones[a->zone];
	/*
	 * The zone's count after compaction, as every view says it: the
	 * map's ceiling bounded by the free memory above the watermark
	 * (avail.c's zone_row()), not the ceiling alone.
	 */
	row = avail_find(r->avail, (int)r->bi->zones[a->zone].node,
	    (long)a->zone, a->order);
	after = row != NULL ? row->after : z->ceiling[a->order];
	by = after < z->ceiling[a->order] ? "free memory above the watermark" :
	    map_limit_words(z->limited_by[a->order]);
	if (after > 0)
		render_say(t, "compaction can make at most %" PRIu64
		    " blocks of this order (an upper bound from the page "
		    "flags, limited by %s); buddyinfo shows %" PRIu64 " suitable "
		    "free blocks", after, by, z->free_now[a->order]);
	else
		render_say(t, "compaction can make no block of this "
		    "order (%s); buddyinfo shows %" PRIu64 " suitable free "
		    "blocks: compaction cannot help here", after < z->ceiling[a->order] ? "free memory "
		    "above the watermark is less than one block" :
		    z->limited_by[a->order] == MAP_LIMIT_FREE ?
		    "free memory is less than one block" : "every aligned "
		    "range holds a hole or an unmovable page",
		    z->free_now[a->order]);
	return true;
}

/*
 * Print node K's kswapd and kcompactd under vm.defrag_mode: woken at the
 * pageblock order, both stop once one zone meets its high watermark in
 * whole free pageblocks (pgdat_balanced(), __compact_finished()).
 */
static void
blocks_line(FILE *fp, const struct report *r, const struct kcompactd *k)
{
	const struct advice *adv = r->advice;
	char fr[32], nd[32], pb[32];

	hum_order(pb, sizeof(pb), adv->pageblock_order, r->page_size);
	if (k->blocks_balanced < 0) {
		fprintf(fp, "kswapd/kcompactd: node %u: zoneinfo has no "
		    "nr_free_pages_blocks for every zone: whether whole %s "
		    "pageblocks meet the high watermark is unknown\n", k->node,
		    pb);
		return;
	}
	hum_size(fr, sizeof(fr), k->blocks_free, r->page_size);
	hum_size(nd, sizeof(nd), k->blocks_need, r->page_size);
	if (k->blocks_balanced && k->blocks_zone[0] == '\0')
		fprintf(fp, "kswapd/kcompactd: node %u has no zone this "
		    "allocation may use: balanced\n", k->node);
	else if (k->blocks_balanced)
		fprintf(fp, "kswapd/kcompactd: node %u balanced in whole %s "
		    "pageblocks: zone %s has %s free in them, above its high "
		    "watermark + reserve %s: a pageblock wakeup ends at once\n",
		    k->node, pb, k->blocks_zone, fr, nd);
	else
		fprintf(fp, "kswapd/kcompactd: node %u not balanced in whole %s "
		    "pageblocks: zone %s has %s free in them, not above its "
		    "high watermark + reserve %s: kswapd reclaims and kcompactd "
		    "compacts at order %u until one zone is\n", k->node, pb,
		    k->blocks_zone, fr, nd, adv->pageblock_order);
}

/* Returns the sentence a person acts on for verdict V at URGENCY U. */
static const char *
urgency_words(enum verdict v, enum urgency u)
{
	if (u == URGENCY_SEVERE && v == VERDICT_RECLAIM)
		return "memory pressure is severe: the machine is already "
		    "thrashing";
	if (u == URGENCY_SEVERE)
		return "memory pressure is severe: tasks are stalling on memory";
	if (u == URGENCY_ELEVATED)
		return "memory pressure is elevated: allocation is costing time";
	if (u == URGENCY_CALM)
		return "memory pressure is calm";
	return "memory pressure unknown";
}

/* Print the advice's first lines: for which allocations, what was assumed. */
static void
advice_header(FILE *fp, const struct advice *adv, const char *bold,
    const char *off)
{
	struct render_sentence t = { 0 };
	char *assumed;

	fprintf(fp, "%sAdvice for %s allocations%s (orders: %s; "
	    "extfrag_threshold %d from %s)\n", bold,
	    advise_gfp_name(adv->gfp), off, adv->orders_from,
	    adv->threshold, adv->threshold_from);
	render_advice_assumed(&t, adv);
	if ((assumed = render_sentence_take(&t)) != NULL)
		fprintf(fp, "  assumed: %s\n", assumed);
	free(assumed);
	if (adv->defrag_mode >= 0)
		fprintf(fp, "  rules: vm.defrag_mode %d: %s\n", adv->defrag_mode,
		    adv->defrag_rules ? "no fallback to another migratetype "
		    "below the pageblock order before reclaim and compaction; "
		    "kswapd and kcompactd woken at the pageblock order until "
		    "whole free pageblocks meet the high watermark (6.15+)" :
		    adv->defrag_mode ? "not in the rules of this release (6.15+)" :
		    "fallbacks before reclaim and compaction");
}

/* Print each zone and order of R's advice: its verdict and why. */
static void
zone_lines(FILE *fp, const struct report *r)
{
	const struct advice *adv = r->advice;
	struct render_sentence t = { 0 };
	char blk[32], fi[16], *why, *ceil;
	size_t i;

	for (i = 0; i < adv->nzones; i++) {
		const struct zadvice *a = &adv->zones[i];
		const struct bzone *z = &r->bi->zones[a->zone];

		fprintf(fp, "  Node %u, zone %s, order %u (%s): %s", z->node,
		    z->name, a->order, hum_size(blk, sizeof(blk),
		    1ULL << a->order, r->page_size),
		    advise_verdict_word(a->verdict));
		if (a->index_used)
			fprintf(fp, ", index %s", hum_index(fi, sizeof(fi),
			    a->fragindex));
		/* pagetypeinfo: is a block free on the allocation's own lists? */
		if (a->own_free >= 0)
			fprintf(fp, ", %s", a->own_free ? "a block free in its own "
			    "migratetype" : "no block free in its own migratetype");
		render_advice_say(&t, r, a);
		why = render_sentence_take(&t);
		fprintf(fp, "\n      %s\n", why != NULL ? why : "");
		free(why);
		if (render_advice_ceiling(&t, r, a) &&
		    (ceil = render_sentence_take(&t)) != NULL) {
			fprintf(fp, "      %s\n", ceil);
			free(ceil);
		}
	}
}

/*
 * Returns BUF holding "; memory fragmented: 1527 free now of at most 4745
 * after compaction (32.2%)", the judgement of NODE (-1: the machine) at
 * ORDER (judge_at()), or "" without the counts.
 */
static const char *
judged_words(char *buf, size_t size, const struct report *r, int node,
    unsigned order)
{
	char c[RENDER_COUNTS_SIZE];
	struct judged j;

	buf[0] = '\0';
	if (r->avail != NULL && judge_at(r->avail, node, -1, order, &j) == 0)
		/* "memory fragmented", but "short of memory" as it is. */
		snprintf(buf, size, "; %s%s: %s", j.judgement == JUDGE_SHORT ?
		    "" : "memory ", j.name, render_counts(c, sizeof(c), j.row));
	return buf;
}

/*
 * Print the best verdict of each node and of the machine, order by order,
 * each with the judgement of its memory at that order.
 */
static void
verdict_lines(FILE *fp, const struct report *r, const char *bold,
    const char *off)
{
	const struct advice *adv = r->advice;
	/* "; severely fragmented: " and the counts. */
	char jw[32 + RENDER_COUNTS_SIZE];
	unsigned node;
	size_t i, j;
	enum verdict v;

	for (j = 0; j < adv->norders; j++) {
		i = 0;
		while (advise_next_node(r->bi, &i, &node)) {
			v = advise_best(adv, (int)node, j);
			fprintf(fp, "  Node %u, order %u: %s%s\n", node,
			    adv->orders[j], advise_verdict_word(v),
			    judged_words(jw, sizeof(jw), r, (int)node,
			    adv->orders[j]));
		}
		v = advise_best(adv, -1, j);
		fprintf(fp, "%s  Machine, order %u: %s%s; %s%s\n", bold,
		    adv->orders[j], advise_verdict_word(v), judged_words(jw,
		    sizeof(jw), r, -1, adv->orders[j]),
		    urgency_words(v, adv->urgency), off);
	}
}

const char *
render_kcompactd_words(enum kcompactd_state s)
{
	switch (s) {
	case KCOMPACTD_NONE:
		return "none before Linux 5.9";
	case KCOMPACTD_OFF:
		return "disabled (proactiveness 0)";
	/* One snapshot shows no counter moving: the score says it. */
	case KCOMPACTD_WORKING:
		return "working, inferred from the score";
	case KCOMPACTD_IDLE:
		break;
	}
	return "idle";
}

const char *
render_kcompactd_seen(char *buf, size_t size, enum kcompactd_seen seen,
    uint64_t ms)
{
	char t[32];

	if (seen == KCOMPACTD_UNSEEN)
		return NULL;
	snprintf(buf, size, "its scan counters %s in the last %s s",
	    seen == KCOMPACTD_MOVED ? "moved" : "did not move",
	    hum_fixed(t, sizeof(t), (long long)ms, 3));
	return buf;
}

const char *
render_kcompactd_seen_word(enum kcompactd_seen seen)
{
	return seen == KCOMPACTD_MOVED ? "working" : "not seen working";
}

/* Print each node's kcompactd: its fragmentation score and what it does. */
static void
kcompactd_lines(FILE *fp, const struct report *r)
{
	const struct advice *adv = r->advice;
	char sb[96];
	size_t i;

	if (adv->kc == NULL) {
		fprintf(fp, "kcompactd: no zoneinfo, no fragmentation score\n");
		return;
	}
	for (i = 0; i < adv->nkc; i++)
		fprintf(fp, "kcompactd: node %u fragmentation score %" PRIu64
		    " of 100 at order %u; background compaction starts above "
		    "%u and stops at %u: %s\n",
		    adv->kc[i].node, adv->kc[i].score, adv->hpage_order,
		    adv->kc[i].high, adv->kc[i].low,
		    render_kcompactd_words(adv->kc[i].state));
	/* The counters are the machine's: one line, not one per node. */
	if (render_kcompactd_seen(sb, sizeof(sb), adv->seen, adv->seen_ms))
		fprintf(fp, "kcompactd: %s on the machine (%s)\n",
		    render_kcompactd_seen_word(adv->seen), sb);
	for (i = 0; i < adv->nkc && adv->defrag_rules; i++)
		blocks_line(fp, r, &adv->kc[i]);
}

/* Print R's advice as text, the machine's lines in BOLD ... OFF. */
void
render_advice_table(FILE *fp, const struct report *r, const char *bold,
    const char *off)
{
	const struct advice *adv = r->advice;
	char some[16], full[16], el[32], sv[16];

	advice_header(fp, adv, bold, off);
	zone_lines(fp, r);
	verdict_lines(fp, r, bold, off);
	if (r->psi)
		fprintf(fp, "  (some avg10 %s, full avg10 %s; elevated from %s, "
		    "severe from %s full)\n", hum_centi(some, sizeof(some),
		    r->psi->some.avg10), r->psi->full.present ?
		    hum_centi(full, sizeof(full), r->psi->full.avg10) : "-",
		    hum_centi(el, sizeof(el), adv->psi_some),
		    hum_centi(sv, sizeof(sv), adv->psi_full));
	unmanaged(fp, r);
	kcompactd_lines(fp, r);
}

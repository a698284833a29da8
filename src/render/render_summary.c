/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_summary.c - the default view: the verdict first, then one line per zone */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "avail.h"
#include "humanize.h"
#include "kcompactd.h"
#include "outcome.h"
#include "regions.h"
#include "report.h"
#include "render_prepare.h"
#include "render_text.h"
#include "render_words.h"
#include "render_unmanaged.h"

/* The nodes whose kcompactd score the summary's last line names. */
#define SUMMARY_SCORES	8

/* ANSI attributes, empty when colour is off. */
struct sstyle {
	const char	*bold, *off;
	const char	*verdict[VERDICT_NSTATES];
	const char	*judgement[JUDGE_NSTATES];
	const char	*urgency[URGENCY_SEVERE + 1];
};

/*
 * Say to T the counts of row A: "N free now of at most M after compaction; F
 * free" (NOW an upper bound: "at most N free now").
 */
static void
counts(struct render_sentence *t, const struct report *r,
    const struct avail *a)
{
	char b[32], c[96];

	render_say(t, "%s; %s free", hum_counts(c, sizeof(c), a->now,
	    a->now_is_bound, a->after), hum_size(b, sizeof(b), a->free_pages,
	    r->page_size));
}

/*
 * Under the line of order O: what happened to the THP allocations of that
 * size since boot, when it is a THP size of the input's kernel.
 */
static void
outcomes(FILE *fp, const struct report *r, unsigned o)
{
	const struct thp_size *s;
	struct render_sentence t = { 0 };
	struct outcome oc;
	enum outcome_kind k;
	char b[32], c[160], label[64];

	if (r->thp == NULL || ((s = thp_size_of(r->thp, o)) == NULL &&
	    r->thp->pmd_order != (long)o))
		return;
	hum_order(b, sizeof(b), o, r->page_size);
	for (k = 0; k < OUTCOME_NKINDS; k++) {
		outcome_of(r->thp, r->vm, k, o, &oc);
		snprintf(label, sizeof(label), "  %s %s since boot:", b,
		    outcome_kind_name(k));
		if (!oc.known && k == OUTCOME_ANON) {
			render_say(&t, "unknown (%s)", r->vm == NULL ? "no "
			    "/proc/vmstat in the input" : "the kernel counts "
			    "them by size since Linux 6.9, and before for "
			    "the PMD size only");
			render_said(&t, fp, label);
		}
		/* shmem THP only where there were some. */
		if (!oc.known || (k == OUTCOME_SHMEM && oc.alloc +
		    oc.fallback == 0))
			continue;
		render_say(&t, "%s%s", hum_outcome(c, sizeof(c), oc.alloc,
		    oc.fallback, oc.have_charge, oc.charge), k == OUTCOME_ANON &&
		    s != NULL && !s->on ? "; off now" : "");
		render_said(&t, fp, label);
	}
}

/* Returns what the next allocation does under verdict V, in the headline's words. */
static const char *
next_word(enum verdict v)
{
	switch (v) {
	case VERDICT_OK:
		return "succeeds";
	case VERDICT_COMPACT:
		return "needs compaction";
	case VERDICT_RECLAIM:
		return "needs reclaim";
	case VERDICT_UNKNOWN:
		return "unknown";
	case VERDICT_PINNED:
		return "pinned";
	case VERDICT_SHORT:
		return "short";
	case VERDICT_UNUSABLE:
	case VERDICT_NSTATES:
		break;
	}
	return "not possible";
}

/* Returns whether pages of ORDER can be had on R's host: avail_possible(). */
static enum avail_possible
possible(const struct report *r, unsigned order)
{
	return avail_possible(r->huge, r->huge_known, order, r->bi->norders);
}

/*
 * Say to T, after the size, that pages of ORDER cannot be had: "pages
 * cannot be allocated on this host (no hugepages-1048576kB)".
 */
static void
impossible(struct render_sentence *t, const struct report *r, unsigned order)
{
	char why[64];

	render_say(t, "pages cannot be allocated on this host (%s)",
	    render_no_hugepages(why, sizeof(why), order, r->page_size));
}

/* Under counts of ORDER: whether such pages exist is not known. */
static void
possible_unknown(FILE *fp, const struct report *r, unsigned order)
{
	char b[32];

	if (possible(r, order) == AVAIL_POSSIBLE_UNKNOWN)
		fprintf(fp, "  whether the host has %s pages is unknown: no "
		    "sys/kernel/mm/hugepages\n", hum_size(b, sizeof(b),
		    1ULL << order, r->page_size));
}

/*
 * One line of the headline, folded: how fragmented memory is at the order
 * of row A (the judgement, its score), the counts with their ratio, then
 * whether the next allocation succeeds: the machine's verdict at
 * ADV->orders[J] ("only N left" below the low mark). J < 0: a gigantic
 * order, which the buddy allocator does not serve: counts only.
 */
static void
order_line(FILE *fp, const struct report *r, const struct sstyle *st,
    const struct avail *a, long j)
{
	const struct advice *adv = r->advice;
	struct render_sentence t = { 0 };
	char b[32], c[RENDER_COUNTS_SIZE], head[96];
	enum verdict v;

	/* A size the host cannot have: said once, by --need when it asks. */
	if (j < 0 && possible(r, a->order) == AVAIL_IMPOSSIBLE) {
		if (r->need == NULL || r->need->order != a->order) {
			impossible(&t, r, a->order);
			render_said(&t, fp, hum_order(b, sizeof(b), a->order,
			    r->page_size));
		}
		return;
	}
	snprintf(head, sizeof(head), "%s%s (order %u%s):%s", st->bold,
	    hum_order(b, sizeof(b), a->order, r->page_size), a->order,
	    j < 0 ? ", gigantic" : adv->gfp == ADVISE_KERNEL ? ", kernel" : "",
	    st->off);
	if (j >= 0)
		render_say(&t, "%s%s%s "
		    "(score %u),", st->judgement[a->judgement],
		    judge_name(a->judgement), st->off, a->score);
	render_say(&t, "%s%s", t.n > 0 ? " " : "", render_counts(c, sizeof(c),
	    a));
	render_say(&t, "; %s free",
	    hum_size(b, sizeof(b), a->free_pages, r->page_size));
	if (j >= 0) {
		v = advise_best(adv, -1, (size_t)j);
		render_say(&t, "; next "
		    "allocation: %s%s%s", st->verdict[v], next_word(v),
		    st->off);
		if (v == VERDICT_OK && a->now < a->low)
			render_say(&t, ", only %" PRIu64
			    " left", a->now);
	}
	render_said(&t, fp, head);
	if (j < 0 && (r->need == NULL || r->need->order != a->order))
		possible_unknown(fp, r, a->order);
	outcomes(fp, r, a->order);
}

/* The hugetlb pool of the size --need asks for, when the kernel has one. */
static void
pool(FILE *fp, const struct report *r, const struct need *n)
{
	const struct hugetlb_node *hn;
	const struct hugetlb_size *hs = avail_pool(r->huge, n->order, n->node,
	    &hn);
	struct render_sentence t = { 0 };
	char b[32], label[96];

	if (hs == NULL)
		return;
	hum_order(b, sizeof(b), n->order, r->page_size);
	snprintf(label, sizeof(label), "  hugetlb pool of %s pages:", b);
	if (n->node >= 0 && hn == NULL)
		render_say(&t, "none on node %d", n->node);
	else if (hn != NULL) {
		snprintf(label, sizeof(label), "  hugetlb pool of %s pages on "
		    "node %d:", b, n->node);
		render_say(&t, "%" PRIu64 " (%" PRIu64 " free, %" PRIu64
		    " surplus)", hn->nr, hn->free, hn->surplus);
	} else
		render_say(&t, "%" PRIu64 " (%" PRIu64 " free, %" PRIu64
		    " reserved, %" PRIu64 " surplus)", hs->nr, hs->free,
		    hs->resv, hs->surplus);
	render_said(&t, fp, label);
}

/* Memory present but not managed: one line under the headline, or for --need (NEED). */
static void
unmanaged(FILE *fp, const struct report *r, bool need)
{
	struct render_sentence t = { 0 };
	const char *label;

	if (need && render_unmanaged_need(&t, r))
		render_said(&t, fp, " ");
	else if (!need && render_unmanaged_sentence(&t, r, &label))
		render_said(&t, fp, label);
}

/*
 * Say to T after --need's counts, when its answer is pinned: what keeps
 * the regions, "; no 1 GiB region can be emptied: 2 tainted, 1 slab page
 * each" ("only 2 of 4 1 GiB regions are free of pinned pages: ..." where
 * some are), from the map's regions.
 */
static void
pinned(struct render_sentence *t, const struct report *r,
    const struct need *n)
{
	struct regions_pinned p;
	char b[32];

	hum_size(b, sizeof(b), 1ULL << n->order, r->page_size);
	if (r->regions == NULL || r->map == NULL) {
		render_say(t, "; no %s region can be emptied", b);
		return;
	}
	regions_pinned(r->regions, r->map, n->node, &p);
	/* No page pins a region: holes or the zones' bounds keep them. */
	if (p.tainted == 0) {
		if (p.whole == 0)
			render_say(t, "; no %s region lies whole within one "
			    "zone", b);
		else
			render_say(t, "; holes or zone boundaries, not pinned "
			    "pages, keep the other %s regions", b);
		return;
	}
	if (p.clean > 0)
		render_say(t, "; only %" PRIu64 " of %" PRIu64 " %s regions are "
		    "free of pinned pages", p.clean, p.whole, b);
	else
		render_say(t, "; no %s region can be emptied", b);
	render_say(t, ": %" PRIu64 " tainted, ", p.tainted);
	if (p.keep_min == p.keep_max && p.kind != MAP_NPINS)
		render_say(t, "%" PRIu64 " %s page%s each", p.keep_min,
		    map_pin_name(p.kind), p.keep_min == 1 ? "" : "s");
	else
		render_say(t, "%" PRIu64 " to %" PRIu64 " pages keep each",
		    p.keep_min, p.keep_max);
}

/* The answer to --need, first. */
static void
need(FILE *fp, const struct report *r, const struct sstyle *st,
    const struct need *n, const struct need_answer *ans)
{
	struct render_sentence t = { 0 };
	char b[32], where[32] = "", head[128];

	if (n->node >= 0)
		snprintf(where, sizeof(where), " on node %d", n->node);
	snprintf(head, sizeof(head), "%sNeed %" PRIu64 " x %s (order %u)%s:%s",
	    st->bold, n->count, hum_order(b, sizeof(b), n->order,
	    r->page_size), n->order, where, st->off);
	if (ans->possible == AVAIL_IMPOSSIBLE) {
		render_say(&t, "%simpossible%s: %s ", st->verdict[ans->verdict],
		    st->off, b);
		impossible(&t, r, n->order);
		render_said(&t, fp, head);
		return;
	}
	render_say(&t, "%s%s%s", st->verdict[ans->verdict],
	    advise_verdict_word(ans->verdict), st->off);
	if (ans->row == NULL) {
		render_say(&t, ", no node %d in the input", n->node);
		render_said(&t, fp, head);
		return;
	}
	render_say(&t, ", ");
	/* The fewest too, where they decide the answer (--check says so too). */
	if (ans->row->now_is_bound && ans->row->now_least > 0)
		render_say(&t, "at least %" PRIu64 ", ", ans->row->now_least);
	counts(&t, r, ans->row);
	if (ans->verdict == VERDICT_PINNED && n->order >= r->bi->norders)
		pinned(&t, r, n);
	else if (ans->verdict == VERDICT_PINNED)
		render_say(&t, "; the pinned pageblocks leave at most %" PRIu64
		    " without freeing kernel memory", ans->row->limit);
	/* Compaction could make them, but the kernel would not run it. */
	if (ans->verdict == VERDICT_RECLAIM && ans->row->after >= n->count)
		render_say(&t, "; the kernel would compact to at most %" PRIu64
		    " (its verdict where the rest is: reclaim)",
		    ans->row->reach);
	render_said(&t, fp, head);
	if (r->need_forecasts != NULL)
		render_forecast_lines(fp, r, &r->need_forecasts[n - r->needs]);
	possible_unknown(fp, r, n->order);
	pool(fp, r, n);
	/* Memory not managed is reckoned for the worst need (pipe_count()). */
	if (n == r->need)
		unmanaged(fp, r, true);
}

/* The first lines: kernel, page size, the machine's verdict per order, pressure. */
static void
headline(FILE *fp, const struct report *r, const struct sstyle *st)
{
	const struct advice *adv = r->advice;
	struct render_sentence t = { 0 };
	char b[32], c[32];
	size_t j;

	render_say(&t, "%s, %s pages (%s)", r->release ? r->release :
	    "unknown", hum_size(b, sizeof(b), 1, r->page_size),
	    r->page_size_from);
	/* Without pagetypeinfo, the order compaction works towards. */
	if (r->pti)
		render_say(&t, ", pageblock %s (order %u)", hum_size(b,
		    sizeof(b), r->pti->pages_per_block, r->page_size),
		    r->pti->pageblock_order);
	else
		render_say(&t, ", pageblock %s (order %u, assumed)", hum_size(b,
		    sizeof(b), 1ULL << adv->hpage_order, r->page_size),
		    adv->hpage_order);
	render_said(&t, fp, "Kernel");
	/* Each --need in the order given. */
	for (j = 0; j < r->nneeds; j++)
		need(fp, r, st, &r->needs[j], &r->need_answers[j]);
	for (j = 0; j < adv->norders; j++)
		order_line(fp, r, st, avail_find(r->avail, -1, -1,
		    adv->orders[j]), (long)j);
	if (r->avail->gigantic_order)
		order_line(fp, r, st, avail_find(r->avail, -1, -1,
		    r->avail->gigantic_order), -1);
	render_say(&t, "%s%s%s", st->urgency[adv->urgency],
	    advise_urgency_name(adv->urgency), st->off);
	if (r->psi)
		render_say(&t, " (stalled in the last 10 s: some tasks %s, all "
		    "tasks %s)", hum_centi(b, sizeof(b), r->psi->some.avg10),
		    r->psi->full.present ? hum_centi(c, sizeof(c),
		    r->psi->full.avg10) : "unknown");
	else
		render_say(&t, " (no PSI file)");
	render_said(&t, fp, "Memory pressure:");
	render_advice_assumed(&t, adv);
	/* Without present pages, kcompactd's weights are not known. */
	if (r->avail->score_by_free)
		render_say(&t, "%sscores weigh zones by free pages", t.n > 0 ?
		    "; " : "");
	if (t.n > 0 || t.failed)
		render_said(&t, fp, "Assumed:");
	/* Which rules: only where they differ from every release before. */
	if (adv->defrag_rules)
		render_fold(fp, "Rules:", "vm.defrag_mode 1: no fallback to another "
		    "migratetype below the pageblock order before reclaim and "
		    "compaction (6.15+)");
}

/*
 * Returns BUF holding zone Z's allocations of order O free now ("<=N"
 * when only a bound) or, with SCORE, its fragmentation score at O (the
 * unusable index in hundredths, 0 with nothing free); "-" for a zone the
 * allocation never uses.
 */
static const char *
cell(char *buf, size_t size, const struct report *r, size_t z, unsigned o,
    bool score)
{
	const struct avail *a = avail_find(r->avail,
	    (int)r->bi->zones[z].node, (long)z, o);

	if (a == NULL)
		snprintf(buf, size, "-");
	else if (score)
		snprintf(buf, size, "%u", a->score);
	else
		snprintf(buf, size, "%s%" PRIu64, a->now_is_bound ? "<=" : "",
		    a->now);
	return buf;
}

/*
 * Print the judgement of zone Z at the advice's J-th order in its short
 * word, coloured; "not used" where the allocation never takes from the
 * zone (its advice: unusable), as the advice says it.
 */
static void
judgement(FILE *fp, const struct report *r, const struct sstyle *st,
    size_t z, size_t j)
{
	const struct zadvice *v = advise_at(r->advice, z, j);
	const struct avail *a = avail_find(r->avail, (int)r->bi->zones[z].node,
	    (long)z, r->advice->orders[j]);
	const char *w;

	if (v != NULL && v->verdict == VERDICT_UNUSABLE)
		a = NULL;
	w = a != NULL ? judge_word(a->judgement) : "not used";
	fprintf(fp, "%s%s%s", a != NULL ? st->judgement[a->judgement] :
	    st->verdict[VERDICT_UNUSABLE], w, st->off);
}

const char *const summary_columns[SUMMARY_NCOLS] = {
	[SUMMARY_COL_NODE] = "Node", [SUMMARY_COL_ZONE] = "Zone",
	[SUMMARY_COL_FREE] = "free", [SUMMARY_COL_PAGEBLOCKS] = "free pageblocks",
	[SUMMARY_COL_NOW] = "free now", [SUMMARY_COL_SCORE] = "score",
	[SUMMARY_COL_FRAGINDEX] = "fragindex",
	[SUMMARY_COL_VERDICT] = "judgement",
};

/*
 * The zone table at the advice's J-th order: one line per zone, under a
 * header as wide as its cells.
 */
static void
zone_table(FILE *fp, const struct report *r, const struct sstyle *st,
    size_t j)
{
	unsigned pb = advise_block_order(r->pti, r->advice);
	unsigned o = r->advice->orders[j];
	char b[32], c[32], c2[32];
	size_t i;

	fprintf(fp, "%s%4s %-8s %10s %16s  %8s  %5s %9s %s%s\n", st->bold,
	    summary_columns[SUMMARY_COL_NODE], summary_columns[SUMMARY_COL_ZONE],
	    summary_columns[SUMMARY_COL_FREE],
	    summary_columns[SUMMARY_COL_PAGEBLOCKS],
	    summary_columns[SUMMARY_COL_NOW],
	    summary_columns[SUMMARY_COL_SCORE],
	    summary_columns[SUMMARY_COL_FRAGINDEX],
	    summary_columns[SUMMARY_COL_VERDICT], st->off);
	for (i = 0; i < r->bi->nzones; i++) {
		const struct bzone *z = &r->bi->zones[i];
		const struct frag *f = &r->frag[i];

		fprintf(fp, "%4u %-8s %10s %16" PRIu64, z->node, z->name,
		    hum_size(b, sizeof(b), f->free_pages, r->page_size),
		    pb < r->bi->norders ? f->suitable[pb] : 0);
		fprintf(fp, "  %8s  %5s %9s ", cell(b, sizeof(b), r, i, o,
		    false), cell(c, sizeof(c), r, i, o, true),
		    hum_fragindex(c2, sizeof(c2), f->fragindex[o],
		    FRAG_INDEX_SUCCEEDS));
		judgement(fp, r, st, i, j);
		fputc('\n', fp);
	}
}

/*
 * The zone tables: one per order of the advice, stacked so that each fits
 * a terminal's 80 columns, the size over its columns where there are more.
 */
static void
zones(FILE *fp, const struct report *r, const struct sstyle *st)
{
	const struct advice *adv = r->advice;
	char b[32];
	size_t j;

	for (j = 0; j < adv->norders; j++) {
		if (j > 0)
			fputc('\n', fp);
		if (adv->norders > 1)
			fprintf(fp, "%39s  %s\n", "", hum_order(b, sizeof(b),
			    adv->orders[j], r->page_size));
		zone_table(fp, r, st, j);
	}
}

/* Background compaction (kcompactd) in plain words, one sentence. */
static void
background(FILE *fp, const struct report *r)
{
	const struct advice *adv = r->advice;
	struct render_sentence t = { 0 };
	enum kcompactd_state state = kcompactd_machine(adv);
	bool moved = adv->seen == KCOMPACTD_MOVED, quiet;
	const char *seen;
	char sb[96];
	size_t i;

	if (adv->kc == NULL || adv->nkc == 0)
		return;
	/* What its counters did outranks what the score suggests. */
	seen = render_kcompactd_seen(sb, sizeof(sb), adv->seen, adv->seen_ms);
	quiet = state == KCOMPACTD_NONE || state == KCOMPACTD_OFF;
	if (moved)
		render_say(&t, "%s (%s); ", render_kcompactd_seen_word(adv->seen),
		    seen);
	else if (state == KCOMPACTD_NONE)
		render_say(&t, "%s (", render_kcompactd_words(state));
	else if (state == KCOMPACTD_OFF)
		render_say(&t, "off, vm.compaction_proactiveness is 0 (");
	else if (seen != NULL)
		render_say(&t, "%s (%s); ", render_kcompactd_words(state), seen);
	else
		render_say(&t, "%s; ", render_kcompactd_words(state));
	render_say(&t, "fragmentation score");
	for (i = 0; i < adv->nkc && i < SUMMARY_SCORES; i++)
		render_say(&t, "%s%" PRIu64, i ? ", " : " ", adv->kc[i].score);
	render_say(&t, "%s of 100%s", i < adv->nkc ? ", ..." : "",
	    adv->nkc > 1 ? " by node" : "");
	if (quiet && moved)
		render_say(&t, "; proactive compaction %s.",
		    render_kcompactd_words(state));
	else if (quiet)
		render_say(&t, ").");
	else
		render_say(&t, "; kcompactd starts above %u and stops at %u "
		    "(vm.compaction_proactiveness %u).", adv->kc[0].high,
		    adv->kc[0].low, adv->proactiveness);
	render_said(&t, fp, "Background compaction:");
}

void
render_summary(FILE *fp, const struct report *r)
{
	struct sstyle st;

	memset(&st, 0, sizeof(st));
	st.bold = st.off = "";
	st.verdict[VERDICT_OK] = st.verdict[VERDICT_COMPACT] = "";
	st.verdict[VERDICT_RECLAIM] = st.verdict[VERDICT_UNKNOWN] = "";
	st.verdict[VERDICT_UNUSABLE] = st.verdict[VERDICT_PINNED] = "";
	st.verdict[VERDICT_SHORT] = "";
	st.judgement[JUDGE_FINE] = st.judgement[JUDGE_FRAGMENTED] = "";
	st.judgement[JUDGE_SEVERE] = st.judgement[JUDGE_SHORT] = "";
	st.urgency[URGENCY_UNKNOWN] = st.urgency[URGENCY_CALM] = "";
	st.urgency[URGENCY_ELEVATED] = st.urgency[URGENCY_SEVERE] = "";
	if (r->color) {
		st.bold = "\033[1m";
		st.off = "\033[0m";
		st.verdict[VERDICT_OK] = "\033[32m";
		st.verdict[VERDICT_COMPACT] = "\033[33m";
		st.verdict[VERDICT_RECLAIM] = "\033[31m";
		st.verdict[VERDICT_UNKNOWN] = "\033[35m";
		st.verdict[VERDICT_UNUSABLE] = "\033[2m";
		st.verdict[VERDICT_PINNED] = "\033[31m";
		st.verdict[VERDICT_SHORT] = "\033[31m";
		st.judgement[JUDGE_FINE] = "\033[32m";
		st.judgement[JUDGE_FRAGMENTED] = "\033[33m";
		st.judgement[JUDGE_SEVERE] = "\033[31m";
		st.judgement[JUDGE_SHORT] = "\033[31m";
		st.urgency[URGENCY_CALM] = "\033[32m";
		st.urgency[URGENCY_ELEVATED] = "\033[33m";
		st.urgency[URGENCY_SEVERE] = "\033[31m";
	}
	headline(fp, r, &st);
	unmanaged(fp, r, false);
	fputc('\n', fp);
	zones(fp, r, &st);
	render_next_step(fp, r);
	background(fp, r);
}

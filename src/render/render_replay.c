/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_replay.c - a recording's summary, and two side by side, as tables */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "evcount.h"
#include "events.h"
#include "frag.h"
#include "futile.h"
#include "humanize.h"
#include "judge.h"
#include "outcome.h"
#include "recording.h"
#include "render_words.h"
#include "render_replay.h"
#include "render_text.h"
#include "report.h"

/* Returns BUF holding the share PART of WHOLE in percent ("50.0%"), or "-". */
static const char *
share(char *buf, size_t size, uint64_t part, uint64_t whole)
{
	if (whole == 0)
		return "-";
	return hum_pct(buf, size, part, whole);
}

/* Print index X as "FIRST -> LAST  (min MIN, max MAX)", or - when never seen. */
static void
index_table(FILE *fp, const struct rindex *x)
{
	char b[4][32];

	if (!x->seen) {
		fputs("-", fp);
		return;
	}
	fprintf(fp, "%s -> %s  (min %s, max %s)",
	    hum_fragindex(b[0], sizeof(b[0]), (int)x->first,
	    FRAG_INDEX_SUCCEEDS), hum_fragindex(b[1], sizeof(b[1]),
	    (int)x->last, FRAG_INDEX_SUCCEEDS), hum_fragindex(b[2],
	    sizeof(b[2]), (int)x->min, FRAG_INDEX_SUCCEEDS),
	    hum_fragindex(b[3], sizeof(b[3]), (int)x->max,
	    FRAG_INDEX_SUCCEEDS));
}

/* The stall kinds in the order the views show them, and their names there. */
static const struct {
	enum ev_stall_kind k;
	const char	*name;
} stall_views[EV_NSTALLS] = {
	{ EV_STALL_COMPACTION, "direct compaction" },
	{ EV_STALL_RECLAIM, "direct reclaim" },
	{ EV_STALL_KCOMPACTD, "kcompactd" },
	{ EV_STALL_MANUAL, "manual compaction" },
};

/* Print the allocations of R over the run: failures first, then by order. */
static void
alloc_table(FILE *fp, const struct replay *r)
{
	const struct ev_alloc *a;
	struct ev_alloc_total all;
	struct render_items t;
	bool any = false;
	char item[96];
	size_t o;

	if (!r->has_alloc)
		return;
	all = ev_alloc_sum(r->alloc);
	fprintf(fp, "  allocations of order >=%u: %" PRIu64 " of %" PRIu64
	    " failed", r->alloc_min_order, all.failed, all.succeeded +
	    all.failed);
	if (all.failed && r->alloc_flags)
		fprintf(fp, " (%" PRIu64 " with a fallback, %" PRIu64
		    " could wait)", all.opportunistic_failed,
		    all.could_wait_failed);
	fputc('\n', fp);
	if (all.failed)
		fprintf(fp, "    most failures in one sample %" PRIu64 " at %s\n",
		    r->alloc_worst, r->alloc_worst_time);
	for (o = 0; o < FRAG_MAX_ORDERS; o++) {
		a = &r->alloc[o];
		if (a->succeeded == 0 && a->failed == 0)
			continue;
		snprintf(item, sizeof(item), "order %zu: %" PRIu64 " ok, %"
		    PRIu64 " failed", o, a->succeeded, a->failed);
		if (!any)
			render_items_start(&t, fp, "", 4);
		any = true;
		render_items_add(&t, "; ", item);
	}
	if (any)
		fputc('\n', fp);
}

/* Print the stalls of R over the run, a line per kind recorded. */
static void
stalls_table(FILE *fp, const struct replay *r)
{
	const struct rstall *st;
	char b[3][32];
	size_t i;

	for (i = 0; i < EV_NSTALLS; i++) {
		st = &r->stalls[stall_views[i].k];
		if (!st->seen)
			continue;
		fprintf(fp, "  %s stalls %" PRIu64, stall_views[i].name,
		    st->count);
		if (st->count)
			fprintf(fp, ", %s (max %s)\n    most in one sample %s "
			    "at %s", hum_us(b[0], sizeof(b[0]), st->total_us),
			    hum_us(b[1], sizeof(b[1]), st->max_us),
			    hum_us(b[2], sizeof(b[2]), st->worst_us),
			    st->worst_time);
		fputc('\n', fp);
	}
}

/* Returns "2 MiB THP faults" for X, in BUF. */
static const char *
outcome_label(char *buf, size_t size, const struct routcome *x,
    const struct replay *r)
{
	char b[32];

	snprintf(buf, size, "%s %s", hum_order(b, sizeof(b), x->order,
	    r->page_size), outcome_kind_name(x->kind));
	return buf;
}

/* What THP allocations got over the recording, and the worst interval. */
static void
outcomes_table(FILE *fp, const struct replay *r)
{
	const struct routcome *x;
	char l[64], b[160];
	size_t i;

	if (r->noutcomes == 0)
		return;
	fprintf(fp, "\nTHP allocations over the recording:\n");
	for (i = 0; i < r->noutcomes; i++) {
		x = &r->outcomes[i];
		/* shmem THP only where there were some, as in the summary. */
		if (x->kind == OUTCOME_SHMEM && x->d.alloc + x->d.fallback == 0)
			continue;
		fprintf(fp, "  %s: %s\n", outcome_label(l, sizeof(l), x, r),
		    hum_outcome(b, sizeof(b), x->d.alloc, x->d.fallback,
		    x->d.have_charge, x->d.charge));
		if (x->worst_time[0])
			fprintf(fp, "    worst interval, to %s: %s\n",
			    x->worst_time, hum_outcome(b, sizeof(b),
			    x->worst_alloc, x->worst_fallback, false, 0));
	}
}

/* Write R's first lines: where and when it was recorded, and its command. */
static void
header_table(FILE *fp, const char *dir, const struct replay *r)
{
	struct render_sentence t = { 0 };
	char b[32], wall[32], *span;

	/* What the recording's metadata says, quoted: any file can say it. */
	fprintf(fp, "Recording %s: ", dir);
	esc_text(fp, r->host);
	fputs(", ", fp);
	esc_text(fp, r->release);
	fprintf(fp, ", page size %lu\n", r->page_size);
	render_replay_span(&t, r);
	if ((span = render_sentence_take(&t)) != NULL)
		fprintf(fp, "%s\n", span);
	free(span);
	hum_fixed(wall, sizeof(wall), (long long)r->wall_ms, 3);
	if (r->command[0] == '\0')
		return;
	fputs("Command ", fp);
	esc_text(fp, r->command);
	if (r->has_wall && r->signal > 0)
		fprintf(fp, ": killed by %s after %s s (exit status %d)\n",
		    hum_signal(b, sizeof(b), r->signal), wall, r->exit_status);
	else if (r->has_wall)
		fprintf(fp, ": exit status %d after %s s\n", r->exit_status,
		    wall);
	else
		fputs(": no exit status (the recording ended first)\n", fp);
}

/* Write each zone of R: its free memory and its indices, first to last. */
static void
zones_table(FILE *fp, const struct replay *r)
{
	char b[2][32];
	const struct rzone *z;
	size_t i, k;

	for (i = 0; i < r->nzones; i++) {
		z = &r->zones[i];
		/* "Free pageblocks", as the snapshot's summary says. */
		fprintf(fp, "\nNode %u, zone %-8s free %s -> %s, free pageblocks "
		    "%" PRIu64 " -> %" PRIu64 "\n", z->node, z->name,
		    hum_size(b[0], sizeof(b[0]), z->free_first, r->page_size),
		    hum_size(b[1], sizeof(b[1]), z->free_last, r->page_size),
		    z->pb_first, z->pb_last);
		for (k = 0; k < r->norders; k++) {
			fprintf(fp, "  order %-2u  unusable  ", r->orders[k]);
			index_table(fp, &z->unusable[k]);
			fprintf(fp, "\n            fragindex ");
			index_table(fp, &z->fragindex[k]);
			fputc('\n', fp);
			if (z->now[k].seen)
				fprintf(fp, "            free now  %lld -> %lld  "
				    "(least %lld, most %lld)%s\n",
				    z->now[k].first, z->now[k].last,
				    z->now[k].min, z->now[k].max,
				    z->now_bound[k] ? ", at most: pagetypeinfo "
				    "not recorded" : "");
		}
	}
}

/* Write the compactions of R by order, with the share that ended well. */
static void
compaction_table(FILE *fp, const struct replay *r)
{
	char b[32];
	uint64_t good;
	size_t i;

	for (i = 0; i < r->nby_order; i++) {
		const struct rorder *ro = &r->by_order[i];

		/*
		 * Grouped as mm/compaction.c means the statuses; the share
		 * is of the runs that ended well.
		 */
		good = ev_ended_well(ro);
		if (ro->order < 0)
			fprintf(fp, "  compaction of whole zones, ended %" PRIu64
			    ": success or complete %" PRIu64 " (%s), ",
			    ro->ended, good, share(b, sizeof(b), good,
			    ro->ended));
		else
			fprintf(fp, "  compaction order %-2d attempts %" PRIu64
			    ", ended %" PRIu64 ": success %" PRIu64 " (%s), "
			    "complete %" PRIu64 ", ", ro->order, ro->attempts,
			    ro->ended, ro->outcome[EV_SUCCESS], share(b,
			    sizeof(b), ro->outcome[EV_SUCCESS], ro->ended),
			    ro->outcome[EV_COMPLETE]);
		fprintf(fp, "gave up %" PRIu64 ", not run %" PRIu64,
		    ro->outcome[EV_GAVE_UP], ro->outcome[EV_NOT_RUN]);
		if (ro->outcome[EV_OTHER])
			fprintf(fp, ", other %" PRIu64, ro->outcome[EV_OTHER]);
		fputc('\n', fp);
	}
}

/* Write the events R recorded: extfrag, compactions, allocations, stalls. */
static void
events_table(FILE *fp, const struct replay *r)
{
	fprintf(fp, "\nEvents: extfrag %" PRIu64 " (fragmenting %" PRIu64
	    ", claimed ", r->extfrag, r->fragmenting);
	if (r->claimed_unknown)
		fputc('-', fp);
	else
		fprintf(fp, "%" PRIu64, r->claimed);
	fputs(", captured ", fp);
	if (r->captured_unknown)
		fputc('-', fp);
	else
		fprintf(fp, "%" PRIu64, r->captured);
	fprintf(fp, "), most in one sample %" PRIu64 "%s%s\n", r->peak,
	    r->peak ? " at " : "", r->peak_time);
	fprintf(fp, "  compaction runs %" PRIu64 ", events lost %" PRIu64 "\n",
	    r->runs, r->lost);
	compaction_table(fp, r);
	alloc_table(fp, r);
	stalls_table(fp, r);
}

/* Write the recording R, read from DIR, as text. */
void
render_replay_table(FILE *fp, const char *dir, const struct replay *r)
{
	char *fnd;

	header_table(fp, dir, r);
	zones_table(fp, r);
	if (futile_found(&r->futile) && (fnd = render_futile(&r->futile,
	    r->pageblock_order, r->page_size)) != NULL) {
		fprintf(fp, "\nFinding: %s\n", fnd);
		free(fnd);
	}
	outcomes_table(fp, r);
	if (r->events)
		events_table(fp, r);
}

/* Returns BUF holding the signed thousandths D as "+0.012" or "-0.500". */
static const char *
diff_index(char *buf, size_t size, long long d)
{
	char b[32];

	snprintf(buf, size, "%s%s", d >= 0 ? "+" : "", hum_index(b, sizeof(b),
	    (int)d));
	return buf;
}

/* Print one row of the comparison: NAME, A's and B's values, and their difference. */
static void
row(FILE *fp, const char *name, const char *a, const char *b, const char *d)
{
	fprintf(fp, "  %-28s %14s %14s %14s\n", name, a, b, d);
}

/* Print the indices of zone ZA of A beside those of ZB of B. */
static void
compare_orders(FILE *fp, const struct replay *a, const struct rzone *za,
    const struct replay *b, const struct rzone *zb)
{
	const struct rindex *x[2], *y[2];
	char n[64], v[3][32];
	size_t k, j;
	long kb;

	for (k = 0; k < a->norders; k++) {
		if ((kb = replay_order_index(b, a->orders[k])) < 0)
			continue;
		x[0] = &za->unusable[k];
		x[1] = &za->fragindex[k];
		y[0] = &zb->unusable[kb];
		y[1] = &zb->fragindex[kb];
		for (j = 0; j < 2; j++) {
			if (!x[j]->seen || !y[j]->seen)
				continue;
			snprintf(n, sizeof(n), "order %u %s max", a->orders[k],
			    j ? "fragindex" : "unusable");
			/* "succeeds" is a word, not -1.000: no difference to it. */
			row(fp, n, hum_fragindex(v[0], sizeof(v[0]),
			    (int)x[j]->max, FRAG_INDEX_SUCCEEDS),
			    hum_fragindex(v[1], sizeof(v[1]), (int)y[j]->max,
			    FRAG_INDEX_SUCCEEDS), j && (x[j]->max ==
			    FRAG_INDEX_SUCCEEDS || y[j]->max ==
			    FRAG_INDEX_SUCCEEDS) ? "-" : diff_index(v[2],
			    sizeof(v[2]), y[j]->max - x[j]->max));
		}
	}
}

/* Print one row of the comparison of counts: NAME, A, B and B - A. */
static void
row_u64(FILE *fp, const char *name, uint64_t a, uint64_t b)
{
	char v[3][32];

	snprintf(v[0], sizeof(v[0]), "%" PRIu64, a);
	snprintf(v[1], sizeof(v[1]), "%" PRIu64, b);
	row(fp, name, v[0], v[1], render_change(v[2], sizeof(v[2]), a, b,
	    true));
}

/* Print the allocations and stalls of A beside those of B, where both recorded them. */
static void
compare_alloc_stalls(FILE *fp, const struct replay *a, const struct replay *b)
{
	const struct rstall *x, *y;
	char n[64];
	size_t o, i;

	for (o = 0; a->has_alloc && b->has_alloc && o < FRAG_MAX_ORDERS; o++) {
		if (a->alloc[o].succeeded + a->alloc[o].failed == 0 &&
		    b->alloc[o].succeeded + b->alloc[o].failed == 0)
			continue;
		snprintf(n, sizeof(n), "order %zu allocations failed", o);
		row_u64(fp, n, a->alloc[o].failed, b->alloc[o].failed);
		snprintf(n, sizeof(n), "order %zu allocations ok", o);
		row_u64(fp, n, a->alloc[o].succeeded, b->alloc[o].succeeded);
	}
	for (i = 0; i < EV_NSTALLS; i++) {
		x = &a->stalls[stall_views[i].k];
		y = &b->stalls[stall_views[i].k];
		if (!x->seen || !y->seen)
			continue;
		snprintf(n, sizeof(n), "%s stalls", stall_views[i].name);
		row_u64(fp, n, x->count, y->count);
		snprintf(n, sizeof(n), "%s us", stall_views[i].name);
		row_u64(fp, n, x->total_us, y->total_us);
		snprintf(n, sizeof(n), "%s max us", stall_views[i].name);
		row_u64(fp, n, x->max_us, y->max_us);
	}
}

/*
 * The THP sizes and kinds both recordings counted: allocations and the
 * share that fell back, A beside B.
 */
static void
compare_outcomes(FILE *fp, const struct replay *a, const struct replay *b)
{
	const struct routcome *x, *y;
	char l[64], v[2][32];
	size_t i, j;

	for (i = 0; i < a->noutcomes; i++)
		for (j = 0; j < b->noutcomes; j++) {
			x = &a->outcomes[i];
			y = &b->outcomes[j];
			if (x->size_kb != y->size_kb || x->kind != y->kind)
				continue;
			if (x->kind == OUTCOME_SHMEM && x->d.alloc +
			    x->d.fallback + y->d.alloc + y->d.fallback == 0)
				continue;
			fprintf(fp, "%s\n", outcome_label(l, sizeof(l), x, a));
			row_u64(fp, "  allocated", x->d.alloc, y->d.alloc);
			row_u64(fp, "  fell back", x->d.fallback, y->d.fallback);
			row(fp, "  share that fell back", share(v[0],
			    sizeof(v[0]), x->d.fallback, x->d.alloc +
			    x->d.fallback), share(v[1], sizeof(v[1]),
			    y->d.fallback, y->d.alloc + y->d.fallback), "-");
		}
}

/* The judgement of each end, "fine -> fragmented": its word and counts. */
static void
end_row(FILE *fp, const struct replay *a, const struct replay *b)
{
	const struct replay *side[2] = { a, b };
	char n[64], v[2][32];
	int s;

	if (!a->end.known && !b->end.known)
		return;
	snprintf(n, sizeof(n), "order %u at the end", a->end.known ?
	    a->end.order : b->end.order);
	for (s = 0; s < 2; s++)
		snprintf(v[s], sizeof(v[s]), "%s", side[s]->end.known ?
		    judge_word(side[s]->end.judgement) : "-");
	row(fp, n, v[0], v[1], a->end.known && b->end.known &&
	    a->end.judgement != b->end.judgement ? "changed" : "-");
}

void
render_replay_compare_table(FILE *fp, const char *da, const struct replay *a,
    const char *db, const struct replay *b)
{
	const struct rzone *za, *zb;
	char v[2][32], n[64];
	size_t i, j;

	fprintf(fp, "A: %s (", da);
	esc_text(fp, a->host);
	fputs(", ", fp);
	esc_text(fp, a->release);
	fprintf(fp, ", %lu samples)\nB: %s (", a->nsamples, db);
	esc_text(fp, b->host);
	fputs(", ", fp);
	esc_text(fp, b->release);
	fprintf(fp, ", %lu samples)\n\n", b->nsamples);
	row(fp, "", "A", "B", "B - A");
	end_row(fp, a, b);
	for (i = 0; i < a->nzones; i++) {
		za = &a->zones[i];
		if ((zb = replay_zone(b, za->node, za->name)) == NULL)
			continue;
		fprintf(fp, "Node %u, zone %s\n", za->node, za->name);
		row_u64(fp, "free pages at the end", za->free_last,
		    zb->free_last);
		row_u64(fp, "free pageblocks at the end", za->pb_last,
		    zb->pb_last);
		compare_orders(fp, a, za, b, zb);
	}
	compare_outcomes(fp, a, b);
	if (!a->events || !b->events)
		return;
	fprintf(fp, "Events\n");
	row_u64(fp, "extfrag", a->extfrag, b->extfrag);
	row_u64(fp, "compaction runs", a->runs, b->runs);
	for (i = 0; i < a->nby_order; i++)
		for (j = 0; j < b->nby_order; j++) {
			if (a->by_order[i].order != b->by_order[j].order)
				continue;
			if (a->by_order[i].order < 0)
				snprintf(n, sizeof(n), "whole zones ended well");
			else
				snprintf(n, sizeof(n), "order %d success",
				    a->by_order[i].order);
			row(fp, n, share(v[0], sizeof(v[0]),
			    ev_ended_well(&a->by_order[i]),
			    a->by_order[i].ended), share(v[1], sizeof(v[1]),
			    ev_ended_well(&b->by_order[j]),
			    b->by_order[j].ended), "-");
		}
	compare_alloc_stalls(fp, a, b);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_watch.c - one watch sample as table lines or one JSON line */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "avail.h"
#include "elapsed.h"
#include "futile.h"
#include "humanize.h"
#include "jsonw.h"
#include "outcome.h"
#include "rates.h"
#include "report.h"
#include "render_text.h"
#include "render_words.h"
#include "render_json.h"
#include "render_watch.h"

/* Returns BUF holding rate C of S as "12.50", or "-" without one. */
static const char *
rate(char *buf, size_t size, const struct wsample *s, enum vm_counter c)
{
	if (!s->rate_ok[c])
		return "-";
	return hum_fixed(buf, size, (long long)s->rate[c], 2);
}

/* Returns the pagetypeinfo zone of buddyinfo zone I of S, or NULL (--migratetypes not given). */
static const struct ptzone *
ptzone_of(const struct wsample *s, size_t i)
{
	const struct report *r = s->r;

	if (r->pti == NULL || r->pti_zone == NULL || r->pti_zone[i] < 0)
		return NULL;
	return &r->pti->zones[r->pti_zone[i]];
}

/* Print the free memory of each migratetype of Z on one line. */
static void
migratetypes_line(FILE *fp, const struct report *r, const struct ptzone *z)
{
	const struct pagetypeinfo *p = r->pti;
	const char *sep = "    free by migratetype: ";
	char b[32];
	unsigned t;

	for (t = 0; t < p->ntypes; t++) {
		if (!z->has_free[t])
			continue;
		/* ">": a list the kernel stopped counting at 100000. */
		fprintf(fp, "%s%s %s%s", sep, p->types[t], z->capped[t] ? ">" : "",
		    hum_size(b, sizeof(b), frag_pages(z->free[t], p->norders),
		    r->page_size));
		sep = ", ";
	}
	fputc('\n', fp);
}

/*
 * Write into BUF the time of sample S: its UTC date and time ("...Z") for
 * JSON, else the local time of day; with milliseconds when samples come
 * faster than one a second, so that no two samples read the same.
 */
static void
stamp(char *buf, size_t size, const struct wsample *s, bool json)
{
	struct tm tm;
	size_t n;

	if (json) {
		gmtime_r(&s->wall.tv_sec, &tm);
		n = strftime(buf, size, "%Y-%m-%dT%H:%M:%S", &tm);
	} else {
		localtime_r(&s->wall.tv_sec, &tm);
		n = strftime(buf, size, "%H:%M:%S", &tm);
	}
	if (s->interval_ms != 0 && s->interval_ms < 1000)
		snprintf(buf + n, size - n, ".%03ld%s", s->wall.tv_nsec /
		    1000000, json ? "Z" : "");
	else
		snprintf(buf + n, size - n, "%s", json ? "Z" : "");
}

/* Returns the counts of zone Z at order O in sample S, or NULL. */
static const struct avail *
sample_avail(const struct wsample *s, size_t z, unsigned o)
{
	return s->r->avail ? avail_find(s->r->avail, (int)s->r->bi->zones[z].node,
	    (long)z, o) : NULL;
}

/* Returns the machine's verdict at order O in S, or VERDICT_UNKNOWN. */
static enum verdict
verdict_at(const struct wsample *s, unsigned o)
{
	long j = advice_order_index(s->r->advice, o);

	return j < 0 ? VERDICT_UNKNOWN : advise_best(s->r->advice, -1, (size_t)j);
}

/*
 * Returns the machine's availability row at the J-th order of S, or NULL
 * without one or where the buddy allocator holds no such order.
 */
static const struct avail *
machine_row(const struct wsample *s, size_t j)
{
	const struct avail *a;

	if (s->r->avail == NULL || (a = avail_find(s->r->avail, -1, -1,
	    s->orders[j])) == NULL || a->order >= s->r->bi->norders)
		return NULL;
	return a;
}

/*
 * One line per size of S: how fragmented memory is there (the machine's
 * judgement and score) and the counts with their ratio.
 */
static void
judgement_lines(FILE *fp, const struct wsample *s)
{
	const struct avail *a;
	char b[32], c[RENDER_COUNTS_SIZE];
	size_t j;

	for (j = 0; j < s->norders; j++) {
		if ((a = machine_row(s, j)) == NULL)
			continue;
		fprintf(fp, "  %s: %s (score %u), %s\n", hum_order(b, sizeof(b),
		    a->order, s->r->page_size), judge_name(a->judgement),
		    a->score, render_counts(c, sizeof(c), a));
	}
}

/*
 * Print MS as hours with a tenth, "3.2 h", below an hour as minutes, "42
 * min", below a minute as seconds, below a second as milliseconds.
 */
static void
span(FILE *fp, uint64_t ms)
{
	const uint64_t minute = ELAPSED_MS_PER_HOUR / 60;

	if (ms < 1000)
		fprintf(fp, "%" PRIu64 " ms", ms);
	else if (ms < minute)
		fprintf(fp, "%" PRIu64 " s", ms / 1000);
	else if (ms < ELAPSED_MS_PER_HOUR)
		fprintf(fp, "%" PRIu64 " min", ms / minute);
	else
		fprintf(fp, "%" PRIu64 ".%" PRIu64 " h", ms / ELAPSED_MS_PER_HOUR,
		    ms % ELAPSED_MS_PER_HOUR / (ELAPSED_MS_PER_HOUR / 10));
}

/*
 * With --need, its line: the blocks of its size free now and, from the
 * second sample, their trend an hour since the first (their change, under
 * an hour) and, falling, when they would be below the need and none left
 * at that rate.
 */
static void
need_line(FILE *fp, const struct wsample *s)
{
	const struct need *n = s->r->need;
	char b[32];

	if (n == NULL || s->r->need_answer.row == NULL)
		return;
	/* A bound says so, as the summary does. */
	fprintf(fp, "  need %" PRIu64 " x %s: %s%" PRIu64 " free now",
	    n->count, hum_order(b, sizeof(b), n->order, s->r->page_size),
	    s->r->need_answer.row->now_is_bound ? "at most " : "", s->need_now);
	/* A rate over less than its hour would extrapolate: the change (#45). */
	if (s->has_trend && s->trend_ms < ELAPSED_MS_PER_HOUR) {
		fprintf(fp, ", %s%" PRIu64 " in ", s->need_now < s->need_first ?
		    "-" : "+", s->need_now < s->need_first ? s->need_first -
		    s->need_now : s->need_now - s->need_first);
		span(fp, s->trend_ms);
	} else if (s->has_trend) {
		fprintf(fp, ", %+" PRId64 " an hour over ", s->trend.per_hour);
		span(fp, s->trend_ms);
	}
	if (s->has_trend && s->trend.to_need) {
		fprintf(fp, "; below the need in ");
		span(fp, s->trend.ms_to_need);
	}
	if (s->has_trend && s->trend.to_zero) {
		fprintf(fp, "; none left in ");
		span(fp, s->trend.ms_to_zero);
	}
	fputc('\n', fp);
}

/* With --need, the member "need": its count, the blocks free now, their trend (null at first). */
static void
need_json(struct jsonw *w, const struct wsample *s)
{
	const struct need *n = s->r->need;

	if (n == NULL || s->r->need_answer.row == NULL)
		return;
	jw_key(w, "need");
	jw_object(w);
	jw_key(w, "count");
	jw_u64(w, n->count);
	jw_key(w, "order");
	jw_int(w, n->order);
	jw_key(w, "free_now");
	jw_u64(w, s->need_now);
	if (jw_key_or_null(w, "per_hour", s->has_trend))
		jw_int(w, s->trend.per_hour);
	if (jw_key_or_null(w, "trend_seconds", s->has_trend))
		jw_fixed(w, (long long)s->trend_ms, 3);
	if (jw_key_or_null(w, "seconds_to_need", s->has_trend &&
	    s->trend.to_need))
		jw_fixed(w, (long long)s->trend.ms_to_need, 3);
	if (jw_key_or_null(w, "seconds_to_zero", s->has_trend &&
	    s->trend.to_zero))
		jw_fixed(w, (long long)s->trend.ms_to_zero, 3);
	jw_end(w);
}

/* The judgement of each size of S as the member "judgement": the machine's. */
static void
judgement_json(struct jsonw *w, const struct wsample *s)
{
	const struct avail *a;
	size_t j;

	jw_key(w, "judgement");
	jw_array(w, false);
	for (j = 0; j < s->norders; j++) {
		if ((a = machine_row(s, j)) == NULL)
			continue;
		jw_object(w);
		jw_key(w, "order");
		jw_int(w, a->order);
		render_judgement_json(w, s->r, a);
		jw_end(w);
	}
	jw_end(w);
}

/*
 * The finding for size B (its verdict V) over the interval D: the share of
 * its faults that the allocator failed, those for the memcg limit apart, or
 * a word that the share may hold them where the kernel does not count them.
 */
static void
finding_line(FILE *fp, const char *b, enum verdict v, const struct outcome *d)
{
	char p[32];

	fprintf(fp, "  finding: %s verdict %s, yet %s of its THP faults fell "
	    "back", b, advise_verdict_word(v), hum_pct(p, sizeof(p),
	    outcome_allocator_fallbacks(d), d->alloc + d->fallback));
	if (!d->have_charge)
		fputs(" (a share that may include the memcg limit's: this "
		    "kernel does not count them apart)\n", fp);
	else if (d->charge > 0)
		fprintf(fp, ", not counting %" PRIu64 " for the memcg limit\n",
		    d->charge);
	else
		fputc('\n', fp);
}

/*
 * The THP sizes that are on: what their allocations got over the interval
 * of S, where there were any; and a finding where that contradicts the
 * verdict for their order.
 */
static void
outcome_lines(FILE *fp, const struct wsample *s)
{
	const struct outcome_interval *iv = s->thp_interval;
	const struct outcome_step *st;
	enum verdict v;
	char b[32], c[160];
	size_t i;

	for (i = 0; iv != NULL && i < iv->n; i++) {
		st = &iv->v[i];
		if (st->d.alloc + st->d.fallback == 0)
			continue;
		hum_order(b, sizeof(b), st->size->order,
		    s->r->page_size);
		fprintf(fp, "  %s %s: %s\n", b, outcome_kind_name(st->kind),
		    hum_outcome(c, sizeof(c), st->d.alloc, st->d.fallback,
		    st->d.have_charge, st->d.charge));
		v = verdict_at(s, (unsigned)st->size->order);
		if (st->kind == OUTCOME_ANON && outcome_disagrees(v, &st->d))
			finding_line(fp, b, v, &st->d);
	}
}

/* Print the head line of the N-th sample S: time, free memory, stalls. */
static void
head_line(FILE *fp, const struct wsample *s, unsigned long n)
{
	const struct report *r = s->r;
	char t[32], pb[32], fr[32], some[32], full[32];

	stamp(t, sizeof(t), s, false);
	hum_order(pb, sizeof(pb), s->pageblock_order, r->page_size);
	fprintf(fp, "%s%s free %s, %" PRIu64 " free pageblocks (%s)",
	    n ? "\n" : "", t, hum_size(fr, sizeof(fr), s->free_pages,
	    r->page_size), s->free_pageblocks, pb);
	if (s->stall_ok[0])
		fprintf(fp, "; stalled %s some, %s full", hum_centi(some,
		    sizeof(some), s->stall[0]), s->stall_ok[1] ?
		    hum_centi(full, sizeof(full), s->stall[1]) : "-");
	fputc('\n', fp);
}

/* Print the rates of compaction, its scans and THP faults over S. */
static void
rate_lines(FILE *fp, const struct wsample *s)
{
	char b[5][32];

	fprintf(fp, "  compaction/s  stalls %s (ok %s, failed %s)  "
	    "isolated %s  kcompactd wakes %s\n",
	    rate(b[0], sizeof(b[0]), s, VM_COMPACT_STALL),
	    rate(b[1], sizeof(b[1]), s, VM_COMPACT_SUCCESS),
	    rate(b[2], sizeof(b[2]), s, VM_COMPACT_FAIL),
	    rate(b[3], sizeof(b[3]), s, VM_COMPACT_ISOLATED),
	    rate(b[4], sizeof(b[4]), s, VM_COMPACT_DAEMON_WAKE));
	fprintf(fp, "  scanned/s     migrate %s  free %s",
	    rate(b[0], sizeof(b[0]), s, VM_COMPACT_MIGRATE_SCANNED),
	    rate(b[1], sizeof(b[1]), s, VM_COMPACT_FREE_SCANNED));
	/* thp_fault_alloc counts the PMD size only. */
	if (s->pmd_thp_on)
		fprintf(fp, "  THP faults/s %s (fell back %s)",
		    rate(b[2], sizeof(b[2]), s, VM_THP_FAULT_ALLOC),
		    rate(b[3], sizeof(b[3]), s, VM_THP_FAULT_FALLBACK));
	fputc('\n', fp);
}

/*
 * Print zone I of S: its free memory, then each order's counts and
 * indices. The orders of a sample were chosen from the first one; a later
 * buddyinfo with fewer columns has no index for the orders past its last:
 * "-", never a read past its counts.
 */
static void
zone_line(FILE *fp, const struct wsample *s, size_t i)
{
	const struct report *r = s->r;
	const struct avail *a;
	char fr[32], u[32], fi[32], nb[24];
	unsigned o;
	size_t j;

	fprintf(fp, "  Node %u, zone %-8s %10s free %8" PRIu64
	    " free pageblocks", r->bi->zones[i].node, r->bi->zones[i].name,
	    hum_size(fr, sizeof(fr), r->frag[i].free_pages, r->page_size),
	    rate_pageblocks_free(s, i));
	for (j = 0; j < s->norders; j++) {
		o = s->orders[j];
		if (o >= r->bi->norders) {
			fprintf(fp, "  order %u: unusable - fragindex -", o);
			continue;
		}
		fprintf(fp, "  order %u:", o);
		if ((a = sample_avail(s, i, o)) != NULL)
			fprintf(fp, " %s free now,", render_now(nb,
			    sizeof(nb), a));
		fprintf(fp, " unusable %s fragindex %s",
		    hum_index(u, sizeof(u), r->frag[i].unusable[o]),
		    hum_fragindex(fi, sizeof(fi), r->frag[i].fragindex[o],
		    FRAG_INDEX_SUCCEEDS));
	}
	fputc('\n', fp);
	if (ptzone_of(s, i) != NULL)
		migratetypes_line(fp, r, ptzone_of(s, i));
}

void
render_watch_table(FILE *fp, const struct wsample *s, unsigned long n)
{
	char sb[96], *fnd;
	const char *seen;
	size_t i;

	head_line(fp, s, n);
	if (s->vm != NULL)
		rate_lines(fp, s);
	if ((seen = render_kcompactd_seen(sb, sizeof(sb), s->kc_seen,
	    s->elapsed_ms)) != NULL)
		fprintf(fp, "  kcompactd: %s (%s)\n",
		    render_kcompactd_seen_word(s->kc_seen), seen);
	judgement_lines(fp, s);
	need_line(fp, s);
	if (s->futile != NULL && futile_found(s->futile) && (fnd =
	    render_futile(s->futile, s->pageblock_order,
	    s->r->page_size)) != NULL) {
		fprintf(fp, "  finding: %s\n", fnd);
		free(fnd);
	}
	outcome_lines(fp, s);
	if (s->ev != NULL)
		render_events_table(fp, s);
	for (i = 0; i < s->r->bi->nzones; i++)
		zone_line(fp, s, i);
}

void
render_outcome_json(struct jsonw *w, uint64_t size_kb, int order,
    enum outcome_kind kind, const struct outcome *d)
{
	jw_key(w, "size_kb");
	jw_u64(w, size_kb);
	jw_key(w, "order");
	jw_int(w, order);
	jw_key(w, "kind");
	jw_string(w, outcome_kind_key(kind));
	jw_key(w, "alloc");
	jw_u64(w, d->alloc);
	jw_key(w, "fallback");
	jw_u64(w, d->fallback);
	if (jw_key_or_null(w, "fallback_charge", d->have_charge))
		jw_u64(w, d->charge);
}

/*
 * The member "outcomes_interval": per THP size on (and the PMD size) and
 * kind, what its allocations got over the interval; null at the first
 * sample.
 */
static void
outcomes_interval_json(struct jsonw *w, const struct wsample *s)
{
	const struct outcome_interval *iv = s->thp_interval;
	const struct outcome_step *st;
	size_t i;

	if (!jw_key_or_null(w, "outcomes_interval", iv != NULL))
		return;
	jw_array(w, false);
	for (i = 0; i < iv->n; i++) {
		st = &iv->v[i];
		jw_object(w);
		render_outcome_json(w, st->size->kb, st->size->order, st->kind,
		    &st->d);
		jw_end(w);
	}
	jw_end(w);
}

/* The member "orders" of zone I of S: each order's indices and counts, null where there are none. */
static void
orders_json(struct jsonw *w, const struct wsample *s, size_t i)
{
	const struct frag *f = &s->r->frag[i];
	const struct avail *a;
	unsigned o;
	size_t j;

	jw_key(w, "orders");
	jw_array(w, false);
	for (j = 0; j < s->norders; j++) {
		o = s->orders[j];
		/*
		 * null: a zone the allocation never uses, or an order past
		 * this buddyinfo's last (see zone_line()).
		 */
		a = sample_avail(s, i, o);
		jw_object(w);
		jw_key(w, "order");
		jw_int(w, o);
		if (jw_key_or_null(w, "unusable_index", o < s->r->bi->norders))
			jw_fixed(w, f->unusable[o], 3);
		if (jw_key_or_null(w, "fragmentation_index",
		    o < s->r->bi->norders))
			jw_fixed(w, f->fragindex[o], 3);
		/* free_now as in --json; available_now, its name before #45. */
		if (jw_key_or_null(w, "free_now", a != NULL))
			jw_u64(w, a->now);
		if (jw_key_or_null(w, "free_now_is_bound", a != NULL))
			jw_bool(w, a->now_is_bound);
		if (jw_key_or_null(w, "available_now", a != NULL))
			jw_u64(w, a->now);
		if (jw_key_or_null(w, "available_now_is_bound", a != NULL))
			jw_bool(w, a->now_is_bound);
		if (jw_key_or_null(w, "after_compaction", a != NULL))
			jw_u64(w, a->after);
		jw_end(w);
	}
	jw_end(w);
}

/* The member "zones" of S: each zone's free memory and its orders. */
static void
zones_json(struct jsonw *w, const struct wsample *s)
{
	const struct report *r = s->r;
	size_t i;

	jw_key(w, "zones");
	jw_array(w, false);
	for (i = 0; i < r->bi->nzones; i++) {
		jw_object(w);
		render_zone_json(w, r->bi->zones[i].node, r->bi->zones[i].name);
		jw_key(w, "free_pages");
		jw_u64(w, r->frag[i].free_pages);
		jw_key(w, "free_pageblocks");
		jw_u64(w, rate_pageblocks_free(s, i));
		orders_json(w, s, i);
		if (ptzone_of(s, i) != NULL) {
			jw_key(w, "migratetypes");
			render_migratetypes_json(w, r->pti, ptzone_of(s, i),
			    true);
		}
		jw_end(w);
	}
	jw_end(w);
}

/* The members "rates_per_s" and "counters" of S: null without vmstat (or, for rates, at the first sample). */
static void
vmstat_json(struct jsonw *w, const struct wsample *s)
{
	unsigned c;

	if (jw_key_or_null(w, "rates_per_s", s->vm != NULL &&
	    s->elapsed_ms != 0)) {
		jw_object(w);
		for (c = 0; c < VM_NWATCHED; c++)
			if (c != VM_NR_FREE_PAGES && jw_key_or_null(w,
			    vmstat_name(c), s->rate_ok[c]))
				jw_fixed(w, (long long)s->rate[c], 2);
		jw_end(w);
	}
	if (!jw_key_or_null(w, "counters", s->vm != NULL))
		return;
	jw_object(w);
	for (c = 0; c < VM_NCOUNTERS; c++) {
		/* Those watched, and kcompactd's scanning. */
		if (c >= VM_NWATCHED && c != VM_COMPACT_DAEMON_MIGRATE_SCANNED &&
		    c != VM_COMPACT_DAEMON_FREE_SCANNED)
			continue;
		if (jw_key_or_null(w, vmstat_name(c), s->vm->have & (1u << c)))
			jw_u64(w, s->vm->v[c]);
	}
	jw_end(w);
}

/* The member "pressure" of S: PSI's averages, totals and the stall shares of the interval. */
static void
pressure_json(struct jsonw *w, const struct wsample *s)
{
	const struct psi *p = s->r->psi;

	if (!jw_key_or_null(w, "pressure", p != NULL))
		return;
	jw_object(w);
	jw_key(w, "some_avg10");
	jw_fixed(w, p->some.avg10, 2);
	if (jw_key_or_null(w, "full_avg10", p->full.present))
		jw_fixed(w, p->full.avg10, 2);
	jw_key(w, "some_total_us");
	jw_u64(w, p->some.total_us);
	if (jw_key_or_null(w, "full_total_us", p->full.present))
		jw_u64(w, p->full.total_us);
	if (jw_key_or_null(w, "some_stall_share", s->stall_ok[0]))
		jw_fixed(w, s->stall[0], 2);
	if (jw_key_or_null(w, "full_stall_share", s->stall_ok[1]))
		jw_fixed(w, s->stall[1], 2);
	jw_end(w);
}

void
render_watch_json(FILE *fp, const struct wsample *s)
{
	const struct report *r = s->r;
	struct jsonw w;
	char t[32];

	jw_init_compact(&w, fp);
	jw_object(&w);
	stamp(t, sizeof(t), s, true);
	jw_key(&w, "time");
	jw_string(&w, t);
	if (jw_key_or_null(&w, "interval_s", s->elapsed_ms != 0))
		jw_fixed(&w, (long long)s->elapsed_ms, 3);
	/* Whether kcompactd's counters moved over the interval: null unseen. */
	if (jw_key_or_null(&w, "kcompactd_seen_working",
	    s->kc_seen != KCOMPACTD_UNSEEN))
		jw_bool(&w, s->kc_seen == KCOMPACTD_MOVED);
	jw_key(&w, "pageblock_order");
	jw_int(&w, s->pageblock_order);
	zones_json(&w, s);
	vmstat_json(&w, s);
	pressure_json(&w, s);
	if (s->ev != NULL) {
		jw_key(&w, "events");
		render_events_json(&w, s);
	}
	if (r->advice != NULL) {
		render_outcomes_json(&w, r);
		outcomes_interval_json(&w, s);
	}
	if (r->avail != NULL) {
		judgement_json(&w, s);
		need_json(&w, s);
	}
	jw_end(&w);
	jw_done(&w);
}

const char *
render_trigger(char *buf, size_t size, const struct trigger *t,
    const struct trigger_fire *why)
{
	char now[32], limit[32];

	switch (t->kind) {
	case TRIGGER_STALL:
		snprintf(buf, size, "%" PRIu64 " direct reclaim or compaction "
		    "runs began", why->count);
		break;
	case TRIGGER_ALLOC_FAIL:
		snprintf(buf, size, "%" PRIu64 " allocations of order %u or "
		    "more failed", why->count, t->order);
		break;
	case TRIGGER_PSI:
		snprintf(buf, size, "full avg10 %s above %s", hum_centi(now,
		    sizeof(now), why->psi_full), hum_centi(limit,
		    sizeof(limit), t->psi_full));
		break;
	}
	return buf;
}

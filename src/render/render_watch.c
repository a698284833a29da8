/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_watch.c - one watch sample as table lines or one JSON line */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "avail.h"
#include "humanize.h"
#include "jsonw.h"
#include "outcome.h"
#include "report.h"

/* Returns BUF holding rate C of S as "12.50", or "-" without one. */
static const char *
rate(char *buf, size_t size, const struct wsample *s, enum vm_counter c)
{
	if (!(s->rate_ok & (1u << c)))
		return "-";
	snprintf(buf, size, "%" PRIu64 ".%02" PRIu64, s->rate[c] / 100,
	    s->rate[c] % 100);
	return buf;
}

/* Returns the free chunks of the pageblock order in zone I of S. */
static uint64_t
pageblocks_free(const struct wsample *s, size_t i)
{
	return s->pageblock_order < s->r->bi->norders ?
	    s->r->frag[i].suitable[s->pageblock_order] : 0;
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
 * The orders of a sample were chosen from the first one; a later buddyinfo
 * with fewer columns has no index for the orders past its last: "-" and
 * null, never a read past its counts.
 */
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
avail_at(const struct wsample *s, size_t z, unsigned o)
{
	return s->r->avail ? avail_find(s->r->avail, (int)s->r->bi->zones[z].node,
	    (long)z, o) : NULL;
}

/*
 * Set *D to what happened to THP allocations of kind K and order O over
 * the interval of S. Returns whether the kernel counted them at both ends.
 */
static bool
interval(const struct wsample *s, enum outcome_kind k, unsigned o,
    struct outcome *d)
{
	struct outcome a, b;

	if (s->prev_thp == NULL || s->r->thp == NULL)
		return false;
	outcome_of(s->prev_thp, s->prev_vm, k, o, &a);
	outcome_of(s->r->thp, s->r->vm, k, o, &b);
	return outcome_delta(&a, &b, d) && d->known;
}

/* Returns the machine's verdict at order O in S, or VERDICT_UNKNOWN. */
static enum verdict
verdict_at(const struct wsample *s, unsigned o)
{
	const struct advice *adv = s->r->advice;
	size_t j;

	for (j = 0; adv != NULL && j < adv->norders; j++)
		if (adv->orders[j] == o)
			return advise_best(adv, -1, j);
	return VERDICT_UNKNOWN;
}

/*
 * Returns whether the PMD size's THP faults may happen in S: that size is
 * on (anonymous faults may allocate it), or nothing says it is off.
 */
static bool
pmd_thp_on(const struct wsample *s)
{
	const struct thp *t = s->r->thp;
	const struct thp_size *z;

	if (t == NULL || t->pmd_order < 0)
		return true;
	if ((z = thp_size_of(t, (unsigned)t->pmd_order)) == NULL)
		return strcmp(t->top, "never") != 0;
	return z->on;
}

/*
 * One line per size of S: how fragmented memory is there (the machine's
 * judgement and score) and the counts with their ratio.
 */
static void
judgement_lines(FILE *fp, const struct wsample *s)
{
	const struct avail *a;
	char b[32], p[32];
	size_t j;

	for (j = 0; j < s->norders; j++) {
		if (s->r->avail == NULL || (a = avail_find(s->r->avail, -1, -1,
		    s->orders[j])) == NULL || a->order >= s->r->bi->norders)
			continue;
		fprintf(fp, "  %s: %s (score %u), %s%" PRIu64 " free now of at "
		    "most %" PRIu64, hum_size(b, sizeof(b), 1ULL << a->order,
		    s->r->page_size), judge_name(a->judgement), a->score,
		    a->now_is_bound ? "at most " : "", a->now, a->after);
		if (a->after > 0)
			fprintf(fp, " (%s)", hum_pct(p, sizeof(p), a->now,
			    a->after));
		fputc('\n', fp);
	}
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
		if (s->r->avail == NULL || (a = avail_find(s->r->avail, -1, -1,
		    s->orders[j])) == NULL || a->order >= s->r->bi->norders)
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
	const struct thp *t = s->r->thp;
	const struct thp_size *z;
	struct outcome d;
	enum outcome_kind k;
	enum verdict v;
	char b[32], c[160];
	size_t i;

	for (i = 0; t != NULL && i < t->n; i++) {
		z = &t->sizes[i];
		if (z->order < 0 || !z->on)
			continue;
		hum_size(b, sizeof(b), 1ULL << z->order, s->r->page_size);
		for (k = 0; k < OUTCOME_NKINDS; k++) {
			if (!interval(s, k, (unsigned)z->order, &d) ||
			    d.alloc + d.fallback == 0)
				continue;
			fprintf(fp, "  %s %s: %s\n", b, outcome_kind_name(k),
			    hum_outcome(c, sizeof(c), d.alloc, d.fallback,
			    d.have_charge, d.charge));
			v = verdict_at(s, (unsigned)z->order);
			if (k == OUTCOME_ANON && outcome_disagrees(v, &d))
				finding_line(fp, b, v, &d);
		}
	}
}

void
render_watch_table(FILE *fp, const struct wsample *s, unsigned long n)
{
	const struct report *r = s->r;
	const struct avail *a;
	char b[8][32], t[32], fnd[256];
	uint64_t free_pages = 0, pbs = 0;
	size_t i, j;

	for (i = 0; i < r->bi->nzones; i++) {
		free_pages += r->frag[i].free_pages;
		pbs += pageblocks_free(s, i);
	}
	stamp(t, sizeof(t), s, false);
	hum_size(b[0], sizeof(b[0]), 1ULL << s->pageblock_order, r->page_size);
	fprintf(fp, "%s%s free %s, %" PRIu64 " free pageblocks (%s)", n ? "\n" : "",
	    t, hum_size(b[1], sizeof(b[1]), free_pages, r->page_size), pbs,
	    b[0]);
	if (s->stall_ok[0])
		fprintf(fp, "; stalled %s some, %s full", hum_centi(b[2],
		    sizeof(b[2]), s->stall[0]), s->stall_ok[1] ?
		    hum_centi(b[3], sizeof(b[3]), s->stall[1]) : "-");
	fputc('\n', fp);
	if (s->vm != NULL) {
		fprintf(fp, "  compaction/s  stalls %s (ok %s, failed %s)  "
		    "isolated %s  kcompactd wakes %s\n",
		    rate(b[2], sizeof(b[2]), s, VM_COMPACT_STALL),
		    rate(b[3], sizeof(b[3]), s, VM_COMPACT_SUCCESS),
		    rate(b[4], sizeof(b[4]), s, VM_COMPACT_FAIL),
		    rate(b[5], sizeof(b[5]), s, VM_COMPACT_ISOLATED),
		    rate(b[6], sizeof(b[6]), s, VM_COMPACT_DAEMON_WAKE));
		fprintf(fp, "  scanned/s     migrate %s  free %s",
		    rate(b[2], sizeof(b[2]), s, VM_COMPACT_MIGRATE_SCANNED),
		    rate(b[3], sizeof(b[3]), s, VM_COMPACT_FREE_SCANNED));
		/* thp_fault_alloc counts the PMD size only. */
		if (pmd_thp_on(s))
			fprintf(fp, "  THP faults/s %s (fell back %s)",
			    rate(b[4], sizeof(b[4]), s, VM_THP_FAULT_ALLOC),
			    rate(b[5], sizeof(b[5]), s, VM_THP_FAULT_FALLBACK));
		fputc('\n', fp);
	}
	judgement_lines(fp, s);
	if (s->futile != NULL && futile_found(s->futile))
		fprintf(fp, "  finding: %s\n", futile_sentence(fnd, sizeof(fnd),
		    s->futile, s->pageblock_order, r->page_size));
	outcome_lines(fp, s);
	if (s->ev != NULL)
		render_events_table(fp, s);
	for (i = 0; i < r->bi->nzones; i++) {
		fprintf(fp, "  Node %u, zone %-8s %10s free %8" PRIu64 " free pageblocks",
		    r->bi->zones[i].node, r->bi->zones[i].name,
		    hum_size(b[1], sizeof(b[1]), r->frag[i].free_pages,
		    r->page_size), pageblocks_free(s, i));
		for (j = 0; j < s->norders; j++) {
			unsigned o = s->orders[j];

			if (o >= r->bi->norders) {
				fprintf(fp, "  order %u: unusable - fragindex -",
				    o);
				continue;
			}
			fprintf(fp, "  order %u:", o);
			if ((a = avail_at(s, i, o)) != NULL)
				fprintf(fp, " %s%" PRIu64 " free now,",
				    a->now_is_bound ? "<=" : "", a->now);
			fprintf(fp, " unusable %s fragindex %s",
			    hum_index(b[2], sizeof(b[2]), r->frag[i].unusable[o]),
			    hum_fragindex(b[3], sizeof(b[3]),
			    r->frag[i].fragindex[o]));
		}
		fputc('\n', fp);
		if (ptzone_of(s, i) != NULL)
			migratetypes_line(fp, r, ptzone_of(s, i));
	}
}

/* Write the free pages of each migratetype of Z as the member "migratetypes". */
static void
migratetypes_json(struct jsonw *w, const struct pagetypeinfo *p,
    const struct ptzone *z)
{
	unsigned t;

	jw_key(w, "migratetypes");
	jw_array(w, false);
	for (t = 0; t < p->ntypes; t++) {
		if (!z->has_free[t])
			continue;
		jw_object(w);
		jw_key(w, "type");
		jw_string(w, p->types[t]);
		jw_key(w, "free_pages");
		jw_u64(w, frag_pages(z->free[t], p->norders));
		jw_key(w, "free_pages_is_lower_bound");
		jw_bool(w, z->capped[t] != 0);
		jw_end(w);
	}
	jw_end(w);
}

/*
 * The member "outcomes_interval": per THP size on (and the PMD size) and
 * kind, what its allocations got over the interval; null at the first
 * sample.
 */
static void
outcomes_interval_json(struct jsonw *w, const struct wsample *s)
{
	static const char *const kinds[OUTCOME_NKINDS] = { "anon_fault",
	    "shmem" };
	const struct thp *t = s->r->thp;
	const struct thp_size *z;
	struct outcome d;
	enum outcome_kind k;
	size_t i;

	jw_key(w, "outcomes_interval");
	if (s->prev_thp == NULL || t == NULL) {
		jw_null(w);
		return;
	}
	jw_array(w, false);
	for (i = 0; i < t->n; i++) {
		z = &t->sizes[i];
		if (z->order < 0 || !z->on)
			continue;
		for (k = 0; k < OUTCOME_NKINDS; k++) {
			if (!interval(s, k, (unsigned)z->order, &d))
				continue;
			jw_object(w);
			jw_key(w, "size_kb");
			jw_u64(w, z->kb);
			jw_key(w, "order");
			jw_int(w, z->order);
			jw_key(w, "kind");
			jw_string(w, kinds[k]);
			jw_key(w, "alloc");
			jw_u64(w, d.alloc);
			jw_key(w, "fallback");
			jw_u64(w, d.fallback);
			jw_key(w, "fallback_charge");
			if (d.have_charge)
				jw_u64(w, d.charge);
			else
				jw_null(w);
			jw_end(w);
		}
	}
	jw_end(w);
}

void
render_watch_json(FILE *fp, const struct wsample *s)
{
	const struct report *r = s->r;
	const struct avail *a;
	struct jsonw w;
	char t[32];
	size_t i, j;
	unsigned c;

	jw_init_compact(&w, fp);
	jw_object(&w);
	stamp(t, sizeof(t), s, true);
	jw_key(&w, "time");
	jw_string(&w, t);
	jw_key(&w, "interval_s");
	if (s->elapsed_ms)
		jw_fixed(&w, (long long)s->elapsed_ms, 3);
	else
		jw_null(&w);
	jw_key(&w, "pageblock_order");
	jw_int(&w, s->pageblock_order);
	jw_key(&w, "zones");
	jw_array(&w, false);
	for (i = 0; i < r->bi->nzones; i++) {
		jw_object(&w);
		jw_key(&w, "node");
		jw_int(&w, r->bi->zones[i].node);
		jw_key(&w, "zone");
		jw_string(&w, r->bi->zones[i].name);
		jw_key(&w, "free_pages");
		jw_u64(&w, r->frag[i].free_pages);
		jw_key(&w, "free_pageblocks");
		jw_u64(&w, pageblocks_free(s, i));
		jw_key(&w, "orders");
		jw_array(&w, false);
		for (j = 0; j < s->norders; j++) {
			unsigned o = s->orders[j];

			jw_object(&w);
			jw_key(&w, "order");
			jw_int(&w, o);
			jw_key(&w, "unusable_index");
			if (o < r->bi->norders)
				jw_fixed(&w, r->frag[i].unusable[o], 3);
			else
				jw_null(&w);
			jw_key(&w, "fragmentation_index");
			if (o < r->bi->norders)
				jw_fixed(&w, r->frag[i].fragindex[o], 3);
			else
				jw_null(&w);
			/* null: a zone the allocation never uses */
			a = avail_at(s, i, o);
			jw_key(&w, "available_now");
			if (a)
				jw_u64(&w, a->now);
			else
				jw_null(&w);
			jw_key(&w, "available_now_is_bound");
			if (a)
				jw_bool(&w, a->now_is_bound);
			else
				jw_null(&w);
			jw_key(&w, "after_compaction");
			if (a)
				jw_u64(&w, a->after);
			else
				jw_null(&w);
			jw_end(&w);
		}
		jw_end(&w);
		if (ptzone_of(s, i) != NULL)
			migratetypes_json(&w, r->pti, ptzone_of(s, i));
		jw_end(&w);
	}
	jw_end(&w);
	jw_key(&w, "rates_per_s");
	if (s->vm == NULL || s->elapsed_ms == 0)
		jw_null(&w);
	else {
		jw_object(&w);
		for (c = 0; c < VM_NWATCHED; c++) {
			if (c == VM_NR_FREE_PAGES)
				continue;
			jw_key(&w, vmstat_name(c));
			if (s->rate_ok & (1u << c))
				jw_fixed(&w, (long long)s->rate[c], 2);
			else
				jw_null(&w);
		}
		jw_end(&w);
	}
	jw_key(&w, "counters");
	if (s->vm == NULL)
		jw_null(&w);
	else {
		jw_object(&w);
		for (c = 0; c < VM_NCOUNTERS; c++) {
			/* Those watched, and kcompactd's scanning. */
			if (c >= VM_NWATCHED &&
			    c != VM_COMPACT_DAEMON_MIGRATE_SCANNED &&
			    c != VM_COMPACT_DAEMON_FREE_SCANNED)
				continue;
			jw_key(&w, vmstat_name(c));
			if (s->vm->have & (1u << c))
				jw_u64(&w, s->vm->v[c]);
			else
				jw_null(&w);
		}
		jw_end(&w);
	}
	jw_key(&w, "pressure");
	if (r->psi == NULL)
		jw_null(&w);
	else {
		jw_object(&w);
		jw_key(&w, "some_avg10");
		jw_fixed(&w, r->psi->some.avg10, 2);
		jw_key(&w, "full_avg10");
		if (r->psi->full.present)
			jw_fixed(&w, r->psi->full.avg10, 2);
		else
			jw_null(&w);
		jw_key(&w, "some_total_us");
		jw_u64(&w, r->psi->some.total_us);
		jw_key(&w, "full_total_us");
		if (r->psi->full.present)
			jw_u64(&w, r->psi->full.total_us);
		else
			jw_null(&w);
		jw_key(&w, "some_stall_share");
		if (s->stall_ok[0])
			jw_fixed(&w, s->stall[0], 2);
		else
			jw_null(&w);
		jw_key(&w, "full_stall_share");
		if (s->stall_ok[1])
			jw_fixed(&w, s->stall[1], 2);
		else
			jw_null(&w);
		jw_end(&w);
	}
	if (s->ev != NULL) {
		jw_key(&w, "events");
		render_events_json(&w, s);
	}
	if (r->advice != NULL) {
		render_outcomes_json(&w, r);
		outcomes_interval_json(&w, s);
	}
	if (r->avail != NULL)
		judgement_json(&w, s);
	jw_end(&w);
	if (jw_finish(&w) != 0)
		abort();
}

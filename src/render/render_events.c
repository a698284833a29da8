/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_events.c - a watch sample's kernel events as JSON members or table lines */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "evcount.h"
#include "events.h"
#include "humanize.h"
#include "jsonw.h"
#include "rates.h"
#include "report.h"
#include "render_text.h"
#include "render_watch.h"

/* The fallback pairs the table shows. */
#define TOP_PAIRS	3
/* The tasks the JSON names per kind of stall, and the table in all. */
#define TOP_TASKS	5
#define TOP_TASKS_TABLE	3
/* Where the table's continuation lines start. */
#define TABLE_INDENT	16

/* Returns the nanoseconds NS in the microseconds the views show. */
static uint64_t
us(uint64_t ns)
{
	return ns / 1000;
}

/* Write KEY with count N of event kind K, or null when the kernel lacks it. */
static void
count_or_null(struct jsonw *w, const char *key, const struct wsample *s,
    enum ev_kind k, uint64_t n)
{
	if (jw_key_or_null(w, key, s->evn->have[k]))
		jw_u64(w, n);
}

/* Write the statuses of V with a count as {"name": count}. */
static void
statuses(struct jsonw *w, const struct ev_names *nm, const uint64_t *v)
{
	char b[16];
	int k;

	jw_object(w);
	for (k = 0; k < EV_MAX_STATUS; k++)
		if (v[k]) {
			jw_key(w, ev_status_name(b, sizeof(b), nm, k));
			jw_u64(w, v[k]);
		}
	jw_end(w);
}

/* Returns the index of the zone of Z in the previous sample of S, or -1. */
static long
prev_zone(const struct wsample *s, const struct ev_zone *z)
{
	const struct buddyinfo *bi = s->prev_bi;
	size_t i;

	if (bi == NULL || z->zone < 0 || z->zone >= FRAG_MAX_NODE_ZONES)
		return -1;
	for (i = 0; i < bi->nzones; i++)
		if (bi->zones[i].node == (unsigned)z->node &&
		    strcmp(bi->zones[i].name, s->evn->zone[z->zone]) == 0)
			return (long)i;
	return -1;
}

/* Write the suitable and finished outcomes of S's zones at ORDER. */
static void
zones_json(struct jsonw *w, const struct wsample *s, int order)
{
	const struct ev_counts *c = s->ev;
	const struct ev_zone *z;
	char b[16];
	size_t i;
	long p;
	bool known;

	jw_array(w, false);
	for (i = 0; i < c->nzones; i++) {
		z = &c->zones[i];
		if (z->order != order)
			continue;
		jw_object(w);
		jw_key(w, "node");
		jw_int(w, z->node);
		jw_key(w, "zone");
		if (z->zone >= 0 && z->zone < FRAG_MAX_NODE_ZONES &&
		    s->evn->zone[z->zone][0] != '\0')
			jw_string(w, s->evn->zone[z->zone]);
		else {
			snprintf(b, sizeof(b), "%d", z->zone);
			jw_string(w, b);
		}
		/* The state the compaction decided on: the sample before it. */
		p = prev_zone(s, z);
		known = p >= 0 && order >= 0 &&
		    (unsigned)order < s->prev_bi->norders;
		if (jw_key_or_null(w, "unusable_index", known))
			jw_fixed(w, s->prev_frag[p].unusable[order], 3);
		if (jw_key_or_null(w, "fragmentation_index", known))
			jw_fixed(w, s->prev_frag[p].fragindex[order], 3);
		jw_key(w, "suitable");
		statuses(w, s->evn, z->suitable);
		jw_key(w, "finished");
		statuses(w, s->evn, z->finished);
		jw_end(w);
	}
	jw_end(w);
}

/* Returns whether C counted anything at order O + 1 = I. */
static bool
order_seen(const struct ev_counts *c, int i)
{
	size_t k;

	if (c->attempts[i])
		return true;
	for (k = 0; k < EV_MAX_STATUS; k++)
		if (c->outcomes[i][k])
			return true;
	for (k = 0; k < c->nzones; k++)
		if (c->zones[k].order == i - 1)
			return true;
	return false;
}

/* Write the compaction member of S. */
static void
compaction_json(struct jsonw *w, const struct wsample *s)
{
	const struct ev_counts *c = s->ev;
	int i;

	jw_object(w);
	count_or_null(w, "runs", s, EV_BEGIN, c->n[EV_BEGIN]);
	if (jw_key_or_null(w, "ends", s->evn->have[EV_END]))
		statuses(w, s->evn, c->ends);
	jw_key(w, "by_order");
	jw_array(w, false);
	for (i = 0; i < EV_NORDERS; i++) {
		if (!order_seen(c, i))
			continue;
		jw_object(w);
		jw_key(w, "order");
		jw_int(w, i - 1);
		count_or_null(w, "attempts", s, EV_TRY, c->attempts[i]);
		jw_key(w, "outcomes");
		statuses(w, s->evn, c->outcomes[i]);
		jw_key(w, "zones");
		zones_json(w, s, i - 1);
		jw_end(w);
	}
	jw_end(w);
	count_or_null(w, "deferred", s, EV_DEFERRED, c->n[EV_DEFERRED]);
	count_or_null(w, "defer_compaction", s, EV_DEFER_COMPACTION,
	    c->n[EV_DEFER_COMPACTION]);
	count_or_null(w, "defer_reset", s, EV_DEFER_RESET, c->n[EV_DEFER_RESET]);
	count_or_null(w, "kcompactd_wakes", s, EV_KCOMPACTD_WAKE,
	    c->n[EV_KCOMPACTD_WAKE]);
	jw_end(w);
}

/* Returns whether S's kernel has every event of kinds A and B. */
static bool
have2(const struct wsample *s, enum ev_kind a, enum ev_kind b)
{
	return s->evn->have[a] && s->evn->have[b];
}

/* Write the allocations A of one order by migratetype, named by NM. */
static void
alloc_types_json(struct jsonw *w, const struct ev_names *nm,
    const struct ev_alloc *a)
{
	char b[16];
	int t;

	jw_array(w, false);
	for (t = 0; t < FRAG_MAX_TYPES; t++) {
		if (a->type_succeeded[t] == 0 && a->type_failed[t] == 0)
			continue;
		jw_object(w);
		jw_key(w, "migratetype");
		jw_string(w, ev_type_name(b, sizeof(b), nm, t));
		jw_key(w, "succeeded");
		jw_u64(w, a->type_succeeded[t]);
		jw_key(w, "failed");
		jw_u64(w, a->type_failed[t]);
		jw_end(w);
	}
	jw_end(w);
}

void
render_alloc_orders_json(struct jsonw *w, const struct ev_alloc *alloc,
    const struct ev_names *nm, unsigned min_order, bool have_flags)
{
	const struct ev_alloc *a;
	int o;

	jw_key(w, "min_order");
	jw_u64(w, min_order);
	jw_key(w, "by_order");
	jw_array(w, false);
	for (o = 0; o < FRAG_MAX_ORDERS; o++) {
		a = &alloc[o];
		if (a->succeeded == 0 && a->failed == 0)
			continue;
		jw_object(w);
		jw_key(w, "order");
		jw_int(w, o);
		jw_key(w, "succeeded");
		jw_u64(w, a->succeeded);
		jw_key(w, "failed");
		jw_u64(w, a->failed);
		jw_key(w, "by_migratetype");
		alloc_types_json(w, nm, a);
		/* Flags this kernel's format does not name: unknown, not 0. */
		if (jw_key_or_null(w, "opportunistic_failed", have_flags))
			jw_u64(w, a->opportunistic_failed);
		if (jw_key_or_null(w, "could_wait_failed", have_flags))
			jw_u64(w, a->could_wait_failed);
		jw_end(w);
	}
	jw_end(w);
}

/* Write the alloc member of S: the high-order allocations by order. */
static void
alloc_json(struct jsonw *w, const struct wsample *s)
{
	if (!s->evn->have[EV_ALLOC]) {
		jw_null(w);
		return;
	}
	jw_object(w);
	render_alloc_orders_json(w, s->ev->alloc, s->evn,
	    s->evn->alloc_min_order, s->evn->have_gfp);
	jw_end(w);
}

/* Write ST's histogram: each bucket of 2^i microseconds with a count. */
static void
stall_hist_json(struct jsonw *w, const struct ev_stall *st)
{
	size_t i;

	jw_array(w, false);
	for (i = 0; i < EV_HIST; i++) {
		if (st->hist[i] == 0)
			continue;
		jw_object(w);
		jw_key(w, "min_us");
		jw_u64(w, 1ULL << i);
		jw_key(w, "count");
		jw_u64(w, st->hist[i]);
		jw_end(w);
	}
	jw_end(w);
}

/* Write ST's stalls by the order of the allocation that stalled. */
static void
stall_orders_json(struct jsonw *w, const struct ev_stall *st)
{
	int o;

	jw_array(w, false);
	for (o = 0; o < EV_NORDERS; o++) {
		if (st->order_count[o] == 0)
			continue;
		jw_object(w);
		jw_key(w, "order");
		jw_int(w, o - 1);
		jw_key(w, "count");
		jw_u64(w, st->order_count[o]);
		jw_key(w, "total_us");
		jw_u64(w, us(st->order_ns[o]));
		jw_end(w);
	}
	jw_end(w);
}

/* Write the tasks of S that stalled longest in stalls of kind K. */
static void
stall_tasks_json(struct jsonw *w, const struct wsample *s,
    enum ev_stall_kind k)
{
	const struct ev_staller *top[TOP_TASKS];
	size_t i, n;

	jw_array(w, false);
	n = ev_top_stallers(s->ev, k, top, TOP_TASKS);
	for (i = 0; i < n; i++) {
		jw_object(w);
		jw_key(w, "comm");
		jw_string(w, top[i]->comm);
		jw_key(w, "pid");
		jw_int(w, top[i]->pid);
		jw_key(w, "count");
		jw_u64(w, top[i]->count);
		jw_key(w, "total_us");
		jw_u64(w, us(top[i]->total_ns));
		jw_end(w);
	}
	jw_end(w);
}

/* Write the stalls of kind K of S, or null when its events are missing. */
static void
stall_json(struct jsonw *w, const struct wsample *s, enum ev_stall_kind k)
{
	const struct ev_stall *st = &s->ev->stalls[k];

	if (k == EV_STALL_RECLAIM ? !have2(s, EV_RECLAIM_BEGIN, EV_RECLAIM_END) :
	    !have2(s, EV_BEGIN, EV_END)) {
		jw_null(w);
		return;
	}
	jw_object(w);
	jw_key(w, "count");
	jw_u64(w, st->count);
	jw_key(w, "total_us");
	jw_u64(w, us(st->total_ns));
	jw_key(w, "max_us");
	jw_u64(w, us(st->max_ns));
	jw_key(w, "histogram_us");
	stall_hist_json(w, st);
	jw_key(w, "by_order");
	stall_orders_json(w, st);
	jw_key(w, "top_tasks");
	stall_tasks_json(w, s, k);
	jw_end(w);
}

/* Write the stalls member of S. */
static void
stalls_json(struct jsonw *w, const struct wsample *s)
{
	int k;

	jw_object(w);
	for (k = 0; k < EV_NSTALLS; k++) {
		jw_key(w, ev_stall_name(k));
		stall_json(w, s, k);
	}
	jw_end(w);
}

/* Write the fallbacks of S that happened, by the types and order of each. */
static void
pairs_json(struct jsonw *w, const struct wsample *s)
{
	const struct ev_counts *c = s->ev;
	const struct ev_names *nm = s->evn;
	char b[2][16];
	int i, j, o;

	jw_array(w, false);
	for (i = 0; i < FRAG_MAX_TYPES; i++)
		for (j = 0; j < FRAG_MAX_TYPES; j++)
			for (o = 0; o < FRAG_MAX_ORDERS; o++) {
				if (c->pairs[i][j][o] == 0)
					continue;
				jw_object(w);
				jw_key(w, "alloc");
				jw_string(w, ev_type_name(b[0], sizeof(b[0]), nm, i));
				jw_key(w, "fallback");
				jw_string(w, ev_type_name(b[1], sizeof(b[1]), nm, j));
				jw_key(w, "fallback_order");
				jw_int(w, o);
				jw_key(w, "fragmenting");
				jw_bool(w, ev_fragmenting(nm, o));
				jw_key(w, "count");
				jw_u64(w, c->pairs[i][j][o]);
				jw_end(w);
			}
	jw_end(w);
}

void
render_events_json(struct jsonw *w, const struct wsample *s)
{
	const struct ev_counts *c = s->ev;
	const struct ev_names *nm = s->evn;

	jw_object(w);
	jw_key(w, "extfrag");
	jw_object(w);
	jw_key(w, "total");
	jw_u64(w, c->n[EV_EXTFRAG]);
	jw_key(w, "fragmenting");
	jw_u64(w, c->fragmenting);
	if (jw_key_or_null(w, "claimed", nm->have_claimed))
		jw_u64(w, c->claimed);
	if (jw_key_or_null(w, "captured", ev_tells_captures(nm)))
		jw_u64(w, c->captured);
	jw_key(w, "by");
	pairs_json(w, s);
	jw_end(w);
	jw_key(w, "compaction");
	compaction_json(w, s);
	jw_key(w, "alloc");
	alloc_json(w, s);
	jw_key(w, "stalls");
	stalls_json(w, s);
	jw_key(w, "lost");
	jw_u64(w, c->lost);
	jw_end(w);
}

/* Returns BUF holding N per second over S's interval ("12.50"), or "-" without one. */
static const char *
per_s(char *buf, size_t size, const struct wsample *s, uint64_t n)
{
	if (s->elapsed_ms == 0)
		return "-";
	return hum_fixed(buf, size, (long long)rate_per_second(n,
	    s->elapsed_ms), 2);
}

/*
 * The allocation lines of S: failures first, with the share that had a
 * fallback, then each order's succeeded/failed.
 */
static void
alloc_table(FILE *fp, const struct wsample *s)
{
	const struct ev_alloc_total all = ev_alloc_sum(s->ev->alloc);
	const struct ev_alloc *a;
	struct render_items t;
	char item[96];
	int o;

	render_items_start(&t, fp, "allocations", TABLE_INDENT);
	snprintf(item, sizeof(item), "%" PRIu64 " of %" PRIu64 " failed "
	    "(order>=%u)", all.failed, all.succeeded + all.failed,
	    s->evn->alloc_min_order);
	render_items_add(&t, "", item);
	if (all.failed && s->evn->have_gfp)
		snprintf(item, sizeof(item), "%" PRIu64 " with a fallback, %"
		    PRIu64 " could wait", all.opportunistic_failed,
		    all.could_wait_failed);
	else if (all.failed)
		snprintf(item, sizeof(item), "fallback unknown");
	if (all.failed)
		render_items_add(&t, ": ", item);
	for (o = 0; o < FRAG_MAX_ORDERS; o++) {
		a = &s->ev->alloc[o];
		if (a->succeeded == 0 && a->failed == 0)
			continue;
		if (a->failed)
			snprintf(item, sizeof(item), "order %d: %" PRIu64
			    " ok, %" PRIu64 " failed", o, a->succeeded,
			    a->failed);
		else
			snprintf(item, sizeof(item), "order %d: %" PRIu64 " ok",
			    o, a->succeeded);
		render_items_add(&t, "; ", item);
	}
	fputc('\n', fp);
}

/* Returns BUF holding a stall kind's line item: "compaction 3, 12.40 ms (max 8.21 ms)". */
static const char *
stall_item(char *buf, size_t size, const char *name, const struct ev_stall *st)
{
	char b[2][32];

	if (st->count == 0)
		snprintf(buf, size, "%s 0", name);
	else
		snprintf(buf, size, "%s %" PRIu64 ", %s (max %s)", name,
		    st->count, hum_us(b[0], sizeof(b[0]), us(st->total_ns)),
		    hum_us(b[1], sizeof(b[1]), us(st->max_ns)));
	return buf;
}

/* The line of S's tasks that stalled longest: direct compaction, reclaim and manual runs. */
static void
stalled_most(FILE *fp, const struct wsample *s)
{
	static const enum ev_stall_kind kinds[] = { EV_STALL_COMPACTION,
	    EV_STALL_RECLAIM, EV_STALL_MANUAL };
	const struct ev_staller *all[TOP_TASKS_TABLE];
	struct render_items t;
	char item[96], b[32];
	size_t i, n;

	n = ev_top_stallers_merged(s->ev, kinds, sizeof(kinds) /
	    sizeof(kinds[0]), all, TOP_TASKS_TABLE);
	if (n == 0)
		return;
	render_items_start(&t, fp, "stalled most", TABLE_INDENT);
	for (i = 0; i < n; i++) {
		snprintf(item, sizeof(item), "%s[%d] %s %s", all[i]->comm,
		    all[i]->pid, all[i]->kind == EV_STALL_RECLAIM ? "reclaim" :
		    all[i]->kind == EV_STALL_MANUAL ? "manual" : "compaction",
		    hum_us(b, sizeof(b), us(all[i]->total_ns)));
		render_items_add(&t, ", ", item);
	}
	fputc('\n', fp);
}

/* The stall lines of S: each kind's count and time, then who stalled most. */
static void
stalls_table(FILE *fp, const struct wsample *s)
{
	static const struct {
		enum ev_stall_kind k;
		const char	*name;
	} kinds[] = { { EV_STALL_COMPACTION, "compaction" },
	    { EV_STALL_RECLAIM, "reclaim" }, { EV_STALL_KCOMPACTD, "kcompactd" },
	    { EV_STALL_MANUAL, "manual compaction" } };
	struct render_items t;
	char item[96];
	size_t i;
	bool have_c = have2(s, EV_BEGIN, EV_END);
	bool have_r = have2(s, EV_RECLAIM_BEGIN, EV_RECLAIM_END);

	if (!have_c && !have_r)
		return;
	render_items_start(&t, fp, "stalls", TABLE_INDENT);
	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		if (kinds[i].k == EV_STALL_RECLAIM ? !have_r : !have_c)
			continue;
		/* Manual compaction only when there was some. */
		if (kinds[i].k == EV_STALL_MANUAL &&
		    s->ev->stalls[EV_STALL_MANUAL].count == 0)
			continue;
		render_items_add(&t, "; ", stall_item(item, sizeof(item),
		    kinds[i].name, &s->ev->stalls[kinds[i].k]));
	}
	fputc('\n', fp);
	stalled_most(fp, s);
}

void
render_events_table(FILE *fp, const struct wsample *s)
{
	const struct ev_counts *c = s->ev;
	const struct ev_names *nm = s->evn;
	struct ev_pair top[TOP_PAIRS];
	char b[3][32];
	size_t n, i;
	int k;

	fprintf(fp, "  events        extfrag %" PRIu64 " (%s/s, %" PRIu64
	    " fragmenting, ", c->n[EV_EXTFRAG], per_s(b[0], sizeof(b[0]), s,
	    c->n[EV_EXTFRAG]), c->fragmenting);
	if (nm->have_claimed)
		fprintf(fp, "%" PRIu64 " claimed, ", c->claimed);
	else
		fputs("claimed -, ", fp);
	if (ev_tells_captures(nm))
		fprintf(fp, "%" PRIu64 " captured)", c->captured);
	else
		fputs("captured -)", fp);
	if (nm->have[EV_BEGIN]) {
		fprintf(fp, "  compaction runs %" PRIu64 " (%s/s", c->n[EV_BEGIN],
		    per_s(b[0], sizeof(b[0]), s, c->n[EV_BEGIN]));
		for (k = 0; k < EV_MAX_STATUS; k++)
			if (c->ends[k])
				fprintf(fp, ", %s %" PRIu64, ev_status_name(b[1],
				    sizeof(b[1]), nm, k), c->ends[k]);
		fputc(')', fp);
	}
	if (nm->have[EV_DEFERRED])
		fprintf(fp, "  deferred %" PRIu64, c->n[EV_DEFERRED]);
	if (nm->have[EV_KCOMPACTD_WAKE])
		fprintf(fp, "  kcompactd wakes %" PRIu64,
		    c->n[EV_KCOMPACTD_WAKE]);
	fprintf(fp, "  lost %" PRIu64 "\n", c->lost);
	if (nm->have[EV_ALLOC])
		alloc_table(fp, s);
	stalls_table(fp, s);
	if ((n = ev_top_pairs(c, top, TOP_PAIRS)) == 0)
		return;
	fputs("  fallbacks    ", fp);
	for (i = 0; i < n; i++)
		fprintf(fp, "%s %s from %s order %d: %" PRIu64 "%s", i ? ";" : "",
		    ev_type_name(b[0], sizeof(b[0]), nm, top[i].alloc),
		    ev_type_name(b[1], sizeof(b[1]), nm, top[i].fallback),
		    top[i].fallback_order, top[i].count,
		    ev_fragmenting(nm, top[i].fallback_order) ?
		    " fragmenting" : "");
	fputc('\n', fp);
}

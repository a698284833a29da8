/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * replay_events.c - a recording's samples folded, the part --events and
 * the outcomes write: extfrag pairs, compaction by order, high-order
 * allocations, stalls, THP and compaction outcomes, and kcompactd's
 * wakeups followed against the free memory outside whole pageblocks
 */
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "jsonr.h"
#include "record.h"
#include "replay_events.h"
#include "text.h"

/* Returns 0 with count V (null: 0) added to *SUM, or -1. */
static int
count_add(const struct jr_val *v, uint64_t *sum)
{
	uint64_t x;

	if (v != NULL && v->type == JR_NULL)
		return 0;
	if (jr_u64(v, &x) != 0)
		return -1;
	return replay_sum_add(sum, x);
}

/*
 * Keep the counts N of one sample's KEY of kind K in R's series. Returns
 * 0, or -1 with *WHAT set: more than REPLAY_MAX_POINTS, or out of memory.
 */
static int
count_keep(struct replay *r, enum rcount_kind k, int key,
    const struct rcount *n, const char **what)
{
	struct rseries *se = r->series;
	struct rcount *c;

	if (se == NULL)
		return 0;
	if (se->nc == REPLAY_MAX_POINTS) {
		*what = "more counts of events than --format=svg draws";
		return -1;
	}
	if (ferr_inject("replay-counts") || (c = grow_room(se->c, &se->ccap,
	    se->nc, sizeof(*c), REPLAY_MAX_POINTS)) == NULL) {
		*what = "out of memory";
		return -1;
	}
	se->c = c;
	c = &se->c[se->nc++];
	*c = *n;
	c->sample = (uint32_t)r->nsamples;
	c->key = (int16_t)key;
	c->kind = k;
	return 0;
}

/* Fold the compaction outcomes of one by_order entry B into R. Returns 0, or -1 (*WHAT set when count_keep() fails). */
static int
order_add(struct replay *r, const struct jr_doc *d, const struct jr_val *b,
    const char **what)
{
	const struct jr_val *ov = jr_get(d, b, "order"), *st;
	uint64_t o, by[EV_NOUTCOMES];
	struct rcount n;
	struct rorder *ro;
	int order;
	size_t i, k;

	if (ov != NULL && ov->type == JR_NUM && ov->n == 2 &&
	    memcmp(ov->s, "-1", 2) == 0)
		order = -1;
	else if (jr_u64(ov, &o) == 0 && o < FRAG_MAX_ORDERS)
		order = (int)o;
	else
		return -1;
	for (i = 0; i < r->nby_order && r->by_order[i].order != order; i++)
		;
	if (i == r->nby_order) {
		/* Kept in order: -1 first, as the kernel's events come. */
		for (i = 0; i < r->nby_order && r->by_order[i].order < order; i++)
			;
		memmove(&r->by_order[i + 1], &r->by_order[i],
		    (r->nby_order - i) * sizeof(r->by_order[0]));
		memset(&r->by_order[i], 0, sizeof(r->by_order[0]));
		r->by_order[i].order = order;
		r->nby_order++;
	}
	ro = &r->by_order[i];
	memset(&n, 0, sizeof(n));
	if (count_add(jr_get(d, b, "attempts"), &n.runs.attempts) != 0)
		return -1;
	if ((st = jr_get(d, b, "outcomes")) == NULL || st->type != JR_OBJ)
		return -1;
	memset(by, 0, sizeof(by));
	for (st = jr_first(d, st); st; st = jr_next(d, st))
		if (count_add(st, &n.runs.ended) != 0 || count_add(st,
		    &by[ev_outcome_of(st->key, st->keyn)]) != 0)
			return -1;
	for (k = 0; k < EV_NOUTCOMES; k++)
		if (replay_sum_add(&ro->outcome[k], by[k]) != 0)
			return -1;
	/* For the picture: which of them ended well is the kernel's rule. */
	n.runs.success = by[EV_SUCCESS];
	n.runs.complete = by[EV_COMPLETE];
	if (replay_sum_add(&ro->attempts, n.runs.attempts) != 0 ||
	    replay_sum_add(&ro->ended, n.runs.ended) != 0)
		return -1;
	return count_keep(r, RC_COMPACTION, order, &n, what);
}

/* Returns 0 with the string V copied into BUF (SIZE bytes), or -1 when it is no string or too long. */
static int
str_copy(char *buf, size_t size, const struct jr_val *v)
{
	if (v == NULL || v->type != JR_STR || v->n >= size)
		return -1;
	memcpy(buf, v->s, v->n);
	buf[v->n] = '\0';
	return 0;
}

/*
 * Add the by_migratetype list V of one order's allocations to A, each
 * type by its name in R's alloc_names (absent: nothing to add). Returns
 * 0 or -1.
 */
static int
alloc_types_add(struct replay *r, const struct jr_doc *d,
    const struct jr_val *v, struct ev_alloc *a)
{
	struct ev_names *nm = &r->alloc_names;
	char name[FRAG_NAME_SIZE];
	unsigned t;

	if (v == NULL)
		return 0;
	if (v->type != JR_ARR)
		return -1;
	for (v = jr_first(d, v); v; v = jr_next(d, v)) {
		if (str_copy(name, sizeof(name), jr_get(d, v,
		    "migratetype")) != 0)
			return -1;
		for (t = 0; t < nm->ntypes && strcmp(nm->type[t], name) != 0;
		    t++)
			;
		if (t == FRAG_MAX_TYPES)
			return -1;
		if (t == nm->ntypes)
			memcpy(nm->type[nm->ntypes++], name, sizeof(name));
		if (count_add(jr_get(d, v, "succeeded"),
		    &a->type_succeeded[t]) != 0 ||
		    count_add(jr_get(d, v, "failed"), &a->type_failed[t]) != 0)
			return -1;
	}
	return 0;
}

/* Keep one extfrag "by" entry B (a migratetype pair's count) in R's series. Returns 0, or -1 (*WHAT set when count_keep() fails). */
static int
pair_add(struct replay *r, const struct jr_doc *d, const struct jr_val *b,
    const char **what)
{
	struct rseries *se = r->series;
	const struct jr_val *fr = jr_get(d, b, "fragmenting");
	struct rpair p, *q;
	struct rcount n;
	bool frag;
	size_t i;

	memset(&p, 0, sizeof(p));
	if (str_copy(p.alloc, sizeof(p.alloc), jr_get(d, b, "alloc")) != 0 ||
	    str_copy(p.fallback, sizeof(p.fallback), jr_get(d, b,
	    "fallback")) != 0 || fr == NULL || fr->type != JR_BOOL)
		return -1;
	frag = fr->s[0] == 't';
	memset(&n, 0, sizeof(n));
	if (count_add(jr_get(d, b, "count"), frag ? &n.pair.fragmenting :
	    &n.pair.other) != 0)
		return -1;
	for (i = 0; i < se->npairs; i++)
		if (strcmp(se->pairs[i].alloc, p.alloc) == 0 &&
		    strcmp(se->pairs[i].fallback, p.fallback) == 0)
			break;
	if (i == REPLAY_MAX_PAIRS)
		return -1;
	if (i == se->npairs)
		se->pairs[se->npairs++] = p;
	q = &se->pairs[i];
	if (replay_sum_add(&q->fragmenting, n.pair.fragmenting) != 0 ||
	    replay_sum_add(&q->other, n.pair.other) != 0)
		return -1;
	return count_keep(r, RC_PAIR, (int)i, &n, what);
}

/* Returns 0 with V (a count, or null: unknown, *KNOWN cleared) added to *SUM, or -1. */
static int
maybe_add(const struct jr_val *v, uint64_t *sum, bool *known)
{
	if (v != NULL && v->type == JR_NULL) {
		*known = false;
		return 0;
	}
	return count_add(v, sum);
}

/*
 * Fold the allocations A of one sample (at TIME) into R: absent in
 * recordings of a fragstat before them, null without the event.
 * Returns 0 or -1.
 */
static int
alloc_add(struct replay *r, const struct jr_doc *d, const struct jr_val *a,
    const struct jr_val *time)
{
	const struct jr_val *b, *ov;
	uint64_t o, mo, failed = 0;
	struct ev_alloc *ra;

	if (a == NULL || a->type == JR_NULL)
		return 0;
	if (jr_u64(jr_get(d, a, "min_order"), &mo) != 0 ||
	    mo >= FRAG_MAX_ORDERS || (b = jr_get(d, a, "by_order")) == NULL ||
	    b->type != JR_ARR)
		return -1;
	if (!r->has_alloc) {
		r->has_alloc = r->alloc_flags = true;
		r->alloc_min_order = (unsigned)mo;
	}
	for (b = jr_first(d, b); b; b = jr_next(d, b)) {
		ov = jr_get(d, b, "order");
		if (jr_u64(ov, &o) != 0 || o >= FRAG_MAX_ORDERS)
			return -1;
		ra = &r->alloc[o];
		if (count_add(jr_get(d, b, "succeeded"), &ra->succeeded) != 0 ||
		    count_add(jr_get(d, b, "failed"), &ra->failed) != 0 ||
		    count_add(jr_get(d, b, "failed"), &failed) != 0 ||
		    maybe_add(jr_get(d, b, "opportunistic_failed"),
		    &ra->opportunistic_failed, &r->alloc_flags) != 0 ||
		    maybe_add(jr_get(d, b, "could_wait_failed"),
		    &ra->could_wait_failed, &r->alloc_flags) != 0 ||
		    alloc_types_add(r, d, jr_get(d, b, "by_migratetype"),
		    ra) != 0)
			return -1;
	}
	if (failed > r->alloc_worst) {
		r->alloc_worst = failed;
		snprintf(r->alloc_worst_time, sizeof(r->alloc_worst_time),
		    "%.*s", (int)time->n, time->s);
	}
	return 0;
}

/* Fold the stalls ST of one sample (at TIME) into R: absent or null kinds are skipped. Returns 0 or -1. */
static int
stalls_add(struct replay *r, const struct jr_doc *d, const struct jr_val *st,
    const struct jr_val *time)
{
	const struct jr_val *v;
	struct rstall *rs;
	uint64_t total = 0, max;
	int k;

	if (st == NULL || st->type == JR_NULL)
		return 0;
	if (st->type != JR_OBJ)
		return -1;
	for (k = 0; k < EV_NSTALLS; k++) {
		rs = &r->stalls[k];
		if ((v = jr_get(d, st, ev_stall_name(k))) == NULL ||
		    v->type == JR_NULL)
			continue;
		total = 0;
		if (count_add(jr_get(d, v, "count"), &rs->count) != 0 ||
		    count_add(jr_get(d, v, "total_us"), &total) != 0 ||
		    jr_u64(jr_get(d, v, "max_us"), &max) != 0 ||
		    replay_sum_add(&rs->total_us, total) != 0)
			return -1;
		rs->seen = true;
		if (max > rs->max_us)
			rs->max_us = max;
		if (total > rs->worst_us) {
			rs->worst_us = total;
			snprintf(rs->worst_time, sizeof(rs->worst_time), "%.*s",
			    (int)time->n, time->s);
		}
	}
	return 0;
}

/* Fold the events of sample S into R (and ONE, when kept). Returns 0, or -1 with *WHAT set. */
int
replay_events_add(struct replay *r, struct rsample *one,
    const struct jr_doc *d, const struct jr_val *s, const struct jr_val *time,
    const char **what)
{
	const struct jr_val *ev = jr_get(d, s, "events"), *x, *c, *b, *by, *cap,
	    *cl;
	uint64_t total = 0, frag = 0, runs = 0;

	*what = "'events' is not what --watch --events --json writes";
	if (ev == NULL || ev->type == JR_NULL)
		return 0;
	x = jr_get(d, ev, "extfrag");
	c = jr_get(d, ev, "compaction");
	if (count_add(jr_get(d, x, "total"), &total) != 0 ||
	    count_add(jr_get(d, x, "fragmenting"), &frag) != 0 ||
	    count_add(jr_get(d, c, "runs"), &runs) != 0 ||
	    count_add(jr_get(d, ev, "lost"), &r->lost) != 0 ||
	    (b = jr_get(d, c, "by_order")) == NULL || b->type != JR_ARR ||
	    replay_sum_add(&r->extfrag, total) != 0 ||
	    replay_sum_add(&r->fragmenting, frag) != 0 ||
	    replay_sum_add(&r->runs, runs) != 0)
		return -1;
	/*
	 * Null where the kernel's tracepoint lacks the field: the total is then
	 * unknown, not the sum of the samples that had it.
	 */
	if ((cl = jr_get(d, x, "claimed")) == NULL || cl->type == JR_NULL)
		r->claimed_unknown = true;
	else if (count_add(cl, &r->claimed) != 0)
		return -1;
	/* Absent in recordings of a fragstat before it, null where it cannot tell. */
	if ((cap = jr_get(d, x, "captured")) == NULL || cap->type == JR_NULL)
		r->captured_unknown = true;
	else if (count_add(cap, &r->captured) != 0)
		return -1;
	if (total > r->peak) {
		r->peak = total;
		snprintf(r->peak_time, sizeof(r->peak_time), "%.*s",
		    (int)time->n, time->s);
	}
	for (b = jr_first(d, b); b; b = jr_next(d, b))
		if (order_add(r, d, b, what) != 0)
			return -1;
	if (alloc_add(r, d, jr_get(d, ev, "alloc"), time) != 0 ||
	    stalls_add(r, d, jr_get(d, ev, "stalls"), time) != 0)
		return -1;
	if (one == NULL)
		return 0;
	one->has_events = true;
	one->extfrag = total;
	one->fragmenting = frag;
	one->runs = runs;
	if ((by = jr_get(d, x, "by")) == NULL || by->type != JR_ARR)
		return -1;
	for (by = jr_first(d, by); by; by = jr_next(d, by))
		if (pair_add(r, d, by, what) != 0)
			return -1;
	return 0;
}

/*
 * Keep the first and the latest value of each counter of the object C
 * (NULL: none) in R, for the deltas of --compare of sets; a null counter
 * (the kernel lacks it) is left out of that sample.
 */
static void
counters_keep(struct replay *r, const struct jr_doc *d, const struct jr_val *c)
{
	struct rcounter *k;
	uint64_t x;
	size_t i;

	if (c == NULL || c->type != JR_OBJ)
		return;
	for (c = jr_first(d, c); c; c = jr_next(d, c)) {
		if (jr_u64(c, &x) != 0 || c->keyn >= sizeof(k->name))
			continue;
		for (i = 0; i < r->ncounters && (strlen(r->counters[i].name) !=
		    c->keyn || memcmp(r->counters[i].name, c->key, c->keyn) !=
		    0); i++)
			;
		if (i == r->ncounters) {
			if (i == REPLAY_MAX_COUNTERS)
				continue;
			k = &r->counters[r->ncounters++];
			memcpy(k->name, c->key, c->keyn);
			k->name[c->keyn] = '\0';
			k->first = x;
		}
		r->counters[i].last = x;
	}
}

/*
 * Follow kcompactd in sample S: its compact_daemon_wake (null or absent
 * without /proc/vmstat) against the free memory outside whole pageblocks
 * of the zones zones_add() summed.
 */
int
replay_counters_add(struct replay *r, const struct jr_doc *d,
    const struct jr_val *s, const char **what)
{
	const struct jr_val *c = jr_get(d, s, "counters");
	struct rwake *w;

	counters_keep(r, d, c);
	counters_keep(r, d, jr_get(d, jr_get(d, s, "outcomes"), "vmstat"));

	*what = "out of memory";
	if ((w = grow_room(r->wakes, &r->wcap, r->nwakes, sizeof(*w),
	    SIZE_MAX / sizeof(*w))) == NULL)
		return -1;
	r->wakes = w;
	w = &r->wakes[r->nwakes++];
	w->wake = 0;
	w->have = c != NULL && c->type == JR_OBJ &&
	    jr_u64(jr_get(d, c, "compact_daemon_wake"), &w->wake) == 0;
	w->free = r->sample_free;
	w->blocks = r->sample_blocks;
	return 0;
}

/*
 * Returns whether FALLBACK of ASKED is a larger share than WF of WA (both
 * ASKED and WA above 0): fallback / asked > wf / wa, multiplied out so
 * that two shares a double cannot tell apart still compare exactly.
 */
static bool
worse(uint64_t fallback, uint64_t asked, uint64_t wf, uint64_t wa)
{
	return (unsigned __int128)fallback * wa >
	    (unsigned __int128)wf * asked;
}

/*
 * Fold the THP outcome O of a sample at time T into R's totals. Returns 0,
 * or -1 with *WHAT set.
 */
static int
outcome_add(struct replay *r, const struct jr_doc *d, const struct jr_val *o,
    const struct jr_val *t, const char **what)
{
	const struct jr_val *c = jr_get(d, o, "fallback_charge");
	uint64_t kb, order, alloc = 0, fallback = 0, charge = 0;
	struct routcome *x;
	struct rcount n;
	enum outcome_kind kind;
	char key[16];
	size_t i;

	/* Set again here: the last outcome may have left "out of memory". */
	*what = "'outcomes_interval' is not what --watch --json writes";
	if (jr_u64(jr_get(d, o, "size_kb"), &kb) != 0 ||
	    jr_u64(jr_get(d, o, "order"), &order) != 0 ||
	    order >= FRAG_MAX_ORDERS ||
	    str_copy(key, sizeof(key), jr_get(d, o, "kind")) != 0 ||
	    jr_u64(jr_get(d, o, "alloc"), &alloc) != 0 ||
	    jr_u64(jr_get(d, o, "fallback"), &fallback) != 0 ||
	    c == NULL || count_add(c, &charge) != 0)
		return -1;
	/* Labelled by kind: an unknown kind is an error, not a guessed label. */
	if (!outcome_kind_parse(key, &kind)) {
		*what = "a THP outcome of a 'kind' that fragstat does not know";
		return -1;
	}
	for (i = 0; i < r->noutcomes && (r->outcomes[i].size_kb != kb ||
	    r->outcomes[i].kind != kind); i++)
		;
	if (i == r->noutcomes) {
		if (i == REPLAY_MAX_OUTCOMES) {
			*what = "more THP sizes than fragstat reads";
			return -1;
		}
		x = &r->outcomes[r->noutcomes++];
		memset(x, 0, sizeof(*x));
		x->size_kb = kb;
		x->order = (int)order;
		x->kind = kind;
		x->d.known = true;
		x->d.have_charge = true;
	}
	x = &r->outcomes[i];
	*what = "THP outcome totals beyond 64 bits";
	if (replay_sum_add(&x->d.alloc, alloc) != 0 ||
	    replay_sum_add(&x->d.fallback, fallback) != 0 ||
	    replay_sum_add(&x->d.charge, charge) != 0)
		return -1;
	x->d.have_charge &= c->type != JR_NULL;
	memset(&n, 0, sizeof(n));
	n.thp.alloc = alloc;
	n.thp.fallback = fallback;
	n.thp.fallback_charge = charge;
	if (alloc + fallback > 0 && count_keep(r, RC_THP, (int)i, &n,
	    what) != 0)
		return -1;
	if (fallback > 0 && (x->worst_time[0] == '\0' ||
	    worse(fallback, alloc + fallback, x->worst_fallback,
	    x->worst_alloc + x->worst_fallback))) {
		x->worst_alloc = alloc;
		x->worst_fallback = fallback;
		snprintf(x->worst_time, sizeof(x->worst_time), "%.*s",
		    (int)t->n, t->s);
	}
	return 0;
}

/*
 * Fold the member "outcomes_interval" of sample S (at time T) into R's
 * totals. Returns 0, or -1 with *WHAT set.
 */
int
replay_outcomes_add(struct replay *r, const struct jr_doc *d,
    const struct jr_val *s, const struct jr_val *t, const char **what)
{
	const struct jr_val *ov = jr_get(d, s, "outcomes_interval"), *o;

	*what = "'outcomes_interval' is not what --watch --json writes";
	if (ov == NULL || ov->type == JR_NULL)
		return 0;
	if (ov->type != JR_ARR)
		return -1;
	for (o = jr_first(d, ov); o; o = jr_next(d, o))
		if (outcome_add(r, d, o, t, what) != 0)
			return -1;
	return 0;
}

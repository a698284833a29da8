/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * evcount.c - the kernel's events counted by its rules: which extfrag
 * events fall back, change ownership or are compaction captures, which
 * allocations failed, and the stalls that begin and end events measure
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "evcount.h"
#include "grow.h"

/*
 * The order of a stall or run not known (no try_to_compact_pages seen):
 * below -1, a whole-zone run's (compact_memory, proactive), so that the
 * per-order counts, indexed from -1, skip it.
 */
#define ORDER_UNKNOWN	(-2)

/* Returns whether V is an index below N. */
static bool
below(int v, int n)
{
	return v >= 0 && v < n;
}

/* Returns the slot for a new entry of a ring of CAP holding *N: a free one, else the oldest (*NEXT). */
static unsigned
ring_slot(unsigned *n, unsigned *next, unsigned cap)
{
	unsigned i;

	if (*n < cap)
		return (*n)++;
	i = *next;
	*next = (*next + 1) % cap;
	return i;
}

/* Remember that task PID runs compaction at ORDER (the oldest entry makes room). */
static void
task_set(struct ev_tasks *t, int pid, int order)
{
	unsigned i;

	for (i = 0; i < t->n; i++)
		if (t->pid[i] == pid) {
			t->order[i] = order;
			return;
		}
	i = ring_slot(&t->n, &t->next, EV_MAX_TASKS);
	t->pid[i] = pid;
	t->order[i] = order;
}

/* Returns the order of task PID's compaction run, or ORDER_UNKNOWN. */
static int
task_order(const struct ev_tasks *t, int pid)
{
	unsigned i;

	for (i = 0; i < t->n; i++)
		if (t->pid[i] == pid)
			return t->order[i];
	return ORDER_UNKNOWN;
}

/* Count extfrag event R into C. */
static void
add_extfrag(struct ev_counts *c, const struct ev_record *r,
    const struct ev_names *nm)
{
	if (ev_fragmenting(nm, r->fallback_order))
		c->fragmenting++;
	if (r->change_ownership > 0)
		c->claimed++;
	if (below(r->alloc_type, FRAG_MAX_TYPES) &&
	    below(r->fallback_type, FRAG_MAX_TYPES) &&
	    below(r->fallback_order, FRAG_MAX_ORDERS))
		c->pairs[r->alloc_type][r->fallback_type][r->fallback_order]++;
	else
		c->out_of_range++;
}

/* Count allocation event R into C. */
static void
add_alloc(struct ev_counts *c, const struct ev_record *r,
    const struct ev_names *nm)
{
	struct ev_alloc *a;
	bool failed = r->pfn == -1;

	if (!below(r->order, FRAG_MAX_ORDERS)) {
		c->out_of_range++;
		return;
	}
	a = &c->alloc[r->order];
	if (failed)
		a->failed++;
	else
		a->succeeded++;
	if (below(r->migratetype, FRAG_MAX_TYPES)) {
		if (failed)
			a->type_failed[r->migratetype]++;
		else
			a->type_succeeded[r->migratetype]++;
	}
	if (!failed || !nm->have_gfp)
		return;
	if (r->gfp & (nm->gfp_noretry | nm->gfp_nowarn))
		a->opportunistic_failed++;
	if (r->gfp & nm->gfp_direct_reclaim)
		a->could_wait_failed++;
}

/*
 * Returns whether extfrag event R may be a compaction capture, which
 * ev_settle() tells by its task. compaction_capture() (mm/page_alloc.c,
 * since f46012c0ec9f, 6.15) fires mm_page_alloc_extfrag with
 * alloc_order = capc->cc->order and fallback_order = order, and captures
 * only "order == capc->cc->order": the two orders are equal.
 */
static bool
may_be_capture(const struct ev_record *r, const struct ev_names *nm)
{
	return r->kind == EV_EXTFRAG && r->order == r->fallback_order &&
	    ev_tells_captures(nm);
}

bool
ev_tells_captures(const struct ev_names *nm)
{
	return nm->have[EV_BEGIN] && nm->have[EV_END] && nm->have[EV_TRY];
}

/* Hold R, a begin, end, try_to_compact_pages or extfrag event, for ev_settle(). Returns 0 or -1. */
static int
pend(struct ev_counts *c, struct ev_tasks *t, const struct ev_record *r)
{
	struct ev_pend *p;

	if (t->npend == EV_MAX_PEND) {
		c->out_of_range++;
		return 0;
	}
	if ((p = grow_room(t->pend, &t->pend_cap, t->npend, sizeof(*p),
	    EV_MAX_PEND)) == NULL)
		return -1;
	t->pend = p;
	p = &t->pend[t->npend++];
	p->ts = r->ts;
	p->seq = t->seq++;
	p->kind = r->kind;
	p->pid = r->pid;
	p->order = r->order;
	return 0;
}

int
ev_add(struct ev_counts *c, struct ev_tasks *t, const struct ev_record *r,
    const struct ev_names *nm)
{
	struct ev_zone *z;
	int o;

	c->n[r->kind]++;
	if ((r->kind == EV_TRY || r->kind == EV_BEGIN || r->kind == EV_END ||
	    r->kind == EV_RECLAIM_BEGIN || r->kind == EV_RECLAIM_END ||
	    may_be_capture(r, nm)) && pend(c, t, r) != 0)
		return -1;
	switch (r->kind) {
	case EV_EXTFRAG:
		add_extfrag(c, r, nm);
		return 0;
	case EV_ALLOC:
		add_alloc(c, r, nm);
		return 0;
	case EV_TRY:
	case EV_KCOMPACTD_WAKE:
		task_set(t, r->pid, r->order);
		if (r->kind == EV_KCOMPACTD_WAKE)
			return 0;
		if (below(r->order + 1, EV_NORDERS))
			c->attempts[r->order + 1]++;
		else
			c->out_of_range++;
		return 0;
	case EV_END:
		if (!below(r->status, EV_MAX_STATUS)) {
			c->out_of_range++;
			return 0;
		}
		c->ends[r->status]++;
		o = task_order(t, r->pid);
		if (below(o + 1, EV_NORDERS))
			c->outcomes[o + 1][r->status]++;
		return 0;
	case EV_SUITABLE:
	case EV_FINISHED:
		task_set(t, r->pid, r->order);
		if (!below(r->status, EV_MAX_STATUS) ||
		    !below(r->order + 1, EV_NORDERS)) {
			c->out_of_range++;
			return 0;
		}
		if ((z = ev_zone_of(c, r->node, r->zone, r->order)) == NULL)
			return -1;
		if (r->kind == EV_SUITABLE)
			z->suitable[r->status]++;
		else
			z->finished[r->status]++;
		return 0;
	default:
		return 0;
	}
}

unsigned
ev_hist_bucket(uint64_t ns)
{
	uint64_t us = ns / 1000;
	unsigned k = 0;

	/* Bucket k: [2^k, 2^(k+1)) us; below 1 us goes with [1, 2). */
	while (k < EV_HIST - 1 && us >= (2ULL << k))
		k++;
	return k;
}

/*
 * Count into C a stall of kind K of task O that lasted NS at ORDER (or
 * ORDER_UNKNOWN). Returns 0 or -1.
 */
static int
stall_add(struct ev_counts *c, enum ev_stall_kind k, const struct ev_open *o,
    int order, uint64_t ns)
{
	struct ev_stall *s = &c->stalls[k];
	struct ev_staller *st;

	s->count++;
	s->total_ns += ns;
	if (ns > s->max_ns)
		s->max_ns = ns;
	s->hist[ev_hist_bucket(ns)]++;
	if (below(order + 1, EV_NORDERS)) {
		s->order_count[order + 1]++;
		s->order_ns[order + 1] += ns;
	}
	if ((st = ev_staller_of(c, k, o->pid, o->comm)) == NULL)
		return -1;
	st->count++;
	st->total_ns += ns;
	return 0;
}

/* Returns task PID's entry in T, or NULL. */
static struct ev_open *
open_find(struct ev_tasks *t, int pid)
{
	unsigned i;

	for (i = 0; i < t->nopen; i++)
		if (t->open[i].pid == pid)
			return &t->open[i];
	return NULL;
}

/* Returns task PID's entry in T, made (named with COMM) when new: the oldest makes room. */
static struct ev_open *
open_of(struct ev_tasks *t, int pid, ev_comm_fn comm, void *arg)
{
	struct ev_open *o;

	if ((o = open_find(t, pid)) != NULL)
		return o;
	o = &t->open[ring_slot(&t->nopen, &t->next_open, EV_MAX_OPEN)];
	memset(o, 0, sizeof(*o));
	o->pid = pid;
	o->compact_order = o->reclaim_order = ORDER_UNKNOWN;
	comm(arg, pid, o->comm);
	return o;
}

/* Order pending events by time, then by arrival. */
static int
pend_cmp(const void *a, const void *b)
{
	const struct ev_pend *x = a, *y = b;

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Returns whether task name COMM is one of the kcompactd threads ("kcompactd0"). */
static bool
is_kcompactd(const char *comm)
{
	return strncmp(comm, "kcompactd", strlen("kcompactd")) == 0;
}

/*
 * Count pending event P of task O into C: a compaction run or direct
 * reclaim begins or ends (a stall), or try_to_compact_pages says the
 * task's order. Returns 0 or -1 when out of memory.
 */
static int
settle_one(struct ev_counts *c, struct ev_open *o, const struct ev_pend *p)
{
	enum ev_stall_kind k;

	switch (p->kind) {
	case EV_TRY:
		o->direct = true;
		o->compact_order = p->order;
		return 0;
	case EV_BEGIN:
		o->compacting = true;
		o->compact_begin = p->ts;
		if (!is_kcompactd(o->comm))
			c->stall_begins++;
		return 0;
	case EV_END:
		/* An end without its begin began before we looked. */
		if (!o->compacting)
			return 0;
		o->compacting = false;
		k = is_kcompactd(o->comm) ? EV_STALL_KCOMPACTD :
		    o->direct ? EV_STALL_COMPACTION : EV_STALL_MANUAL;
		return stall_add(c, k, o, k == EV_STALL_COMPACTION ?
		    o->compact_order : ORDER_UNKNOWN, p->ts - o->compact_begin);
	case EV_RECLAIM_BEGIN:
		c->stall_begins++;
		o->reclaiming = true;
		o->reclaim_begin = p->ts;
		o->reclaim_order = p->order;
		return 0;
	case EV_RECLAIM_END:
		if (!o->reclaiming)
			return 0;
		o->reclaiming = false;
		return stall_add(c, EV_STALL_RECLAIM, o, o->reclaim_order,
		    p->ts - o->reclaim_begin);
	default:
		return 0;
	}
}

int
ev_settle(struct ev_counts *c, struct ev_tasks *t, uint64_t cut,
    ev_comm_fn comm, void *arg)
{
	const struct ev_pend *p;
	struct ev_open *o;
	size_t i, n;
	int rc = 0;

	if (t->npend == 0)
		return 0;
	if (t->open == NULL &&
	    (t->open = calloc(EV_MAX_OPEN, sizeof(*t->open))) == NULL)
		return -1;
	qsort(t->pend, t->npend, sizeof(*t->pend), pend_cmp);
	for (n = 0; n < t->npend && t->pend[n].ts < cut; n++) {
		p = &t->pend[n];
		if (p->kind != EV_EXTFRAG) {
			if (settle_one(c, open_of(t, p->pid, comm, arg), p) != 0)
				rc = -1;
			continue;
		}
		/*
		 * A capture: the task is inside compact_zone() of
		 * compact_zone_order(), the one caller that sets
		 * current->capture_control (compaction_capture()'s
		 * task_capc()), between its mm_compaction_begin and _end, at
		 * the order try_to_compact_pages asked for. kcompactd and
		 * manual runs never capture.
		 */
		o = open_find(t, p->pid);
		if (o && o->compacting && o->direct &&
		    p->order == o->compact_order)
			c->captured++;
	}
	for (i = n; i < t->npend; i++)
		t->pend[i - n] = t->pend[i];
	t->npend -= n;
	return rc;
}

/* Returns whether staller A stalled more than B (time, count, then the lower pid). */
static bool
stalled_more(const struct ev_staller *a, const struct ev_staller *b)
{
	if (a->total_ns != b->total_ns)
		return a->total_ns > b->total_ns;
	if (a->count != b->count)
		return a->count > b->count;
	return a->pid < b->pid;
}

/*
 * Put entry E of SIZE bytes at index AT of the sorted list L of *N (at most
 * MAX) entries, moving those from AT on one down: a full list drops its last.
 */
static void
top_insert(void *l, size_t size, size_t *n, size_t max, size_t at,
    const void *e)
{
	size_t keep = *n < max ? *n : max - 1;

	if (at >= max)
		return;
	memmove((char *)l + (at + 1) * size, (char *)l + at * size,
	    (keep - at) * size);
	memcpy((char *)l + at * size, e, size);
	if (*n < max)
		(*n)++;
}

size_t
ev_top_stallers(const struct ev_counts *c, enum ev_stall_kind k,
    const struct ev_staller **p, size_t max)
{
	const struct ev_staller *st;
	size_t n = 0, i, j;

	for (i = 0; i < c->nstallers; i++) {
		st = &c->stallers[i];
		if (st->kind != k)
			continue;
		for (j = n; j > 0 && stalled_more(st, p[j - 1]); j--)
			;
		top_insert(p, sizeof(const struct ev_staller *), &n, max, j,
		    &st);
	}
	return n;
}

size_t
ev_top_stallers_merged(const struct ev_counts *c,
    const enum ev_stall_kind *kinds, size_t nkinds,
    const struct ev_staller **p, size_t max)
{
	const struct ev_staller *one[EV_TOP_MERGED];
	size_t n = 0, i, j, k, m;

	if (max > EV_TOP_MERGED)
		max = EV_TOP_MERGED;
	for (k = 0; k < nkinds; k++) {
		m = ev_top_stallers(c, kinds[k], one, max);
		/* After every one as long: ties keep KINDS' order. */
		for (i = 0; i < m; i++) {
			for (j = n; j > 0 && one[i]->total_ns >
			    p[j - 1]->total_ns; j--)
				;
			top_insert(p, sizeof(const struct ev_staller *), &n,
			    max, j, &one[i]);
		}
	}
	return n;
}

bool
ev_fragmenting(const struct ev_names *nm, int fallback_order)
{
	return fallback_order >= 0 &&
	    (unsigned)fallback_order < nm->pageblock_order;
}

/* Add one order's counts to T. */
static void
total_add(struct ev_alloc_total *t, uint64_t succeeded, uint64_t failed,
    uint64_t opportunistic_failed, uint64_t could_wait_failed)
{
	t->succeeded += succeeded;
	t->failed += failed;
	t->opportunistic_failed += opportunistic_failed;
	t->could_wait_failed += could_wait_failed;
}

struct ev_alloc_total
ev_alloc_sum(const struct ev_alloc *a)
{
	struct ev_alloc_total t = { 0 };
	int o;

	for (o = 0; o < FRAG_MAX_ORDERS; o++)
		total_add(&t, a[o].succeeded, a[o].failed,
		    a[o].opportunistic_failed, a[o].could_wait_failed);
	return t;
}

/*
 * A run of an order ends well with a block made (success): complete is
 * compaction_failed() in include/linux/compaction.h. A whole-zone run
 * (compact_memory, proactive) never makes one; complete is its end.
 */
uint64_t
ev_well(int order, uint64_t success, uint64_t complete)
{
	return success + (order < 0 ? complete : 0);
}

uint64_t
ev_ended_well(const struct rorder *ro)
{
	return ev_well(ro->order, ro->outcome[EV_SUCCESS],
	    ro->outcome[EV_COMPLETE]);
}

/* Put E among the *N (at most MAX) pairs of P, most first; ties keep the first. */
static void
pair_insert(struct ev_pair *p, size_t *n, size_t max, const struct ev_pair *e)
{
	size_t k;

	for (k = *n; k > 0 && p[k - 1].count < e->count; k--)
		;
	top_insert(p, sizeof(*p), n, max, k, e);
}

size_t
ev_top_pairs(const struct ev_counts *c, struct ev_pair *p, size_t max)
{
	struct ev_pair e;
	size_t n = 0;
	int i, j, o;

	for (i = 0; i < FRAG_MAX_TYPES; i++)
		for (j = 0; j < FRAG_MAX_TYPES; j++)
			for (o = 0; o < FRAG_MAX_ORDERS; o++) {
				e = (struct ev_pair){ .alloc = i, .fallback = j,
				    .fallback_order = o,
				    .count = c->pairs[i][j][o] };
				if (e.count != 0)
					pair_insert(p, &n, max, &e);
			}
	return n;
}

const struct ev_rules ev_count_rules = {
	.add = ev_add,
	.settle = ev_settle,
};

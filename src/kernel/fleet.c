/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet.c - many roots summed up one at a time: distributions, tallies, the worst hosts */

#include "config.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet.h"
#include "grow.h"

const unsigned fleet_pct[FLEET_NPCT] = { 1, 5, 10, 50, 90 };

void
fleet_init(struct fleet *f, uint64_t need_count)
{
	memset(f, 0, sizeof(*f));
	f->need_count = need_count;
}

/* Append X to V. Returns 0, or -1 when out of memory. */
static int
values_add(struct fleet_values *v, uint64_t x)
{
	uint64_t *nv;

	if ((nv = grow_room(v->v, &v->cap, v->n, sizeof(*nv), SIZE_MAX)) ==
	    NULL)
		return -1;
	v->v = nv;
	v->v[v->n++] = x;
	v->sorted = false;
	return 0;
}

/* Returns the slot of BYTES in F, made when new; NULL when F is full. */
static struct fleet_size *
size_slot(struct fleet *f, uint64_t bytes)
{
	size_t i;

	for (i = 0; i < f->nsizes; i++)
		if (f->sizes[i].bytes == bytes)
			return &f->sizes[i];
	if (f->nsizes == FLEET_MAX_SIZES)
		return NULL;
	f->sizes[f->nsizes].bytes = bytes;
	return &f->sizes[f->nsizes++];
}

/* Count one root of RELEASE ("" unknown) and PAGE_SIZE in the tallies of F. */
static void
tally(struct fleet *f, const char *release, unsigned long page_size)
{
	size_t i;

	for (i = 0; i < f->nkernels &&
	    strcmp(f->kernels[i].release, release) != 0; i++)
		;
	if (i < f->nkernels)
		f->kernels[i].roots++;
	else if (f->nkernels < FLEET_MAX_KINDS) {
		snprintf(f->kernels[i].release, sizeof(f->kernels[i].release),
		    "%s", release);
		f->kernels[f->nkernels++].roots = 1;
	} else
		f->other_kernels++;
	for (i = 0; i < f->npages && f->pages[i].page_size != page_size; i++)
		;
	if (i < f->npages)
		f->pages[i].roots++;
	else if (f->npages < FLEET_MAX_KINDS) {
		f->pages[i].page_size = page_size;
		f->pages[f->npages++].roots = 1;
	} else
		f->other_pages++;
}

/*
 * Returns whether W is worse than the kept X: impossible (no counts) before
 * any counts, then fewer free now, then fewer after.
 */
static bool
worse(const struct fleet_worst *w, const struct fleet_worst *x)
{
	if (w->impossible || x->impossible)
		return w->impossible && !x->impossible;
	return w->now < x->now || (w->now == x->now && w->after < x->after);
}

/*
 * Keep W among the worst hosts of F when it is worse than one kept; an
 * equal one stays behind those seen before it. Returns 0, or -1 when out
 * of memory.
 */
static int
worst_add(struct fleet *f, const struct fleet_worst *w)
{
	size_t i = f->nworst;

	if (i == FLEET_WORST && !worse(w, &f->worst[i - 1]))
		return 0;
	if (i == FLEET_WORST)
		free(f->worst[--i].root);
	for (; i > 0 && worse(w, &f->worst[i - 1]); i--)
		f->worst[i] = f->worst[i - 1];
	f->worst[i] = *w;
	if (f->nworst < FLEET_WORST)
		f->nworst++;
	if ((f->worst[i].root = strdup(w->root)) == NULL)
		return -1;
	return 0;
}

/* Returns the verdict on R's --need for NODE (-1: the whole host). */
static enum verdict
need_verdict(const struct fleet_root *r, int node)
{
	struct need n = *r->need;

	n.node = node;
	return avail_need(r->av, &n, r->possible).verdict;
}

/* Add R's need verdicts, of the host and of each node, to F. */
static void
add_need(struct fleet *f, const struct fleet_root *r)
{
	size_t i;

	f->need_hosts[need_verdict(r, -1)]++;
	for (i = 0; i < r->av->n; i++) {
		const struct avail *row = &r->av->rows[i];

		if (row->zone >= 0 || row->node < 0 ||
		    row->order != r->need->order)
			continue;
		f->need_nodes[need_verdict(r, row->node)]++;
	}
}

/*
 * Add the host row A of R (the machine's) to the worst hosts of F; with
 * IMPOSSIBLE, without its counts.
 */
static int
add_worst(struct fleet *f, const struct fleet_root *r, const struct avail *a,
    bool impossible)
{
	struct fleet_worst w;
	long j;

	memset(&w, 0, sizeof(w));
	w.root = (char *)r->root;
	snprintf(w.release, sizeof(w.release), "%s", r->release ?
	    r->release : "");
	w.page_size = r->page_size;
	w.impossible = impossible;
	if (!impossible) {
		w.now = a->now;
		w.after = a->after;
		w.now_is_bound = a->now_is_bound;
	}
	if (r->need != NULL)
		w.verdict = need_verdict(r, -1);
	else if ((j = advice_order_index(r->adv, a->order)) >= 0)
		w.verdict = advise_best(r->adv, -1, (size_t)j);
	else
		w.verdict = VERDICT_UNKNOWN;
	return worst_add(f, &w);
}

int
fleet_add(struct fleet *f, const struct fleet_root *r)
{
	struct fleet_size *s;
	const struct avail *a;
	uint64_t bytes;
	size_t i;
	int over, nodes_at = -1;
	bool cannot;

	f->roots++;
	/* The first root says what --need's size is in bytes. */
	if (r->need != NULL && f->need_bytes == 0)
		f->need_bytes = f->worst_bytes = (uint64_t)r->page_size <<
		    r->need->order;
	tally(f, r->release ? r->release : "", r->page_size);
	if (r->need != NULL)
		add_need(f, r);
	for (i = 0; i < r->av->n; i++) {
		a = &r->av->rows[i];
		if (a->zone >= 0)
			continue;
		/* Each node has a row per order: count it at this root's first. */
		if (a->node >= 0 && nodes_at < 0)
			nodes_at = (int)a->order;
		if (a->node >= 0 && (int)a->order == nodes_at)
			f->nodes++;
		bytes = (uint64_t)r->page_size << a->order;
		/* Without --need, the first size seen ranks the worst hosts. */
		if (f->worst_bytes == 0)
			f->worst_bytes = bytes;
		if ((s = size_slot(f, bytes)) == NULL) {
			f->sizes_dropped += a->node < 0;
			continue;
		}
		over = a->node < 0 ? FLEET_HOSTS : FLEET_NODES;
		/* A size the host cannot have is no count of 0: apart. */
		cannot = r->need != NULL && a->order == r->need->order &&
		    r->possible == AVAIL_IMPOSSIBLE;
		s->impossible[over] += cannot;
		if (!cannot) {
			s->none_now[over] += a->now == 0;
			s->bound[over] += a->now_is_bound;
		}
		if (!cannot && (values_add(&s->now[over], a->now) != 0 ||
		    values_add(&s->after[over], a->after) != 0))
			return -1;
		if (over == FLEET_HOSTS && bytes == f->worst_bytes &&
		    add_worst(f, r, a, cannot) != 0)
			return -1;
	}
	return 0;
}

/* Order two values for qsort(). */
static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

uint64_t
fleet_rank(size_t n, uint64_t num, uint64_t den)
{
	/* Integer arithmetic: ceil(NUM * N / DEN), exact for any N. */
	uint64_t rank = (num * n + den - 1) / den;

	return rank == 0 ? 1 : rank;
}

uint64_t
fleet_percentile(const uint64_t *v, size_t n, unsigned p)
{
	if (n == 0)
		return 0;
	return v[fleet_rank(n, p, 100) - 1];
}

/* Returns the distribution of V (sorting it, once): nearest-rank percentiles. */
static struct fleet_dist
fleet_dist(struct fleet_values *v)
{
	struct fleet_dist d;
	size_t k;

	memset(&d, 0, sizeof(d));
	if (v->n == 0)
		return d;
	if (!v->sorted)
		qsort(v->v, v->n, sizeof(*v->v), cmp_u64);
	v->sorted = true;
	d.n = v->n;
	d.min = v->v[0];
	d.max = v->v[v->n - 1];
	for (k = 0; k < FLEET_NPCT; k++)
		d.pct[k] = fleet_percentile(v->v, v->n, fleet_pct[k]);
	return d;
}

void
fleet_finish(struct fleet *f)
{
	const uint64_t *by[FLEET_NOVER] = { f->need_hosts, f->need_nodes };
	struct fleet_size *s;
	size_t i;
	int k, v;

	for (i = 0; i < f->nsizes; i++) {
		s = &f->sizes[i];
		for (k = 0; k < FLEET_NOVER; k++) {
			s->dist_now[k] = fleet_dist(&s->now[k]);
			s->dist_after[k] = fleet_dist(&s->after[k]);
		}
	}
	for (k = 0; k < FLEET_NOVER; k++)
		for (f->need_judged[k] = 0, v = 0; v < VERDICT_NSTATES; v++)
			f->need_judged[k] += by[k][v];
}

uint64_t
fleet_need_failing(const uint64_t *by_verdict)
{
	uint64_t n = 0;
	int v;

	for (v = 0; v < VERDICT_NSTATES; v++)
		if (v != VERDICT_OK && v != VERDICT_UNKNOWN)
			n += by_verdict[v];
	return n;
}

void
fleet_free(struct fleet *f)
{
	size_t i;
	int k;

	for (i = 0; i < f->nsizes; i++)
		for (k = 0; k < FLEET_NOVER; k++) {
			free(f->sizes[i].now[k].v);
			free(f->sizes[i].after[k].v);
		}
	for (i = 0; i < f->nworst; i++)
		free(f->worst[i].root);
	memset(f, 0, sizeof(*f));
}

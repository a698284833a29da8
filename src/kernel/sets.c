/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets.c - --compare of two sets of recorded runs: each metric named, its runs' values and statistics */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "mapspan.h"
#include "sets.h"
#include "sets_metrics.h"
#include "sets_rank.h"
#include "sets_tables.h"
#include "stats.h"

/*
 * Fill the runs of both sides of X into S by metric M: a run that lacks it
 * (a THP size only one side used, a counter an older kernel has not) has
 * no value, and is counted in S->lacking. Returns whether some run has
 * the metric, and sets *NONZERO when one is not 0.
 */
static bool
values(const struct sets *x, const struct sets_mspec *m,
    struct sets_metric *s, bool *nonzero)
{
	enum sets_found f;
	size_t i;
	int k;

	*nonzero = false;
	for (k = 0; k < 2; k++)
		for (i = 0; i < x->side[k].n; i++) {
			f = sets_value(x, &x->side[k].runs[i],
			    &x->side[k].maps[i], m, &s->v[k][i]);
			s->na[k][i] = f != SETS_F_OK;
			s->lacking[k] += f == SETS_F_NONE;
			*nonzero |= f == SETS_F_OK && s->v[k][i] != 0;
		}
	return s->lacking[0] + s->lacking[1] < x->side[0].n + x->side[1].n;
}

/* The most decimals a spread or a small mean adds to a metric's own. */
#define MORE_DIGITS	4

/*
 * Raise S's decimals to what its means and spreads need: the first
 * digit of each spread, and of each mean that is not 0 (a counter's
 * mean of 0.33 was "0", and its change -100%).
 */
static void
spread_digits(struct sets_metric *s)
{
	int k, most = s->digits + MORE_DIGITS;
	double unit;

	for (k = 0; k < 2; k++) {
		for (unit = pow(10, -s->digits); s->digits < most &&
		    ((s->s[k].sd > 0 && s->s[k].sd < unit) ||
		    (s->s[k].mean != 0 && fabs(s->s[k].mean) < unit / 2));
		    s->digits++)
			unit /= 10;
	}
}

/* Set the mean and spread of S's runs with a value (n counts them) and test them. */
static void
settle(const struct sets *x, struct sets_metric *s)
{
	double ok[SETS_MAX_RUNS];
	size_t i, n;
	int k;

	for (k = 0; k < 2; k++) {
		for (i = 0, n = 0; i < x->side[k].n; i++)
			if (!s->na[k][i])
				ok[n++] = s->v[k][i];
		stats_of(ok, n, &s->s[k]);
	}
	spread_digits(s);
	stats_welch(&s->s[0], &s->s[1], &s->w);
	if (s->w.tested && !s->w.significant)
		s->needed = stats_runs_needed(&s->s[0], &s->s[1]);
}

/*
 * Add metric M to X when some run has it (and, with M->skip_zero, some
 * run is not 0). Returns 0, or -1 with E set.
 */
static int
add(struct sets *x, const struct sets_mspec *m, struct ferr *e)
{
	struct sets_metric *s;
	bool nonzero;

	if ((s = grow_room(x->m, &x->mcap, x->nm, sizeof(*x->m),
	    SIZE_MAX)) == NULL)
		return ferr_set_nomem(e);
	x->m = s;
	s = &x->m[x->nm];
	memset(s, 0, sizeof(*s));
	if (!values(x, m, s, &nonzero) || (m->skip_zero && !nonzero))
		return 0;
	s->name = m->name;
	s->label = m->label;
	s->abbr = m->abbr;
	s->group = m->group;
	s->unit = m->unit;
	s->digits = m->digits;
	s->kind = m->kind;
	s->lo = m->lo;
	s->hi = m->hi;
	s->rank = sets_rank(m->group);
	settle(x, s);
	x->nm++;
	return 0;
}

/* Add the N metrics of TABLE to X in order. Returns 0, or -1 with E set. */
static int
add_table(struct sets *x, const struct sets_mspec *table, size_t n,
    struct ferr *e)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < n; i++)
		rc |= add(x, &table[i], e);
	return rc;
}

/* Returns what FMT makes, kept in X until sets_free(); NULL out of memory. */
static __attribute__((format(printf, 2, 3))) const char *
keep_text(struct sets *x, const char *fmt, ...)
{
	char **texts, *t;
	va_list ap;
	int n;

	if ((texts = grow_room(x->texts, &x->textcap, x->ntexts,
	    sizeof(*x->texts), SIZE_MAX)) == NULL)
		return NULL;
	x->texts = texts;
	va_start(ap, fmt);
	n = vasprintf(&t, fmt, ap);
	va_end(ap);
	if (n < 0)
		return NULL;
	x->texts[x->ntexts++] = t;
	return t;
}

/* add() of M named NAME, LABEL and ABBR (keep_text(): NULL out of memory). */
static int
add_named(struct sets *x, struct sets_mspec *m, const char *name,
    const char *label, const char *abbr, struct ferr *e)
{
	if (name == NULL || label == NULL || abbr == NULL)
		return ferr_set_nomem(e);
	m->name = name;
	m->label = label;
	m->abbr = abbr;
	return add(x, m, e);
}

/* Returns the word of A in a metric's name: "min", "max", "end". */
static const char *
at_word(enum sets_at a)
{
	switch (a) {
	case SETS_AT_MIN:
		return "min";
	case SETS_AT_MAX:
		return "max";
	case SETS_AT_END:
		return "end";
	}
	return "?";
}

/* Returns the end of map metric F's name: "change", "per_hour", "end". */
static const char *
map_word(enum sets_map f)
{
	switch (f) {
	case SETS_MAP_CHANGE:
		return "change";
	case SETS_MAP_PER_HOUR:
		return "per_hour";
	case SETS_MAP_AMPLIFICATION:
	case SETS_MAP_CLEAN_1G:
	case SETS_MAP_OFFLINABLE:
		return "end";
	}
	return "?";
}

/* Add the metrics of one THP size and kind O (thp_metrics), named by both. */
static int
add_thp_size(struct sets *x, const struct routcome *o, struct ferr *e)
{
	unsigned long long kb = o->size_kb;
	const char *key = outcome_kind_key(o->kind), *size, *kind;
	struct sets_mspec m;
	size_t i;
	int rc = 0;

	/* "2M" or "64k"; "anon_fault": "anon". */
	size = kb >= 1024 && kb % 1024 == 0 ? keep_text(x, "%lluM", kb / 1024) :
	    keep_text(x, "%lluk", kb);
	kind = keep_text(x, "%.*s", (int)strcspn(key, "_"), key);
	if (size == NULL || kind == NULL)
		return ferr_set_nomem(e);
	for (i = 0; i < sets_nthp_metrics; i++) {
		m = sets_thp_metrics[i];
		m.size_kb = o->size_kb;
		m.thp_kind = o->kind;
		rc |= add_named(x, &m,
		    keep_text(x, "hugepages-%llukB/%s_%s", kb, key, m.name),
		    keep_text(x, "%llu kB %s %s", kb, key, m.label),
		    keep_text(x, "%s-%s-%s", size, kind, m.abbr), e);
	}
	return rc;
}

/* Returns whether run R of X is the first of both sides to count O's size and kind. */
static bool
first_with(const struct sets *x, const struct replay *r,
    const struct routcome *o)
{
	const struct replay *q;
	size_t i, j;
	int k;

	for (k = 0; k < 2; k++)
		for (i = 0; i < x->side[k].n; i++) {
			q = &x->side[k].runs[i];
			if (q == r)
				return true;
			for (j = 0; j < q->noutcomes; j++)
				if (q->outcomes[j].size_kb == o->size_kb &&
				    q->outcomes[j].kind == o->kind)
					return false;
		}
	return true;
}

/*
 * Add every THP size and kind that some run of either side counted, in
 * the order first seen, A's runs first: B may have a size A has not (the
 * A/B "turn 64K mTHP on").
 */
static int
add_thp_sizes(struct sets *x, struct ferr *e)
{
	const struct replay *r;
	size_t i, j;
	int k, rc = 0;

	for (k = 0; k < 2; k++)
		for (i = 0; i < x->side[k].n; i++) {
			r = &x->side[k].runs[i];
			for (j = 0; j < r->noutcomes; j++)
				if (first_with(x, r, &r->outcomes[j]))
					rc |= add_thp_size(x, &r->outcomes[j],
					    e);
		}
	return rc;
}

/*
 * Add the allocations that failed at each order (--events), where some
 * run saw one fail.
 */
static int
add_alloc_failed(struct sets *x, struct ferr *e)
{
	struct sets_mspec m;
	unsigned o;
	int rc = 0;

	for (o = 0; o < FRAG_MAX_ORDERS; o++) {
		m = (struct sets_mspec){ .how = SETS_M_ALLOC_FAILED,
		    .order = o, .group = SETS_G_FAILURES, .unit = "",
		    .kind = SETS_DELTA, .hi = INFINITY, .skip_zero = true };
		rc |= add_named(x, &m, keep_text(x, "alloc_failed_order%u", o),
		    keep_text(x, "allocations failed, order %u", o),
		    keep_text(x, "alloc-fail-o%u", o), e);
	}
	return rc;
}

/*
 * Add the indices of X's zone at the recorded order ORDER (index_metrics),
 * and the share of samples where the fragmentation index says the
 * allocation succeeds.
 */
static int
add_indices(struct sets *x, unsigned order, struct ferr *e)
{
	struct sets_mspec m;
	const char *at;
	size_t i;
	int rc = 0;

	for (i = 0; i < sets_nindex_metrics; i++) {
		m = sets_index_metrics[i];
		m.order = order;
		at = at_word(m.field.at);
		rc |= add_named(x, &m,
		    keep_text(x, "%s_%s_order%u_%s", m.name, x->zone, order, at),
		    keep_text(x, "%s order %u %s, %s", x->zone, order, m.label,
		    at), keep_text(x, "%s%u-%s", m.abbr, order, at), e);
	}
	m = (struct sets_mspec){ .how = SETS_M_SUCCEEDS, .order = order,
	    .group = SETS_G_FRAGMENTATION, .unit = "%", .digits = 2,
	    .kind = SETS_SHARE, .hi = 100 };
	return rc | add_named(x, &m,
	    keep_text(x, "fragindex_succeeds_%s_order%u", x->zone, order),
	    keep_text(x, "%s order %u, samples it succeeds", x->zone, order),
	    keep_text(x, "fragidx%u-ok%%", order), e);
}

/* Add the pollution of X's zone (map_metrics) when every run kept maps. */
static int
add_pollution(struct sets *x, struct ferr *e)
{
	struct sets_mspec m;
	size_t i;
	int rc = 0;

	for (i = 0; i < sets_nmap_metrics; i++) {
		m = sets_map_metrics[i];
		rc |= add_named(x, &m, keep_text(x, "%s_%s_%s", m.name, x->zone,
		    map_word(m.field.map)), keep_text(x, "%s %s", x->zone,
		    m.label), m.abbr, e);
	}
	return rc;
}

/* Pick X's zone, whose indices are compared: the most free pageblocks in R0. */
static void
pick_zone(struct sets *x, const struct replay *r0)
{
	const struct rzone *best = NULL;
	size_t i;

	x->zone = "";
	for (i = 0; i < r0->nzones; i++)
		if (best == NULL || r0->zones[i].pb_first > best->pb_first)
			best = &r0->zones[i];
	if (best != NULL) {
		x->node = best->node;
		x->zone = best->name;
	}
}

int
sets_compute(struct sets *x, struct ferr *e)
{
	const struct replay *r0 = &x->side[0].runs[0];
	size_t i;
	int k, rc = 0;

	e->path = x->side[0].path;
	x->mcap = SETS_MAX_METRICS;
	if (ferr_inject("sets-metrics") ||
	    (x->m = calloc(x->mcap, sizeof(*x->m))) == NULL)
		return ferr_set_nomem(e);
	pick_zone(x, r0);
	for (k = 0; k < 2; k++)
		for (i = 0; i < x->side[k].n; i++)
			mapspan_compute(&x->side[k].maps[i]);
	rc |= add_table(x, sets_run_metrics, sets_nrun_metrics, e);
	rc |= add_table(x, sets_stall_metrics, sets_nstall_metrics, e);
	rc |= add_alloc_failed(x, e);
	rc |= add_thp_sizes(x, e);
	rc |= add_table(x, sets_late_metrics, sets_nlate_metrics, e);
	for (i = 0; i < r0->norders; i++)
		rc |= add_indices(x, r0->orders[i], e);
	rc |= add_pollution(x, e);
	return rc ? -1 : sets_keep_most_important(x, e);
}

const char *
sets_kind_name(enum sets_kind k)
{
	switch (k) {
	case SETS_DELTA:
		return "counter delta";
	case SETS_EXTREME:
		return "gauge extreme";
	case SETS_GAUGE:
		return "gauge";
	case SETS_RATE:
		return "rate";
	case SETS_SHARE:
		return "share";
	case SETS_CHANGE:
		return "gauge change";
	case SETS_GROWTH:
		return "growth per hour";
	}
	return "?";
}


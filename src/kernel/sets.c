/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets.c - --compare of two sets of recorded runs: per metric statistics */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sets.h"
#include "stats.h"

/* What a metric is of a run. */
enum mkind {
	M_COUNTER,	/* a counter's delta over the run */
	M_DIRECT,	/* a compaction counter's delta less kcompactd's */
	M_RATE,		/* compact_success of compact_success + compact_fail */
	M_THP,		/* one THP size's count: FIELD 0 alloc, 1 fallback, 2 charge */
	M_THP_SHARE,	/* one THP size's fallback of alloc + fallback */
	M_EXTFRAG,	/* FIELD 0 every extfrag event, 1 fragmenting, 2 claimed, 3 captured */
	M_PSI,		/* the mean stall share, FIELD 0 some, 1 full */
	M_BLOCKS,	/* free pageblocks machine-wide, FIELD 0 min, 1 max, 2 end */
	M_INDEX,	/* x's zone at ORDER: FIELD 0-2 unusable min, max, end, 3-5 fragindex */
	M_WALL,		/* the command's wall time */
};

struct mspec {
	enum mkind	 kind;
	const char	*counter, *minus;
	uint64_t	 size_kb;
	const char	*thp_kind;
	int		 field;
	unsigned	 order;
};

/* Returns the delta of counter NAME over R into *V, or false when R lacks it. */
static bool
delta(const struct replay *r, const char *name, double *v)
{
	const struct rcounter *c = replay_counter(r, name);

	if (c == NULL || c->last < c->first)
		return false;
	*v = (double)(c->last - c->first);
	return true;
}

/* Sets *V to the free pageblocks of R machine-wide: least, most or last (FIELD 0-2). */
static bool
blocks(const struct replay *r, int field, double *v)
{
	const struct rseries *se = r->series;
	uint64_t *sum;
	size_t i;
	bool ok;

	if (se == NULL || r->nsamples == 0 ||
	    (sum = calloc(r->nsamples, sizeof(*sum))) == NULL)
		return false;
	for (i = 0; i < se->np; i++)
		if (se->p[i].sample < r->nsamples)
			sum[se->p[i].sample] += se->p[i].free_pageblocks;
	*v = (double)sum[field == 2 ? r->nsamples - 1 : 0];
	for (i = 0; field < 2 && i < r->nsamples; i++)
		if (field == 0 ? (double)sum[i] < *v : (double)sum[i] > *v)
			*v = (double)sum[i];
	ok = true;
	free(sum);
	return ok;
}

/* Sets *V to metric M of run R of X. Returns false when R does not have it. */
static bool
value(const struct sets *x, const struct replay *r, const struct mspec *m,
    double *v)
{
	const struct routcome *o = NULL;
	const struct rindex *ix;
	const struct rzone *z;
	double a, b;
	size_t i, n;
	long k;

	switch (m->kind) {
	case M_COUNTER:
		return delta(r, m->counter, v);
	case M_DIRECT:
		if (!delta(r, m->counter, &a) || !delta(r, m->minus, &b) || b > a)
			return false;
		*v = a - b;
		return true;
	case M_RATE:
		if (!delta(r, "compact_success", &a) ||
		    !delta(r, "compact_fail", &b))
			return false;
		*v = a + b > 0 ? 100 * a / (a + b) : 0;
		return true;
	case M_THP:
	case M_THP_SHARE:
		for (i = 0; i < r->noutcomes; i++)
			if (r->outcomes[i].size_kb == m->size_kb &&
			    strcmp(r->outcomes[i].kind, m->thp_kind) == 0)
				o = &r->outcomes[i];
		if (o == NULL || (m->kind == M_THP && m->field == 2 &&
		    !o->have_charge))
			return false;
		if (m->kind == M_THP_SHARE)
			*v = o->alloc + o->fallback ? 100.0 * (double)o->fallback /
			    (double)(o->alloc + o->fallback) : 0;
		else
			*v = (double)(m->field == 0 ? o->alloc : m->field == 1 ?
			    o->fallback : o->charge);
		return true;
	case M_EXTFRAG:
		if (!r->events || (m->field == 2 && r->claimed_unknown) ||
		    (m->field == 3 && r->captured_unknown))
			return false;
		*v = (double)(m->field == 0 ? r->extfrag : m->field == 1 ?
		    r->fragmenting : m->field == 2 ? r->claimed : r->captured);
		return true;
	case M_PSI:
		for (a = 0, n = 0, i = 0; r->series && i < r->nsamples; i++)
			if (r->series->s[i].has_stall[m->field]) {
				a += r->series->s[i].stall[m->field] / 100.0;
				n++;
			}
		if (n == 0)
			return false;
		*v = a / (double)n;
		return true;
	case M_BLOCKS:
		return blocks(r, m->field, v);
	case M_INDEX:
		if ((z = replay_zone(r, x->node, x->zone)) == NULL ||
		    (k = replay_order_index(r, m->order)) < 0)
			return false;
		ix = m->field < 3 ? &z->unusable[k] : &z->fragindex[k];
		if (!ix->seen)
			return false;
		*v = (double)(m->field % 3 == 0 ? ix->min : m->field % 3 == 1 ?
		    ix->max : ix->last) / 1000;
		return true;
	case M_WALL:
		if (!r->has_wall)
			return false;
		*v = (double)r->wall_ms / 1000;
		return true;
	}
	return false;
}

/* How many ranks of importance rank() gives. */
#define NRANKS	4

/*
 * Returns the importance of a metric of GROUP, 0 first. Past
 * SETS_MAX_METRICS the least important go: first what the runs were for
 * and what the verdicts rest on (the command's wall time, free pageblocks,
 * the indices), then what the kernel did to find memory (stalls, direct
 * compaction's successes and failures, extfrag events), then the THP
 * counters of /proc/vmstat and compaction's scanning, last every THP size
 * on its own.
 */
static int
rank(const char *group)
{
	if (strcmp(group, "Run") == 0 || strcmp(group, "Fragmentation") == 0)
		return 0;
	if (strcmp(group, "Pressure") == 0 ||
	    strcmp(group, "Direct compaction") == 0 ||
	    strcmp(group, "Events") == 0)
		return 1;
	if (strcmp(group, "THP by size") == 0)
		return 3;
	return 2;
}

/*
 * Add metric M to X when every run of both sides has it (and, with
 * SKIP_ZERO, some run is not 0). Returns 0, or -1 with E set.
 */
static int
add(struct sets *x, const struct mspec *m, const char *name,
    const char *label, const char *group, const char *unit, int digits,
    bool skip_zero, struct ferr *e)
{
	struct sets_metric *s;
	bool nonzero = false;
	size_t i;
	int k;

	if (x->nm == x->mcap) {
		s = realloc(x->m, x->mcap * 2 * sizeof(*x->m));
		if (s == NULL)
			return ferr_set(e, 0, "out of memory");
		x->m = s;
		x->mcap *= 2;
	}
	s = &x->m[x->nm];
	memset(s, 0, sizeof(*s));
	for (k = 0; k < 2; k++)
		for (i = 0; i < x->side[k].n; i++) {
			if (!value(x, &x->side[k].runs[i], m, &s->v[k][i]))
				return 0;
			nonzero |= s->v[k][i] != 0;
		}
	if (skip_zero && !nonzero)
		return 0;
	snprintf(s->name, sizeof(s->name), "%s", name);
	snprintf(s->label, sizeof(s->label), "%s", label);
	s->group = group;
	s->unit = unit;
	s->digits = digits;
	s->rank = rank(group);
	for (k = 0; k < 2; k++)
		stats_of(s->v[k], x->side[k].n, &s->s[k]);
	stats_welch(&s->s[0], &s->s[1], &s->w);
	x->nm++;
	return 0;
}

/* The counters compared as they are: name, label, group. */
static const struct {
	const char *name, *label, *group;
} counters[] = {
	{ "thp_fault_alloc", "PMD THP faults allocated", "THP faults" },
	{ "thp_fault_fallback", "PMD THP faults fallen back", "THP faults" },
	{ "thp_fault_fallback_charge", "PMD THP fallbacks (charge)",
	    "THP faults" },
	{ "compact_stall", "direct compaction stalls", "Direct compaction" },
	{ "compact_success", "direct compaction successes",
	    "Direct compaction" },
	{ "compact_fail", "direct compaction failures", "Direct compaction" },
	{ "compact_migrate_scanned", "pages scanned to migrate (all)",
	    "Compaction scanning" },
	{ "compact_daemon_migrate_scanned", "  migrate scan by kcompactd",
	    "Compaction scanning" },
	{ "compact_free_scanned", "pages scanned for free pages (all)",
	    "Compaction scanning" },
	{ "compact_daemon_free_scanned", "  free scan by kcompactd",
	    "Compaction scanning" },
	{ "compact_daemon_wake", "kcompactd wakeups", "Compaction scanning" },
};

/*
 * Keep the SETS_MAX_METRICS most important metrics of X (rank(), then the
 * table's order), in the table's order; name the others in X->dropped.
 * Returns 0, or -1 with E set.
 */
static int
keep_most_important(struct sets *x, struct ferr *e)
{
	size_t i, j, kept = 0;
	bool *keep;
	int r;

	if (x->nm <= SETS_MAX_METRICS)
		return 0;
	if ((keep = calloc(x->nm, sizeof(*keep))) == NULL ||
	    (x->dropped = calloc(x->nm - SETS_MAX_METRICS,
	    sizeof(*x->dropped))) == NULL) {
		free(keep);
		return ferr_set(e, 0, "out of memory");
	}
	for (r = 0; r < NRANKS; r++)
		for (i = 0; i < x->nm && kept < SETS_MAX_METRICS; i++)
			if (x->m[i].rank == r) {
				keep[i] = true;
				kept++;
			}
	for (i = 0, j = 0; i < x->nm; i++)
		if (keep[i])
			x->m[j++] = x->m[i];
		else
			memcpy(x->dropped[x->ndropped++], x->m[i].name,
			    sizeof(x->dropped[0]));
	x->nm = j;
	free(keep);
	return 0;
}

int
sets_compute(struct sets *x, struct ferr *e)
{
	const struct replay *r0 = &x->side[0].runs[0];
	const struct routcome *o;
	struct mspec m;
	char name[64], label[72];
	size_t i, k;
	int rc = 0;

	e->path = x->side[0].path;
	x->mcap = SETS_MAX_METRICS;
	if ((x->m = calloc(x->mcap, sizeof(*x->m))) == NULL)
		return ferr_set(e, 0, "out of memory");
	/* The zone the indices are of: where the free pageblocks are. */
	for (i = 0; i < r0->nzones; i++)
		if (x->zone[0] == '\0' || r0->zones[i].pb_first >
		    replay_zone(r0, x->node, x->zone)->pb_first) {
			x->node = r0->zones[i].node;
			snprintf(x->zone, sizeof(x->zone), "%s",
			    r0->zones[i].name);
		}
	memset(&m, 0, sizeof(m));
	m.kind = M_WALL;
	rc |= add(x, &m, "wall_s", "command's wall time", "Run", "s", 3,
	    false, e);
	for (i = 0; i < sizeof(counters) / sizeof(counters[0]); i++) {
		m.kind = M_COUNTER;
		m.counter = counters[i].name;
		rc |= add(x, &m, counters[i].name, counters[i].label,
		    counters[i].group, "", 0, false, e);
		if (strcmp(counters[i].name, "compact_fail") == 0) {
			m.kind = M_RATE;
			rc |= add(x, &m, "compact_success_rate",
			    "direct compaction success rate",
			    "Direct compaction", "%", 2, false, e);
		}
		if (strcmp(counters[i].name, "compact_daemon_migrate_scanned") ==
		    0 || strcmp(counters[i].name, "compact_daemon_free_scanned") ==
		    0) {
			m.kind = M_DIRECT;
			m.counter = i == 7 ? "compact_migrate_scanned" :
			    "compact_free_scanned";
			m.minus = counters[i].name;
			rc |= add(x, &m, i == 7 ? "direct_migrate_scanned" :
			    "direct_free_scanned", i == 7 ?
			    "  migrate scan by direct compaction" :
			    "  free scan by direct compaction",
			    "Compaction scanning", "", 0, false, e);
		}
	}
	/* Every THP size and kind the first run counted, when some run used it. */
	for (i = 0; i < r0->noutcomes; i++) {
		o = &r0->outcomes[i];
		memset(&m, 0, sizeof(m));
		m.kind = M_THP;
		m.size_kb = o->size_kb;
		m.thp_kind = o->kind;
		for (k = 0; k < 3; k++) {
			static const char *const f[3] = { "alloc", "fallback",
			    "fallback_charge" };

			m.field = (int)k;
			snprintf(name, sizeof(name), "hugepages-%llukB/%s_%s",
			    (unsigned long long)o->size_kb, o->kind, f[k]);
			snprintf(label, sizeof(label), "%llu kB %s %s",
			    (unsigned long long)o->size_kb, o->kind, f[k]);
			rc |= add(x, &m, name, label, "THP by size", "", 0,
			    true, e);
		}
		m.kind = M_THP_SHARE;
		snprintf(name, sizeof(name), "hugepages-%llukB/%s_fallback_share",
		    (unsigned long long)o->size_kb, o->kind);
		snprintf(label, sizeof(label), "%llu kB %s fallback share",
		    (unsigned long long)o->size_kb, o->kind);
		rc |= add(x, &m, name, label, "THP by size", "%", 2, true, e);
	}
	memset(&m, 0, sizeof(m));
	for (k = 0; k < 4; k++) {
		static const char *const n[4] = { "extfrag", "extfrag_fragmenting",
		    "extfrag_claimed", "extfrag_captured" };
		static const char *const l[4] = { "extfrag events",
		    "  fragmenting", "  claimed a whole block",
		    "  captured by compaction" };

		m.kind = M_EXTFRAG;
		m.field = (int)k;
		rc |= add(x, &m, n[k], l[k], "Events", "", 0, false, e);
	}
	for (k = 0; k < 2; k++) {
		m.kind = M_PSI;
		m.field = (int)k;
		rc |= add(x, &m, k ? "psi_full_stall_share" :
		    "psi_some_stall_share", k ? "memory stall, full (mean)" :
		    "memory stall, some (mean)", "Pressure", "%", 2, false, e);
	}
	for (k = 0; k < 3; k++) {
		static const char *const w[3] = { "min", "max", "end" };

		m.kind = M_BLOCKS;
		m.field = (int)k;
		snprintf(name, sizeof(name), "free_pageblocks_%s", w[k]);
		snprintf(label, sizeof(label), "free pageblocks, %s", w[k]);
		rc |= add(x, &m, name, label, "Fragmentation", "", 0, false, e);
	}
	for (i = 0; i < r0->norders; i++)
		for (k = 0; k < 6; k++) {
			static const char *const w[3] = { "min", "max", "end" };

			m.kind = M_INDEX;
			m.order = r0->orders[i];
			m.field = (int)k;
			snprintf(name, sizeof(name), "%s_index_%s_order%u_%s",
			    k < 3 ? "unusable" : "fragmentation", x->zone,
			    r0->orders[i], w[k % 3]);
			snprintf(label, sizeof(label), "%s order %u %s, %s",
			    x->zone, r0->orders[i], k < 3 ? "unusable" :
			    "fragindex", w[k % 3]);
			rc |= add(x, &m, name, label, "Fragmentation", "index",
			    3, false, e);
		}
	return rc ? -1 : keep_most_important(x, e);
}

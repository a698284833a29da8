/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets.c - --compare of two sets of recorded runs: per metric statistics */
#include "config.h"

#include <math.h>
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
	M_RATE,		/* COUNTER of COUNTER + MINUS, in % */
	M_PER,		/* direct compaction's pages scanned per compact_success */
	M_THP,		/* one THP size's count: FIELD 0 alloc, 1 fallback, 2 charge */
	M_THP_SHARE,	/* one THP size's fallback of alloc + fallback */
	M_EXTFRAG,	/* FIELD 0 every extfrag event, 1 fragmenting, 2 claimed, 3 captured */
	M_PSI,		/* the mean stall share, FIELD 0 some, 1 full */
	M_BLOCKS,	/* free pageblocks machine-wide, FIELD 0 min, 1 max, 2 end */
	M_INDEX,	/* x's zone at ORDER: FIELD 0-2 unusable min, max, end, 3-5 fragindex */
	M_SUCCEEDS,	/* x's zone at ORDER: the share of samples whose fragindex is -1 */
	M_WALL,		/* the command's wall time */
	M_MAP,		/* x's zone in map.ndjson: FIELD see map_value() */
};

/* A metric: how a run's value is found, and what the outputs say of it. */
struct mspec {
	enum mkind	 how;
	const char	*counter, *minus;
	uint64_t	 size_kb;
	const char	*thp_kind;
	int		 field;
	unsigned	 order;
	/* What sets_metric keeps. */
	const char	*name, *label, *abbr, *group, *unit;
	int		 digits;
	enum sets_kind	 kind;
	double		 lo, hi;	/* the domain is LO (0 but a change) to HI */
	bool		 skip_zero;	/* left out when no run has anything */
};

/* What value() found of a run. */
enum found {
	F_NONE,		/* the run does not have the metric: nor does the comparison */
	F_NA,		/* no value in this run: a rate without an attempt */
	F_OK,
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

/*
 * Sets *V to the fragmentation index of Z at the K-th order of R over its
 * samples: least, most or last (FIELD 3-5), or with M_SUCCEEDS the share of
 * samples where it is -1. fragmentation_index() returns -1000 when an
 * allocation of the order would succeed: not a degree of fragmentation, so
 * never taken into the least, most or last; without a sample that has a
 * degree, F_NA.
 */
static enum found
fragindex(const struct replay *r, const struct rzone *z, long k,
    const struct mspec *m, double *v)
{
	const struct rpoint *p;
	size_t seen = 0, succeeds = 0;
	bool have = false;
	long best = 0;
	int16_t x;
	uint32_t i;

	if (r->series == NULL)
		return F_NONE;
	for (i = z->first_point; i != UINT32_MAX; i = p->next) {
		p = &r->series->p[i];
		x = replay_point_indices(r, p)[r->norders + (size_t)k];
		if (x == REPLAY_NONE)
			continue;
		seen++;
		if (x == -1000) {
			succeeds++;
			/* The last sample's is no degree: no "end". */
			have = have && m->field != 5;
			continue;
		}
		if (!have || m->field == 5 || (m->field == 3 ? x < best :
		    x > best))
			best = x;
		have = true;
	}
	if (seen == 0)
		return F_NONE;
	if (m->how == M_SUCCEEDS) {
		*v = 100.0 * (double)succeeds / (double)seen;
		return F_OK;
	}
	*v = (double)best / 1000;
	return have ? F_OK : F_NA;
}

/* Sets *V to the pages scanned per direct compaction that succeeded over run R. */
static enum found
per_success(const struct replay *r, double *v)
{
	double a, b, c, d;

	/* compact_success counts direct compaction only (__alloc_pages_direct_compact()). */
	if (!delta(r, "compact_success", &a) ||
	    !delta(r, "compact_migrate_scanned", &b) ||
	    !delta(r, "compact_daemon_migrate_scanned", &c) || c > b ||
	    !delta(r, "compact_free_scanned", &d))
		return F_NONE;
	b -= c;
	if (!delta(r, "compact_daemon_free_scanned", &c) || c > d)
		return F_NONE;
	if (a == 0)
		return F_NA;
	*v = (b + d - c) / a;
	return F_OK;
}

/* Sets *V to THP metric M (a count, or the fallback share) of run R. */
static enum found
thp(const struct replay *r, const struct mspec *m, double *v)
{
	const struct routcome *o = NULL;
	size_t i;

	for (i = 0; i < r->noutcomes; i++)
		if (r->outcomes[i].size_kb == m->size_kb &&
		    strcmp(r->outcomes[i].kind, m->thp_kind) == 0)
			o = &r->outcomes[i];
	if (o == NULL || (m->how == M_THP && m->field == 2 &&
	    !o->have_charge))
		return F_NONE;
	if (m->how == M_THP_SHARE && o->alloc + o->fallback == 0)
		return F_NA;
	if (m->how == M_THP_SHARE)
		*v = 100.0 * (double)o->fallback /
		    (double)(o->alloc + o->fallback);
	else
		*v = (double)(m->field == 0 ? o->alloc : m->field == 1 ?
		    o->fallback : o->charge);
	return F_OK;
}

/* Sets *V to the mean over run R's samples of the PSI stall share M->field. */
static enum found
psi_mean(const struct replay *r, const struct mspec *m, double *v)
{
	double a;
	size_t i, n;

	for (a = 0, n = 0, i = 0; r->series && i < r->nsamples; i++)
		if (r->series->s[i].has_stall[m->field]) {
			a += r->series->s[i].stall[m->field] / 100.0;
			n++;
		}
	if (n == 0)
		return F_NONE;
	*v = a / (double)n;
	return F_OK;
}

/*
 * Sets *V to index metric M of X's zone in run R: its unusable index,
 * fragmentation index or success.
 */
static enum found
zone_index(const struct sets *x, const struct replay *r,
    const struct mspec *m, double *v)
{
	const struct rindex *ix;
	const struct rzone *z;
	long k;

	if ((z = replay_zone(r, x->node, x->zone)) == NULL ||
	    (k = replay_order_index(r, m->order)) < 0)
		return F_NONE;
	if (m->how == M_SUCCEEDS || m->field >= 3)
		return fragindex(r, z, k, m, v);
	ix = &z->unusable[k];
	if (!ix->seen)
		return F_NONE;
	*v = (double)(m->field == 0 ? ix->min : m->field == 1 ?
	    ix->max : ix->last) / 1000;
	return F_OK;
}

/*
 * Sets *V to map metric M of X's zone in the map summaries MS of a run
 * (--map-every): FIELD 0 its polluted pageblocks, last map less first; 1
 * that per hour; 2 the last amplification; 3 its clean 1 GiB regions and
 * 4 its offlinable memory blocks at the last map. F_NONE without the
 * zone's maps; F_NA for what the last map did not know (-1), or a growth
 * over less than two maps or no time.
 */
static enum found
map_value(const struct sets *x, const struct mapseries *ms,
    const struct mspec *m, double *v)
{
	const struct mapseries_zone *f, *l;
	uint64_t span;
	long long last;
	size_t i;

	for (i = 0; i < ms->nzones; i++)
		if (ms->node[i] == x->node && strcmp(ms->name[i], x->zone) == 0)
			break;
	if (ms->nmaps == 0 || i == ms->nzones)
		return F_NONE;
	f = &ms->z[i];
	l = &ms->z[(ms->nmaps - 1) * ms->nzones + i];
	span = ms->elapsed_ms[ms->nmaps - 1] - ms->elapsed_ms[0];
	*v = (double)l->polluted - (double)f->polluted;
	if (m->field == 0)
		return F_OK;
	if (m->field == 1) {
		if (span == 0)
			return F_NA;
		*v = *v * 3600000 / (double)span;
		return F_OK;
	}
	last = m->field == 2 ? l->amplification : m->field == 3 ?
	    l->clean_regions : l->offlinable;
	if (last < 0)
		return F_NA;
	*v = m->field == 2 ? (double)last / 100 : (double)last;
	return F_OK;
}

/* Sets *V to metric M of run R of X, MS its map summaries. */
static enum found
value(const struct sets *x, const struct replay *r,
    const struct mapseries *ms, const struct mspec *m, double *v)
{
	double a, b;

	switch (m->how) {
	case M_COUNTER:
		return delta(r, m->counter, v) ? F_OK : F_NONE;
	case M_DIRECT:
		if (!delta(r, m->counter, &a) || !delta(r, m->minus, &b) || b > a)
			return F_NONE;
		*v = a - b;
		return F_OK;
	case M_RATE:
		if (!delta(r, m->counter, &a) || !delta(r, m->minus, &b))
			return F_NONE;
		if (a + b == 0)
			return F_NA;
		*v = 100 * a / (a + b);
		return F_OK;
	case M_PER:
		return per_success(r, v);
	case M_THP:
	case M_THP_SHARE:
		return thp(r, m, v);
	case M_EXTFRAG:
		if (!r->events || (m->field == 2 && r->claimed_unknown) ||
		    (m->field == 3 && r->captured_unknown))
			return F_NONE;
		*v = (double)(m->field == 0 ? r->extfrag : m->field == 1 ?
		    r->fragmenting : m->field == 2 ? r->claimed : r->captured);
		return F_OK;
	case M_PSI:
		return psi_mean(r, m, v);
	case M_BLOCKS:
		return blocks(r, m->field, v) ? F_OK : F_NONE;
	case M_INDEX:
	case M_SUCCEEDS:
		return zone_index(x, r, m, v);
	case M_WALL:
		if (!r->has_wall)
			return F_NONE;
		*v = (double)r->wall_ms / 1000;
		return F_OK;
	case M_MAP:
		return map_value(x, ms, m, v);
	}
	return F_NONE;
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
	    strcmp(group, "Events") == 0 ||
	    strcmp(group, "Pollution") == 0)
		return 1;
	if (strcmp(group, "THP by size") == 0)
		return 3;
	return 2;
}

/*
 * Add metric M to X when every run of both sides has it (and, with
 * M->skip_zero, some run is not 0). Returns 0, or -1 with E set.
 */
static int
add(struct sets *x, const struct mspec *m, struct ferr *e)
{
	double ok[SETS_MAX_RUNS];
	struct sets_metric *s;
	bool nonzero = false;
	enum found f;
	size_t i, n;
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
			if ((f = value(x, &x->side[k].runs[i],
			    &x->side[k].maps[i], m, &s->v[k][i])) == F_NONE)
				return 0;
			s->na[k][i] = f == F_NA;
			nonzero |= f == F_OK && s->v[k][i] != 0;
		}
	if (m->skip_zero && !nonzero)
		return 0;
	snprintf(s->name, sizeof(s->name), "%s", m->name);
	snprintf(s->label, sizeof(s->label), "%s", m->label);
	snprintf(s->abbr, sizeof(s->abbr), "%s", m->abbr);
	s->group = m->group;
	s->unit = m->unit;
	s->digits = m->digits;
	s->kind = m->kind;
	s->lo = m->lo;
	s->hi = m->hi;
	s->rank = rank(m->group);
	/* The mean and spread of the runs with a value, n counting them. */
	for (k = 0; k < 2; k++) {
		for (i = 0, n = 0; i < x->side[k].n; i++)
			if (!s->na[k][i])
				ok[n++] = s->v[k][i];
		stats_of(ok, n, &s->s[k]);
	}
	stats_welch(&s->s[0], &s->s[1], &s->w);
	if (s->w.tested && !s->w.significant)
		s->needed = stats_runs_needed(&s->s[0], &s->s[1]);
	x->nm++;
	return 0;
}

/* add() of M named NAME, LABEL and ABBR (copied). */
static int
add_named(struct sets *x, struct mspec *m, const char *name,
    const char *label, const char *abbr, struct ferr *e)
{
	m->name = name;
	m->label = label;
	m->abbr = abbr;
	return add(x, m, e);
}

/* The counters compared as they are: name, label, the table's name, group. */
static const struct {
	const char *name, *label, *abbr, *group;
} counters[] = {
	{ "thp_fault_alloc", "PMD THP faults allocated", "thp-fault-alloc",
	    "THP faults" },
	{ "thp_fault_fallback", "PMD THP faults fallen back",
	    "thp-fault-fallback", "THP faults" },
	{ "thp_fault_fallback_charge", "PMD THP fallbacks (charge)",
	    "thp-fault-fb-charge", "THP faults" },
	{ "compact_stall", "direct compaction stalls", "compact-stall",
	    "Direct compaction" },
	{ "compact_success", "direct compaction successes", "compact-success",
	    "Direct compaction" },
	{ "compact_fail", "direct compaction failures", "compact-fail",
	    "Direct compaction" },
	{ "compact_migrate_scanned", "pages scanned to migrate (all)",
	    "migrate-scan", "Compaction scanning" },
	{ "compact_daemon_migrate_scanned", "  migrate scan by kcompactd",
	    "migrate-scan-kcd", "Compaction scanning" },
	{ "compact_free_scanned", "pages scanned for free pages (all)",
	    "free-scan", "Compaction scanning" },
	{ "compact_daemon_free_scanned", "  free scan by kcompactd",
	    "free-scan-kcd", "Compaction scanning" },
	{ "compact_daemon_wake", "kcompactd wakeups", "kcompactd-wake",
	    "Compaction scanning" },
};

/* Fill M as a metric of GROUP, KIND and domain 0 to HI, shown with DIGITS decimals in UNIT. */
static void
spec(struct mspec *m, enum mkind how, const char *group, enum sets_kind kind,
    double hi, const char *unit, int digits)
{
	memset(m, 0, sizeof(*m));
	m->how = how;
	m->group = group;
	m->kind = kind;
	m->hi = hi;
	m->unit = unit;
	m->digits = digits;
}

/*
 * Add the rate NAME of GROUP: counter SUCCESS of SUCCESS + FAIL over a run,
 * in %, n/a in a run where both stayed.
 */
static int
add_rate(struct sets *x, const char *group, const char *success,
    const char *fail, const char *name, const char *label, const char *abbr,
    struct ferr *e)
{
	struct mspec m;

	spec(&m, M_RATE, group, SETS_RATE, 100, "%", 2);
	m.counter = success;
	m.minus = fail;
	return add_named(x, &m, name, label, abbr, e);
}

/* Add the metrics derived from the counters: the rates reviewers quote, and direct scanning. */
static int
add_counters(struct sets *x, struct ferr *e)
{
	struct mspec m;
	size_t i;
	int rc = 0;

	for (i = 0; i < sizeof(counters) / sizeof(counters[0]); i++) {
		spec(&m, M_COUNTER, counters[i].group, SETS_DELTA, INFINITY,
		    "", 0);
		m.counter = m.name = counters[i].name;
		m.label = counters[i].label;
		m.abbr = counters[i].abbr;
		rc |= add(x, &m, e);
		if (strcmp(m.name, "thp_fault_fallback_charge") == 0)
			rc |= add_rate(x, "THP faults", "thp_fault_alloc",
			    "thp_fault_fallback", "thp_fault_success_rate",
			    "THP fault success rate", "thp-fault-ok%", e);
		else if (strcmp(m.name, "compact_fail") == 0) {
			rc |= add_rate(x, "Direct compaction", "compact_success",
			    "compact_fail", "compact_success_rate",
			    "direct compaction success rate", "compact-ok%", e);
			spec(&m, M_PER, "Direct compaction", SETS_RATE, INFINITY,
			    "pages", 0);
			m.name = "direct_scanned_per_success";
			m.label = "direct compaction pages scanned per success";
			m.abbr = "scan-per-success";
			rc |= add(x, &m, e);
		} else if (strstr(m.name, "_daemon_") != NULL &&
		    strstr(m.name, "_scanned") != NULL) {
			bool mig = strstr(m.name, "migrate") != NULL;

			spec(&m, M_DIRECT, "Compaction scanning", SETS_DELTA,
			    INFINITY, "", 0);
			m.counter = mig ? "compact_migrate_scanned" :
			    "compact_free_scanned";
			m.minus = counters[i].name;
			m.name = mig ? "direct_migrate_scanned" :
			    "direct_free_scanned";
			m.label = mig ? "  migrate scan by direct compaction" :
			    "  free scan by direct compaction";
			m.abbr = mig ? "migrate-scan-direct" : "free-scan-direct";
			rc |= add(x, &m, e);
		}
	}
	return rc;
}

/* Add the counts of one THP size and kind O: alloc, fallback, charge, and its fallback share. */
static int
add_thp_size(struct sets *x, const struct routcome *o, struct ferr *e)
{
	static const char *const f[3] = { "alloc", "fallback",
	    "fallback_charge" };
	static const char *const af[3] = { "alloc", "fb", "fbc" };
	char name[64], label[72], abbr[48], size[24], kind[8];
	struct mspec m;
	int rc = 0, k;

	/* "anon_fault": "anon". */
	snprintf(kind, sizeof(kind), "%.*s", (int)strcspn(o->kind, "_"),
	    o->kind);

	if (o->size_kb >= 1024 && o->size_kb % 1024 == 0)
		snprintf(size, sizeof(size), "%lluM",
		    (unsigned long long)o->size_kb / 1024);
	else
		snprintf(size, sizeof(size), "%lluk",
		    (unsigned long long)o->size_kb);
	for (k = 0; k < 4; k++) {
		if (k < 3) {
			spec(&m, M_THP, "THP by size", SETS_DELTA, INFINITY,
			    "", 0);
			m.field = k;
		} else
			spec(&m, M_THP_SHARE, "THP by size", SETS_SHARE, 100,
			    "%", 2);
		m.size_kb = o->size_kb;
		m.thp_kind = o->kind;
		m.skip_zero = true;
		snprintf(name, sizeof(name), "hugepages-%llukB/%s_%s",
		    (unsigned long long)o->size_kb, o->kind, k < 3 ? f[k] :
		    "fallback_share");
		snprintf(label, sizeof(label), "%llu kB %s %s",
		    (unsigned long long)o->size_kb, o->kind, k < 3 ? f[k] :
		    "fallback share");
		snprintf(abbr, sizeof(abbr), "%s-%s-%s", size, kind, k < 3 ?
		    af[k] : "fb%");
		rc |= add_named(x, &m, name, label, abbr, e);
	}
	return rc;
}

/* Add the indices of X's zone at the recorded order ORDER. */
static int
add_indices(struct sets *x, unsigned order, struct ferr *e)
{
	static const char *const w[3] = { "min", "max", "end" };
	char name[64], label[72], abbr[24];
	struct mspec m;
	int rc = 0, k;

	for (k = 0; k < 7; k++) {
		spec(&m, k < 6 ? M_INDEX : M_SUCCEEDS, "Fragmentation",
		    k < 6 ? (k % 3 == 2 ? SETS_GAUGE : SETS_EXTREME) :
		    SETS_SHARE, k < 6 ? 1 : 100, k < 6 ? "index" : "%",
		    k < 6 ? 3 : 2);
		m.order = order;
		m.field = k;
		if (k < 6) {
			snprintf(name, sizeof(name), "%s_index_%s_order%u_%s",
			    k < 3 ? "unusable" : "fragmentation", x->zone,
			    order, w[k % 3]);
			snprintf(label, sizeof(label), "%s order %u %s, %s",
			    x->zone, order, k < 3 ? "unusable" : "fragindex",
			    w[k % 3]);
			snprintf(abbr, sizeof(abbr), "%s%u-%s", k < 3 ?
			    "unusable" : "fragidx", order, w[k % 3]);
		} else {
			snprintf(name, sizeof(name),
			    "fragindex_succeeds_%s_order%u", x->zone,
			    order);
			snprintf(label, sizeof(label), "%s order %u, samples "
			    "it succeeds", x->zone, order);
			snprintf(abbr, sizeof(abbr), "fragidx%u-ok%%", order);
		}
		rc |= add_named(x, &m, name, label, abbr, e);
	}
	return rc;
}

/*
 * Add the spread of unmovable pages in X's zone over each run, when every
 * run of both sides kept map summaries (--map-every): did B slow it?
 */
static int
add_pollution(struct sets *x, struct ferr *e)
{
	static const char *const what[5] = { "polluted_pageblocks",
	    "polluted_pageblocks", "amplification", "clean_1g_regions",
	    "offlinable_blocks" };
	static const char *const words[5] = { "polluted pageblocks, last - first",
	    "polluted pageblocks per hour", "amplification, end",
	    "clean 1 GiB regions, end", "offlinable memory blocks, end" };
	static const char *const abbrs[5] = { "polluted-pb-change",
	    "polluted-pb-per-h", "amplification-end", "clean-1g-end",
	    "offlinable-end" };
	static const char *const units[5] = { "pageblocks", "pageblocks/h",
	    "x", "regions", "blocks" };
	char name[64], label[72];
	struct mspec m;
	int rc = 0, k;

	for (k = 0; k < 5; k++) {
		spec(&m, M_MAP, "Pollution", k == 0 ? SETS_CHANGE : k == 1 ?
		    SETS_GROWTH : SETS_GAUGE, INFINITY, units[k], k == 1 ? 1 :
		    k == 2 ? 2 : 0);
		/* Pollution can shrink: its change has no lower bound. */
		m.lo = k < 2 ? -INFINITY : 0;
		m.field = k;
		snprintf(name, sizeof(name), "%s_%s_%s", what[k], x->zone,
		    k == 0 ? "change" : k == 1 ? "per_hour" : "end");
		snprintf(label, sizeof(label), "%s %s", x->zone, words[k]);
		rc |= add_named(x, &m, name, label, abbrs[k], e);
	}
	return rc;
}

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
	static const char *const en[4] = { "extfrag", "extfrag_fragmenting",
	    "extfrag_claimed", "extfrag_captured" };
	static const char *const el[4] = { "extfrag events", "  fragmenting",
	    "  claimed a whole block", "  captured by compaction" };
	static const char *const ea[4] = { "extfrag", "extfrag-fragmenting",
	    "extfrag-claimed", "extfrag-captured" };
	static const char *const w[3] = { "min", "max", "end" };
	const struct replay *r0 = &x->side[0].runs[0];
	char name[64], label[72], abbr[24];
	struct mspec m;
	size_t i;
	int rc = 0, k;

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
	spec(&m, M_WALL, "Run", SETS_GAUGE, INFINITY, "s", 3);
	m.name = "wall_s";
	m.label = "command's wall time";
	m.abbr = "wall-time-s";
	rc |= add(x, &m, e);
	rc |= add_counters(x, e);
	/* Every THP size and kind the first run counted, when some run used it. */
	for (i = 0; i < r0->noutcomes; i++)
		rc |= add_thp_size(x, &r0->outcomes[i], e);
	for (k = 0; k < 4; k++) {
		spec(&m, M_EXTFRAG, "Events", SETS_DELTA, INFINITY, "", 0);
		m.field = k;
		m.name = en[k];
		m.label = el[k];
		m.abbr = ea[k];
		rc |= add(x, &m, e);
	}
	for (k = 0; k < 2; k++) {
		spec(&m, M_PSI, "Pressure", SETS_SHARE, 100, "%", 2);
		m.field = k;
		m.name = k ? "psi_full_stall_share" : "psi_some_stall_share";
		m.label = k ? "memory stall, full (mean)" :
		    "memory stall, some (mean)";
		m.abbr = k ? "psi-full%" : "psi-some%";
		rc |= add(x, &m, e);
	}
	for (k = 0; k < 3; k++) {
		spec(&m, M_BLOCKS, "Fragmentation", k < 2 ? SETS_EXTREME :
		    SETS_GAUGE, INFINITY, "", 0);
		m.field = k;
		snprintf(name, sizeof(name), "free_pageblocks_%s", w[k]);
		snprintf(label, sizeof(label), "free pageblocks, %s", w[k]);
		snprintf(abbr, sizeof(abbr), "free-pb-%s", w[k]);
		rc |= add_named(x, &m, name, label, abbr, e);
	}
	for (i = 0; i < r0->norders; i++)
		rc |= add_indices(x, r0->orders[i], e);
	rc |= add_pollution(x, e);
	return rc ? -1 : keep_most_important(x, e);
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

bool
sets_flat(const struct sets_metric *s)
{
	return s->s[0].sd == 0 && s->s[1].sd == 0 &&
	    (s->s[0].n == 0 || s->s[1].n == 0 || s->s[0].mean == s->s[1].mean);
}

/* The change of S in % of A's mean, as a size: 0 when A's mean is 0 or a side has no value. */
static double
pct_size(const struct sets_metric *s)
{
	return s->s[0].n && s->s[1].n && s->s[0].mean != 0 ?
	    fabs((s->s[1].mean - s->s[0].mean) / s->s[0].mean) : 0;
}

/*
 * The size of S's effect: |t|; a difference in every run alike (no spread)
 * is infinite; too few runs to test come last (-1).
 */
static double
effect(const struct sets_metric *s)
{
	if (s->w.tested)
		return fabs(s->w.t);
	if (s->s[0].n < STATS_MIN_RUNS || s->s[1].n < STATS_MIN_RUNS)
		return -1;
	return s->s[0].mean != s->s[1].mean ? INFINITY : 0;
}

/* The sets whose metrics by_effect() compares: qsort() has no argument for it. */
static const struct sets *sorting;

/* qsort() order of two metric indices by effect, largest first, then |%|, then the table's order. */
static int
by_effect(const void *pa, const void *pb)
{
	size_t ia = *(const size_t *)pa, ib = *(const size_t *)pb;
	const struct sets_metric *a = &sorting->m[ia], *b = &sorting->m[ib];
	double ea = effect(a), eb = effect(b);

	if (ea != eb)
		return ea > eb ? -1 : 1;
	if (pct_size(a) != pct_size(b))
		return pct_size(a) > pct_size(b) ? -1 : 1;
	return ia < ib ? -1 : ia > ib;
}

void
sets_by_effect(const struct sets *x, size_t *idx, size_t n)
{
	sorting = x;
	qsort(idx, n, sizeof(*idx), by_effect);
	sorting = NULL;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets.c - --compare of two sets of recorded runs: per metric statistics */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "sets.h"
#include "sets_metrics.h"
#include "stats.h"

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
add(struct sets *x, const struct sets_mspec *m, struct ferr *e)
{
	double ok[SETS_MAX_RUNS];
	struct sets_metric *s;
	bool nonzero = false;
	enum sets_found f;
	size_t i, n;
	int k;

	if ((s = grow_room(x->m, &x->mcap, x->nm, sizeof(*x->m),
	    SIZE_MAX)) == NULL)
		return ferr_set(e, 0, "out of memory");
	x->m = s;
	s = &x->m[x->nm];
	memset(s, 0, sizeof(*s));
	for (k = 0; k < 2; k++)
		for (i = 0; i < x->side[k].n; i++) {
			if ((f = sets_value(x, &x->side[k].runs[i],
			    &x->side[k].maps[i], m, &s->v[k][i])) ==
			    SETS_F_NONE)
				return 0;
			s->na[k][i] = f == SETS_F_NA;
			nonzero |= f == SETS_F_OK && s->v[k][i] != 0;
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
add_named(struct sets *x, struct sets_mspec *m, const char *name,
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
spec(struct sets_mspec *m, enum sets_mkind how, const char *group,
    enum sets_kind kind, double hi, const char *unit, int digits)
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
	struct sets_mspec m;

	spec(&m, SETS_M_RATE, group, SETS_RATE, 100, "%", 2);
	m.counter = success;
	m.minus = fail;
	return add_named(x, &m, name, label, abbr, e);
}

/* Add direct compaction's success rate and pages scanned per success. */
static int
add_direct_compaction(struct sets *x, struct ferr *e)
{
	struct sets_mspec m;
	int rc;

	rc = add_rate(x, "Direct compaction", "compact_success", "compact_fail",
	    "compact_success_rate", "direct compaction success rate",
	    "compact-ok%", e);
	spec(&m, SETS_M_PER, "Direct compaction", SETS_RATE, INFINITY, "pages",
	    0);
	m.name = "direct_scanned_per_success";
	m.label = "direct compaction pages scanned per success";
	m.abbr = "scan-per-success";
	return rc | add(x, &m, e);
}

/* Add the pages direct compaction scanned: all less kcompactd's counter DAEMON. */
static int
add_direct_scan(struct sets *x, const char *daemon, struct ferr *e)
{
	bool mig = strstr(daemon, "migrate") != NULL;
	struct sets_mspec m;

	spec(&m, SETS_M_DIRECT, "Compaction scanning", SETS_DELTA, INFINITY,
	    "", 0);
	m.counter = mig ? "compact_migrate_scanned" : "compact_free_scanned";
	m.minus = daemon;
	m.name = mig ? "direct_migrate_scanned" : "direct_free_scanned";
	m.label = mig ? "  migrate scan by direct compaction" :
	    "  free scan by direct compaction";
	m.abbr = mig ? "migrate-scan-direct" : "free-scan-direct";
	return add(x, &m, e);
}

/*
 * Add the counters as they are and, each after the last counter it rests
 * on, the metrics derived from them: the rates reviewers quote, and
 * direct compaction's scanning.
 */
static int
add_counters(struct sets *x, struct ferr *e)
{
	struct sets_mspec m;
	size_t i;
	int rc = 0;

	for (i = 0; i < sizeof(counters) / sizeof(counters[0]); i++) {
		spec(&m, SETS_M_COUNTER, counters[i].group, SETS_DELTA,
		    INFINITY, "", 0);
		m.counter = m.name = counters[i].name;
		m.label = counters[i].label;
		m.abbr = counters[i].abbr;
		rc |= add(x, &m, e);
		if (strcmp(m.name, "thp_fault_fallback_charge") == 0)
			rc |= add_rate(x, "THP faults", "thp_fault_alloc",
			    "thp_fault_fallback", "thp_fault_success_rate",
			    "THP fault success rate", "thp-fault-ok%", e);
		else if (strcmp(m.name, "compact_fail") == 0)
			rc |= add_direct_compaction(x, e);
		else if (strcmp(m.name, "compact_daemon_migrate_scanned") == 0 ||
		    strcmp(m.name, "compact_daemon_free_scanned") == 0)
			rc |= add_direct_scan(x, m.name, e);
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
	struct sets_mspec m;
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
			spec(&m, SETS_M_THP, "THP by size", SETS_DELTA,
			    INFINITY, "", 0);
			m.field = k;
		} else
			spec(&m, SETS_M_THP_SHARE, "THP by size", SETS_SHARE,
			    100, "%", 2);
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

/*
 * Add the indices of X's zone at the recorded order ORDER: the unusable
 * index's least, most and last (fields 0-2), the fragmentation index's
 * (3-5), and the share of samples where it says the allocation succeeds
 * (6).
 */
static int
add_indices(struct sets *x, unsigned order, struct ferr *e)
{
	static const char *const w[3] = { "min", "max", "end" };
	char name[64], label[72], abbr[24];
	struct sets_mspec m;
	int rc = 0, k;

	for (k = 0; k < 6; k++) {
		spec(&m, SETS_M_INDEX, "Fragmentation", k % 3 == 2 ?
		    SETS_GAUGE : SETS_EXTREME, 1, "index", 3);
		m.order = order;
		m.field = k;
		snprintf(name, sizeof(name), "%s_index_%s_order%u_%s",
		    k < 3 ? "unusable" : "fragmentation", x->zone, order,
		    w[k % 3]);
		snprintf(label, sizeof(label), "%s order %u %s, %s", x->zone,
		    order, k < 3 ? "unusable" : "fragindex", w[k % 3]);
		snprintf(abbr, sizeof(abbr), "%s%u-%s", k < 3 ? "unusable" :
		    "fragidx", order, w[k % 3]);
		rc |= add_named(x, &m, name, label, abbr, e);
	}
	spec(&m, SETS_M_SUCCEEDS, "Fragmentation", SETS_SHARE, 100, "%", 2);
	m.order = order;
	m.field = 6;
	snprintf(name, sizeof(name), "fragindex_succeeds_%s_order%u", x->zone,
	    order);
	snprintf(label, sizeof(label), "%s order %u, samples it succeeds",
	    x->zone, order);
	snprintf(abbr, sizeof(abbr), "fragidx%u-ok%%", order);
	return rc | add_named(x, &m, name, label, abbr, e);
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
	struct sets_mspec m;
	int rc = 0, k;

	for (k = 0; k < 5; k++) {
		spec(&m, SETS_M_MAP, "Pollution", k == 0 ? SETS_CHANGE :
		    k == 1 ? SETS_GROWTH : SETS_GAUGE, INFINITY, units[k],
		    k == 1 ? 1 : k == 2 ? 2 : 0);
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

/* Add the extfrag events of a run: all, fragmenting, claimed a whole block, captured. */
static int
add_events(struct sets *x, struct ferr *e)
{
	static const char *const en[4] = { "extfrag", "extfrag_fragmenting",
	    "extfrag_claimed", "extfrag_captured" };
	static const char *const el[4] = { "extfrag events", "  fragmenting",
	    "  claimed a whole block", "  captured by compaction" };
	static const char *const ea[4] = { "extfrag", "extfrag-fragmenting",
	    "extfrag-claimed", "extfrag-captured" };
	struct sets_mspec m;
	int rc = 0, k;

	for (k = 0; k < 4; k++) {
		spec(&m, SETS_M_EXTFRAG, "Events", SETS_DELTA, INFINITY, "", 0);
		m.field = k;
		m.name = en[k];
		m.label = el[k];
		m.abbr = ea[k];
		rc |= add(x, &m, e);
	}
	return rc;
}

/* Add the mean memory stall shares of a run: some (field 0) and full (1). */
static int
add_pressure(struct sets *x, struct ferr *e)
{
	struct sets_mspec m;
	int rc = 0, k;

	for (k = 0; k < 2; k++) {
		spec(&m, SETS_M_PSI, "Pressure", SETS_SHARE, 100, "%", 2);
		m.field = k;
		m.name = k ? "psi_full_stall_share" : "psi_some_stall_share";
		m.label = k ? "memory stall, full (mean)" :
		    "memory stall, some (mean)";
		m.abbr = k ? "psi-full%" : "psi-some%";
		rc |= add(x, &m, e);
	}
	return rc;
}

/* Add the free pageblocks of a run machine-wide: least, most and last (fields 0-2). */
static int
add_free_blocks(struct sets *x, struct ferr *e)
{
	static const char *const w[3] = { "min", "max", "end" };
	char name[64], label[72], abbr[24];
	struct sets_mspec m;
	int rc = 0, k;

	for (k = 0; k < 3; k++) {
		spec(&m, SETS_M_BLOCKS, "Fragmentation", k < 2 ? SETS_EXTREME :
		    SETS_GAUGE, INFINITY, "", 0);
		m.field = k;
		snprintf(name, sizeof(name), "free_pageblocks_%s", w[k]);
		snprintf(label, sizeof(label), "free pageblocks, %s", w[k]);
		snprintf(abbr, sizeof(abbr), "free-pb-%s", w[k]);
		rc |= add_named(x, &m, name, label, abbr, e);
	}
	return rc;
}

int
sets_compute(struct sets *x, struct ferr *e)
{
	const struct replay *r0 = &x->side[0].runs[0];
	struct sets_mspec m;
	size_t i;
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
	spec(&m, SETS_M_WALL, "Run", SETS_GAUGE, INFINITY, "s", 3);
	m.name = "wall_s";
	m.label = "command's wall time";
	m.abbr = "wall-time-s";
	rc |= add(x, &m, e);
	rc |= add_counters(x, e);
	/* Every THP size and kind the first run counted, when some run used it. */
	for (i = 0; i < r0->noutcomes; i++)
		rc |= add_thp_size(x, &r0->outcomes[i], e);
	rc |= add_events(x, e);
	rc |= add_pressure(x, e);
	rc |= add_free_blocks(x, e);
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
sets_change_pct(const struct sets_metric *s, double *pct)
{
	if (s->s[0].n == 0 || s->s[1].n == 0 || s->s[0].mean == 0)
		return false;
	*pct = 100 * (s->s[1].mean - s->s[0].mean) / fabs(s->s[0].mean);
	return true;
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

/* qsort_r() order of two indices into the metrics M by effect, largest first, then |%|, then the table's order. */
static int
by_effect(const void *pa, const void *pb, void *m)
{
	const struct sets_metric *metrics = m;
	size_t ia = *(const size_t *)pa, ib = *(const size_t *)pb;
	const struct sets_metric *a = &metrics[ia], *b = &metrics[ib];
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
	qsort_r(idx, n, sizeof(*idx), by_effect, x->m);
}

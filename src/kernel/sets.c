/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets.c - --compare of two sets of recorded runs: per metric statistics */
#include "config.h"

#include <math.h>
#include <stdarg.h>
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
	    strcmp(group, "Stalls") == 0 ||
	    strcmp(group, "Allocation failures") == 0 ||
	    strcmp(group, "Pollution") == 0)
		return 1;
	if (strcmp(group, "THP by size") == 0)
		return 3;
	return 2;
}

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
		    unit /= 10)
			s->digits++;
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
		return ferr_set(e, 0, "out of memory");
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
	s->rank = rank(m->group);
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
		return ferr_set(e, 0, "out of memory");
	m->name = name;
	m->label = label;
	m->abbr = abbr;
	return add(x, m, e);
}

/*
 * What every run may have, in the table's order before the THP sizes: the
 * command's wall time, then the counters as they are, each metric derived
 * from them after the last counter it rests on: the rates reviewers quote,
 * and direct compaction's scanning.
 */
#define COUNTER(n, l, a, g) { .how = SETS_M_COUNTER, \
	.counter = (n), .name = (n), .label = (l), .abbr = (a), \
	.group = (g), .unit = "", .kind = SETS_DELTA, .hi = INFINITY }
/* Scanned by direct compaction: counter ALL less kcompactd's DAEMON. */
#define DIRECT(all, daemon, n, l, a) { .how = SETS_M_DIRECT, \
	.counter = (all), .minus = (daemon), .name = (n), .label = (l), \
	.abbr = (a), \
	.group = "Compaction scanning", .unit = "", .kind = SETS_DELTA, \
	.hi = INFINITY }
static const struct sets_mspec run_metrics[] = {
	{ .how = SETS_M_WALL, .name = "wall_s", .label = "command's wall time",
	    .abbr = "wall-time-s", .group = "Run", .unit = "s", .digits = 3,
	    .kind = SETS_GAUGE, .hi = INFINITY },
	COUNTER("thp_fault_alloc", "PMD THP faults allocated",
	    "thp-fault-alloc", "THP faults"),
	COUNTER("thp_fault_fallback", "PMD THP faults fallen back",
	    "thp-fault-fallback", "THP faults"),
	COUNTER("thp_fault_fallback_charge", "PMD THP fallbacks (charge)",
	    "thp-fault-fb-charge", "THP faults"),
	{ .how = SETS_M_RATE, .counter = "thp_fault_alloc",
	    .minus = "thp_fault_fallback", .name = "thp_fault_success_rate",
	    .label = "THP fault success rate", .abbr = "thp-fault-ok%",
	    .group = "THP faults", .unit = "%", .digits = 2,
	    .kind = SETS_RATE, .hi = 100 },
	COUNTER("compact_stall", "direct compaction stalls", "compact-stall",
	    "Direct compaction"),
	COUNTER("compact_success", "direct compaction successes",
	    "compact-success", "Direct compaction"),
	COUNTER("compact_fail", "direct compaction failures", "compact-fail",
	    "Direct compaction"),
	{ .how = SETS_M_RATE, .counter = "compact_success",
	    .minus = "compact_fail", .name = "compact_success_rate",
	    .label = "direct compaction success rate", .abbr = "compact-ok%",
	    .group = "Direct compaction", .unit = "%", .digits = 2,
	    .kind = SETS_RATE, .hi = 100 },
	{ .how = SETS_M_PER, .name = "direct_scanned_per_success",
	    .label = "direct compaction pages scanned per success",
	    .abbr = "scan-per-success", .group = "Direct compaction",
	    .unit = "pages", .kind = SETS_RATE, .hi = INFINITY },
	COUNTER("compact_migrate_scanned", "pages scanned to migrate (all)",
	    "migrate-scan", "Compaction scanning"),
	COUNTER("compact_daemon_migrate_scanned", "  migrate scan by kcompactd",
	    "migrate-scan-kcd", "Compaction scanning"),
	DIRECT("compact_migrate_scanned", "compact_daemon_migrate_scanned",
	    "direct_migrate_scanned", "  migrate scan by direct compaction",
	    "migrate-scan-direct"),
	COUNTER("compact_free_scanned", "pages scanned for free pages (all)",
	    "free-scan", "Compaction scanning"),
	COUNTER("compact_daemon_free_scanned", "  free scan by kcompactd",
	    "free-scan-kcd", "Compaction scanning"),
	DIRECT("compact_free_scanned", "compact_daemon_free_scanned",
	    "direct_free_scanned", "  free scan by direct compaction",
	    "free-scan-direct"),
	/*
	 * kcompactd_do_work() counts KCOMPACTD_WAKE: a run woken on request,
	 * by kswapd's wakeup_kcompactd(); proactive compaction's rounds in
	 * kcompactd() count nothing, though they scan.
	 */
	COUNTER("compact_daemon_wake", "kcompactd runs woken by kswapd",
	    "kcd-woken-by-kswapd", "Compaction scanning"),
};
#undef COUNTER
#undef DIRECT

/*
 * The stalls a recording with --events timed (the trade-off of an A/B of
 * compaction settings): direct compaction's, kcompactd's runs, direct
 * reclaim's; how many, their time and the longest, in ms.
 */
#define STALL(k, f, n, l, a, u, d, kd) { .how = SETS_M_STALL, .stall = (k), \
	.field.stall = (f), .name = (n), .label = (l), .abbr = (a), \
	.group = "Stalls", .unit = (u), .digits = (d), .kind = (kd), \
	.hi = INFINITY }
static const struct sets_mspec stall_metrics[] = {
	STALL(EV_STALL_COMPACTION, SETS_STALL_COUNT,
	    "stalls_compaction_count", "direct compaction stalls (events)",
	    "dc-stalls", "", 0, SETS_DELTA),
	STALL(EV_STALL_COMPACTION, SETS_STALL_TOTAL,
	    "stalls_compaction_total_ms", "direct compaction stall time",
	    "dc-stall-ms", "ms", 1, SETS_DELTA),
	STALL(EV_STALL_COMPACTION, SETS_STALL_MAX, "stalls_compaction_max_ms",
	    "longest direct compaction stall", "dc-stall-max-ms", "ms", 3,
	    SETS_EXTREME),
	STALL(EV_STALL_KCOMPACTD, SETS_STALL_COUNT, "stalls_kcompactd_count",
	    "kcompactd runs (events)", "kcd-runs", "", 0, SETS_DELTA),
	STALL(EV_STALL_KCOMPACTD, SETS_STALL_TOTAL,
	    "stalls_kcompactd_total_ms", "kcompactd run time", "kcd-run-ms",
	    "ms", 1, SETS_DELTA),
	STALL(EV_STALL_KCOMPACTD, SETS_STALL_MAX, "stalls_kcompactd_max_ms",
	    "longest kcompactd run", "kcd-run-max-ms", "ms", 3, SETS_EXTREME),
	STALL(EV_STALL_RECLAIM, SETS_STALL_COUNT, "stalls_reclaim_count",
	    "direct reclaim stalls", "reclaim-stalls", "", 0, SETS_DELTA),
	STALL(EV_STALL_RECLAIM, SETS_STALL_TOTAL, "stalls_reclaim_total_ms",
	    "direct reclaim stall time", "reclaim-stall-ms", "ms", 1,
	    SETS_DELTA),
	STALL(EV_STALL_RECLAIM, SETS_STALL_MAX, "stalls_reclaim_max_ms",
	    "longest direct reclaim stall", "reclaim-max-ms", "ms", 3,
	    SETS_EXTREME),
};
#undef STALL

/*
 * What every run may have after the THP sizes: the extfrag events, the
 * mean memory stall shares, the free pageblocks machine-wide.
 */
#define EXTFRAG(f, n, l, a) { .how = SETS_M_EXTFRAG, \
	.field.extfrag = (f), .name = (n), .label = (l), .abbr = (a), \
	.group = "Events", .unit = "", .kind = SETS_DELTA, .hi = INFINITY }
#define PSI(f, n, l, a) { .how = SETS_M_PSI, .field.psi = (f), .name = (n), \
	.label = (l), .abbr = (a), .group = "Pressure", .unit = "%", \
	.digits = 2, .kind = SETS_SHARE, .hi = 100 }
#define BLOCKS(f, n, l, a, k) { .how = SETS_M_BLOCKS, .field.at = (f), \
	.name = (n), .label = (l), .abbr = (a), .group = "Fragmentation", \
	.unit = "", .kind = (k), .hi = INFINITY }
static const struct sets_mspec late_metrics[] = {
	EXTFRAG(SETS_EXTFRAG_ALL, "extfrag", "extfrag events", "extfrag"),
	EXTFRAG(SETS_EXTFRAG_FRAGMENTING, "extfrag_fragmenting",
	    "  fragmenting", "extfrag-fragmenting"),
	EXTFRAG(SETS_EXTFRAG_CLAIMED, "extfrag_claimed",
	    "  claimed a whole block", "extfrag-claimed"),
	EXTFRAG(SETS_EXTFRAG_CAPTURED, "extfrag_captured",
	    "  captured by compaction", "extfrag-captured"),
	PSI(SETS_PSI_SOME, "psi_some_stall_share", "memory stall, some (mean)",
	    "psi-some%"),
	PSI(SETS_PSI_FULL, "psi_full_stall_share", "memory stall, full (mean)",
	    "psi-full%"),
	BLOCKS(SETS_AT_MIN, "free_pageblocks_min", "free pageblocks, min",
	    "free-pb-min", SETS_EXTREME),
	BLOCKS(SETS_AT_MAX, "free_pageblocks_max", "free pageblocks, max",
	    "free-pb-max", SETS_EXTREME),
	BLOCKS(SETS_AT_END, "free_pageblocks_end", "free pageblocks, end",
	    "free-pb-end", SETS_GAUGE),
};
#undef EXTFRAG
#undef PSI
#undef BLOCKS

/*
 * The metrics of one THP size and kind, when some run used it. Their
 * NAME, LABEL and ABBR are the words after the size and kind.
 */
#define THP(f, n, l, a) { .how = SETS_M_THP, .field.thp = (f), .name = (n), \
	.label = (l), .abbr = (a), .group = "THP by size", .unit = "", \
	.kind = SETS_DELTA, .hi = INFINITY, .skip_zero = true }
static const struct sets_mspec thp_metrics[] = {
	THP(SETS_THP_ALLOC, "alloc", "alloc", "alloc"),
	THP(SETS_THP_FALLBACK, "fallback", "fallback", "fb"),
	THP(SETS_THP_CHARGE, "fallback_charge", "fallback_charge", "fbc"),
	{ .how = SETS_M_THP_SHARE, .name = "fallback_share",
	    .label = "fallback share", .abbr = "fb%", .group = "THP by size",
	    .unit = "%", .digits = 2, .kind = SETS_SHARE, .hi = 100,
	    .skip_zero = true },
};
#undef THP

/*
 * The indices of x's zone at each recorded order: the unusable index's
 * least, most and last, the fragmentation index's. NAME is the words
 * before the zone, LABEL and ABBR those before the value's end.
 */
#define INDEX(h, f, n, l, a, k) { .how = (h), .field.at = (f), \
	.name = (n), .label = (l), .abbr = (a), .group = "Fragmentation", \
	.unit = "index", .digits = 3, .kind = (k), .hi = 1 }
static const struct sets_mspec index_metrics[] = {
	INDEX(SETS_M_UNUSABLE, SETS_AT_MIN, "unusable_index", "unusable",
	    "unusable", SETS_EXTREME),
	INDEX(SETS_M_UNUSABLE, SETS_AT_MAX, "unusable_index", "unusable",
	    "unusable", SETS_EXTREME),
	INDEX(SETS_M_UNUSABLE, SETS_AT_END, "unusable_index", "unusable",
	    "unusable", SETS_GAUGE),
	INDEX(SETS_M_FRAGINDEX, SETS_AT_MIN, "fragmentation_index",
	    "fragindex", "fragidx", SETS_EXTREME),
	INDEX(SETS_M_FRAGINDEX, SETS_AT_MAX, "fragmentation_index",
	    "fragindex", "fragidx", SETS_EXTREME),
	INDEX(SETS_M_FRAGINDEX, SETS_AT_END, "fragmentation_index",
	    "fragindex", "fragidx", SETS_GAUGE),
};
#undef INDEX

/*
 * The spread of unmovable pages in x's zone over each run (--map-every):
 * did B slow it? Pollution can shrink: its change has no lower bound.
 * NAME is the words before the zone, LABEL those after it.
 */
#define MAP(f, n, l, a, u, d, k, low) { .how = SETS_M_MAP, \
	.field.map = (f), .name = (n), .label = (l), .abbr = (a), \
	.group = "Pollution", .unit = (u), .digits = (d), .kind = (k), \
	.lo = (low), .hi = INFINITY }
static const struct sets_mspec map_metrics[] = {
	MAP(SETS_MAP_CHANGE, "polluted_pageblocks",
	    "polluted pageblocks, last - first", "polluted-pb-change",
	    "pageblocks", 0, SETS_CHANGE, -INFINITY),
	MAP(SETS_MAP_PER_HOUR, "polluted_pageblocks",
	    "polluted pageblocks per hour", "polluted-pb-per-h",
	    "pageblocks/h", 1, SETS_GROWTH, -INFINITY),
	MAP(SETS_MAP_AMPLIFICATION, "amplification", "amplification, end",
	    "amplification-end", "x", 2, SETS_GAUGE, 0),
	MAP(SETS_MAP_CLEAN_1G, "clean_1g_regions", "clean 1 GiB regions, end",
	    "clean-1g-end", "regions", 0, SETS_GAUGE, 0),
	MAP(SETS_MAP_OFFLINABLE, "offlinable_blocks",
	    "offlinable memory blocks, end", "offlinable-end", "blocks", 0,
	    SETS_GAUGE, 0),
};
#undef MAP

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
		return ferr_set(e, 0, "out of memory");
	for (i = 0; i < sizeof(thp_metrics) / sizeof(thp_metrics[0]); i++) {
		m = thp_metrics[i];
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
		    .order = o, .group = "Allocation failures", .unit = "",
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

	for (i = 0; i < sizeof(index_metrics) / sizeof(index_metrics[0]); i++) {
		m = index_metrics[i];
		m.order = order;
		at = at_word(m.field.at);
		rc |= add_named(x, &m,
		    keep_text(x, "%s_%s_order%u_%s", m.name, x->zone, order, at),
		    keep_text(x, "%s order %u %s, %s", x->zone, order, m.label,
		    at), keep_text(x, "%s%u-%s", m.abbr, order, at), e);
	}
	m = (struct sets_mspec){ .how = SETS_M_SUCCEEDS, .order = order,
	    .group = "Fragmentation", .unit = "%", .digits = 2,
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

	for (i = 0; i < sizeof(map_metrics) / sizeof(map_metrics[0]); i++) {
		m = map_metrics[i];
		rc |= add_named(x, &m, keep_text(x, "%s_%s_%s", m.name, x->zone,
		    map_word(m.field.map)), keep_text(x, "%s %s", x->zone,
		    m.label), m.abbr, e);
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
			x->dropped[x->ndropped++] = x->m[i].name;
	x->nm = j;
	free(keep);
	return 0;
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
	int rc = 0;

	e->path = x->side[0].path;
	x->mcap = SETS_MAX_METRICS;
	if ((x->m = calloc(x->mcap, sizeof(*x->m))) == NULL)
		return ferr_set(e, 0, "out of memory");
	pick_zone(x, r0);
	rc |= add_table(x, run_metrics, sizeof(run_metrics) /
	    sizeof(run_metrics[0]), e);
	rc |= add_table(x, stall_metrics, sizeof(stall_metrics) /
	    sizeof(stall_metrics[0]), e);
	rc |= add_alloc_failed(x, e);
	rc |= add_thp_sizes(x, e);
	rc |= add_table(x, late_metrics, sizeof(late_metrics) /
	    sizeof(late_metrics[0]), e);
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
sets_testable(const struct sets_metric *s)
{
	return s->s[0].n >= STATS_MIN_RUNS && s->s[1].n >= STATS_MIN_RUNS;
}

bool
sets_mean_diff(const struct sets_metric *s, double *d)
{
	*d = 0;
	if (s->s[0].n == 0 || s->s[1].n == 0)
		return false;
	*d = s->s[1].mean - s->s[0].mean;
	return true;
}

bool
sets_change_pct(const struct sets_metric *s, double *pct)
{
	double d;

	if (!sets_mean_diff(s, &d) || s->s[0].mean == 0)
		return false;
	*pct = 100 * d / fabs(s->s[0].mean);
	return true;
}

bool
sets_flat(const struct sets_metric *s)
{
	/* Equality, not a spread of 0: a mean of 0.1s is 0.1 + 1e-17. */
	if (s->s[0].n == 0 || s->s[1].n == 0)
		return s->s[0].n == s->s[1].n;
	return s->s[0].min == s->s[0].max && s->s[1].min == s->s[1].max &&
	    s->s[0].min == s->s[1].min;
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
	if (!sets_testable(s))
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

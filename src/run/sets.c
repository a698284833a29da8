/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets.c - --compare of two sets of recorded runs: per metric statistics */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "jsonw.h"
#include "record.h"
#include "render_svg.h"
#include "sets.h"
#include "svgw.h"

/* qsort() comparison of two run names. */
static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
sets_read(struct sets *x, int side, const char *path, struct ferr *e)
{
	struct sets_side *s = &x->side[side];
	char run[PATH_MAX];
	struct dirent *d;
	size_t i;
	DIR *dp;

	s->path = path;
	if (record_is(path)) {
		if ((s->names[0] = strdup(path)) == NULL)
			return ferr_set(e, 0, "out of memory");
		s->n = 1;
	} else {
		ferr_keep_path(e, path);
		if ((dp = opendir(path)) == NULL)
			return ferr_set(e, 0, "cannot read: %s", strerror(errno));
		while ((d = readdir(dp)) != NULL) {
			if (d->d_name[0] == '.')
				continue;
			snprintf(run, sizeof(run), "%s/%s", path, d->d_name);
			if (!record_is(run))
				continue;
			if (s->n == SETS_MAX_RUNS) {
				closedir(dp);
				return ferr_set(e, 0, "more than %d recordings",
				    SETS_MAX_RUNS);
			}
			if ((s->names[s->n++] = strdup(run)) == NULL) {
				closedir(dp);
				return ferr_set(e, 0, "out of memory");
			}
		}
		closedir(dp);
		if (s->n == 0)
			return ferr_set(e, 0, "holds no recording");
		qsort(s->names, s->n, sizeof(s->names[0]), by_name);
	}
	if ((s->runs = calloc(s->n, sizeof(*s->runs))) == NULL)
		return ferr_set(e, 0, "out of memory");
	for (i = 0; i < s->n; i++)
		if (replay_read(s->names[i], &s->runs[i], true, e) != 0)
			return -1;
	return 0;
}

void
sets_free(struct sets *x)
{
	size_t i;
	int k;

	for (k = 0; k < 2; k++) {
		for (i = 0; i < x->side[k].n; i++) {
			if (x->side[k].runs)
				replay_free(&x->side[k].runs[i]);
			free(x->side[k].names[i]);
		}
		free(x->side[k].runs);
	}
	free(x->m);
}

/* What a metric is of a run. */
enum mkind {
	M_COUNTER,	/* a counter's delta over the run */
	M_DIRECT,	/* a compaction counter's delta less kcompactd's */
	M_RATE,		/* compact_success of compact_success + compact_fail */
	M_THP,		/* one THP size's count: FIELD 0 alloc, 1 fallback, 2 charge */
	M_THP_SHARE,	/* one THP size's fallback of alloc + fallback */
	M_EXTFRAG,	/* FIELD 0 every extfrag event, 1 fragmenting, 2 claimed */
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
		if (!r->events)
			return false;
		*v = (double)(m->field == 0 ? r->extfrag : m->field == 1 ?
		    r->fragmenting : r->claimed);
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

	if (x->nm == SETS_MAX_METRICS)
		return ferr_set(e, 0, "more than %d metrics", SETS_MAX_METRICS);
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
	if ((x->m = calloc(SETS_MAX_METRICS, sizeof(*x->m))) == NULL)
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
	for (k = 0; k < 3; k++) {
		static const char *const n[3] = { "extfrag", "extfrag_fragmenting",
		    "extfrag_claimed" };
		static const char *const l[3] = { "extfrag events",
		    "  fragmenting", "  claimed a whole block" };

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
	return rc ? -1 : 0;
}

/* Write V with DIGITS decimals into BUF (SIZE bytes); returns BUF. */
static const char *
num(char *buf, size_t size, double v, int digits)
{
	/* No locale is ever set: the decimal point is '.'. */
	snprintf(buf, size, "%.*f", digits, v);
	return buf;
}

/* Write what the test of S says into BUF (SIZE bytes); returns BUF. */
static const char *
verdict(char *buf, size_t size, const struct sets_metric *s)
{
	if (s->s[0].n < STATS_MIN_RUNS || s->s[1].n < STATS_MIN_RUNS)
		snprintf(buf, size, "n too small");
	else if (!s->w.tested)
		snprintf(buf, size, "%s, no spread", s->w.significant ?
		    "differs" : "same");
	else
		snprintf(buf, size, "%s t=%.2f", s->w.significant ? "yes" : "no",
		    s->w.t);
	return buf;
}

void
sets_table(FILE *fp, const struct sets *x)
{
	const struct sets_metric *s;
	const char *group = NULL;
	char b[8][64], mm[136];
	size_t i;
	int k;

	for (k = 0; k < 2; k++)
		fprintf(fp, "%s %s: %s, %zu run%s\n", k ? "Candidate" :
		    "Baseline", k ? "B" : "A", x->side[k].path, x->side[k].n,
		    x->side[k].n == 1 ? "" : "s");
	fprintf(fp, "Each metric over a run (a counter's change from the first "
	    "sample to the last);\nindices of node %u, zone %s; significant: "
	    "Welch's t-test at 95%%, from %d runs a side.\n\n", x->node,
	    x->zone, STATS_MIN_RUNS);
	fprintf(fp, "%-38s %12s %10s %21s  %12s %10s %21s  %12s %8s  %s\n", "",
	    "A mean", "sd", "min..max", "B mean", "sd", "min..max", "B - A",
	    "%", "significant");
	for (i = 0; i < x->nm; i++) {
		s = &x->m[i];
		if (group == NULL || strcmp(group, s->group) != 0) {
			fprintf(fp, "%s%s\n", group ? "\n" : "", s->group);
			group = s->group;
		}
		fprintf(fp, "  %-36s", s->label);
		for (k = 0; k < 2; k++) {
			num(b[2], sizeof(b[2]), s->s[k].min, s->digits);
			num(b[3], sizeof(b[3]), s->s[k].max, s->digits);
			snprintf(mm, sizeof(mm), "%s..%s", b[2], b[3]);
			fprintf(fp, " %12s %10s %21s ", num(b[0], sizeof(b[0]),
			    s->s[k].mean, s->digits), num(b[1], sizeof(b[1]),
			    s->s[k].sd, s->digits + 1), mm);
		}
		if (s->s[0].mean != 0)
			snprintf(b[6], sizeof(b[6]), "%+.1f", 100 *
			    (s->s[1].mean - s->s[0].mean) / fabs(s->s[0].mean));
		else
			snprintf(b[6], sizeof(b[6]), "-");
		fprintf(fp, " %12s %8s  %s\n", num(b[5], sizeof(b[5]),
		    s->s[1].mean - s->s[0].mean, s->digits), b[6],
		    verdict(b[7], sizeof(b[7]), s));
	}
}

/* Write one side K of metric S: {n, mean, stddev, min, max, runs}. */
static void
side_json(struct jsonw *w, const struct sets *x, const struct sets_metric *s,
    int k)
{
	size_t i;

	jw_object(w);
	jw_key(w, "n");
	jw_u64(w, s->s[k].n);
	jw_key(w, "mean");
	jw_fixed(w, llround(s->s[k].mean * 1000), 3);
	jw_key(w, "stddev");
	jw_fixed(w, llround(s->s[k].sd * 1000), 3);
	jw_key(w, "min");
	jw_fixed(w, llround(s->s[k].min * 1000), 3);
	jw_key(w, "max");
	jw_fixed(w, llround(s->s[k].max * 1000), 3);
	jw_key(w, "runs");
	jw_array(w, true);
	for (i = 0; i < x->side[k].n; i++)
		jw_fixed(w, llround(s->v[k][i] * 1000), 3);
	jw_end(w);
	jw_end(w);
}

void
sets_json(FILE *fp, const struct sets *x)
{
	const struct sets_metric *s;
	struct jsonw w;
	size_t i;
	int k;

	jw_init(&w, fp);
	jw_object(&w);
	jw_key(&w, "compare");
	jw_object(&w);
	for (k = 0; k < 2; k++) {
		jw_key(&w, k ? "b" : "a");
		jw_object(&w);
		jw_key(&w, "path");
		jw_string(&w, x->side[k].path);
		jw_key(&w, "runs");
		jw_array(&w, false);
		for (i = 0; i < x->side[k].n; i++)
			jw_string(&w, x->side[k].names[i]);
		jw_end(&w);
		jw_end(&w);
	}
	jw_key(&w, "node");
	jw_u64(&w, x->node);
	jw_key(&w, "zone");
	jw_string(&w, x->zone);
	jw_key(&w, "metrics");
	jw_array(&w, false);
	for (i = 0; i < x->nm; i++) {
		s = &x->m[i];
		jw_object(&w);
		jw_key(&w, "name");
		jw_string(&w, s->name);
		jw_key(&w, "group");
		jw_string(&w, s->group);
		jw_key(&w, "unit");
		jw_string(&w, s->unit);
		for (k = 0; k < 2; k++) {
			jw_key(&w, k ? "b" : "a");
			side_json(&w, x, s, k);
		}
		jw_key(&w, "diff");
		jw_fixed(&w, llround((s->s[1].mean - s->s[0].mean) * 1000), 3);
		jw_key(&w, "diff_pct");
		if (s->s[0].mean != 0)
			jw_fixed(&w, llround(100000 * (s->s[1].mean -
			    s->s[0].mean) / fabs(s->s[0].mean)), 3);
		else
			jw_null(&w);
		jw_key(&w, "t");
		if (s->w.tested)
			jw_fixed(&w, llround(s->w.t * 1000), 3);
		else
			jw_null(&w);
		jw_key(&w, "df");
		if (s->w.tested)
			jw_fixed(&w, llround(s->w.df * 1000), 3);
		else
			jw_null(&w);
		/* null: n too small to say. */
		jw_key(&w, "significant");
		if (s->s[0].n < STATS_MIN_RUNS || s->s[1].n < STATS_MIN_RUNS)
			jw_null(&w);
		else
			jw_bool(&w, s->w.significant);
		jw_end(&w);
	}
	jw_end(&w);
	jw_end(&w);
	jw_end(&w);
	if (jw_finish(&w) != 0)
		abort();
}

/* The picture: panels of this size, this many a row. */
#define PANEL_W		330
#define PANEL_H		150
#define PANELS_ROW	3
static const char *const side_ink[2] = { "#3b528b", "#e07b00" };

/* Returns the y of V between LO and HI in a panel whose plot ends at BOTTOM. */
static long
ypos(double v, double lo, double hi, long bottom)
{
	return bottom - lround((v - lo) / (hi - lo) * 80);
}

/* Draw metric S of X as the panel at X0, Y0. */
static void
panel(struct svgw *w, const struct sets *x, const struct sets_metric *s,
    long x0, long y0)
{
	double lo = INFINITY, hi = -INFINITY, m, d;
	char t[PATH_MAX + 160], b[3][64];
	long cx, y, bottom = y0 + 122;
	size_t i;
	int k;

	for (k = 0; k < 2; k++) {
		for (i = 0; i < x->side[k].n; i++) {
			lo = fmin(lo, s->v[k][i]);
			hi = fmax(hi, s->v[k][i]);
		}
		lo = fmin(lo, s->s[k].mean - s->s[k].sd);
		hi = fmax(hi, s->s[k].mean + s->s[k].sd);
	}
	if (hi <= lo)
		hi = lo + 1;
	/* The panel's title names the metric as the JSON does. */
	svgr_rect_open(w, x0, y0, PANEL_W - 10, PANEL_H - 8, "#f6f6f6");
	svg_open(w, "title");
	svg_text(w, s->name);
	svg_close(w);
	svg_close(w);
	svgr_text(w, x0 + 8, y0 + 16, 12, NULL, "bold", s->label);
	snprintf(t, sizeof(t), "significant: %s", verdict(b[1], sizeof(b[1]),
	    s));
	svgr_text(w, x0 + 8, y0 + 31, 10, NULL, NULL, t);
	svgr_text(w, x0 + 96, y0 + 46, 10, "end", NULL, num(b[0],
	    sizeof(b[0]), hi, s->digits));
	svgr_text(w, x0 + 96, bottom + 4, 10, "end", NULL, num(b[0],
	    sizeof(b[0]), lo, s->digits));
	for (k = 0; k < 2; k++) {
		cx = x0 + 150 + 100L * k;
		m = s->s[k].mean;
		d = s->s[k].sd;
		/* The spread, then the mean across it, then each run. */
		svg_open(w, "line");
		svg_attr_int(w, "x1", cx);
		svg_attr_int(w, "x2", cx);
		svg_attr_int(w, "y1", ypos(m - d, lo, hi, bottom));
		svg_attr_int(w, "y2", ypos(m + d, lo, hi, bottom));
		svg_attr(w, "stroke", side_ink[k]);
		svg_attr_int(w, "stroke-width", 2);
		svg_open(w, "title");
		snprintf(t, sizeof(t), "%s: mean %s, sd %s",
		    k ? "B" : "A", num(b[1], sizeof(b[1]), m, s->digits),
		    num(b[2], sizeof(b[2]), d, s->digits + 1));
		svg_text(w, b[0]);
		svg_close(w);
		svg_close(w);
		y = ypos(m, lo, hi, bottom);
		svg_open(w, "line");
		svg_attr_int(w, "x1", cx - 18);
		svg_attr_int(w, "x2", cx + 18);
		svg_attr_int(w, "y1", y);
		svg_attr_int(w, "y2", y);
		svg_attr(w, "stroke", side_ink[k]);
		svg_attr_int(w, "stroke-width", 2);
		svg_open(w, "title");
		svg_text(w, t);
		svg_close(w);
		svg_close(w);
		for (i = 0; i < x->side[k].n; i++) {
			svg_open(w, "circle");
			/* Runs side by side, so that equal values stay apart. */
			svg_attr_int(w, "cx", cx - 24 - (long)(i % 4) * 6);
			svg_attr_int(w, "cy", ypos(s->v[k][i], lo, hi, bottom));
			svg_attr_int(w, "r", 3);
			svg_attr(w, "fill", side_ink[k]);
			svg_open(w, "title");
			snprintf(t, sizeof(t), "%s run %zu (%s): %s",
			    k ? "B" : "A", i + 1, x->side[k].names[i], num(b[1],
			    sizeof(b[1]), s->v[k][i], s->digits));
			svg_text(w, t);
			svg_close(w);
			svg_close(w);
		}
		svgr_text(w, cx, y0 + 138, 10, "middle", NULL, k ? "B" : "A");
	}
}

void
sets_svg(FILE *fp, const struct sets *x)
{
	struct svgw w;
	char pre[2][64];
	long rows = ((long)x->nm + PANELS_ROW - 1) / PANELS_ROW;
	long width = PANELS_ROW * PANEL_W + 10, top = 28, lines[2];
	size_t i;
	int k;

	/* A long path is wrapped, never cut: count its lines first. */
	for (k = 0; k < 2; k++) {
		snprintf(pre[k], sizeof(pre[k]), "%s %s (%zu runs): ", k ? "B" :
		    "A", k ? "candidate" : "baseline", x->side[k].n);
		lines[k] = svgr_text_wrap(NULL, 26, 0, 11, width - 36, 14,
		    pre[k], x->side[k].path);
		top += 14 * lines[k] + 2;
	}
	top += 8;
	svg_init(&w, fp);
	svgr_begin(&w, width, top + rows * PANEL_H + 10,
	    "fragstat --compare of two sets of runs");
	svgr_text(&w, 10, 18, 13, NULL, "bold", "Each metric over the runs: "
	    "a dot per run, the mean as a bar across its spread (one sd)");
	for (top = 28, k = 0; k < 2; k++) {
		svgr_rect_open(&w, 10, top, 10, 10, side_ink[k]);
		svg_close(&w);
		svgr_text_wrap(&w, 26, top + 9, 11, width - 36, 14, pre[k],
		    x->side[k].path);
		top += 14 * lines[k] + 2;
	}
	top += 8;
	for (i = 0; i < x->nm; i++)
		panel(&w, x, &x->m[i], 10 + (long)(i % PANELS_ROW) * PANEL_W,
		    top + (long)(i / PANELS_ROW) * PANEL_H);
	svgr_end(&w);
}

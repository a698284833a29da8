/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_sets.c - --compare of two sets of recorded runs: table, JSON */
#include "config.h"

#include <math.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ferr.h"
#include "humanize.h"
#include "jsonw.h"
#include "report.h"
#include "sets.h"
#include "render_json.h"
#include "render_sets.h"
#include "render_text.h"

/*
 * Write V with DIGITS decimals into BUF (SIZE bytes); returns BUF. The one
 * formatter of decimals, hum_fit(), given all of BUF: never narrowed.
 */
const char *
render_sets_num(char *buf, size_t size, double v, int digits)
{
	return hum_fit(buf, size, v, digits, (int)size - 1);
}

/* Write what the test of S says into BUF (SIZE bytes); returns BUF. */
const char *
render_sets_verdict(char *buf, size_t size, const struct sets_metric *s)
{
	if (s->s[0].n == 0 && s->s[1].n == 0)
		snprintf(buf, size, "no value");
	else if (!sets_testable(s))
		snprintf(buf, size, "n too small");
	else if (!s->w.tested)
		snprintf(buf, size, "%s, no spread", s->w.significant ?
		    "differs" : "same");
	else if (s->w.significant)
		snprintf(buf, size, "yes t=%.2f", s->w.t);
	else if (s->needed)
		snprintf(buf, size, "no t=%.2f, needs %u runs a side", s->w.t,
		    s->needed);
	else
		snprintf(buf, size, "no t=%.2f, more runs would not do",
		    s->w.t);
	return buf;
}

/*
 * Returns the sentence that names the metrics X left out (malloc'd), or
 * NULL: none left out, or out of memory (said by ferr_nomem(), so that the
 * run exits 1 rather than print its table without the sentence).
 */
char *
render_sets_dropped_text(const struct sets *x)
{
	struct render_sentence t = { 0 };
	size_t i;

	if (x->ndropped == 0)
		return NULL;
	if (ferr_inject("sets-dropped")) {
		ferr_nomem();
		return NULL;
	}
	render_say(&t, "Left out, the least important past the %d metrics a "
	    "comparison shows: %zu (", SETS_MAX_METRICS, x->ndropped);
	for (i = 0; i < x->ndropped; i++)
		render_say(&t, "%s%s", i ? ", " : "", x->dropped[i]);
	render_say(&t, ")");
	return render_sentence_take(&t);
}

char *
render_sets_lacking_text(const struct sets *x)
{
	struct render_sentence t = { 0 };
	size_t i;

	for (i = 0; i < x->nm; i++) {
		if (x->m[i].lacking[0] + x->m[i].lacking[1] == 0)
			continue;
		render_say(&t, "%s %s (A %zu of %zu, B %zu of %zu)", t.n == 0 ?
		    "Not in every run (n/a there), the runs that lack it:" :
		    ",", x->m[i].name, x->m[i].lacking[0], x->side[0].n,
		    x->m[i].lacking[1], x->side[1].n);
	}
	return render_sentence_take(&t);
}

/* A cell of the wide table: a number, a range of two or a heading. */
#define CELL_LEN	80
struct cell {
	char	 text[CELL_LEN];
};

/* The cells of a metric's row, after its label: A's, B's, then the change. */
enum { C_N, C_MEAN, C_SD, C_RANGE, C_PER_SIDE };
enum { C_DELTA = 2 * C_PER_SIDE, C_PCT, C_NCELLS };

/* Returns whether cell I of a row starts a side's or the change's columns. */
static bool
cell_starts_part(int i)
{
	return i == C_PER_SIDE || i == C_DELTA;
}

/* Write into cell C what FMT makes (cut to the cell). */
static void __attribute__((format(printf, 2, 3)))
cell_printf(struct cell *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->text, sizeof(c->text), fmt, ap);
	va_end(ap);
}

/* Write V with DIGITS decimals into cell C. */
static void
cell_num(struct cell *c, double v, int digits)
{
	render_sets_num(c->text, sizeof(c->text), v, digits);
}

/* Write side K of metric S into its cells SIDE: "n/a" without a value. */
static void
side_cells(struct cell *side, const struct sets_metric *s, int k)
{
	char lo[32], hi[32];
	int i;

	cell_printf(&side[C_N], "%zu", s->s[k].n);
	if (s->s[k].n == 0) {
		for (i = C_MEAN; i < C_PER_SIDE; i++)
			cell_printf(&side[i], "n/a");
		return;
	}
	cell_num(&side[C_MEAN], s->s[k].mean, s->digits);
	cell_num(&side[C_SD], s->s[k].sd, s->digits + 1);
	cell_printf(&side[C_RANGE], "%s..%s", render_sets_num(lo, sizeof(lo),
	    s->s[k].min, s->digits), render_sets_num(hi, sizeof(hi),
	    s->s[k].max, s->digits));
}

/* Write the cells ROW of metric S: each side's, then the change. */
static void
cells(struct cell row[C_NCELLS], const struct sets_metric *s)
{
	double pct, d;
	int k;

	for (k = 0; k < 2; k++)
		side_cells(&row[(size_t)k * C_PER_SIDE], s, k);
	if (!sets_mean_diff(s, &d))
		cell_printf(&row[C_DELTA], "n/a");
	else
		cell_num(&row[C_DELTA], d, s->digits);
	if (sets_change_pct(s, &pct))
		cell_printf(&row[C_PCT], "%+.1f", pct);
	else
		cell_printf(&row[C_PCT], "-");
}

/*
 * Write one row: LABEL, then the cells ROW right-aligned in the widths W,
 * then VERDICT; A's columns, B's and the change set apart.
 */
static void
table_row(FILE *fp, const char *label, int lw, const struct cell *row,
    const int *w, const char *verdict)
{
	int i;

	fprintf(fp, "  %-*s", lw, label);
	for (i = 0; i < C_NCELLS; i++)
		fprintf(fp, "%s%*s", cell_starts_part(i) ? "   " : " ", w[i],
		    row[i].text);
	fprintf(fp, "  %s\n", verdict);
}

/* The wide table's headings, a cell each. */
static const char *const table_head[C_NCELLS] = { "n", "A mean", "sd",
    "min..max", "n", "B mean", "sd", "min..max", "B - A", "%" };

/* Set the widths W of the columns of X, each its widest cell, and *LW the labels'. */
static void
table_widths(const struct sets *x, int w[C_NCELLS], int *lw)
{
	struct cell row[C_NCELLS];
	size_t m;
	int i;

	*lw = 0;
	for (i = 0; i < C_NCELLS; i++)
		w[i] = (int)strlen(table_head[i]);
	for (m = 0; m < x->nm; m++) {
		if ((int)strlen(x->m[m].label) > *lw)
			*lw = (int)strlen(x->m[m].label);
		cells(row, &x->m[m]);
		for (i = 0; i < C_NCELLS; i++)
			if ((int)strlen(row[i].text) > w[i])
				w[i] = (int)strlen(row[i].text);
	}
}

void
render_sets_table(FILE *fp, const struct sets *x)
{
	struct cell row[C_NCELLS];
	const char *group = NULL;
	char v[64], *dropped, *lacking;
	int w[C_NCELLS], lw, i;
	size_t m;

	/* Each column as wide as its widest cell: the table fits its numbers. */
	table_widths(x, w, &lw);
	for (i = 0; i < 2; i++)
		fprintf(fp, "%s %s: %s, %zu run%s\n", i ? "Candidate" :
		    "Baseline", i ? "B" : "A", x->side[i].path, x->side[i].n,
		    x->side[i].n == 1 ? "" : "s");
	fprintf(fp, "Each metric over a run (a counter's change from the first "
	    "sample to the last);\nindices of node %u, zone %s; significant: "
	    "Welch's t-test at 95%%, from %d runs a side;\nn: the runs with a "
	    "value (n/a: a rate without an attempt, a fragindex always -1,\n"
	    "a run without the metric).\n\n",
	    x->node, x->zone, STATS_MIN_RUNS);
	for (i = 0; i < C_NCELLS; i++)
		cell_printf(&row[i], "%s", table_head[i]);
	table_row(fp, "", lw, row, w, "significant");
	for (m = 0; m < x->nm; m++) {
		if (group == NULL || strcmp(group, x->m[m].group) != 0) {
			fprintf(fp, "%s%s\n", group ? "\n" : "", x->m[m].group);
			group = x->m[m].group;
		}
		cells(row, &x->m[m]);
		table_row(fp, x->m[m].label, lw, row, w, render_sets_verdict(v,
		    sizeof(v), &x->m[m]));
	}
	if ((lacking = render_sets_lacking_text(x)) != NULL) {
		fputc('\n', fp);
		render_fold(fp, "Note:", lacking);
	}
	free(lacking);
	if ((dropped = render_sets_dropped_text(x)) != NULL)
		fprintf(fp, "\n%s\n", dropped);
	free(dropped);
}

/* Write V in thousandths, or null when NONE. */
static void
fixed_or_null(struct jsonw *w, double v, bool none)
{
	if (none)
		jw_null(w);
	else
		jw_fixed(w, llround(v * 1000), 3);
}

/*
 * Write one side K of metric S: {n, mean, stddev, min, max, runs}, n the
 * runs with a value, a run without one null.
 */
static void
side_json(struct jsonw *w, const struct sets *x, const struct sets_metric *s,
    int k)
{
	bool none = s->s[k].n == 0;
	size_t i;

	jw_object(w);
	jw_key(w, "n");
	jw_u64(w, s->s[k].n);
	/* Of the runs without a value, those without the metric at all. */
	jw_key(w, "lacking");
	jw_u64(w, s->lacking[k]);
	jw_key(w, "mean");
	fixed_or_null(w, s->s[k].mean, none);
	jw_key(w, "stddev");
	fixed_or_null(w, s->s[k].sd, none);
	jw_key(w, "min");
	fixed_or_null(w, s->s[k].min, none);
	jw_key(w, "max");
	fixed_or_null(w, s->s[k].max, none);
	jw_key(w, "runs");
	jw_array(w, true);
	for (i = 0; i < x->side[k].n; i++)
		fixed_or_null(w, s->v[k][i], s->na[k][i]);
	jw_end(w);
	jw_end(w);
}

/* Write sides a and b of X: each set's path and the names of its runs. */
static void
paths_json(struct jsonw *w, const struct sets *x)
{
	size_t i;
	int k;

	for (k = 0; k < 2; k++) {
		jw_key(w, k ? "b" : "a");
		jw_object(w);
		jw_key(w, "path");
		jw_string(w, x->side[k].path);
		jw_key(w, "runs");
		jw_array(w, false);
		for (i = 0; i < x->side[k].n; i++)
			jw_string(w, x->side[k].names[i]);
		jw_end(w);
		jw_end(w);
	}
}

/* Write how metric S differs from a to b, and whether Welch's test says so. */
static void
diff_json(struct jsonw *w, const struct sets_metric *s)
{
	double d, pct;
	bool have = sets_mean_diff(s, &d);

	jw_key(w, "diff");
	fixed_or_null(w, d, !have);
	/* In thousandths of a percent, as the table shows it in tenths. */
	if (jw_key_or_null(w, "diff_pct", sets_change_pct(s, &pct)))
		jw_fixed(w, llround(pct * 1000), 3);
	if (jw_key_or_null(w, "t", s->w.tested))
		jw_fixed(w, llround(s->w.t * 1000), 3);
	if (jw_key_or_null(w, "df", s->w.tested))
		jw_fixed(w, llround(s->w.df * 1000), 3);
	/* null: n too small to say. */
	if (jw_key_or_null(w, "significant", sets_testable(s)))
		jw_bool(w, s->w.significant);
	/* Tested, not significant: the runs a side that would make it (null: none would). */
	if (s->w.tested && !s->w.significant &&
	    jw_key_or_null(w, "runs_needed", s->needed))
		jw_u64(w, s->needed);
}

/* Write metric S of X: what it is, its domain, both sides and the difference. */
static void
metric_json(struct jsonw *w, const struct sets *x, const struct sets_metric *s)
{
	int k;

	jw_object(w);
	jw_key(w, "name");
	jw_string(w, s->name);
	jw_key(w, "group");
	jw_string(w, s->group);
	jw_key(w, "unit");
	jw_string(w, s->unit);
	jw_key(w, "kind");
	jw_string(w, sets_kind_name(s->kind));
	/* [least, most]: null, no bound. */
	jw_key(w, "domain");
	jw_array(w, true);
	fixed_or_null(w, s->lo, isinf(s->lo));
	fixed_or_null(w, s->hi, isinf(s->hi));
	jw_end(w);
	for (k = 0; k < 2; k++) {
		jw_key(w, k ? "b" : "a");
		side_json(w, x, s, k);
	}
	diff_json(w, s);
	jw_end(w);
}

/* Write the comparison X of two sets of runs to FP as one JSON document. */
void
render_sets_json(FILE *fp, const struct sets *x)
{
	struct jsonw w;
	size_t i;

	jw_init(&w, fp);
	jw_object(&w);
	jw_key(&w, "compare");
	jw_object(&w);
	paths_json(&w, x);
	render_zone_json(&w, x->node, x->zone);
	jw_key(&w, "metrics");
	jw_array(&w, false);
	for (i = 0; i < x->nm; i++)
		metric_json(&w, x, &x->m[i]);
	jw_end(&w);
	/* What SETS_MAX_METRICS left out, by name. */
	jw_key(&w, "dropped");
	jw_array(&w, false);
	for (i = 0; i < x->ndropped; i++)
		jw_string(&w, x->dropped[i]);
	jw_end(&w);
	jw_end(&w);
	jw_end(&w);
	jw_done(&w);
}

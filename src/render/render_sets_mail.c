/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_sets_mail.c - --compare of two sets of runs: the mailing-list table */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ferr.h"
#include "humanize.h"
#include "render_sets.h"
#include "render_text.h"
#include "sets.h"
#include "stats.h"

/*
 * The mmtests layout of compare-kernels, as kernel developers post A/B
 * results: a row per metric with the baseline's and the candidate's mean
 * and standard deviation, then the change in % of the baseline, between
 * asterisks where significant and parentheses where not. Within 80
 * columns: the names are abbreviated (a legend below), a number takes at
 * most NUM_W columns.
 */
#define NAME_W	19
#define NUM_W	9
/* A side's cell: "mean +- sd". */
#define SIDE_W	(NUM_W + (int)strlen(" +- ") + NUM_W)
/* The change in %, then with its asterisks or parentheses. */
#define PCT_W		8
#define CHANGE_W	(PCT_W + 2)

/* Write side K of S into BUF (SIZE bytes): "mean +- sd", or "n/a". */
static const char *
side_cell(char *buf, size_t size, const struct sets_metric *s, int k)
{
	char m[32], d[32];

	if (s->s[k].n == 0)
		snprintf(buf, size, "%*s", SIDE_W, "n/a");
	else
		snprintf(buf, size, "%*s +- %*s", NUM_W, hum_fit(m, sizeof(m),
		    s->s[k].mean, s->digits, NUM_W), NUM_W, hum_fit(d,
		    sizeof(d), s->s[k].sd, s->digits, NUM_W));
	return buf;
}

/* Write S's change in % of A's mean into BUF (SIZE bytes): "*+12.3%*" significant, "( +12.3%)" not. */
static const char *
change(char *buf, size_t size, const struct sets_metric *s)
{
	bool sig = s->w.tested && s->w.significant;
	char pct[16];
	double p;

	if (!sets_change_pct(s, &p)) {
		snprintf(pct, sizeof(pct), "n/a");
	} else {
		/* In PCT_W columns: "+1293.4%", "+12934%", then a bound of its sign. */
		if (snprintf(pct, sizeof(pct), "%+.1f%%", p) > PCT_W &&
		    snprintf(pct, sizeof(pct), "%+.0f%%", p) > PCT_W)
			snprintf(pct, sizeof(pct), p < 0 ? "<-99999%%" :
			    ">+99999%%");
	}
	snprintf(buf, size, "%c%*s%c", sig ? '*' : '(', PCT_W, pct, sig ? '*' :
	    ')');
	return buf;
}

/*
 * Fold into FP, after PREFIX, the names of the metrics of X for which
 * WANT(S) holds, each followed by what NOTE says of it (NULL: nothing).
 * Nothing when none.
 */
static void
names(FILE *fp, const struct sets *x, const char *prefix,
    bool (*want)(const struct sets *, const struct sets_metric *),
    void (*note)(struct render_sentence *, const struct sets *,
    const struct sets_metric *))
{
	struct render_sentence t = { 0 };
	size_t i;

	for (i = 0; i < x->nm; i++) {
		if (!want(x, &x->m[i]))
			continue;
		render_say(&t, "%s%s", t.n ? ", " : "", x->m[i].abbr);
		if (note != NULL)
			note(&t, x, &x->m[i]);
	}
	if (t.n > 0 || t.failed) {
		render_say(&t, ".");
		render_said(&t, fp, prefix);
	}
}

/* Returns whether S gets a row: not folded into a line of names. */
static bool
shown(const struct sets *x, const struct sets_metric *s)
{
	(void)x;
	return !sets_flat(s);
}

/* Returns whether S is the same in every run of both sides. */
static bool
same(const struct sets *x, const struct sets_metric *s)
{
	(void)x;
	return sets_flat(s) && s->s[0].n && s->s[1].n;
}

/* Returns whether no run of S has a value. */
static bool
none(const struct sets *x, const struct sets_metric *s)
{
	(void)x;
	return s->s[0].n == 0 && s->s[1].n == 0;
}

/* Returns whether S has a row and a run without a value. */
static bool
some_na(const struct sets *x, const struct sets_metric *s)
{
	return shown(x, s) && (s->s[0].n < x->side[0].n ||
	    s->s[1].n < x->side[1].n);
}

/* Returns whether some run lacks S itself. */
static bool
lacking(const struct sets *x, const struct sets_metric *s)
{
	(void)x;
	return s->lacking[0] + s->lacking[1] > 0;
}

/* Write ":3,0": the runs of A and of B that lack S. */
static void
note_lacking(struct render_sentence *t, const struct sets *x,
    const struct sets_metric *s)
{
	(void)x;
	render_say(t, ":%zu,%zu", s->lacking[0], s->lacking[1]);
}

/* Returns whether S has a row and too few runs with a value on a side for a test. */
static bool
few(const struct sets *x, const struct sets_metric *s)
{
	return shown(x, s) && !sets_testable(s);
}

/* Returns whether S was tested and is not significant. */
static bool
not_sig(const struct sets *x, const struct sets_metric *s)
{
	return shown(x, s) && s->w.tested && !s->w.significant;
}

/* Returns whether S differs alike in every run: no spread, no test. */
static bool
alike(const struct sets *x, const struct sets_metric *s)
{
	return shown(x, s) && !s->w.tested && s->w.significant &&
	    sets_testable(s);
}

/* Write ":1/3,2/3": the runs of S with a value, of A's and of B's runs (one word, never folded). */
static void
note_n(struct render_sentence *t, const struct sets *x,
    const struct sets_metric *s)
{
	render_say(t, ":%zu/%zu,%zu/%zu", s->s[0].n, x->side[0].n, s->s[1].n,
	    x->side[1].n);
}

/* Write ":12" or ":none": the runs a side that would make S significant. */
static void
note_needed(struct render_sentence *t, const struct sets *x,
    const struct sets_metric *s)
{
	(void)x;
	if (s->needed)
		render_say(t, ":%u", s->needed);
	else
		render_say(t, ":none");
}

/* Write ":512": the value of S, the same in every run. */
static void
note_value(struct render_sentence *t, const struct sets *x,
    const struct sets_metric *s)
{
	char v[32];

	(void)x;
	render_say(t, ":%s", hum_fit(v, sizeof(v), s->s[0].mean, s->digits,
	    NUM_W));
}

/* Write S's domain into BUF (SIZE bytes): "0-100%", ">= 0", "0-1". */
static const char *
domain(char *buf, size_t size, const struct sets_metric *s)
{
	char n[HUM_INT_LEN];

	if (isinf(s->lo))
		snprintf(buf, size, "any%s%s", s->unit[0] ? " " : "", s->unit);
	else if (isinf(s->hi))
		snprintf(buf, size, ">= 0%s%s", s->unit[0] ? " " : "", s->unit);
	else
		/* The finite bounds are whole numbers (100), no locale's. */
		snprintf(buf, size, "0-%s%s", hum_int(n, llround(s->hi)),
		    strcmp(s->unit, "%") == 0 ? "%" : "");
	return buf;
}

/* Write the head of the table of X: what it shows, the sets, the columns. */
static void
mail_head(FILE *fp, const struct sets *x)
{
	int k;

	fprintf(fp, "fragstat --compare: Welch's t-test at 95%%, *change* "
	    "significant, (change) not\n");
	for (k = 0; k < 2; k++)
		fprintf(fp, "%s: %s (%zu run%s)\n", k ? "B" : "A",
		    x->side[k].path, x->side[k].n, x->side[k].n == 1 ? "" : "s");
	fprintf(fp, "\n%-*s %*s  %*s %*s\n", NAME_W, "", SIDE_W,
	    "A mean +- sd", SIDE_W, "B mean +- sd", CHANGE_W, "B vs A");
}

/* Write a row per metric of X that differs or spreads; returns how many. */
static size_t
mail_rows(FILE *fp, const struct sets *x)
{
	char a[64], b[64], c[40];
	size_t i, rows = 0;

	for (i = 0; i < x->nm; i++) {
		if (!shown(x, &x->m[i]))
			continue;
		fprintf(fp, "%-*s %s  %s %s\n", NAME_W, x->m[i].abbr,
		    side_cell(a, sizeof(a), &x->m[i], 0),
		    side_cell(b, sizeof(b), &x->m[i], 1),
		    change(c, sizeof(c), &x->m[i]));
		rows++;
	}
	if (rows == 0)
		fprintf(fp, "(no metric differs or spreads)\n");
	return rows;
}

/* Write the notes under the rows of X: the metrics folded into lines of names, and those left out. */
static void
mail_notes(FILE *fp, const struct sets *x)
{
	char *dropped, *word;

	names(fp, x, "Alike in every run (no spread, no test):", alike, NULL);
	names(fp, x, "Not significant; the runs a side that would make it so at "
	    "this spread:", not_sig, note_needed);
	names(fp, x, "Too few runs with a value to test:", few, NULL);
	names(fp, x, "Runs with a value, A's,B's (n/a: no attempt, or fragindex "
	    "-1 throughout):", some_na, note_n);
	names(fp, x, "Not in every run (n/a there), the runs of A,B that lack "
	    "it:", lacking, note_lacking);
	names(fp, x, "The same in every run of A and B:", same, note_value);
	names(fp, x, "No value in any run:", none, NULL);
	/* Its first word the prefix: render_fold() puts a space before the rest. */
	if ((dropped = render_sets_dropped_text(x)) == NULL)
		return;
	word = strndup(dropped, strcspn(dropped, " "));
	if (word == NULL)
		ferr_nomem();
	else if (dropped[strlen(word)] == ' ')
		render_fold(fp, word, dropped + strlen(word) + 1);
	free(word);
	free(dropped);
}

/* Write the legend of X's rows: each abbreviation's label, kind and domain. */
static void
mail_legend(FILE *fp, const struct sets *x)
{
	char a[64], d[32], line[160];
	size_t i;

	for (i = 0; i < x->nm; i++) {
		if (!shown(x, &x->m[i]))
			continue;
		snprintf(line, sizeof(line), "%s (%s, %s)", x->m[i].label +
		    strspn(x->m[i].label, " "), sets_kind_name(x->m[i].kind),
		    domain(d, sizeof(d), &x->m[i]));
		snprintf(a, sizeof(a), "  %-*s", NAME_W, x->m[i].abbr);
		render_fold(fp, a, line);
	}
}

void
render_sets_mail(FILE *fp, const struct sets *x)
{
	size_t rows;

	mail_head(fp, x);
	rows = mail_rows(fp, x);
	fputc('\n', fp);
	mail_notes(fp, x);
	if (rows) {
		fprintf(fp, "\nIndices of node %u, zone %s. The rows:\n", x->node,
		    x->zone);
		mail_legend(fp, x);
	}
}

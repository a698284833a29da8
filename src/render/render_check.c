/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * render_check.c - --check's output as the monitoring plugins' guidelines
 * want it: one status line "FRAGSTAT STATE - text | perfdata", the
 * performance data as 'label'=value;warn;crit;min with the thresholds in
 * their range format ("N:": a state below N), then the other nodes on
 * lines of their own (a plugin's long output)
 */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "avail.h"
#include "health.h"
#include "humanize.h"
#include "judge.h"
#include "render_check.h"
#include "render_words.h"

/* Write ASK's thresholds in words: " (warning below W, critical below C)". */
static void
thresholds(FILE *fp, const struct check_ask *ask)
{
	fputs(" (", fp);
	if (ask->warn != 0)
		fprintf(fp, "warning below %" PRIu64 "%s", ask->warn,
		    ask->crit != 0 ? ", " : "");
	if (ask->crit != 0)
		fprintf(fp, "critical below %" PRIu64, ask->crit);
	fputc(')', fp);
}

/*
 * Write the counts of A: as hum_counts() words them, with the fewest free
 * now where the count is a bound and they are known ("at least L, at most
 * U free now").
 */
static void
counts(FILE *fp, const struct avail *a)
{
	char c[96];

	if (a->now_is_bound && a->now_least > 0)
		fprintf(fp, "at least %" PRIu64 ", ", a->now_least);
	fputs(hum_counts(c, sizeof(c), a->now, a->now_is_bound, a->after), fp);
}

/* Write why H is UNKNOWN where it is for want of pagetypeinfo, and what to do. */
static void
unknown_why(FILE *fp, const struct report *r, const struct health *h)
{
	if (h->state == CHECK_UNKNOWN && r->pti == NULL && ((h->have_need &&
	    h->need.row != NULL && h->need.row->now_is_bound) ||
	    (h->row != NULL && h->row->now_is_bound)))
		fputs(" (without pagetypeinfo, root's alone since Linux 5.4: "
		    "run it through sudo or on a root timer's capture, see "
		    "MONITORING in fragstat(1))", fp);
}

/* Write what decided the state of H: --need's answer, then the thresholds' counts. */
static void
detail(FILE *fp, const struct report *r, const struct check_ask *ask,
    const struct health *h)
{
	const struct need *n = h->want;
	bool asked = ask->warn != 0 || ask->crit != 0;
	char b[32], why[64];

	if (h->have_need && n != NULL) {
		fprintf(fp, "need %" PRIu64 " x %s: ", n->count, hum_size(b,
		    sizeof(b), 1ULL << n->order, r->page_size));
		if (h->need.possible == AVAIL_IMPOSSIBLE)
			fprintf(fp, "impossible, %s", render_no_hugepages(why,
			    sizeof(why), n->order, r->page_size));
		else if (h->need.row == NULL)
			fprintf(fp, "%s, no such node in the input",
			    advise_verdict_name(h->need.verdict));
		else if (h->need.possible == AVAIL_POSSIBLE_UNKNOWN &&
		    h->if_possible != VERDICT_UNKNOWN) {
			/* Impossible too, if the size does not exist. */
			fprintf(fp, "%s or impossible, ", advise_verdict_name(
			    h->if_possible));
			counts(fp, h->need.row);
		} else {
			fprintf(fp, "%s, ", advise_verdict_name(
			    h->need.verdict));
			counts(fp, h->need.row);
		}
		if (asked && n->order == ask->order)
			thresholds(fp, ask);
		if (!asked || n->order == ask->order)
			return;
		/* Not "; ": Nagios turns a semicolon of a plugin's output into ':'. */
		fputs(" and ", fp);
	}
	fprintf(fp, "%s: ", hum_order(b, sizeof(b), ask->order,
	    r->page_size));
	if (h->row == NULL) {
		fputs("no such node in the input", fp);
		/* A judgement asked has no thresholds to say. */
		if (!asked)
			return;
	} else if (ask->judge) {
		fputs(judge_name(h->judged), fp);
		if (h->judged_least != h->judged)
			fprintf(fp, " or %s", judge_name(h->judged_least));
		fputs(", ", fp);
		counts(fp, h->row);
		return;
	} else {
		counts(fp, h->row);
	}
	thresholds(fp, ask);
}

/* Write the name of NODE in a perfdata label: "nodeN", or "machine" for -1. */
static void
label(FILE *fp, int node)
{
	if (node < 0)
		fputs("machine", fp);
	else
		fprintf(fp, "node%d", node);
}

/* Returns the state of a count V against thresholds WARN and CRIT (0: none) as a reader of the performance data judges it. */
static enum check_state
perf_state(uint64_t v, uint64_t warn, uint64_t crit)
{
	if (v < crit)
		return CHECK_CRITICAL;
	return v < warn ? CHECK_WARNING : CHECK_OK;
}

/*
 * Write " 'LABEL'=VALUE;WARN;CRIT;0", a threshold "N:" where not 0, after
 * " |" for the first (*FIRST): no '|' without performance data. A count
 * known only to lie between LEAST and V is written as LEAST where both
 * ends are in the same state, else as the guidelines' U (not known); so
 * is it with no threshold and nothing known below (LEAST 0), where a 0
 * would only read as none free.
 */
static void
perf(FILE *fp, bool *first, int node, const char *size, const char *what,
    uint64_t least, uint64_t v, uint64_t warn, uint64_t crit)
{
	if (*first)
		fputs(" |", fp);
	*first = false;
	fputs(" '", fp);
	label(fp, node);
	fprintf(fp, "_%s_%s'=", size, what);
	if (least == v || ((least > 0 || warn != 0 || crit != 0) &&
	    perf_state(least, warn, crit) == perf_state(v, warn, crit)))
		fprintf(fp, "%" PRIu64 ";", least);
	else
		fputs("U;", fp);
	if (warn != 0)
		fprintf(fp, "%" PRIu64 ":", warn);
	fputc(';', fp);
	if (crit != 0)
		fprintf(fp, "%" PRIu64 ":", crit);
	fputs(";0", fp);
}

/*
 * Returns the request of C at ORDER that asks the most (the first of
 * equals), or NULL: the thresholds of one label are those of the
 * largest request, whose state is the worst of them.
 */
static const struct health *
need_at(const struct check_answer *c, unsigned order)
{
	const struct health *best = NULL;
	size_t i;

	for (i = 0; i < c->n; i++)
		if (c->nodes[i].want != NULL && c->nodes[i].want->order ==
		    order && (best == NULL || c->nodes[i].want->count >
		    best->want->count))
			best = &c->nodes[i];
	return best;
}

/*
 * Write the performance data of node H of C at ORDER: free now, with the
 * thresholds that act on it (--warn, --crit, the largest --need's count
 * for WARNING), and after compaction, with that count for CRITICAL; 0 of
 * a size the host cannot have. Judged, also the state its judgement gives
 * (0 OK, 1 WARNING, 2 CRITICAL; U where not known), warning above 0,
 * critical above 1: what decided, for a reader of the performance data
 * alone.
 */
static void
perf_order(FILE *fp, bool *first, const struct report *r,
    const struct check_ask *ask, const struct check_answer *c,
    const struct health *h, unsigned order)
{
	const struct avail *a = avail_find(r->avail, h->node, -1, order);
	const struct health *nh = need_at(c, order);
	uint64_t warn = 0, crit = 0, need = nh != NULL ? nh->want->count : 0;
	int node = h->node;
	char s[32];

	if (a == NULL)
		return;
	hum_order_label(s, sizeof(s), order, r->page_size);
	if (nh != NULL && nh->need.possible == AVAIL_IMPOSSIBLE) {
		perf(fp, first, node, s, "free_now", 0, 0, need, 0);
		perf(fp, first, node, s, "after_compaction", 0, 0, 0, need);
		return;
	}
	if (order == ask->order) {
		warn = ask->warn;
		crit = ask->crit;
	}
	perf(fp, first, node, s, "free_now", a->now_is_bound ? a->now_least :
	    a->now, a->now, need > warn ? need : warn, crit);
	perf(fp, first, node, s, "after_compaction", a->after, a->after, 0,
	    need);
	if (!ask->judge || order != ask->order)
		return;
	fputs(" '", fp);
	label(fp, node);
	fprintf(fp, "_%s_judged'=", s);
	if (h->state == CHECK_UNKNOWN)
		fputs("U", fp);
	else
		fprintf(fp, "%d", (int)h->state);
	fputs(";0;1;0;2", fp);
}

/* Write whom H judged: "machine" (as --need asks without --check) or "node N". */
static void
where(FILE *fp, const struct health *h)
{
	if (h->node < 0)
		fputs("machine", fp);
	else
		fprintf(fp, "node %d", h->node);
}

void
render_check_unknown(FILE *fp, const char *why)
{
	fprintf(fp, "FRAGSTAT UNKNOWN - %s\n", why);
}

void
render_check(FILE *fp, const struct report *r, const struct check_ask *ask,
    const struct check_answer *c)
{
	const struct health *h = c->nodes, *w = &c->nodes[c->worst];
	bool asked = ask->warn != 0 || ask->crit != 0 || ask->judge;
	bool first = true;
	size_t i;

	if (c->n == 0) {
		render_check_unknown(fp, "no node in the input");
		return;
	}
	fprintf(fp, "FRAGSTAT %s - ", health_state_name(w->state));
	where(fp, w);
	if (c->n > 1)
		fprintf(fp, " (worst of %zu%s)", c->n, c->per_need ?
		    " needs" : "");
	fputs(": ", fp);
	detail(fp, r, ask, w);
	unknown_why(fp, r, w);
	for (i = 0; i < c->n; i++) {
		/* One label per node and order: the largest request there. */
		if (h[i].want != NULL && (!c->per_need ||
		    need_at(c, h[i].want->order) == &h[i]))
			perf_order(fp, &first, r, ask, c, &h[i],
			    h[i].want->order);
		/* The thresholds' order, once per node. */
		if (asked && need_at(c, ask->order) == NULL &&
		    (!c->per_need || i == 0))
			perf_order(fp, &first, r, ask, c, &h[i], ask->order);
	}
	fputc('\n', fp);
	for (i = 0; c->n > 1 && i < c->n; i++) {
		where(fp, &h[i]);
		fprintf(fp, ": %s, ", health_state_name(h[i].state));
		detail(fp, r, ask, &h[i]);
		fputc('\n', fp);
	}
}

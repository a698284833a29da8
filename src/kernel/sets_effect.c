/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets_effect.c - --compare of sets: what a metric's runs say, and the metrics by the size of their effect */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "sets_effect.h"
#include "stats.h"

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

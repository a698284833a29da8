/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stats.c - mean, spread and Welch's t-test over the runs of an experiment */
#include "config.h"

#include <math.h>

#include "stats.h"

void
stats_of(const double *x, size_t n, struct stats *s)
{
	double sum = 0, sq = 0;
	size_t i;

	s->n = n;
	s->mean = s->sd = s->min = s->max = 0;
	if (n == 0)
		return;
	s->min = s->max = x[0];
	for (i = 0; i < n; i++) {
		sum += x[i];
		if (x[i] < s->min)
			s->min = x[i];
		if (x[i] > s->max)
			s->max = x[i];
	}
	/*
	 * Runs all alike have that value and no spread, exactly: a sum of
	 * three 0.1s over 3 is 0.1 + 1.4e-17, whose sd of 1.7e-17 would
	 * have Welch's test "test" identical runs.
	 */
	if (s->min == s->max) {
		s->mean = s->min;
		return;
	}
	s->mean = sum / (double)n;
	/* Two passes: squares of large counters minus a square lose digits. */
	for (i = 0; i < n; i++)
		sq += (x[i] - s->mean) * (x[i] - s->mean);
	if (n > 1)
		s->sd = sqrt(sq / (double)(n - 1));
}

/* Two-sided 95% quantiles of Student's t, df 1 to 30 (any statistics table). */
static const double t95[30] = {
	12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
	2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
	2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
};

double
stats_t95(double df)
{
	if (df < 1)
		return t95[0];
	if (df < 31)
		return t95[(int)df - 1];
	if (df < 40)
		return t95[29];
	if (df < 60)
		return 2.021;
	if (df < 120)
		return 2.000;
	return df < 1e6 ? 1.980 : 1.960;
}

void
stats_welch(const struct stats *a, const struct stats *b, struct welch *w)
{
	double va, vb, se2;

	w->tested = false;
	w->t = w->df = w->critical = 0;
	w->significant = a->n > 0 && b->n > 0 && a->mean != b->mean;
	if (a->n < STATS_MIN_RUNS || b->n < STATS_MIN_RUNS)
		return;
	va = a->sd * a->sd / (double)a->n;
	vb = b->sd * b->sd / (double)b->n;
	if ((se2 = va + vb) <= 0)
		return;
	w->tested = true;
	w->t = (b->mean - a->mean) / sqrt(se2);
	w->df = se2 * se2 / (va * va / (double)(a->n - 1) +
	    vb * vb / (double)(b->n - 1));
	w->critical = stats_t95(w->df);
	w->significant = fabs(w->t) > w->critical;
}

unsigned
stats_runs_needed(const struct stats *a, const struct stats *b)
{
	struct stats x = *a, y = *b;
	struct welch w;
	unsigned n;

	if (a->mean == b->mean)
		return 0;
	/* t grows as the square root of the runs: the first N that passes. */
	for (n = STATS_MIN_RUNS; n <= STATS_MAX_NEEDED; n++) {
		x.n = y.n = n;
		stats_welch(&x, &y, &w);
		if (w.tested && w.significant)
			return n;
	}
	return 0;
}

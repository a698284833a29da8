/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stats.h - mean, spread and Welch's t-test over the runs of an experiment */
#ifndef FRAGSTAT_STATS_H
#define FRAGSTAT_STATS_H

#include <stdbool.h>
#include <stddef.h>

#include "runs.h"

/* Fill S from the N values X. */
void	stats_of(const double *x, size_t n, struct stats *s);

/*
 * Welch's t-test of B against A into W. Without STATS_MIN_RUNS runs a side,
 * or with no spread on either (every run alike: t is infinite or
 * undefined), W->tested is false; then W->significant says only whether the
 * means differ at all.
 */
void	stats_welch(const struct stats *a, const struct stats *b,
	    struct welch *w);

/*
 * Returns the two-sided 95% critical value of Student's t at DF degrees of
 * freedom (DF >= 1), from the standard table at DF rounded down: never
 * smaller than the exact value, so "significant" is never claimed early.
 */
double	stats_t95(double df);

/* The most runs a side stats_runs_needed() looks at. */
#define STATS_MAX_NEEDED	1000

/*
 * Returns how many runs a side would make the difference of B from A
 * significant (stats_welch()) if the means and the spreads stayed as A and
 * B observed them: the fewest N, from STATS_MIN_RUNS, at which they would
 * be; 0 when no N up to STATS_MAX_NEEDED would (the means are equal, or
 * too close for their spread). Both sides must have some spread.
 */
unsigned stats_runs_needed(const struct stats *a, const struct stats *b);

#endif

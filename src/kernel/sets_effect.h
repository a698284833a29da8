/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets_effect.h - --compare of sets: what a metric's runs say, and the metrics by the size of their effect */
#ifndef FRAGSTAT_SETS_EFFECT_H
#define FRAGSTAT_SETS_EFFECT_H

#include <stdbool.h>
#include <stddef.h>

#include "runs.h"

/*
 * Returns whether S shows no difference and no spread: every run of both
 * sides the same value (or none has one). The table and the picture fold
 * such metrics into one line of names.
 */
bool	sets_flat(const struct sets_metric *s);

/*
 * Returns whether metric S has enough runs with a value on each side for
 * Welch's test to say anything (STATS_MIN_RUNS a side).
 */
bool	sets_testable(const struct sets_metric *s);

/*
 * Returns whether metric S has a mean difference: both sides have runs;
 * then *D is b's mean less a's (else 0).
 */
bool	sets_mean_diff(const struct sets_metric *s, double *d);

/*
 * Returns whether metric S has a change in %: both sides have runs and
 * a's mean is not 0; then *PCT is b's mean less a's in % of a's (its size).
 */
bool	sets_change_pct(const struct sets_metric *s, double *pct);

/*
 * Sort the N indices IDX of metrics of X by the size of their effect,
 * largest first: a difference without spread, then |t|, then |change in
 * %|, too few runs to test last; equal effects in the table's order.
 */
void	sets_by_effect(const struct sets *x, size_t *idx, size_t n);

#endif

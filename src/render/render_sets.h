/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_sets.h - --compare of two sets of runs: table, JSON, picture and what they share */
#ifndef FRAGSTAT_RENDER_SETS_H
#define FRAGSTAT_RENDER_SETS_H

#include <stddef.h>
#include <stdio.h>

#include "report.h"

struct sets;
struct sets_metric;

/*
 * --compare of two sets of runs X: as a table, as JSON {"compare": {...,
 * "metrics": [...]}} (render_sets.c), as SVG (render_svg_sets.c: returns
 * 0, or -1 out of memory before it writes anything).
 */
void	render_sets_table(FILE *fp, const struct sets *x);
/* The default: the mailing-list table, mmtests' layout in 80 columns (render_sets_mail.c). */
void	render_sets_mail(FILE *fp, const struct sets *x);
void	render_sets_json(FILE *fp, const struct sets *x);
int	render_sets_svg(FILE *fp, const struct sets *x);

/*
 * What the sets' table and picture share: a number, what the test says,
 * and the metrics left out past SETS_MAX_METRICS as one malloc'd sentence
 * (NULL when none were, or out of memory).
 */
const char *render_sets_num(char *buf, size_t size, double v, int digits);
const char *render_sets_verdict(char *buf, size_t size,
	    const struct sets_metric *s);
char	*render_sets_dropped_text(const struct sets *x);

/*
 * Returns the sentence that names the metrics of X some runs lack, with
 * how many of each side's (malloc'd), or NULL: none, or out of memory
 * (said).
 */
char	*render_sets_lacking_text(const struct sets *x);

#endif

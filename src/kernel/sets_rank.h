/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets_rank.h - --compare of sets: which metrics matter most, and which go past SETS_MAX_METRICS */
#ifndef FRAGSTAT_SETS_RANK_H
#define FRAGSTAT_SETS_RANK_H

#include "ferr.h"
#include "runs.h"

/* Returns the importance of a metric of GROUP, 0 first. */
int	sets_rank(const char *group);

/*
 * Keep the SETS_MAX_METRICS most important metrics of X (sets_rank(),
 * then the table's order), in the table's order; name the others in
 * X->dropped. Returns 0, or -1 with E set.
 */
int	sets_keep_most_important(struct sets *x, struct ferr *e);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets.h - --compare of two sets of recorded runs: per metric statistics */
#ifndef FRAGSTAT_SETS_H
#define FRAGSTAT_SETS_H

#include <stddef.h>

#include "ferr.h"
#include "runs.h"

/*
 * Once both sides of X are read (sets_read(), replay_sets.h), compute
 * every metric that all their runs have, and keep the SETS_MAX_METRICS
 * most important of them. Return 0, or -1 with E set; sets_free() frees X
 * in both cases.
 */
int	sets_compute(struct sets *x, struct ferr *e);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets.h - --compare of two sets of recorded runs: per metric statistics */
#ifndef FRAGSTAT_SETS_H
#define FRAGSTAT_SETS_H

#include <stdbool.h>
#include <stddef.h>

#include "ferr.h"
#include "runs.h"
#include "sets_effect.h"

/*
 * Once both sides of X are read (replay_sets_read()), compute every
 * metric that some run has (n/a in the runs that lack it), and keep the
 * SETS_MAX_METRICS most important of them (sets_rank.c). Return 0, or -1 with E set; sets_free() frees X
 * in both cases.
 */
int	sets_compute(struct sets *x, struct ferr *e);

/* Returns the name of kind K: "counter delta", "gauge extreme", ... */
const char *sets_kind_name(enum sets_kind k);

#endif

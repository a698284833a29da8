/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets.h - --compare of two sets of recorded runs: per metric statistics */
#ifndef FRAGSTAT_SETS_H
#define FRAGSTAT_SETS_H

#include <stddef.h>

#include "ferr.h"
#include "recording.h"
#include "stats.h"

/*
 * The most runs a side, and metrics a comparison shows: past it the least
 * important metrics are left out, and named (sets_compute()).
 */
#define SETS_MAX_RUNS		64
#define SETS_MAX_METRICS	160

/* One side: a recording, or a directory of them (its runs, by name). */
struct sets_side {
	const char	*path;
	char		*names[SETS_MAX_RUNS];	/* the runs' directories */
	struct replay	*runs;
	size_t		 n;
};

/* One metric over the runs of both sides. */
struct sets_metric {
	char		 name[64];	/* the kernel's counter name where it is one */
	char		 label[72];	/* what the table and the picture say */
	const char	*group;
	const char	*unit;		/* "pages", "%", "s", ... */
	int		 digits;	/* decimals shown */
	double		 v[2][SETS_MAX_RUNS];	/* side, run */
	struct stats	 s[2];
	struct welch	 w;
	int		 rank;		/* its importance, 0 first (sets.c) */
};

struct sets {
	struct sets_side	 side[2];	/* baseline A, candidate B */
	struct sets_metric	*m;
	size_t			 nm, mcap;
	/* The metrics left out past SETS_MAX_METRICS, in the table's order. */
	char			(*dropped)[64];
	size_t			 ndropped;
	/* The zone whose indices are compared: the most free pageblocks in A's first run. */
	unsigned		 node;
	char			 zone[32];
};

/*
 * Once both sides of X are read (sets_read(), replay_sets.h), compute
 * every metric that all their runs have, and keep the SETS_MAX_METRICS
 * most important of them. Return 0, or -1 with E set; sets_free() frees X
 * in both cases.
 */
int	sets_compute(struct sets *x, struct ferr *e);

#endif

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

/* What a metric's value of one run is. */
enum sets_kind {
	SETS_DELTA,	/* a counter's change from the first sample to the last */
	SETS_EXTREME,	/* a gauge's least or most over the samples */
	SETS_GAUGE,	/* a gauge at the last sample, or the command's wall time */
	SETS_RATE,	/* of a run's attempts: n/a in a run without one */
	SETS_SHARE,	/* a part of a whole, or of the samples, in % */
};

/* One metric over the runs of both sides. */
struct sets_metric {
	char		 name[64];	/* the kernel's counter name where it is one */
	char		 label[72];	/* what the wide table and the picture say */
	char		 abbr[24];	/* the mailing-list table's name, <= 19 bytes */
	const char	*group;
	const char	*unit;		/* "pages", "%", "s", ... */
	int		 digits;	/* decimals shown */
	enum sets_kind	 kind;
	double		 lo, hi;	/* the domain; hi INFINITY: no bound */
	double		 v[2][SETS_MAX_RUNS];	/* side, run */
	bool		 na[2][SETS_MAX_RUNS];	/* no value: left out of s */
	struct stats	 s[2];		/* of the runs with a value: n counts them */
	struct welch	 w;
	/*
	 * Tested and not significant: the runs a side that would make the
	 * difference significant at this spread (stats_runs_needed()), 0: none.
	 */
	unsigned	 needed;
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

/* Returns the name of kind K: "counter delta", "gauge extreme", ... */
const char *sets_kind_name(enum sets_kind k);

/*
 * Returns whether S shows no difference and no spread: every run of both
 * sides the same value (or none has one). The table and the picture fold
 * such metrics into one line of names.
 */
bool	sets_flat(const struct sets_metric *s);

/*
 * Sort the N indices IDX of metrics of X by the size of their effect,
 * largest first: a difference without spread, then |t|, then |change in
 * %|, too few runs to test last; equal effects in the table's order.
 */
void	sets_by_effect(const struct sets *x, size_t *idx, size_t n);

#endif

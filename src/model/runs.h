/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runs.h - two sets of recorded runs (--compare), and what each metric's runs say */
#ifndef FRAGSTAT_RUNS_H
#define FRAGSTAT_RUNS_H

#include <stdbool.h>
#include <stddef.h>

#include "mapseries.h"
#include "recording.h"

/* What the runs of one side say about one metric. */
struct stats {
	size_t	 n;
	double	 mean, sd;	/* sd: the sample standard deviation (n - 1), 0 below 2 runs */
	double	 min, max;
};

/* Welch's two-sample t-test of B against A, two-sided at 95%. */
struct welch {
	bool	 tested;	/* both sides have STATS_MIN_RUNS runs and some spread */
	double	 t, df;		/* t of mean(B) - mean(A); Welch-Satterthwaite degrees of freedom */
	double	 critical;	/* the t a difference must pass at df */
	bool	 significant;
};

/* Below this many runs a side, no test: "n too small". */
#define STATS_MIN_RUNS	3

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
	struct mapseries *maps;			/* per run; nmaps 0: no map.ndjson */
	size_t		 n;
};

/* What a metric's value of one run is. */
enum sets_kind {
	SETS_DELTA,	/* a counter's change from the first sample to the last */
	SETS_EXTREME,	/* a gauge's least or most over the samples */
	SETS_GAUGE,	/* a gauge at the last sample, or the command's wall time */
	SETS_RATE,	/* of a run's attempts: n/a in a run without one */
	SETS_SHARE,	/* a part of a whole, or of the samples, in % */
	SETS_CHANGE,	/* a gauge's last value less its first: may be below 0 */
	SETS_GROWTH,	/* that change per hour */
};

/* One metric over the runs of both sides. */
struct sets_metric {
	/* A string constant, or one of struct sets' texts. */
	const char	*name;		/* the kernel's counter name where it is one */
	const char	*label;		/* what the wide table and the picture say */
	const char	*abbr;		/* the mailing-list table's name, <= 19 bytes */
	const char	*group;
	const char	*unit;		/* "pages", "%", "s", ... */
	int		 digits;	/* decimals shown */
	enum sets_kind	 kind;
	double		 lo, hi;	/* the domain; INFINITY (-INFINITY): no bound */
	double		 v[2][SETS_MAX_RUNS];	/* side, run */
	bool		 na[2][SETS_MAX_RUNS];	/* no value: left out of s */
	/* Of those, the runs a side that lack the metric itself (a THP size, a counter). */
	size_t		 lacking[2];
	struct stats	 s[2];		/* of the runs with a value: n counts them */
	struct welch	 w;
	/*
	 * Tested and not significant: the runs a side that would make the
	 * difference significant at this spread (stats_runs_needed()), 0: none.
	 */
	unsigned	 needed;
	int		 rank;		/* its importance, 0 first (sets.c) */
};

/* The two sides and their metrics (replay_sets_read(), sets_compute()). */
struct sets {
	struct sets_side	 side[2];	/* baseline A, candidate B */
	struct sets_metric	*m;
	size_t			 nm, mcap;
	/* The names of the metrics left out past SETS_MAX_METRICS, in the table's order. */
	const char		**dropped;
	size_t			 ndropped;
	/* The names formatted for these runs (of a zone, an order, a THP size). */
	char			**texts;
	size_t			 ntexts, textcap;
	/* The zone whose indices are compared: the most free pageblocks in A's first run. */
	unsigned		 node;
	const char		*zone;		/* the name in that run's zones, NULL before */
};

/* Free what X holds: both sides' runs and names, the metrics and their texts. */
void	sets_free(struct sets *x);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets_metrics.h - --compare: what each metric is of one recorded run */
#ifndef FRAGSTAT_SETS_METRICS_H
#define FRAGSTAT_SETS_METRICS_H

#include <stdbool.h>
#include <stdint.h>

#include "runs.h"

/* What a metric is of a run. */
enum sets_mkind {
	SETS_M_COUNTER,		/* a counter's delta over the run */
	/* a compaction counter's delta less kcompactd's */
	SETS_M_DIRECT,
	SETS_M_RATE,		/* COUNTER of COUNTER + MINUS, in % */
	/* direct compaction's pages scanned per compact_success */
	SETS_M_PER,
	/* one THP size's count: FIELD 0 alloc, 1 fallback, 2 charge */
	SETS_M_THP,
	/* one THP size's fallback of alloc + fallback */
	SETS_M_THP_SHARE,
	/* FIELD 0 every extfrag event, 1 fragmenting, 2 claimed, 3 captured */
	SETS_M_EXTFRAG,
	SETS_M_PSI,		/* the mean stall share, FIELD 0 some, 1 full */
	/* free pageblocks machine-wide, FIELD 0 min, 1 max, 2 end */
	SETS_M_BLOCKS,
	/* x's zone at ORDER: FIELD 0-2 unusable min, max, end, 3-5 fragindex */
	SETS_M_INDEX,
	/* x's zone at ORDER: the share of samples whose fragindex is -1 */
	SETS_M_SUCCEEDS,
	SETS_M_WALL,		/* the command's wall time */
	/* x's zone in map.ndjson: FIELD see map_value() */
	SETS_M_MAP,
};

/* A metric: how a run's value is found, and what the outputs say of it. */
struct sets_mspec {
	enum sets_mkind	 how;
	const char	*counter, *minus;
	uint64_t	 size_kb;
	const char	*thp_kind;
	int		 field;
	unsigned	 order;
	/* What sets_metric keeps. */
	const char	*name, *label, *abbr, *group, *unit;
	int		 digits;
	enum sets_kind	 kind;
	double		 lo, hi;	/* the domain is LO (0 but a change) to HI */
	bool		 skip_zero;	/* left out when no run has anything */
};

/* What sets_value() found of a run. */
enum sets_found {
	/* the run does not have the metric: nor does the comparison */
	SETS_F_NONE,
	SETS_F_NA,	/* no value in this run: a rate without an attempt */
	SETS_F_OK,
};

/* Sets *V to metric M of run R of X, MS its map summaries (sets_metrics.c). */
enum sets_found sets_value(const struct sets *x, const struct replay *r,
	    const struct mapseries *ms, const struct sets_mspec *m, double *v);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets_metrics.h - --compare: what each metric is of one recorded run */
#ifndef FRAGSTAT_SETS_METRICS_H
#define FRAGSTAT_SETS_METRICS_H

#include <stdbool.h>
#include <stdint.h>

#include "runs.h"

/* What a metric is of a run; FIELD says which of its values, by the enum named. */
enum sets_mkind {
	SETS_M_COUNTER,		/* a counter's delta over the run */
	/* a compaction counter's delta less kcompactd's */
	SETS_M_DIRECT,
	SETS_M_RATE,		/* COUNTER of COUNTER + MINUS, in % */
	/* direct compaction's pages scanned per compact_success */
	SETS_M_PER,
	SETS_M_THP,		/* one THP size's count: FIELD.thp */
	/* one THP size's fallback of alloc + fallback */
	SETS_M_THP_SHARE,
	SETS_M_EXTFRAG,		/* extfrag events: FIELD.extfrag */
	SETS_M_PSI,		/* the mean stall share: FIELD.psi */
	SETS_M_BLOCKS,		/* free pageblocks machine-wide: FIELD.at */
	SETS_M_UNUSABLE,	/* x's zone at ORDER, unusable index: FIELD.at */
	SETS_M_FRAGINDEX,	/* x's zone at ORDER, fragindex: FIELD.at */
	/* x's zone at ORDER: the share of samples whose fragindex is -1 */
	SETS_M_SUCCEEDS,
	SETS_M_WALL,		/* the command's wall time */
	SETS_M_MAP,		/* x's zone in map.ndjson: FIELD.map */
	SETS_M_STALL,		/* the stalls of kind STALL (--events): FIELD.stall */
	SETS_M_ALLOC_FAILED,	/* allocations of ORDER that failed (--events) */
};

/* Which of a kind of stall over a run: how many, their time, the longest. */
enum sets_stall {
	SETS_STALL_COUNT,
	SETS_STALL_TOTAL,	/* in ms */
	SETS_STALL_MAX,		/* in ms */
};

/* Which value of a gauge over a run's samples: the least, the most, the last. */
enum sets_at {
	SETS_AT_MIN,
	SETS_AT_MAX,
	SETS_AT_END,
};

/* Which count of one THP size. */
enum sets_thp {
	SETS_THP_ALLOC,
	SETS_THP_FALLBACK,
	SETS_THP_CHARGE,	/* fallen back for the memcg limit */
};

/* Which extfrag events: all, those that fragment, claim a block, were captured. */
enum sets_extfrag {
	SETS_EXTFRAG_ALL,
	SETS_EXTFRAG_FRAGMENTING,
	SETS_EXTFRAG_CLAIMED,
	SETS_EXTFRAG_CAPTURED,
};

/* Which stall share, in the order of struct rsample's stall[]: some, full. */
enum sets_psi {
	SETS_PSI_SOME,
	SETS_PSI_FULL,
};

/* Which value of x's zone in a run's map summaries (see map_value()). */
enum sets_map {
	SETS_MAP_CHANGE,	/* polluted pageblocks, last map less first */
	SETS_MAP_PER_HOUR,	/* that change per hour */
	SETS_MAP_AMPLIFICATION,	/* at the last map */
	SETS_MAP_CLEAN_1G,	/* clean 1 GiB regions at the last map */
	SETS_MAP_OFFLINABLE,	/* offlinable memory blocks at the last map */
};

/*
 * A metric: how a run's value is found, and what the outputs say of it.
 * NAME, LABEL and ABBR are string constants, or text kept in struct sets
 * (sets.c) when they name a zone, an order or a THP size.
 */
struct sets_mspec {
	enum sets_mkind	 how;
	union {
		enum sets_at	  at;
		enum sets_thp	  thp;
		enum sets_extfrag extfrag;
		enum sets_psi	  psi;
		enum sets_map	  map;
		enum sets_stall	  stall;
	} field;			/* the one HOW names */
	const char	*counter, *minus;
	uint64_t	 size_kb;
	enum outcome_kind thp_kind;	/* with size_kb: the THP outcome */
	unsigned	 order;
	enum ev_stall_kind stall;	/* SETS_M_STALL: whose stalls */
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

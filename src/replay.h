/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay.h - summarise a recording made by --record */
#ifndef FRAGSTAT_REPLAY_H
#define FRAGSTAT_REPLAY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ferr.h"
#include "frag.h"

#define REPLAY_MAX_ZONES	64
#define REPLAY_MAX_ORDERS	8

/* First, last, least and most of one index over the run (thousandths). */
struct rindex {
	long long	 first, last, min, max;
	bool		 seen;
};

struct rzone {
	unsigned	 node;
	char		 name[32];
	unsigned long	 samples;	/* that showed this zone */
	uint64_t	 free_first, free_last, pb_first, pb_last;
	struct rindex	 unusable[REPLAY_MAX_ORDERS], fragindex[REPLAY_MAX_ORDERS];
};

/* Compaction runs that ended at one order (-1: a whole zone). */
struct rorder {
	int		 order;
	uint64_t	 attempts, ended, success;
};

struct replay {
	char		 host[64], release[65], start[32], first[32], last[32];
	unsigned long	 page_size;
	unsigned	 interval_ms, pageblock_order;
	bool		 events;		/* recorded with --events */
	unsigned long	 nsamples;
	bool		 truncated;		/* a last line cut short was ignored */
	unsigned	 orders[REPLAY_MAX_ORDERS];
	size_t		 norders;
	struct rzone	 zones[REPLAY_MAX_ZONES];
	size_t		 nzones;
	/* Events: totals, and the most in one sample. */
	uint64_t	 extfrag, fragmenting, claimed, peak;
	char		 peak_time[32];
	uint64_t	 runs, lost;
	struct rorder	 by_order[FRAG_MAX_ORDERS + 1];
	size_t		 nby_order;
};

/*
 * Read the recording DIR into R. A last line cut short (a crash while it
 * was written) is ignored, with R->truncated set. Returns 0, or -1 with E
 * set (FILE:LINE of the first thing that is wrong).
 */
int	replay_read(const char *dir, struct replay *r, struct ferr *e);

/* The summary of R as a table or as one JSON document. */
void	replay_table(FILE *fp, const char *dir, const struct replay *r);
void	replay_json(FILE *fp, const char *dir, const struct replay *r);

/* Recording A (from DA) beside B (from DB): a table with B - A, or JSON {"a", "b"}. */
void	replay_compare_table(FILE *fp, const char *da, const struct replay *a,
	    const char *db, const struct replay *b);
void	replay_compare_json(FILE *fp, const char *da, const struct replay *a,
	    const char *db, const struct replay *b);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets_rank.c - --compare of sets: which metrics matter most, and which go past SETS_MAX_METRICS */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "sets_rank.h"
#include "sets_tables.h"

/* How many ranks of importance sets_rank() gives. */
#define NRANKS	4

/*
 * Returns the importance of a metric of GROUP, 0 first. Past
 * SETS_MAX_METRICS the least important go: first what the runs were for
 * and what the verdicts rest on (the command's wall time, free pageblocks,
 * the indices), then what the kernel did to find memory (stalls, direct
 * compaction's successes and failures, extfrag events), then the THP
 * counters of /proc/vmstat and compaction's scanning, last every THP size
 * on its own.
 */
int
sets_rank(const char *group)
{
	if (strcmp(group, SETS_G_RUN) == 0 ||
	    strcmp(group, SETS_G_FRAGMENTATION) == 0)
		return 0;
	if (strcmp(group, SETS_G_PRESSURE) == 0 ||
	    strcmp(group, SETS_G_DIRECT) == 0 ||
	    strcmp(group, SETS_G_EVENTS) == 0 ||
	    strcmp(group, SETS_G_STALLS) == 0 ||
	    strcmp(group, SETS_G_FAILURES) == 0 ||
	    strcmp(group, SETS_G_POLLUTION) == 0)
		return 1;
	if (strcmp(group, SETS_G_THP_SIZE) == 0)
		return 3;
	return 2;
}

/* Keep the most important metrics of X: see sets_rank.h. */
int
sets_keep_most_important(struct sets *x, struct ferr *e)
{
	size_t i, j, kept = 0;
	bool *keep;
	int r;

	if (x->nm <= SETS_MAX_METRICS)
		return 0;
	if ((keep = calloc(x->nm, sizeof(*keep))) == NULL ||
	    (x->dropped = calloc(x->nm - SETS_MAX_METRICS,
	    sizeof(*x->dropped))) == NULL) {
		free(keep);
		return ferr_set_nomem(e);
	}
	for (r = 0; r < NRANKS; r++)
		for (i = 0; i < x->nm && kept < SETS_MAX_METRICS; i++)
			if (x->m[i].rank == r) {
				keep[i] = true;
				kept++;
			}
	for (i = 0, j = 0; i < x->nm; i++)
		if (keep[i])
			x->m[j++] = x->m[i];
		else
			x->dropped[x->ndropped++] = x->m[i].name;
	x->nm = j;
	free(keep);
	return 0;
}

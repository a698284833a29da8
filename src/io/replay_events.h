/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay_events.h - between replay.c and replay_events.c: a sample's events, outcomes and counters folded */
#ifndef FRAGSTAT_REPLAY_EVENTS_H
#define FRAGSTAT_REPLAY_EVENTS_H

#include <stddef.h>
#include <stdint.h>

#include "jsonr.h"
#include "replay.h"

/*
 * Returns ARR (N used of *CAP elements of SIZE bytes) or its copy with
 * room for one more: grown by doubling up to MOST. NULL when full or out
 * of memory (ARR is kept then).
 */
void	*replay_grow(void *arr, size_t *cap, size_t n, size_t size,
	    size_t most);

/* Returns 0 with A added to *SUM, or -1 when it overflows. */
int	replay_sum_add(uint64_t *sum, uint64_t a);

/*
 * Fold the events of sample S (at time T) into R, and into ONE when the
 * series are kept. Returns 0, or -1 with *WHAT set.
 */
int	replay_events_add(struct replay *r, struct rsample *one,
	    const struct jr_doc *d, const struct jr_val *s,
	    const struct jr_val *t, const char **what);

/*
 * Fold the member "outcomes_interval" of sample S (at time T) into R's
 * totals. Returns 0, or -1 with *WHAT set.
 */
int	replay_outcomes_add(struct replay *r, const struct jr_doc *d,
	    const struct jr_val *s, const struct jr_val *t, const char **what);

/* Follow kcompactd in sample S of R (its "counters"). */
void	replay_counters_add(struct replay *r, const struct jr_doc *d,
	    const struct jr_val *s);

#endif

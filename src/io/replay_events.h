/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay_events.h - a recorded sample's events, outcomes and counters folded into a replay (for replay.c) */
#ifndef FRAGSTAT_REPLAY_EVENTS_H
#define FRAGSTAT_REPLAY_EVENTS_H

#include <stddef.h>
#include <stdint.h>

#include "jsonr.h"
#include "recording.h"

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

/*
 * Keep sample S's counters in R, and its kcompactd wakeups against its
 * free memory for futile_replay(). Returns 0, or -1 with *WHAT set (out
 * of memory).
 */
int	replay_counters_add(struct replay *r, const struct jr_doc *d,
	    const struct jr_val *s, const char **what);

#endif

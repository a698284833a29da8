/* SPDX-License-Identifier: GPL-2.0-or-later */
/* forecast.h - what compaction, reclaim and the pinned pageblocks let a --need have */
#ifndef FRAGSTAT_FORECAST_H
#define FRAGSTAT_FORECAST_H

#include "prepared.h"

/*
 * Fill F for the need N (pages POSSIBLE) from the N_IN zones IN at its
 * order (every zone the allocation may use): each zone's row, each
 * node's, the machine's, the target and its word, and the pages reclaim
 * must free per zone to reach the need. Returns 0, or -1 when out of
 * memory.
 */
int	forecast_build(struct forecast *f, const struct need *n,
	    enum avail_possible possible, const struct fc_zone_in *in,
	    size_t n_in);

/* Free F's rows. */
void	forecast_free(struct forecast *f);

/* Returns the word of row R for COUNT allocations. */
enum fc_word	forecast_word(const struct fc_row *r, uint64_t count);

/*
 * Fill T with the trend of a count that was FIRST and is NOW after MS
 * milliseconds (MS > 0), against a need of NEED.
 */
void	forecast_trend(struct fc_trend *t, uint64_t first, uint64_t now,
	    uint64_t ms, uint64_t need);

/* The names the views use: "ok", "compact", "reclaim", "short", "pinned", ... */
const char	*forecast_word_name(enum fc_word w);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* zonepair.h - which zone of one snapshot is which of another, by node and name */
#ifndef FRAGSTAT_ZONEPAIR_H
#define FRAGSTAT_ZONEPAIR_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"

/* One row of two snapshots' zones: its index in A and in B, -1 where one lacks it. */
struct zonepair {
	long	a, b;
};

/* Returns the index in TO of zone Z (likely at HINT), or -1 when TO lacks it. */
long	zonepair_match(const struct bzone *z, size_t hint,
	    const struct buddyinfo *to);

/*
 * Step *AT (0 to start) to the next row of A's zones beside B's: A's
 * zones in order with their match in B, then B's zones A lacks. Returns
 * false after the last row, else true with the row in *P.
 */
bool	zonepair_next(const struct buddyinfo *a, const struct buddyinfo *b,
	    size_t *at, struct zonepair *p);

#endif

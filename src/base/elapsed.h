/* SPDX-License-Identifier: GPL-2.0-or-later */
/* elapsed.h - the one way a duration between two clock readings is counted */
#ifndef FRAGSTAT_ELAPSED_H
#define FRAGSTAT_ELAPSED_H

#include <stdint.h>
#include <time.h>

/* The milliseconds of an hour: rates per hour from spans in milliseconds. */
#define ELAPSED_MS_PER_HOUR	3600000

/*
 * Returns the whole milliseconds from A to B, two readings of one clock
 * (CLOCK_MONOTONIC: B never before A), truncated.
 */
uint64_t	elapsed_ms_between(const struct timespec *a,
	    const struct timespec *b);

#endif

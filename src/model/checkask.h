/* SPDX-License-Identifier: GPL-2.0-or-later */
/* checkask.h - what --check asks: the monitoring plugins' states and the thresholds on the counts */
#ifndef FRAGSTAT_CHECKASK_H
#define FRAGSTAT_CHECKASK_H

#include <stdbool.h>
#include <stdint.h>

/* A monitoring plugin's state, which is also its exit status. */
enum check_state {
	CHECK_OK = 0,
	CHECK_WARNING = 1,
	CHECK_CRITICAL = 2,
	CHECK_UNKNOWN = 3,
};

/*
 * The thresholds of --warn and --crit: a state when fewer than WARN
 * (CRIT) allocations of ORDER succeed now (0: none given); on NODE, or
 * every node and the worst one decides (-1).
 */
struct check_ask {
	uint64_t	 warn, crit;
	unsigned	 order;
	int		 node;
};

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* offline.h - which online memory blocks hold no unmovable page and could be offlined */
#ifndef FRAGSTAT_OFFLINE_H
#define FRAGSTAT_OFFLINE_H

#include <stddef.h>
#include <stdint.h>

#include "map.h"
#include "offlinable.h"
#include "pins.h"

/*
 * Classify the blocks of MB against map M and its pins P, with pages of
 * PAGE_SIZE bytes: an online block in one zone (its valid_zones) is
 * offlinable when none of its pageblocks is pinned (pins.c's states: the
 * ambiguous pages admitted as per-CPU free do not keep it, as offlining
 * drains those lists; hugetlb pages migrate) or is not initialised, and
 * never when it holds a hole. Returns 0 (OF
 * empty when a block is smaller than a pageblock or not a whole number of
 * pages), or -1 when out of memory.
 */
int	offline_compute(struct offline *of, const struct memblocks *mb,
	    const struct map *m, const struct pins *p, unsigned long page_size);
void	offline_free(struct offline *of);

/* The names the views use: "offlinable", "kept", "with_hole", ... */
const char	*offline_state_name(enum offline_state s);

#endif

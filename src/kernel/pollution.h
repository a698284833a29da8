/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pollution.h - how far unmovable pages spread: polluted pageblocks and the amplification */
#ifndef FRAGSTAT_POLLUTION_H
#define FRAGSTAT_POLLUTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "map.h"
#include "pins.h"
#include "polluted.h"

/*
 * Compute PL from map M and its pinned pageblocks P (pins_compute()).
 * Returns 0, or -1 when out of memory.
 */
int	pollution_compute(struct pollution *pl, const struct map *m,
	    const struct pins *p);
void	pollution_free(struct pollution *pl);

/* Returns whether pages of KIND are kept apart (reserved, hugetlb): no pollution. */
bool	pollution_apart(enum map_pin kind);

/*
 * Returns the amplification of Z for pageblocks of PAGEBLOCK_ORDER, in
 * hundredths: the share of pageblocks polluted over the share of memory
 * unmovable, (N / B) / (U / (B * pb)) = N * pb / U; of KIND alone, or of
 * every kind not apart (MAP_NPINS). -1 when there is no such page.
 */
long long	pollution_amplification(const struct pollution_zone *z,
	    unsigned pageblock_order, enum map_pin kind);

/*
 * Returns the share of Z's memory the unmovable pages fill (PAGES: 1) or
 * of its pageblocks they pollute (PAGES: 0), in hundredths of a percent.
 */
uint32_t	pollution_share(const struct pollution_zone *z,
	    unsigned pageblock_order, int pages);

#endif

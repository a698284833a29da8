/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mapspan.h - a recording's map summaries summed up per zone: first, last, most and growth */
#ifndef FRAGSTAT_MAPSPAN_H
#define FRAGSTAT_MAPSPAN_H

#include "mapseries.h"

/* The milliseconds of an hour: growth is pageblocks polluted per hour, first to last map. */
#define MAPSPAN_MS_PER_HOUR	3600000

/* Fill S->span[] with each zone of S over its maps (none: nothing to do). */
void	mapspan_compute(struct mapseries *s);

#endif

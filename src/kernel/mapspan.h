/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mapspan.h - a recording's map summaries summed up per zone: first, last, most and growth */
#ifndef FRAGSTAT_MAPSPAN_H
#define FRAGSTAT_MAPSPAN_H

#include "mapseries.h"

/* Fill S->span[] with each zone of S over its maps (none: nothing to do). */
void	mapspan_compute(struct mapseries *s);

#endif

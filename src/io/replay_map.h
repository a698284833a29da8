/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay_map.h - read the map summaries a recording kept with --map-every */
#ifndef FRAGSTAT_REPLAY_MAP_H
#define FRAGSTAT_REPLAY_MAP_H

#include "ferr.h"
#include "mapseries.h"

/*
 * Read DIR/map.ndjson into S. Returns 1 when there is no such file (no
 * --map-every), 0, or -1 with E set (a line malformed, zones that differ
 * from the first line's, out of memory).
 */
int	replay_map_read(const char *dir, struct mapseries *s, struct ferr *e);

#endif

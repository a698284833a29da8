/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capture_map.h - the map of a capture: the source's page flags over the zones captured, written as fragstat-map */
#ifndef FRAGSTAT_CAPTURE_MAP_H
#define FRAGSTAT_CAPTURE_MAP_H

#include "capture_file.h"
#include "ferr.h"
#include "physmap.h"

/*
 * Write the map of C's source (map_read()) as MAPFILE_NAME, its bytes
 * in C's done.map_size. Returns 0, or -1 with E set.
 */
int	capture_map(struct capture *c, unsigned long page_size,
	    const struct map_rules *rules, struct ferr *e);

#endif

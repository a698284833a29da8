/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mapfile_load.h - read a capture's stored map against the capture's own files */
#ifndef FRAGSTAT_MAPFILE_LOAD_H
#define FRAGSTAT_MAPFILE_LOAD_H

#include "ferr.h"
#include "inputs.h"
#include "memcg.h"
#include "physmap.h"

/*
 * Read the map stored at PATH for the capture IN was read from into M
 * and CG, ready for map_compute(), with *PAGE_SIZE: its zones as the
 * capture's zoneinfo (IN's, else read here) spans them, so that no line
 * of the file sets how much it may hold. Returns 0, or -1 with E set
 * (its path kept in E).
 */
int	mapfile_load(const char *path, const struct inputs *in, struct map *m,
	    struct memcg *cg, unsigned long *page_size, struct ferr *e);

#endif

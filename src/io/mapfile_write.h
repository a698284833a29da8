/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mapfile_write.h - write the map a capture stores (format in mapfile.h) */
#ifndef FRAGSTAT_MAPFILE_WRITE_H
#define FRAGSTAT_MAPFILE_WRITE_H

#include <stdio.h>

#include "memcg.h"
#include "physmap.h"

/* Write M, read in pages of PAGE_SIZE bytes, to FP; CG too when read. */
void	mapfile_write(FILE *fp, const struct map *m, const struct memcg *cg,
	    unsigned long page_size);

#endif

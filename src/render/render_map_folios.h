/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_map_folios.h - --map: the folios of files and processes by kind and size */
#ifndef FRAGSTAT_RENDER_MAP_FOLIOS_H
#define FRAGSTAT_RENDER_MAP_FOLIOS_H

#include <stdio.h>

#include "jsonw.h"
#include "physmap.h"
#include "report.h"

/* R's map's folio census as a table, when the page flags were read. */
void	render_map_folios_table(FILE *fp, const struct report *r);

/* Zone Z's census as the member "folios" (null when not read) of its object. */
void	render_map_folios_json(struct jsonw *w, const struct map *m,
	    const struct map_zone *z);

#endif

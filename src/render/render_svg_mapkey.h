/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_mapkey.h - the colours of --map's picture and their key (render_svg_mapkey.c) */
#ifndef FRAGSTAT_RENDER_SVG_MAPKEY_H
#define FRAGSTAT_RENDER_SVG_MAPKEY_H

#include <stddef.h>

#include "map.h"
#include "report.h"
#include "svgw.h"

/* Returns the fill of pageblocks of kind K (holes: the hatching the key defines). */
const char	*svgmap_kind_fill(enum map_kind k);

/* Returns the fill of block K of zone Z of R's map: by its kind, or by what pins it. */
const char	*svgmap_cell_fill(const struct report *r, const struct map_zone *z,
		    size_t k);

/* Returns what pageblocks of kind K hold, for people. */
const char	*svgmap_kind_words(enum map_kind k);

/*
 * Draw the key at X, Y: each colour with the pageblocks drawn in it, the
 * pinned kinds' colours with the pins, and the notes on reading the
 * picture and on what was assumed.
 */
void	svgmap_key(struct svgw *w, const struct report *r, long x, long y);

/* Returns the height of the key of R, from its top to the first zone. */
long	svgmap_key_h(const struct report *r);

#endif

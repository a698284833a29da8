/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_map.h - --map: the ceiling per zone and the classes, as text, JSON or a picture */
#ifndef FRAGSTAT_RENDER_MAP_H
#define FRAGSTAT_RENDER_MAP_H

#include <stddef.h>
#include <stdio.h>

#include "report.h"

/* --map (R->map): the ceiling per zone, then the classes; or as JSON. */
void	render_map_table(FILE *fp, const struct report *r);
void	render_map_json(FILE *fp, const struct report *r);

/* --map --format=svg (render_svg_map.c): a cell per pageblock, per zone. */
void	render_map_svg(FILE *fp, const struct report *r);

#endif

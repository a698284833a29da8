/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_fleet.h - the fleet view (--fleet) as a table, as JSON, as a picture */
#ifndef FRAGSTAT_RENDER_FLEET_H
#define FRAGSTAT_RENDER_FLEET_H

#include <stdio.h>

#include "fleetsum.h"

/*
 * F as the table (the answer first: who fails --need, what is free at
 * each size; then the distributions; then the worst hosts), as the JSON
 * document of doc/reference.md, or as an SVG picture: per size, the
 * cumulative distribution over hosts of free now and after compaction,
 * the worst hosts marked. F is read only: fleet_finish() ran on it.
 */
void	render_fleet_table(FILE *fp, const struct fleet *f);
void	render_fleet_json(FILE *fp, const struct fleet *f);
void	render_fleet_svg(FILE *fp, const struct fleet *f);

#endif

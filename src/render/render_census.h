/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_census.h - --map --cgroups: the mixed-block census as text and JSON */
#ifndef FRAGSTAT_RENDER_CENSUS_H
#define FRAGSTAT_RENDER_CENSUS_H

#include <stdio.h>

#include "jsonw.h"
#include "report.h"

/* The census R->census of R->map's zones beside pagetypeinfo's pageblocks, as a table. */
void	render_census_table(FILE *fp, const struct report *r);

/* The same as the JSON member "census" of "map". */
void	render_census_json(struct jsonw *w, const struct report *r);

#endif

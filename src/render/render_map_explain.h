/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_map_explain.h - --map: every page explained by the kernel's counters */
#ifndef FRAGSTAT_RENDER_MAP_EXPLAIN_H
#define FRAGSTAT_RENDER_MAP_EXPLAIN_H

#include <stdio.h>

#include "jsonw.h"
#include "report.h"

/* R->explain as a table of classes by counter, what is left and why. */
void	render_map_explain_table(FILE *fp, const struct report *r);

/* R->explain as the member "explained" of the map's object. */
void	render_map_explain_json(struct jsonw *w, const struct report *r);

#endif

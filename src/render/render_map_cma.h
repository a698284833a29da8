/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_map_cma.h - --map: CMA by every source, and what disagrees */
#ifndef FRAGSTAT_RENDER_MAP_CMA_H
#define FRAGSTAT_RENDER_MAP_CMA_H

#include <stdio.h>

#include "jsonw.h"
#include "report.h"

/* R->cma side by side with its findings, when some source says there is CMA. */
void	render_map_cma_table(FILE *fp, const struct report *r);

/* R->cma as the member "cma" (null when no source says there is CMA). */
void	render_map_cma_json(struct jsonw *w, const struct report *r);

#endif

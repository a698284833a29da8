/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_compare.h - two snapshots side by side */
#ifndef FRAGSTAT_RENDER_COMPARE_H
#define FRAGSTAT_RENDER_COMPARE_H

#include <stdio.h>

#include "jsonw.h"
#include "report.h"

/* What changed from snapshot A to snapshot B, as a table or as JSON. */
void	render_compare_table(FILE *fp, const struct report *a,
	    const struct report *b);
void	render_compare_json(FILE *fp, const struct report *a,
	    const struct report *b);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_compare.h - two snapshots side by side */
#ifndef FRAGSTAT_RENDER_COMPARE_H
#define FRAGSTAT_RENDER_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "avail.h"
#include "jsonw.h"
#include "report.h"

/* What changed from snapshot A to snapshot B, as a table or as JSON. */
/*
 * Returns BUF holding B - A as "+N" or "-N"; no difference is "+0" with
 * PLUS_ZERO, else "0".
 */
const char	*render_change(char *buf, size_t size, uint64_t a, uint64_t b,
		    bool plus_zero);

/* Returns BUF holding the allocations free now of A: "N", or "<=N" where N is only an upper bound. */
const char	*render_now(char *buf, size_t size, const struct avail *a);

void	render_compare_table(FILE *fp, const struct report *a,
	    const struct report *b);
void	render_compare_json(FILE *fp, const struct report *a,
	    const struct report *b);

#endif

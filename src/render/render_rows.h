/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_rows.h - flat rows (--format=csv, --format=ndjson) of one snapshot */
#ifndef FRAGSTAT_RENDER_ROWS_H
#define FRAGSTAT_RENDER_ROWS_H

#include <stdio.h>

#include "report.h"

/*
 * R's rows as CSV (RFC 4180: CRLF, fields quoted where needed; the header
 * line first when R->rows_head) or NDJSON (R->rows_ndjson): one row per
 * (node, zone, order), or with R->rows_sizes one per (node, size) and the
 * machine's (node null). The columns are those of doc/reference.md.
 */
void	render_rows(FILE *fp, const struct report *r);

#endif

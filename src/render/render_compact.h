/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_compact.h - --compact's counts before and after, as text or JSON */
#ifndef FRAGSTAT_RENDER_COMPACT_H
#define FRAGSTAT_RENDER_COMPACT_H

#include <stdio.h>

#include "compaction.h"
#include "report.h"

/*
 * Say on FP what --compact decided without compacting: nothing (C has no
 * node), or, with --dry-run, the nodes it would; then BEFORE's counts.
 */
void	render_compact_decided(FILE *fp, const struct report *before,
	    const struct compaction *c);

/*
 * Say on FP which nodes C compacted, in how long, through which file, and
 * the counts and scores BEFORE and AFTER it.
 */
void	render_compact_done(FILE *fp, const struct report *before,
	    const struct report *after, const struct compaction *c);

/*
 * Write --compact's JSON document to FP: the counts, the report BEFORE,
 * what C did and the report AFTER (NULL: not compacted, null).
 */
void	render_compact_json(FILE *fp, const struct report *before,
	    const struct report *after, const struct compaction *c);

#endif

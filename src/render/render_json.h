/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_json.h - the JSON document of a snapshot and the members other documents share */
#ifndef FRAGSTAT_RENDER_JSON_H
#define FRAGSTAT_RENDER_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "jsonw.h"
#include "report.h"

struct avail;

/*
 * Write the migratetypes of zone Z of P as an array: each type's free
 * blocks, pages and pageblocks; BRIEF: only the types with free blocks,
 * and only their free pages (--watch's lines).
 */
void	render_migratetypes_json(struct jsonw *w, const struct pagetypeinfo *p,
	    const struct ptzone *z, bool brief);

/* The JSON document described in doc/reference.md. */
void	render_json(FILE *fp, const struct report *r);

/*
 * The "outcomes" member (doc/reference.md): R's THP sizes with their
 * counters, the outcome counters of /proc/vmstat, the hugetlb pools.
 */
void	render_outcomes_json(struct jsonw *w, const struct report *r);

/*
 * Write row A's judgement into the object W is in: "score", "judgement"
 * (null for a gigantic order of R) and "ratio" (null when after is 0).
 */
void	render_judgement_json(struct jsonw *w, const struct report *r,
	    const struct avail *a);

/*
 * Write row A's score and judgement as the members SCORE_KEY and
 * JUDGEMENT_KEY: null for a gigantic order of R, or when A is NULL. The
 * one writer of them, for the document and for --compact's counts.
 */
void	render_judged_json(struct jsonw *w, const struct report *r,
	    const struct avail *a, const char *score_key,
	    const char *judgement_key);

/*
 * Write row A's after_compaction and after_compaction_from: the one writer
 * of them, for availability[] and for --compact's counts.
 */
void	render_after_json(struct jsonw *w, const struct avail *a);

/*
 * Write the members "node" and "zone" that name zone NAME of NODE, as
 * every JSON view names a zone.
 */
void	render_zone_json(struct jsonw *w, unsigned node, const char *name);

/* The same document as one object inside W's. */
void	render_json_object(struct jsonw *w, const struct report *r);

#endif

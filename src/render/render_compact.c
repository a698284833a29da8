/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_compact.c - --compact's counts before and after, as text or JSON */

#include "config.h"
#include <inttypes.h>
#include <stdlib.h>

#include "availability.h"
#include "humanize.h"
#include "judge.h"
#include "jsonw.h"
#include "render_compact.h"
#include "render_json.h"
#include "render_text.h"
#include "render_words.h"

/* Returns whether NODE is among C's nodes. */
static bool
among(const struct compaction *c, int node)
{
	size_t k;

	for (k = 0; k < c->n && c->nodes[k] != (unsigned)node; k++)
		;
	return k < c->n;
}

/*
 * Returns whether X is a node's row of the counts (not a zone's nor the
 * machine's) that B counts too (B NULL: any), with B's row in *Y (NULL
 * without B).
 */
static bool
node_row(const struct avail *x, const struct report *b,
    const struct avail **y)
{
	*y = NULL;
	if (x->node < 0 || x->zone >= 0)
		return false;
	return b == NULL ||
	    (*y = avail_find(b->avail, x->node, -1, x->order)) != NULL;
}

/* Print row X's judgement, "severely fragmented (score 98)"; a gigantic order has none. */
static void
judged(FILE *fp, const struct report *r, const struct avail *x)
{
	if (x->order < r->bi->norders)
		fprintf(fp, "%s (score %u)", judge_name(x->judgement), x->score);
	else
		fprintf(fp, "gigantic, no score");
}

/*
 * Print per node and order of A's advice the allocations free and the
 * score before (A) and after (B; NULL: not compacted, A's alone with
 * what was decided), and the most A said compaction could make; C's
 * nodes are those compacted (or, without B, to compact).
 */
static void
counts(FILE *fp, const struct report *a, const struct report *b,
    const struct compaction *c)
{
	const struct avail *x, *y;
	char size[32], cn[RENDER_COUNTS_SIZE];
	size_t i;

	for (i = 0; i < a->avail->n; i++) {
		x = &a->avail->rows[i];
		if (!node_row(x, b, &y))
			continue;
		fprintf(fp, "Node %d, %s: ", x->node, hum_size(size,
		    sizeof(size), 1ULL << x->order, a->page_size));
		if (y == NULL) {
			fprintf(fp, "%s; ", render_counts(cn, sizeof(cn), x));
			judged(fp, a, x);
			fprintf(fp, "%s\n", among(c, x->node) ? ": compact" :
			    "");
			continue;
		}
		fprintf(fp, "%" PRIu64 " -> %" PRIu64 " free now of at most %"
		    PRIu64 " after compaction; ", x->now, y->now, x->after);
		if (x->order < a->bi->norders)
			fprintf(fp, "score %u -> %u, %s", x->score, y->score,
			    judge_name(y->judgement));
		else
			judged(fp, a, x);
		fprintf(fp, "%s\n", among(c, x->node) ? "" :
		    "; not compacted");
	}
}

/* The same as counts() as a JSON array in W (B NULL: after is null). */
static void
counts_json(struct jsonw *w, const struct report *a, const struct report *b,
    const struct compaction *c)
{
	const struct avail *x, *y;
	size_t i;

	jw_array(w, false);
	for (i = 0; i < a->avail->n; i++) {
		x = &a->avail->rows[i];
		if (!node_row(x, b, &y))
			continue;
		jw_object(w);
		jw_key(w, "node");
		jw_int(w, x->node);
		jw_key(w, "order");
		jw_int(w, x->order);
		jw_key(w, "compact");
		jw_bool(w, among(c, x->node));
		jw_key(w, "before");
		jw_u64(w, x->now);
		if (jw_key_or_null(w, "after", y != NULL))
			jw_u64(w, y->now);
		render_after_json(w, x);
		render_judged_json(w, a, x, "score_before", "judgement_before");
		render_judged_json(w, b, y, "score_after", "judgement_after");
		jw_end(w);
	}
	jw_end(w);
}

/* The compaction member in W: what C was asked and did (DONE: it compacted). */
static void
compaction_json(struct jsonw *w, const struct compaction *c, bool done)
{
	char *files;
	size_t i;

	jw_object(w);
	jw_key(w, "dry_run");
	jw_bool(w, c->dry_run);
	jw_key(w, "force");
	jw_bool(w, c->force);
	jw_key(w, "nodes");
	jw_array(w, true);
	for (i = 0; i < c->n; i++)
		jw_int(w, c->nodes[i]);
	jw_end(w);
	if (jw_key_or_null(w, "written", done)) {
		files = render_compact_files(c->nodes, c->n, c->all);
		jw_string(w, files != NULL ? files : "");
		free(files);
	}
	if (jw_key_or_null(w, "seconds", done))
		jw_fixed(w, (long long)c->ms, 3);
	jw_end(w);
}

void
render_compact_json(FILE *fp, const struct report *before,
    const struct report *after, const struct compaction *c)
{
	struct jsonw w;

	jw_init(&w, fp);
	jw_object(&w);
	jw_key(&w, "counts");
	counts_json(&w, before, after, c);
	jw_key(&w, "before");
	render_json_object(&w, before);
	jw_key(&w, "compaction");
	compaction_json(&w, c, after != NULL);
	if (jw_key_or_null(&w, "after", after != NULL))
		render_json_object(&w, after);
	jw_end(&w);
	jw_done(&w);
}

void
render_compact_decided(FILE *fp, const struct report *before,
    const struct compaction *c)
{
	if (c->n == 0)
		fprintf(fp, "Nothing to compact: no node is fragmented at the "
		    "sizes shown or needs\ncompaction (--force compacts every "
		    "node).\n");
	else {
		fprintf(fp, "Dry run: would compact ");
		render_nodes(fp, c->nodes, c->n);
		fprintf(fp, "%s.\n", c->force ? " (--force: every node)" : "");
	}
	counts(fp, before, NULL, c);
}

void
render_compact_done(FILE *fp, const struct report *before,
    const struct report *after, const struct compaction *c)
{
	char *files = render_compact_files(c->nodes, c->n, c->all);

	fprintf(fp, "Compacted ");
	render_nodes(fp, c->nodes, c->n);
	fprintf(fp, " in %" PRIu64 ".%03" PRIu64 " s: wrote 1 to %s\n",
	    c->ms / 1000, c->ms % 1000, files != NULL ? files : "");
	free(files);
	counts(fp, before, after, c);
}

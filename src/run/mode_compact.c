/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mode_compact.c - --compact: compact the nodes that need it, then count again */

#include "config.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "compact.h"
#include "humanize.h"
#include "jsonw.h"
#include "modes.h"
#include "render_json.h"

/*
 * Returns whether NODE is to be compacted: with FORCE always, else when
 * it is judged fragmented at an order of the advice or its advice there
 * is compact.
 */
static bool
wants_compaction(const struct report *r, unsigned node, bool force)
{
	const struct advice *adv = r->advice;
	const struct avail *a;
	size_t j;

	if (force)
		return true;
	for (j = 0; j < adv->norders; j++) {
		if (advise_best(adv, (int)node, j) == VERDICT_COMPACT)
			return true;
		a = avail_find(r->avail, (int)node, -1, adv->orders[j]);
		if (a != NULL && a->judgement != JUDGE_FINE)
			return true;
	}
	return false;
}

/* Store in NODES the nodes to compact (wants_compaction()); returns how many. */
static size_t
compact_targets(const struct report *r, bool force, unsigned *nodes,
    size_t max)
{
	size_t i, k, n = 0;
	unsigned node;

	for (i = 0; i < r->bi->nzones; i++) {
		node = r->bi->zones[i].node;
		for (k = 0; k < n && nodes[k] != node; k++)
			;
		if (k < n || n == max)
			continue;
		if (wants_compaction(r, node, force))
			nodes[n++] = node;
	}
	return n;
}

/* Returns whether NODE is among NODES[0..N). */
static bool
among(const unsigned *nodes, size_t n, int node)
{
	size_t k;

	for (k = 0; k < n && nodes[k] != (unsigned)node; k++)
		;
	return k < n;
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
judged(const struct report *r, const struct avail *x)
{
	if (x->order < r->bi->norders)
		printf("%s (score %u)", judge_name(x->judgement), x->score);
	else
		printf("gigantic, no score");
}

/*
 * Print per node and order of A's advice the allocations free and the
 * score before (A) and after (B; NULL: not compacted, A's alone with
 * what was decided), and the most A said compaction could make; NODES[0..N)
 * are the nodes compacted (or, without B, to compact).
 */
static void
compact_counts(const struct report *a, const struct report *b,
    const unsigned *nodes, size_t n)
{
	const struct avail *x, *y;
	char size[32];
	size_t i;

	for (i = 0; i < a->avail->n; i++) {
		x = &a->avail->rows[i];
		if (!node_row(x, b, &y))
			continue;
		printf("Node %d, %s: ", x->node, hum_size(size, sizeof(size),
		    1ULL << x->order, a->page_size));
		if (y == NULL) {
			printf("%" PRIu64 " free now of at most %" PRIu64 "; ",
			    x->now, x->after);
			judged(a, x);
			printf("%s\n", among(nodes, n, x->node) ? ": compact" :
			    "");
			continue;
		}
		printf("%" PRIu64 " -> %" PRIu64 " free of at most %" PRIu64
		    "; ", x->now, y->now, x->after);
		if (x->order < a->bi->norders)
			printf("score %u -> %u, %s", x->score, y->score,
			    judge_name(y->judgement));
		else
			judged(a, x);
		printf("%s\n", among(nodes, n, x->node) ? "" :
		    "; not compacted");
	}
}

/* The same as compact_counts() as a JSON array in W (B NULL: after is null). */
static void
compact_counts_json(struct jsonw *w, const struct report *a,
    const struct report *b, const unsigned *nodes, size_t n)
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
		jw_bool(w, among(nodes, n, x->node));
		jw_key(w, "before");
		jw_u64(w, x->now);
		if (jw_key_or_null(w, "after", y != NULL))
			jw_u64(w, y->now);
		jw_key(w, "after_compaction");
		jw_u64(w, x->after);
		jw_key(w, "after_compaction_from");
		jw_string(w, x->from_map ? "map" : "free memory");
		render_judged_json(w, a, x, "score_before", "judgement_before");
		render_judged_json(w, b, y, "score_after", "judgement_after");
		jw_end(w);
	}
	jw_end(w);
}

/* The JSON document of --compact: the counts, the reports before and after (null when none). */
static void
compact_json(const struct opts *o, const struct report *before,
    const struct report *after, const unsigned *nodes, size_t n,
    const char *method, uint64_t ns)
{
	struct jsonw w;
	size_t i;

	jw_init(&w, stdout);
	jw_object(&w);
	jw_key(&w, "counts");
	compact_counts_json(&w, before, after, nodes, n);
	jw_key(&w, "before");
	render_json_object(&w, before);
	jw_key(&w, "compaction");
	jw_object(&w);
	jw_key(&w, "dry_run");
	jw_bool(&w, o->dry_run);
	jw_key(&w, "force");
	jw_bool(&w, o->force);
	jw_key(&w, "nodes");
	jw_array(&w, true);
	for (i = 0; i < n; i++)
		jw_int(&w, nodes[i]);
	jw_end(&w);
	if (jw_key_or_null(&w, "written", after != NULL))
		jw_string(&w, method);
	if (jw_key_or_null(&w, "seconds", after != NULL))
		jw_fixed(&w, (long long)(ns / 1000000), 3);
	jw_end(&w);
	if (jw_key_or_null(&w, "after", after != NULL))
		render_json_object(&w, after);
	jw_end(&w);
	if (jw_finish(&w) != 0)
		abort();
}

/* Print "node(s) A, B" of NODES[0..N). */
static void
node_list(const unsigned *nodes, size_t n)
{
	size_t i;

	printf("node%s", n > 1 ? "s" : "");
	for (i = 0; i < n; i++)
		printf("%s%u", i ? ", " : " ", nodes[i]);
}

/*
 * Say what --compact decided without compacting: nothing (none is
 * fragmented or needs compaction), or, with --dry-run, what it would.
 */
static void
compact_decided(const struct opts *o, const struct report *before,
    const unsigned *nodes, size_t n)
{
	if (n == 0)
		printf("Nothing to compact: no node is fragmented at the sizes "
		    "shown or needs\ncompaction (--force compacts every "
		    "node).\n");
	else {
		printf("Dry run: would compact ");
		node_list(nodes, n);
		printf("%s.\n", o->force ? " (--force: every node)" : "");
	}
	compact_counts(before, NULL, nodes, n);
}

/*
 * --compact: compact the nodes judged fragmented at the sizes shown, or
 * whose advice is compact (--force: every node), count again and print
 * both counts. Nothing to do, or --dry-run: say what it decided and the
 * counts it decided on. Returns an exit code.
 */
int
compact_run(struct opts *o, const struct report *before)
{
	unsigned nodes[FRAG_MAX_NODES];
	struct inputs in2;
	struct report after;
	struct verdicts adv2;
	struct ferr e = { .path = "" };
	char method[512];
	uint64_t ns = 0;
	size_t n;
	int rc;

	n = compact_targets(before, o->force, nodes, FRAG_MAX_NODES);
	method[0] = '\0';
	if (n == 0 || o->dry_run) {
		if (o->format == F_JSON)
			compact_json(o, before, NULL, nodes, n, method, 0);
		else
			compact_decided(o, before, nodes, n);
		return EXIT_OK;
	}
	if (compact_nodes(nodes, n, &ns, method, sizeof(method), &e) != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	memset(&adv2, 0, sizeof(adv2));
	rc = pipe_load(o, &in2, &after, &adv2);
	if (rc == 0 && o->format == F_JSON)
		compact_json(o, before, &after, nodes, n, method, ns);
	else if (rc == 0) {
		printf("Compacted ");
		node_list(nodes, n);
		printf(" in %" PRIu64 ".%03" PRIu64 " s: wrote 1 to %s\n",
		    ns / 1000000000, ns / 1000000 % 1000, method);
		compact_counts(before, &after, nodes, n);
	}
	pipe_verdicts_free(&adv2);
	inputs_free(&in2);
	return rc;
}

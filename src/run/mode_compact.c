/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mode_compact.c - --compact: compact the nodes that need it, then count again */

#include "config.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "compact.h"
#include "humanize.h"
#include "modes.h"

/* Store in NODES the nodes whose advice is compact for some order; returns how many. */
static size_t
compact_targets(const struct report *r, unsigned *nodes, size_t max)
{
	const struct advice *adv = r->advice;
	size_t i, j, k, n = 0;
	unsigned node;

	for (i = 0; i < r->bi->nzones; i++) {
		node = r->bi->zones[i].node;
		for (k = 0; k < n && nodes[k] != node; k++)
			;
		if (k < n || n == max)
			continue;
		for (j = 0; j < adv->norders; j++)
			if (advise_best(adv, (int)node, j) == VERDICT_COMPACT) {
				nodes[n++] = node;
				break;
			}
	}
	return n;
}

/*
 * Print per node and order of A's advice the allocations free before (A)
 * and after (B) compaction, and the most A said compaction could make;
 * NODES[0..N) are the nodes compacted.
 */
static void
compact_counts(const struct report *a, const struct report *b,
    const unsigned *nodes, size_t n)
{
	const struct avail *x, *y;
	char size[32];
	size_t i, k;

	for (i = 0; i < a->avail->n; i++) {
		x = &a->avail->rows[i];
		if (x->node < 0 || x->zone >= 0 ||
		    (y = avail_find(b->avail, x->node, -1, x->order)) == NULL)
			continue;
		for (k = 0; k < n && nodes[k] != (unsigned)x->node; k++)
			;
		printf("Node %d: free %s blocks %" PRIu64 " -> %" PRIu64
		    " (%s %" PRIu64 ")%s\n", x->node, hum_size(size,
		    sizeof(size), 1ULL << x->order, a->page_size), x->now,
		    y->now, x->from_map ? "ceiling" : "free memory allows",
		    x->after, k < n ? "" : ", not compacted");
	}
}

/* The same as compact_counts() as a JSON array in W. */
static void
compact_counts_json(struct jsonw *w, const struct report *a,
    const struct report *b)
{
	const struct avail *x, *y;
	size_t i;

	jw_array(w, false);
	for (i = 0; i < a->avail->n; i++) {
		x = &a->avail->rows[i];
		if (x->node < 0 || x->zone >= 0 ||
		    (y = avail_find(b->avail, x->node, -1, x->order)) == NULL)
			continue;
		jw_object(w);
		jw_key(w, "node");
		jw_int(w, x->node);
		jw_key(w, "order");
		jw_int(w, x->order);
		jw_key(w, "before");
		jw_u64(w, x->now);
		jw_key(w, "after");
		jw_u64(w, y->now);
		jw_key(w, "after_compaction");
		jw_u64(w, x->after);
		jw_key(w, "after_compaction_from");
		jw_string(w, x->from_map ? "map" : "free memory");
		jw_end(w);
	}
	jw_end(w);
}

/*
 * --compact: show the advice, compact the nodes it says to, and show it
 * again with the time compaction took. Returns an exit code.
 */
int
compact_run(struct opts *o, const struct report *before)
{
	unsigned nodes[FRAG_MAX_NODES];
	struct inputs in2;
	struct report after;
	struct verdicts adv2;
	struct jsonw w;
	struct ferr e = { .path = "" };
	char method[512];
	uint64_t ns = 0;
	size_t n, i;
	int rc;

	n = compact_targets(before, nodes, FRAG_MAX_NODES);
	method[0] = '\0';
	if (n > 0 && compact_nodes(nodes, n, &ns, method, sizeof(method),
	    &e) != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	memset(&adv2, 0, sizeof(adv2));
	if ((rc = pipe_load(o, &in2, &after, &adv2)) != 0) {
		pipe_verdicts_free(&adv2);
		inputs_free(&in2);
		return rc;
	}
	if (o->format == F_JSON) {
		jw_init(&w, stdout);
		jw_object(&w);
		jw_key(&w, "counts");
		compact_counts_json(&w, before, &after);
		jw_key(&w, "before");
		render_json_object(&w, before);
		jw_key(&w, "compaction");
		jw_object(&w);
		jw_key(&w, "nodes");
		jw_array(&w, true);
		for (i = 0; i < n; i++)
			jw_int(&w, nodes[i]);
		jw_end(&w);
		jw_key(&w, "written");
		jw_string(&w, method);
		jw_key(&w, "seconds");
		jw_fixed(&w, (long long)(ns / 1000000), 3);
		jw_end(&w);
		jw_key(&w, "after");
		render_json_object(&w, &after);
		jw_end(&w);
		if (jw_finish(&w) != 0)
			abort();
	} else {
		if (n == 0)
			printf("No node's advice is compact: nothing to do.\n");
		else
			printf("Compacted in %" PRIu64 ".%03" PRIu64 " s: wrote "
			    "1 to %s\n", ns / 1000000000, ns / 1000000 % 1000,
			    method);
		compact_counts(before, &after, nodes, n);
		printf("\nBefore compaction:\n");
		render_table(stdout, before);
		printf("\nAfter compaction:\n");
		render_table(stdout, &after);
	}
	pipe_verdicts_free(&adv2);
	inputs_free(&in2);
	return EXIT_OK;
}

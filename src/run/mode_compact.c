/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mode_compact.c - --compact: compact the nodes that need it, then count again */

#include "config.h"
#include <stdlib.h>
#include <string.h>

#include "compact.h"
#include "modes.h"
#include "render_compact.h"

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
		if (a != NULL && judge_fragmented(a->judgement))
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

/*
 * --compact: compact the nodes judged fragmented at the sizes shown, or
 * whose advice is compact (--force: every node), count again and print
 * both counts. Nothing to do, or --dry-run: say what it decided and the
 * counts it decided on. Returns an exit code.
 */
int
run_compact(struct opts *o, const struct report *before)
{
	unsigned nodes[FRAG_MAX_NODES];
	struct inputs in2;
	struct report after;
	struct verdicts adv2;
	struct ferr e = { .path = "" };
	struct compaction c = {
		.nodes = nodes,
		.n = compact_targets(before, o->force, nodes, FRAG_MAX_NODES),
		.dry_run = o->dry_run,
		.force = o->force,
	};
	int rc;

	if (c.n == 0 || o->dry_run) {
		if (o->format == F_JSON)
			render_compact_json(stdout, before, NULL, &c);
		else
			render_compact_decided(stdout, before, &c);
		return EXIT_OK;
	}
	if (compact_nodes(&c, &e) != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	memset(&adv2, 0, sizeof(adv2));
	rc = pipe_load(o, &in2, &after, &adv2);
	if (rc == 0 && o->format == F_JSON) {
		/* Its JSON says kcompactd's state after as well as before. */
		pipe_kcompactd_seen(o, &in2, &adv2);
		render_compact_json(stdout, before, &after, &c);
	} else if (rc == 0)
		render_compact_done(stdout, before, &after, &c);
	pipe_verdicts_free(&adv2);
	inputs_free(&in2);
	return rc;
}

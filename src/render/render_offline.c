/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_offline.c - --map: the memory blocks that could be offlined, per zone, and what keeps the others */

#include "config.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "humanize.h"
#include "jsonw.h"
#include "map.h"
#include "offline.h"
#include "render_json.h"
#include "render_pollution.h"
#include "report.h"

/* Kept blocks in the table; JSON has them all. */
#define TOP_KEPT	10

/* Print one row of LABEL with the online blocks C by state. */
static void
row(FILE *fp, const char *label, const uint64_t *c)
{
	fprintf(fp, "%-13s %7" PRIu64 " %10" PRIu64 " %7" PRIu64 " %9" PRIu64
	    "\n", label, c[OFF_OFFLINABLE] + c[OFF_KEPT] + c[OFF_HOLE],
	    c[OFF_OFFLINABLE], c[OFF_KEPT], c[OFF_HOLE]);
}

void
render_offline_table(FILE *fp, const struct report *r)
{
	const struct offline *of = r->offline;
	const struct map *m = r->map;
	const struct offline_block *x;
	char b[48], *keep, label[48];
	size_t i;

	if (of == NULL)
		return;
	if (of->block_pages == 0) {
		fprintf(fp, "\nMemory blocks: %s\n", r->offline_note);
		return;
	}
	fprintf(fp, "\nMemory blocks (%s) that could be offlined: online, in "
	    "one zone, no pinned page, no hole\nNode Zone       online "
	    "offlinable    kept with_hole\n", hum_size(b, sizeof(b),
	    of->block_pages, r->page_size));
	for (i = 0; i < m->nzones; i++) {
		snprintf(label, sizeof(label), "%4u %-8s", m->zones[i].node,
		    m->zones[i].name);
		row(fp, label, of->zones[i]);
	}
	fprintf(fp, "Machine: %" PRIu64 " of %zu blocks offlinable; %" PRIu64
	    " with a hole (never), %" PRIu64 " span zones (never), %" PRIu64
	    " offline, %" PRIu64 " not in the map\n",
	    of->states[OFF_OFFLINABLE], of->n, of->states[OFF_HOLE],
	    of->states[OFF_SPANS], of->states[OFF_OFFLINE],
	    of->states[OFF_UNMAPPED]);
	if (of->nkept == 0)
		return;
	fprintf(fp, "Kept blocks, the cheapest to win back first (%zu", of->nkept);
	if (of->nkept > TOP_KEPT)
		fprintf(fp, ", the first %d shown", TOP_KEPT);
	fputs(")\nNode Zone     block       pages  what keeps it\n", fp);
	for (i = 0; i < of->nkept && i < TOP_KEPT; i++) {
		x = &of->o[of->kept[i]];
		keep = render_keep_text(x->by_kind, x->uninit, x->hole);
		fprintf(fp, "%4u %-8s memory%-5" PRIu64 " %6" PRIu64 "  %s\n",
		    m->zones[x->zone].node, m->zones[x->zone].name, x->b->id,
		    x->keep, keep != NULL ? keep : "");
		free(keep);
	}
}

void
render_offline_json(struct jsonw *w, const struct report *r)
{
	const struct offline *of = r->offline;
	const struct map *m = r->map;
	const struct offline_block *x;
	unsigned k;
	size_t i;

	if (!jw_key_or_null(w, "memory_blocks", of != NULL &&
	    of->block_pages != 0))
		return;
	jw_object(w);
	jw_key(w, "block_pages");
	jw_u64(w, of->block_pages);
	jw_key(w, "blocks");
	jw_u64(w, of->n);
	for (k = 0; k < OFF_NSTATES; k++) {
		jw_key(w, offline_state_name(k));
		jw_u64(w, of->states[k]);
	}
	jw_key(w, "zones");
	jw_array(w, false);
	for (i = 0; i < m->nzones; i++) {
		jw_object(w);
		render_zone_json(w, m->zones[i].node, m->zones[i].name);
		jw_key(w, "offlinable");
		jw_u64(w, of->zones[i][OFF_OFFLINABLE]);
		jw_key(w, "kept");
		jw_u64(w, of->zones[i][OFF_KEPT]);
		jw_key(w, "with_hole");
		jw_u64(w, of->zones[i][OFF_HOLE]);
		jw_end(w);
	}
	jw_end(w);
	jw_key(w, "kept");
	jw_array(w, false);
	for (i = 0; i < of->nkept; i++) {
		x = &of->o[of->kept[i]];
		jw_object(w);
		jw_key(w, "block");
		jw_u64(w, x->b->id);
		render_zone_json(w, m->zones[x->zone].node,
		    m->zones[x->zone].name);
		jw_key(w, "pages");
		jw_u64(w, x->keep);
		render_keep_json(w, x->by_kind, x->uninit);
		jw_key(w, "hole_pages");
		jw_u64(w, x->hole);
		jw_end(w);
	}
	jw_end(w);
	jw_end(w);
}

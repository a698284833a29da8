/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_regions.c - --map: the 1 GiB regions per zone and node, and what keeps each tainted one */

#include "config.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "humanize.h"
#include "jsonw.h"
#include "map.h"
#include "regions.h"
#include "render_json.h"
#include "render_pollution.h"
#include "render_text.h"
#include "report.h"

/* Tainted regions in the table; JSON has them all. */
#define TOP_TAINTED	10

char *
render_keep_text(const uint64_t *by_kind, uint64_t uninit, uint64_t hole)
{
	struct render_sentence t = { 0 };
	unsigned k;

	for (k = 0; k < MAP_NPINS; k++)
		if (by_kind[k])
			render_say(&t, "%s%" PRIu64 " %s", t.n ? ", " : "",
			    by_kind[k], map_pin_name(k));
	if (uninit)
		render_say(&t, "%s%" PRIu64 " not initialised", t.n ? ", " :
		    "", uninit);
	if (hole)
		render_say(&t, "%s%" PRIu64 " hole", t.n ? ", " : "", hole);
	return render_sentence_take(&t);
}

void
render_keep_json(struct jsonw *w, const uint64_t *by_kind, uint64_t uninit)
{
	unsigned k;

	jw_key(w, "by_kind");
	jw_object(w);
	for (k = 0; k < MAP_NPINS; k++)
		if (by_kind[k]) {
			jw_key(w, map_pin_name(k));
			jw_u64(w, by_kind[k]);
		}
	jw_end(w);
	jw_key(w, "not_initialised_pages");
	jw_u64(w, uninit);
}

/* Print one row of counts C under LABEL. */
static void
counts_row(FILE *fp, const char *label, const uint64_t *c)
{
	fprintf(fp, "%-13s %7" PRIu64 " %7" PRIu64 " %7" PRIu64 " %9" PRIu64
	    " %9" PRIu64 "\n", label, regions_all(c), regions_clean(c),
	    c[REGION_FREE], c[REGION_TAINTED], c[REGION_HOLE]);
}

void
render_regions_table(FILE *fp, const struct report *r)
{
	const struct regions *rg = r->regions;
	const struct map *m = r->map;
	uint64_t node[REGION_NSTATES];
	char b[48], *keep, label[48];
	const struct region *x;
	size_t i, j;

	if (rg == NULL || rg->order == 0)
		return;
	hum_size(b, sizeof(b), (uint64_t)1 << rg->order, r->page_size);
	if (rg->n == 0) {
		fprintf(fp, "\n%s regions (order %u): none lies wholly in a "
		    "zone\n", b, rg->order);
		return;
	}
	fprintf(fp, "\n%s regions (order %u): clean ones hold no pinned page "
	    "(a gigantic page\nafter migration), free ones are wholly free "
	    "now\nNode Zone     regions   clean    free   tainted with hole\n",
	    b, rg->order);
	for (i = 0; i < m->nzones; i++) {
		snprintf(label, sizeof(label), "%4u %-8s", m->zones[i].node,
		    m->zones[i].name);
		counts_row(fp, label, rg->zones[i]);
	}
	/* Per node, when a node has several zones. */
	for (i = 0; regions_by_node(m) && i < m->nzones; i = j) {
		j = regions_node(rg, m, i, node);
		snprintf(label, sizeof(label), "%4u (node)", m->zones[i].node);
		counts_row(fp, label, node);
	}
	if (rg->ntainted == 0)
		return;
	fprintf(fp, "Tainted regions, the cheapest to win back first (%zu",
	    rg->ntainted);
	if (rg->ntainted > TOP_TAINTED)
		fprintf(fp, ", the first %d shown", TOP_TAINTED);
	fputs(")\nNode Zone     first PFN      pages  what keeps it\n", fp);
	for (i = 0; i < rg->ntainted && i < TOP_TAINTED; i++) {
		x = &rg->r[rg->tainted[i]];
		keep = render_keep_text(x->by_kind, x->uninit, 0);
		fprintf(fp, "%4u %-8s %#10" PRIx64 " %10" PRIu64 "  %s\n",
		    m->zones[x->zone].node, m->zones[x->zone].name, x->pfn,
		    x->keep, keep != NULL ? keep : "");
		free(keep);
	}
}

void
render_regions_json(struct jsonw *w, const struct report *r)
{
	const struct regions *rg = r->regions;
	const struct map *m = r->map;
	const struct region *x;
	unsigned k;
	size_t i;

	if (!jw_key_or_null(w, "regions", rg != NULL && rg->order != 0))
		return;
	jw_object(w);
	jw_key(w, "order");
	jw_u64(w, rg->order);
	jw_key(w, "zones");
	jw_array(w, false);
	for (i = 0; i < m->nzones; i++) {
		jw_object(w);
		render_zone_json(w, m->zones[i].node, m->zones[i].name);
		/* As the table counts them: the free ones among the clean. */
		jw_key(w, "regions");
		jw_u64(w, regions_all(rg->zones[i]));
		jw_key(w, "clean");
		jw_u64(w, regions_clean(rg->zones[i]));
		for (k = 0; k < REGION_NSTATES; k++)
			if (k != REGION_CLEAN) {
				jw_key(w, region_state_name(k));
				jw_u64(w, rg->zones[i][k]);
			}
		jw_end(w);
	}
	jw_end(w);
	jw_key(w, "tainted");
	jw_array(w, false);
	for (i = 0; i < rg->ntainted; i++) {
		x = &rg->r[rg->tainted[i]];
		jw_object(w);
		render_zone_json(w, m->zones[x->zone].node,
		    m->zones[x->zone].name);
		jw_key(w, "start_pfn");
		jw_u64(w, x->pfn);
		jw_key(w, "pages");
		jw_u64(w, x->keep);
		render_keep_json(w, x->by_kind, x->uninit);
		jw_end(w);
	}
	jw_end(w);
	jw_end(w);
}

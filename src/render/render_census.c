/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_census.c - the mixed-block census: pageblocks of each migratetype by the migratetypes of their pages */

#include "config.h"
#include <inttypes.h>
#include <stdio.h>

#include "census.h"
#include "mixed.h"
#include "model.h"
#include "physmap.h"
#include "render_census.h"
#include "render_json.h"

/* Returns whether some zone of C holds a page of migratetype P. */
static bool
page_type(const struct census *c, unsigned p)
{
	size_t i;
	unsigned b;

	for (i = 0; i < c->nzones; i++)
		for (b = 0; b < c->ntypes; b++)
			if (c->zones[i].pages[b][p] > 0)
				return true;
	return false;
}

/*
 * Print the row of block type B of CZ after LABEL (14 columns, blank
 * after the zone's first row): HAVE, pagetypeinfo's N pageblocks.
 */
static void
row(FILE *fp, const char *label, const struct census *c,
    const struct census_zone *cz, unsigned b, bool have, uint64_t n)
{
	unsigned p;

	fprintf(fp, "%-14s%-12s", label, c->types[b]);
	if (have)
		fprintf(fp, "%7" PRIu64, n);
	else
		fprintf(fp, "%7s", "-");
	fprintf(fp, "%8" PRIu64 "%7" PRIu64, cz->used[b], cz->mixed[b]);
	for (p = 0; p < c->ntypes; p++)
		if (page_type(c, p))
			fprintf(fp, " %11" PRIu64, cz->holding[b][p]);
	fprintf(fp, "%9" PRIu64 "\n", cz->nonlru[b]);
}

/* Print the rows of zone I of R's map, a block type per row when it has pageblocks. */
static void
zone_rows(FILE *fp, const struct report *r, size_t i)
{
	const struct census *c = r->census;
	const struct census_zone *cz = &c->zones[i];
	const struct map_zone *z = &r->map->zones[i];
	char label[64];
	bool have;
	uint64_t n = 0;
	unsigned b;

	snprintf(label, sizeof(label), "%4u %-8s ", z->node, z->name);
	for (b = 0; b < c->ntypes; b++) {
		have = census_blocks(r->pti, z, c->types[b], false, &n);
		if (!census_row_shown(cz->used[b], have, n))
			continue;
		row(fp, label, c, cz, b, have, n);
		label[0] = '\0';
	}
}

void
render_census_table(FILE *fp, const struct report *r)
{
	const struct census *c = r->census;
	const char *label = "Machine";
	uint64_t blocks;
	size_t i;
	unsigned p, b;
	bool all;

	fprintf(fp, "\nMixed-block census: pageblocks by migratetype, by the "
	    "types of the pages in them\n(page_owner: %" PRIu64 " allocations",
	    c->records);
	if (c->outside > 0)
		fprintf(fp, ", %" PRIu64 " outside the zones", c->outside);
	if (c->unknown > 0)
		fprintf(fp, ", %" PRIu64 " without types", c->unknown);
	fprintf(fp, ")\n%-49sholding pages of type\n", "");
	fprintf(fp, "Node Zone     block type   blocks  in use  mixed");
	for (p = 0; p < c->ntypes; p++)
		if (page_type(c, p))
			fprintf(fp, " %11s", c->types[p]);
	fprintf(fp, "  non-LRU\n");
	for (i = 0; i < c->nzones; i++)
		zone_rows(fp, r, i);
	for (b = 0; c->nzones > 1 && b < c->ntypes; b++) {
		all = census_machine_blocks(c, r->map, r->pti, b, &blocks);
		/* The zones that have a count show the row, even if not all do. */
		if (!census_row_shown(c->machine.used[b], true, blocks))
			continue;
		row(fp, label, c, &c->machine, b, all, blocks);
		label = "";
	}
	fprintf(fp, "blocks: pagetypeinfo's \"Number of blocks type\"; in use: "
	    "those holding an\nallocation; mixed: holding a page of another "
	    "type (as the gfp mask asked);\ntype columns: holding one page of "
	    "that type or more; non-LRU: holding a\nMovable page off the LRU "
	    "(movable_ops: zsmalloc, balloon).\n");
}

/* Write the counts V per migratetype of C, by name, those of the page types only. */
static void
by_type(struct jsonw *w, const struct census *c, const uint64_t *v)
{
	unsigned p;

	jw_object(w);
	for (p = 0; p < c->ntypes; p++)
		if (page_type(c, p)) {
			jw_key(w, c->types[p]);
			jw_u64(w, v[p]);
		}
	jw_end(w);
}

void
render_census_json(struct jsonw *w, const struct report *r)
{
	const struct census *c = r->census;
	const struct census_zone *cz;
	const struct map_zone *z;
	uint64_t n = 0;
	size_t i;
	unsigned b;
	bool have;

	jw_key(w, "census");
	jw_object(w);
	jw_key(w, "records");
	jw_u64(w, c->records);
	jw_key(w, "outside_zones");
	jw_u64(w, c->outside);
	jw_key(w, "without_types");
	jw_u64(w, c->unknown);
	jw_key(w, "zones");
	jw_array(w, false);
	for (i = 0; i < c->nzones; i++) {
		cz = &c->zones[i];
		z = &r->map->zones[i];
		jw_object(w);
		render_zone_json(w, z->node, z->name);
		jw_key(w, "block_types");
		jw_array(w, false);
		for (b = 0; b < c->ntypes; b++) {
			have = census_blocks(r->pti, z, c->types[b], false, &n);
			if (!census_row_shown(cz->used[b], have, n))
				continue;
			jw_object(w);
			jw_key(w, "block_type");
			jw_string(w, c->types[b]);
			if (jw_key_or_null(w, "pageblocks", have))
				jw_u64(w, n);
			have = census_blocks(r->pti, z, c->types[b], true, &n);
			if (jw_key_or_null(w, "pagetypeinfo_mixed", have))
				jw_u64(w, n);
			jw_key(w, "in_use");
			jw_u64(w, cz->used[b]);
			jw_key(w, "mixed");
			jw_u64(w, cz->mixed[b]);
			jw_key(w, "non_lru");
			jw_u64(w, cz->nonlru[b]);
			jw_key(w, "holding");
			by_type(w, c, cz->holding[b]);
			jw_key(w, "pages");
			by_type(w, c, cz->pages[b]);
			jw_end(w);
		}
		jw_end(w);
		jw_end(w);
	}
	jw_end(w);
	jw_end(w);
}

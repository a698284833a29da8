/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_census.c - the mixed-block census: pageblocks of each migratetype by the migratetypes of their pages */

#include "config.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "mixed.h"
#include "model.h"
#include "physmap.h"
#include "render_census.h"
#include "render_json.h"

/*
 * Returns into *N pagetypeinfo's "Number of blocks type" count of the
 * migratetype NAME in zone Z (MIXED: its "Number of mixed blocks", which
 * the kernel prints with page_owner on), whether R's pagetypeinfo has it.
 */
static bool
pti_count(const struct report *r, const struct map_zone *z, const char *name,
    bool mixed, uint64_t *n)
{
	const struct ptzone *pz;
	long i;
	unsigned t;

	if (r->pti == NULL || (i = pagetypeinfo_find(r->pti, z->node,
	    z->name)) < 0)
		return false;
	pz = &r->pti->zones[i];
	for (t = 0; t < r->pti->ntypes; t++)
		if (strcmp(r->pti->types[t], name) == 0 && (mixed ?
		    pz->has_mixed[t] : pz->has_blocks[t])) {
			*n = mixed ? pz->mixed[t] : pz->blocks[t];
			return true;
		}
	return false;
}

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

/*
 * Print the rows of zone I of R's map, a block type per row when it has
 * pageblocks, and add them into SUM and pagetypeinfo's into BLOCKS (with
 * *ALL false once a zone has no count).
 */
static void
zone_rows(FILE *fp, const struct report *r, size_t i, struct census_zone *sum,
    uint64_t *blocks, bool *all)
{
	const struct census *c = r->census;
	const struct census_zone *cz = &c->zones[i];
	const struct map_zone *z = &r->map->zones[i];
	char label[64];
	bool have;
	uint64_t n = 0;
	unsigned b, p;

	snprintf(label, sizeof(label), "%4u %-8s ", z->node, z->name);
	for (b = 0; b < c->ntypes; b++) {
		have = pti_count(r, z, c->types[b], false, &n);
		all[b] &= have;
		blocks[b] += have ? n : 0;
		sum->used[b] += cz->used[b];
		sum->mixed[b] += cz->mixed[b];
		sum->nonlru[b] += cz->nonlru[b];
		for (p = 0; p < c->ntypes; p++)
			sum->holding[b][p] += cz->holding[b][p];
		if (cz->used[b] == 0 && (!have || n == 0))
			continue;
		row(fp, label, c, cz, b, have, n);
		label[0] = '\0';
	}
}

void
render_census_table(FILE *fp, const struct report *r)
{
	const struct census *c = r->census;
	struct census_zone sum;
	uint64_t blocks[FRAG_MAX_TYPES] = { 0 };
	bool all[FRAG_MAX_TYPES];
	const char *label = "Machine";
	size_t i;
	unsigned p, b;

	memset(&sum, 0, sizeof(sum));
	for (b = 0; b < FRAG_MAX_TYPES; b++)
		all[b] = true;
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
		zone_rows(fp, r, i, &sum, blocks, all);
	for (b = 0; c->nzones > 1 && b < c->ntypes; b++) {
		if (sum.used[b] == 0 && blocks[b] == 0)
			continue;
		row(fp, label, c, &sum, b, all[b], blocks[b]);
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
			have = pti_count(r, z, c->types[b], false, &n);
			if (cz->used[b] == 0 && (!have || n == 0))
				continue;
			jw_object(w);
			jw_key(w, "block_type");
			jw_string(w, c->types[b]);
			if (jw_key_or_null(w, "pageblocks", have))
				jw_u64(w, n);
			have = pti_count(r, z, c->types[b], true, &n);
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

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_pollution.c - --map: how far the unmovable pages spread, as a table and JSON (its gauges: render_prom.c) */

#include "config.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "humanize.h"
#include "jsonw.h"
#include "map.h"
#include "offline.h"
#include "pollution.h"
#include "regions.h"
#include "render_json.h"
#include "render_map_folios.h"
#include "render_pollution.h"
#include "render_text.h"
#include "report.h"

/*
 * Returns BUF holding the amplification V (hundredths, -1: none) as
 * "4.90x" or "-".
 */
const char *
render_pollution_words(char *buf, size_t size, long long v)
{
	char f[32];

	if (v < 0)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%sx", hum_fixed(f, sizeof(f), v, 2));
	return buf;
}

/*
 * Print one row: LABEL, the PAGES unmovable of Z's memory and the BLOCKS
 * they pollute of its pageblocks, amplification AMP (hundredths, -1: none).
 */
static void
row(FILE *fp, const char *label, const char *kind,
    const struct pollution_zone *z, unsigned pbo, uint64_t pages,
    uint64_t blocks, long long amp)
{
	char a[32], b[32], c[32];

	fprintf(fp, "%-13s %-9s %10" PRIu64 " %7s %9" PRIu64 " of %-7" PRIu64
	    " %7s %8s\n", label, kind, pages, hum_pct(a, sizeof(a), pages,
	    z->blocks << pbo), blocks, z->blocks, hum_pct(b, sizeof(b), blocks,
	    z->blocks), render_pollution_words(c, sizeof(c), amp));
}

/* Print the line of Z's pages of KIND, kept apart, whose BLOCKS hold nothing else. */
static void
apart(FILE *fp, const struct pollution_zone *z, enum map_pin kind,
    uint64_t blocks)
{
	if (z->pages_by_kind[kind])
		fprintf(fp, "%-13s %-9s %10" PRIu64 "  apart: %" PRIu64
		    " pageblocks hold them, %" PRIu64 " nothing else\n", "",
		    map_pin_name(kind), z->pages_by_kind[kind],
		    z->blocks_by_kind[kind], blocks);
}

/* Print the rows of Z under LABEL: every kind not apart, each kind present, those apart. */
static void
rows(FILE *fp, const char *label, const struct pollution_zone *z,
    unsigned pbo, bool kinds)
{
	unsigned k;

	row(fp, label, "all", z, pbo, z->unmovable_pages, z->polluted_blocks,
	    pollution_amplification(z, pbo, MAP_NPINS));
	if (!kinds)
		return;
	for (k = 0; k < MAP_NPINS; k++)
		if (!pollution_apart(k) && z->pages_by_kind[k])
			row(fp, "", map_pin_name(k), z, pbo,
			    z->pages_by_kind[k], z->blocks_by_kind[k],
			    pollution_amplification(z, pbo, k));
	apart(fp, z, MAP_PIN_RESERVED, z->reserved_blocks);
	apart(fp, z, MAP_PIN_HUGETLB, z->hugetlb_blocks);
}

void
render_pollution_table(FILE *fp, const struct report *r)
{
	const struct pollution *pl = r->pollution;
	const struct map *m = r->map;
	unsigned pbo = pl->pageblock_order;
	char label[48];
	size_t i;

	fprintf(fp, "\nPollution: how far the unmovable pages spread over the "
	    "pageblocks\n%-13s %-9s %10s %7s %20s %7s %8s\n", "Node Zone",
	    "kind", "unmovable", "memory", "polluted pageblocks", "share",
	    "amplif.");
	for (i = 0; i < m->nzones; i++) {
		snprintf(label, sizeof(label), "%4u %-8s", m->zones[i].node,
		    m->zones[i].name);
		rows(fp, label, &pl->zones[i], pbo, true);
	}
	for (i = 0; pl->nnodes > 1 && i < pl->nnodes; i++) {
		snprintf(label, sizeof(label), "%4u (node)", pl->node_ids[i]);
		rows(fp, label, &pl->nodes[i], pbo, false);
	}
	rows(fp, "Machine", &pl->machine, pbo, false);
	render_fold(fp, "Amplification:", "the share of pageblocks polluted "
	    "(holding one unmovable page or more) over the share of memory "
	    "the unmovable pages fill: 1.00x when packed tight, more as they "
	    "spread. Reserved boot memory stays apart (placed once, it does "
	    "not spread), and so do hugetlb pages (movable allocations that "
	    "fill their pageblock). Pageblocks with a hole or not initialised are left "
	    "out.");
}

/* Write Z's counts, amplification and kinds into the object W is in. */
static void
counts_json(struct jsonw *w, const struct pollution_zone *z, unsigned pbo)
{
	long long amp;
	unsigned k;

	jw_key(w, "pageblocks");
	jw_u64(w, z->blocks);
	jw_key(w, "unmovable_pages");
	jw_u64(w, z->unmovable_pages);
	jw_key(w, "polluted_pageblocks");
	jw_u64(w, z->polluted_blocks);
	amp = pollution_amplification(z, pbo, MAP_NPINS);
	if (jw_key_or_null(w, "amplification", amp >= 0))
		jw_fixed(w, amp, 2);
	jw_key(w, "reserved_pages");
	jw_u64(w, z->reserved_pages);
	jw_key(w, "reserved_only_pageblocks");
	jw_u64(w, z->reserved_blocks);
	jw_key(w, "hugetlb_only_pageblocks");
	jw_u64(w, z->hugetlb_blocks);
	jw_key(w, "admitted_pageblocks");
	jw_u64(w, z->admitted_blocks);
	jw_key(w, "by_kind");
	jw_object(w);
	for (k = 0; k < MAP_NPINS; k++) {
		jw_key(w, map_pin_name(k));
		jw_object(w);
		jw_key(w, "pages");
		jw_u64(w, z->pages_by_kind[k]);
		jw_key(w, "pageblocks");
		jw_u64(w, z->blocks_by_kind[k]);
		amp = pollution_amplification(z, pbo, k);
		if (jw_key_or_null(w, "amplification", amp >= 0))
			jw_fixed(w, amp, 2);
		jw_end(w);
	}
	jw_end(w);
}

void
render_pollution_json(struct jsonw *w, const struct pollution *pl,
    const struct pollution_zone *z)
{
	jw_key(w, "pollution");
	jw_object(w);
	counts_json(w, z, pl->pageblock_order);
	jw_end(w);
}

void
render_pollution_nodes_json(struct jsonw *w, const struct pollution *pl)
{
	size_t i;

	jw_key(w, "pollution");
	jw_object(w);
	jw_key(w, "nodes");
	jw_array(w, false);
	for (i = 0; i < pl->nnodes; i++) {
		jw_object(w);
		jw_key(w, "node");
		jw_u64(w, pl->node_ids[i]);
		counts_json(w, &pl->nodes[i], pl->pageblock_order);
		jw_end(w);
	}
	jw_end(w);
	jw_key(w, "machine");
	jw_object(w);
	counts_json(w, &pl->machine, pl->pageblock_order);
	jw_end(w);
	jw_end(w);
}

/*
 * Write zone I of R's map as --map-every's line has it: the pollution,
 * then the clean, free and tainted 1 GiB regions and the offlinable
 * memory blocks (null where they were not read), and the folio census.
 */
static void
sample_zone_json(struct jsonw *w, const struct report *r, size_t i)
{
	const struct pollution *pl = r->pollution;
	const struct pollution_zone *z = &pl->zones[i];
	bool regions = r->regions && r->regions->order;
	long long amp;
	unsigned k;

	jw_object(w);
	render_zone_json(w, r->map->zones[i].node, r->map->zones[i].name);
	jw_key(w, "pageblocks");
	jw_u64(w, z->blocks);
	jw_key(w, "polluted_pageblocks");
	jw_u64(w, z->polluted_blocks);
	jw_key(w, "unmovable_pages");
	jw_u64(w, z->unmovable_pages);
	amp = pollution_amplification(z, pl->pageblock_order, MAP_NPINS);
	if (jw_key_or_null(w, "amplification", amp >= 0))
		jw_fixed(w, amp, 2);
	jw_key(w, "polluted_by_kind");
	jw_object(w);
	for (k = 0; k < MAP_NPINS; k++) {
		jw_key(w, map_pin_name(k));
		jw_u64(w, z->blocks_by_kind[k]);
	}
	jw_end(w);
	if (jw_key_or_null(w, "clean_regions", regions))
		jw_u64(w, regions_clean(r->regions->zones[i]));
	/* Of them free now; and those a pinned page keeps. */
	if (jw_key_or_null(w, "free_regions", regions))
		jw_u64(w, r->regions->zones[i][REGION_FREE]);
	if (jw_key_or_null(w, "tainted_regions", regions))
		jw_u64(w, r->regions->zones[i][REGION_TAINTED]);
	if (jw_key_or_null(w, "offlinable_blocks", r->offline &&
	    r->offline->block_pages))
		jw_u64(w, r->offline->zones[i][OFF_OFFLINABLE]);
	/* The folio census by kind and order, as --map's JSON has it. */
	render_map_folios_json(w, r->map, &r->map->zones[i]);
	jw_end(w);
}

void
render_map_sample_json(FILE *fp, const struct report *r, unsigned long sample,
    uint64_t elapsed_ms, uint64_t map_ms)
{
	struct jsonw w;
	size_t i;

	jw_init_compact(&w, fp);
	jw_object(&w);
	jw_key(&w, "sample");
	jw_u64(&w, sample);
	jw_key(&w, "elapsed_ms");
	jw_u64(&w, elapsed_ms);
	jw_key(&w, "map_ms");
	jw_u64(&w, map_ms);
	jw_key(&w, "zones");
	jw_array(&w, false);
	for (i = 0; i < r->map->nzones; i++)
		sample_zone_json(&w, r, i);
	jw_end(&w);
	jw_end(&w);
	jw_done(&w);
}

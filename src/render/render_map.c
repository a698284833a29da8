/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_map.c - --map: the compaction ceiling per zone, then what fills the page frames and pageblocks */

#include "config.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "humanize.h"
#include "jsonw.h"
#include "map.h"
#include "report.h"

/* The pageblock kinds in the order the views list them. */
static const enum map_kind kinds[MAP_NKINDS] = {
	MAP_BLOCK_FREE, MAP_BLOCK_MOVABLE, MAP_BLOCK_AMBIGUOUS,
	MAP_BLOCK_UNMOVABLE, MAP_BLOCK_HOLE,
};

/* Print "NODE ZONE" of Z in the summary's columns. */
static void
zone_label(FILE *fp, const struct map_zone *z)
{
	fprintf(fp, "%4u %-8s", z->node, z->name);
}

/*
 * Print the ceiling line of zone Z of R's map at the N orders O: free
 * blocks now, the ceiling and its bound.
 */
static void
ceilings(FILE *fp, const struct map_zone *z, const unsigned *o, size_t n)
{
	size_t j;

	zone_label(fp, z);
	for (j = 0; j < n; j++)
		fprintf(fp, "%*" PRIu64 "%9" PRIu64 "  %*s", j ? 12 : 10,
		    z->free_now[o[j]], z->ceiling[o[j]], j + 1 < n ? -8 : 0,
		    z->limited_by[o[j]] == MAP_LIMIT_FREE ? "free mem" :
		    "pinned");
	putc('\n', fp);
}

/* Print the notes on what the map assumed. */
static void
notes(FILE *fp, const struct map *m)
{
	fputs("\nThe ceiling is an upper bound: full compaction makes at "
	    "most that many free\nblocks. It is limited by the blocks that "
	    "hold holes or unmovable pages\n(pinned), or by the zone's free "
	    "memory (free mem).\n", fp);
	fputs("Ambiguous pages carry no telling flag: kernel "
	    "allocations, or pages on the\nper-CPU free lists; blocks "
	    "whose only doubt they are count, fewest first,\nwhile they add "
	    "up to at most the zone's per-CPU free pages.\n", fp);
	if (m->buddy_head_only)
		fprintf(fp, "This kernel flags only a free block's first page "
		    "(BUDDY on %" PRIu64 " of %" PRIu64 " free\npages): the "
		    "unflagged pages after one count as free, an "
		    "over-estimate.\n", m->buddy_pages, m->nr_free_pages);
	if (m->balloon)
		fputs("Balloon pages exist: offline pages count as "
		    "movable.\n", fp);
}

void
render_map_table(FILE *fp, const struct report *r)
{
	const struct map *m = r->map;
	unsigned c, o[2];
	char b[48], sz[32];
	size_t i, k, n = 0;

	/* The pageblock order (huge pages, --advise's) and the largest. */
	o[n++] = m->pageblock_order;
	if (m->norders - 1 > m->pageblock_order)
		o[n++] = m->norders - 1;
	fprintf(fp, "Compaction ceiling: at most this many free blocks after "
	    "full compaction\n%13s", "");
	for (k = 0; k < n; k++) {
		snprintf(b, sizeof(b), "%s blocks (order %u)", hum_size(sz,
		    sizeof(sz), (uint64_t)1 << o[k], r->page_size), o[k]);
		fprintf(fp, k + 1 < n ? "%-31s " : "%s", b);
	}
	fprintf(fp, "\nNode Zone      free now  ceiling  limited%s\n",
	    n > 1 ? "    free now  ceiling  limited" : "");
	for (i = 0; i < m->nzones; i++)
		ceilings(fp, &m->zones[i], o, n);
	fprintf(fp, "\nPage frames (%s each) by class\nNode Zone           "
	    "free    movable  unmovable  ambiguous       hole\n",
	    hum_size(b, sizeof(b), 1, r->page_size));
	for (i = 0; i < m->nzones; i++) {
		zone_label(fp, &m->zones[i]);
		for (c = 0; c < MAP_NCLASSES; c++)
			fprintf(fp, "%11" PRIu64, m->zones[i].pages[c]);
		putc('\n', fp);
	}
	fprintf(fp, "\nPageblocks (%s) by what they hold\nNode Zone       "
	    "all free  free+movable  ambiguous  unmovable      holes\n",
	    hum_size(b, sizeof(b), (uint64_t)1 << m->pageblock_order,
	    r->page_size));
	for (i = 0; i < m->nzones; i++) {
		zone_label(fp, &m->zones[i]);
		for (k = 0; k < MAP_NKINDS; k++)
			fprintf(fp, "%*" PRIu64, k == 1 ? 14 : 11,
			    m->zones[i].kinds[kinds[k]]);
		putc('\n', fp);
	}
	notes(fp, m);
}

/* Write KEY and the per-order values V of M (null below the pageblock order). */
static void
by_order(struct jsonw *w, const struct map *m, const char *key,
    const uint64_t *v)
{
	unsigned o;

	jw_key(w, key);
	jw_array(w, true);
	for (o = 0; o < m->norders; o++)
		if (o < m->pageblock_order)
			jw_null(w);
		else
			jw_u64(w, v[o]);
	jw_end(w);
}

/* Write zone Z of M. */
static void
zone_json(struct jsonw *w, const struct map *m, const struct map_zone *z)
{
	unsigned c, o;
	size_t k;

	jw_object(w);
	jw_key(w, "node");
	jw_u64(w, z->node);
	jw_key(w, "zone");
	jw_string(w, z->name);
	jw_key(w, "start_pfn");
	jw_u64(w, z->start_pfn);
	jw_key(w, "spanned_pages");
	jw_u64(w, z->spanned);
	jw_key(w, "free_pages");
	jw_u64(w, z->free_pages);
	jw_key(w, "pcp_free_pages");
	jw_u64(w, z->pcp_free);
	jw_key(w, "pages");
	jw_object(w);
	for (c = 0; c < MAP_NCLASSES; c++) {
		jw_key(w, map_class_name(c));
		jw_u64(w, z->pages[c]);
	}
	jw_end(w);
	jw_key(w, "pageblocks");
	jw_object(w);
	for (k = 0; k < MAP_NKINDS; k++) {
		jw_key(w, map_kind_name(kinds[k]));
		jw_u64(w, z->kinds[kinds[k]]);
	}
	jw_end(w);
	by_order(w, m, "ceiling", z->ceiling);
	by_order(w, m, "free_now", z->free_now);
	jw_key(w, "limited_by");
	jw_array(w, true);
	for (o = 0; o < m->norders; o++)
		if (o < m->pageblock_order)
			jw_null(w);
		else
			jw_string(w, map_limit_name(z->limited_by[o]));
	jw_end(w);
	by_order(w, m, "unpinned_blocks", z->clean);
	by_order(w, m, "ambiguous_admitted", z->admitted);
	jw_end(w);
}

void
render_map_json(FILE *fp, const struct report *r)
{
	const struct map *m = r->map;
	struct jsonw w;
	size_t i;

	jw_init(&w, fp);
	jw_object(&w);
	jw_key(&w, "map");
	jw_object(&w);
	jw_key(&w, "page_size");
	jw_u64(&w, r->page_size);
	jw_key(&w, "pageblock_order");
	jw_u64(&w, m->pageblock_order);
	jw_key(&w, "ceiling_is_upper_bound");
	jw_bool(&w, true);
	jw_key(&w, "assumed");
	jw_object(&w);
	jw_key(&w, "buddy_head_only");
	jw_bool(&w, m->buddy_head_only);
	jw_key(&w, "buddy_pages");
	jw_u64(&w, m->buddy_pages);
	jw_key(&w, "nr_free_pages");
	jw_u64(&w, m->nr_free_pages);
	jw_key(&w, "offline_is_balloon");
	jw_bool(&w, m->balloon);
	jw_end(&w);
	jw_key(&w, "zones");
	jw_array(&w, false);
	for (i = 0; i < m->nzones; i++)
		zone_json(&w, m, &m->zones[i]);
	jw_end(&w);
	jw_end(&w);
	jw_end(&w);
	if (jw_finish(&w) != 0)
		abort();
}

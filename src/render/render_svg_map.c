/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_map.c - --map --format=svg: physical memory, one cell per pageblock, the ceiling above each zone */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmacheck.h"
#include "humanize.h"
#include "map.h"
#include "memcg.h"
#include "offline.h"
#include "pins.h"
#include "pollution.h"
#include "regions.h"
#include "render_map.h"
#include "render_pollution.h"
#include "render_svg.h"
#include "render_svg_mapkey.h"
#include "render_svg_parts.h"
#include "report.h"
#include "svgw.h"

/*
 * The layout, in pixels. Rows hold ROW_BLOCKS pageblocks (256 MiB of
 * 2 MiB pageblocks) and start at multiples of it, so that a column is the
 * same offset in every row of every zone and the address grows from the
 * top left to the bottom right.
 */
#define MAP_MARGIN	16
#define ROW_BLOCKS	128
#define MAP_CELL_W	7
#define MAP_CELL_H	10
#define ROW_H		12
#define ROW_LABEL_W	150	/* the PFN and address of each row */
#define TICK_EVERY	32	/* pageblocks between column ticks */
#define BAR_W		240	/* a ceiling bar: every aligned block of the zone */
#define MAP_LINE_H	18
#define MAP_KEY_Y	62	/* the key, below the title and the source line */
#define ZONE_HEAD_H	38	/* a zone's name and what it holds */
#define FOLIO_LINE_H	14	/* its folio census, when read */
/* The outline of a CMA area's pageblocks: apart from every cell's fill. */
#define CMA_STROKE	"#d81b60"
#define TICKS_H		16


/* Write the PFN V in hexadecimal, as the kernel's messages do. */
static void
pfn_words(struct svgw *w, uint64_t v)
{
	char s[24];

	snprintf(s, sizeof(s), "0x%llx", (unsigned long long)v);
	svg_text(w, s);
}

/* Returns the number of rows of Z's pageblocks. */
static long
zone_rows(const struct map_zone *z)
{
	if (z->nblocks == 0)
		return 0;
	return (long)((z->first_block + z->nblocks - 1) / ROW_BLOCKS -
	    z->first_block / ROW_BLOCKS + 1);
}

/* Returns the height of zone Z's head: its name, span and census. */
static long
zone_head_h(const struct map_zone *z)
{
	return ZONE_HEAD_H + (z->nblocks > 0 && z->have_folios ?
	    FOLIO_LINE_H : 0);
}

/* Returns the height of zone Z's part with NLINES ceiling lines. */
static long
zone_h(const struct map_zone *z, size_t nlines)
{
	if (z->nblocks == 0)
		return ZONE_HEAD_H;
	return zone_head_h(z) + (long)nlines * MAP_LINE_H + TICKS_H +
	    zone_rows(z) * ROW_H + 20;
}

/*
 * Write the title of zone Z's folio census: the count of each kind per
 * size, "anon 2M 12, file 64K 3", or "no folios".
 */
static void
folio_title(struct svgw *w, const struct report *r, const struct map_zone *z)
{
	char s[32];
	bool any = false;
	unsigned k, o;

	svg_open(w, "title");
	for (k = 0; k < MAP_NFOLIOS; k++)
		for (o = 0; o < FRAG_MAX_ORDERS; o++) {
			if (z->folios[k][o] == 0)
				continue;
			svg_text(w, any ? ", " : "");
			svg_text(w, map_folio_name((enum map_folio)k));
			svg_text(w, " ");
			svg_text(w, hum_order_label(s, sizeof(s), o,
			    r->page_size));
			svg_text(w, " ");
			svg_text_int(w, (long long)z->folios[k][o]);
			any = true;
		}
	svg_text(w, any ? "" : "no folios");
	svg_close(w);
}

/*
 * Write zone Z's folio census at Y: each kind's folios and its largest
 * size, the count per size in the line's title (a tooltip).
 */
static void
folio_line(struct svgw *w, const struct report *r, const struct map_zone *z,
    long y)
{
	char s[32];
	uint64_t count;
	unsigned k, o, top;

	svgr_text_open(w, MAP_MARGIN, y, 11, NULL, NULL);
	svg_text(w, "folios of files and processes:");
	for (k = 0; k < MAP_NFOLIOS; k++) {
		count = top = 0;
		for (o = 0; o < FRAG_MAX_ORDERS; o++) {
			count += z->folios[k][o];
			top = z->folios[k][o] ? o : top;
		}
		svg_text(w, k ? ", " : " ");
		svg_text_int(w, (long long)count);
		svg_text(w, " ");
		svg_text(w, map_folio_name((enum map_folio)k));
		if (count) {
			svg_text(w, " (largest ");
			svg_text(w, hum_order_label(s, sizeof(s), top,
			    r->page_size));
			svg_text(w, ")");
		}
	}
	folio_title(w, r, z);
	svg_close(w);
}

/* The title of a ceiling bar: Z's values at order O as the JSON has them. */
static void
ceiling_title(struct svgw *w, const struct map_zone *z, unsigned o)
{
	svg_open(w, "title");
	svgr_zone_words(w, z->node, z->name);
	svg_text(w, ", order ");
	svg_text_int(w, o);
	svg_text(w, ": suitable_blocks ");
	svg_text_int(w, (long long)z->free_now[o]);
	svg_text(w, ", ceiling ");
	svg_text_int(w, (long long)z->ceiling[o]);
	svg_text(w, ", limited_by ");
	svg_text(w, map_limit_name(z->limited_by[o]));
	svg_text(w, ", aligned blocks ");
	svg_text_int(w, (long long)map_aligned_blocks(z, o, NULL));
	svg_close(w);
}

/* Draw one segment of a ceiling bar from X0 to X1 at Y, titled for Z at order O. */
static void
bar_part(struct svgw *w, const struct map_zone *z, unsigned o, long x0,
    long x1, long y, const char *fill)
{
	svgr_rect_open(w, x0, y, x1 - x0, 12, fill);
	svg_attr(w, "stroke", "#555555");
	ceiling_title(w, z, o);
	svg_close(w);
}

/*
 * Draw Z's ceiling at order O of M at X, Y: a bar of every aligned block
 * of the order, free now and what compaction could add marked, then the
 * answer in words.
 */
static void
ceiling_line(struct svgw *w, const struct report *r, const struct map_zone *z,
    unsigned o, long x, long y)
{
	uint64_t total = map_aligned_blocks(z, o, NULL), now = z->free_now[o],
	    ceil = z->ceiling[o];
	char s[32];
	long xn, xc;

	now = now < total ? now : total;
	ceil = ceil < now ? now : ceil < total ? ceil : total;
	xn = x + svgr_scale(now, total, BAR_W);
	xc = x + svgr_scale(ceil, total, BAR_W);
	bar_part(w, z, o, x, x + BAR_W, y, "#ffffff");
	if (xc > xn)
		bar_part(w, z, o, xn, xc, y, svgmap_kind_fill(MAP_BLOCK_MOVABLE));
	if (xn > x)
		bar_part(w, z, o, x, xn, y, svgmap_kind_fill(MAP_BLOCK_FREE));
	svgr_text_open(w, x + BAR_W + 10, y + 10, 11, NULL, NULL);
	svg_text(w, "order ");
	svg_text_int(w, o);
	svg_text(w, " (");
	svg_text(w, hum_size(s, sizeof(s), (uint64_t)1 << o, r->page_size));
	svg_text(w, "): ");
	svg_text_int(w, (long long)z->free_now[o]);
	svg_text(w, " suitable free blocks now, at most ");
	svg_text_int(w, (long long)z->ceiling[o]);
	svg_text(w, " after full compaction (limited by ");
	svg_text(w, map_limit_words(z->limited_by[o]));
	svg_text(w, "), of ");
	svg_text_int(w, (long long)total);
	svg_text(w, " in the zone");
	svg_close(w);
}

/* Draw the column ticks of a zone's rows at X, Y: offsets within a row. */
static void
ticks(struct svgw *w, const struct report *r, long x, long y)
{
	const struct map *m = r->map;
	char s[32];
	long c;

	svgr_text_open(w, MAP_MARGIN, y + 10, 10, NULL, NULL);
	svg_attr(w, "fill", "#666666");
	svg_text(w, "PFN, address");
	svg_close(w);
	for (c = 0; c < ROW_BLOCKS; c += TICK_EVERY) {
		svgr_rect_open(w, x + c * MAP_CELL_W, y + 3, 1, 10, "#666666");
		svg_close(w);
		svgr_text_open(w, x + c * MAP_CELL_W + 3, y + 10, 10, NULL,
		    NULL);
		svg_attr(w, "fill", "#666666");
		svg_text(w, "+");
		svg_text(w, c == 0 ? "0" : hum_size(s, sizeof(s),
		    (uint64_t)c << m->pageblock_order, r->page_size));
		svg_close(w);
	}
}

/* Most cgroups a cell's title names. */
#define TITLE_CGROUPS	3

/*
 * Write the cgroups with pages in the N pageblocks of Z from its block K
 * of R's map (the first TITLE_CGROUPS of the charges there, uncharged
 * left out), for a cell's title.
 */
static void
run_cgroups(struct svgw *w, const struct report *r, const struct map_zone *z,
    size_t k, size_t n)
{
	const struct memcg *cg = r->cg;
	const struct memcg_group *g;
	uint32_t zi = (uint32_t)(z - r->map->zones);
	size_t lo = 0, hi = cg->ncharges, i, named = 0;

	/* The first charge at or after (ZI, K): charges are in that order. */
	while (lo < hi) {
		i = lo + (hi - lo) / 2;
		if (cg->charges[i].zone < zi || (cg->charges[i].zone == zi &&
		    cg->charges[i].block < k))
			lo = i + 1;
		else
			hi = i;
	}
	for (i = lo; i < cg->ncharges && cg->charges[i].zone == zi &&
	    cg->charges[i].block < k + n; i++) {
		g = &cg->groups[cg->charges[i].group];
		if (g->ino == 0)
			continue;
		if (named++ == TITLE_CGROUPS) {
			svg_text(w, ", ...");
			break;
		}
		svg_text(w, named == 1 ? "; cgroups: " : ", ");
		if (g->path)
			svg_text(w, g->path);
		else {
			svg_text(w, "inode ");
			svg_text_int(w, (long long)g->ino);
		}
	}
}

/*
 * Draw the N pageblocks of Z from its block K (one row, one kind) as one
 * rect at X, Y, titled with their PFN range and their pages by class.
 */
static void
run(struct svgw *w, const struct report *r, const struct map_zone *z,
    size_t k, size_t n, long x, long y)
{
	const struct map *m = r->map;
	enum map_kind kind = map_block_kind(&z->blocks[k], m->pageblock_order);
	uint64_t sum[MAP_NCLASSES] = { 0 }, pins[MAP_NPINS] = { 0 }, pfn;
	size_t i;
	unsigned c;
	bool any = false;

	for (i = k; i < k + n; i++) {
		for (c = 0; c < MAP_NCLASSES; c++)
			sum[c] += z->blocks[i].n[c];
		for (c = 0; c < MAP_NPINS; c++)
			pins[c] += z->blocks[i].pin[c];
	}
	pfn = (z->first_block + k) << m->pageblock_order;
	svgr_rect_open(w, x, y, (long)n * MAP_CELL_W, MAP_CELL_H,
	    svgmap_cell_fill(r, z, k));
	svg_open(w, "title");
	svgr_zone_words(w, z->node, z->name);
	svg_text(w, ", PFN ");
	pfn_words(w, pfn);
	svg_text(w, "-");
	pfn_words(w, pfn + ((uint64_t)n << m->pageblock_order) - 1);
	svg_text(w, " (");
	svg_text_int(w, (long long)n);
	svg_text(w, n == 1 ? " pageblock, " : " pageblocks, ");
	svg_text(w, map_kind_name(kind));
	svg_text(w, ")");
	for (c = 0; c < MAP_NCLASSES; c++) {
		svg_text(w, c == 0 ? ": " : ", ");
		svg_text(w, map_class_name(c));
		svg_text(w, " ");
		svg_text_int(w, (long long)sum[c]);
	}
	for (c = 0; c < MAP_NPINS; c++) {
		if (pins[c] == 0)
			continue;
		svg_text(w, any ? ", " : "; pinned pages: ");
		svg_text(w, map_pin_name(c));
		svg_text(w, " ");
		svg_text_int(w, (long long)pins[c]);
		any = true;
	}
	if (r->cg && r->cg->read)
		run_cgroups(w, r, z, k, n);
	svg_close(w);
	svg_close(w);
}

/*
 * Mark the boundaries every EVERY pageblocks (0: none) of zone Z's rows
 * from Y, the pageblock grid at LEFT: a line above a row where one starts
 * a row, else down the row, STROKE wide WD.
 */
static void
boundaries(struct svgw *w, const struct map_zone *z, long left, long y,
    uint64_t every, const char *stroke, long wd)
{
	uint64_t blk, first = z->first_block / ROW_BLOCKS * ROW_BLOCKS;
	long x, ry;

	if (every == 0)
		return;
	for (blk = (z->first_block + every - 1) / every * every; blk <
	    z->first_block + z->nblocks; blk += every) {
		x = left + (long)(blk % ROW_BLOCKS) * MAP_CELL_W;
		ry = y + (long)((blk - first) / ROW_BLOCKS) * ROW_H;
		svgr_line_open(w, x, ry - (blk % ROW_BLOCKS ? 0 : 1),
		    blk % ROW_BLOCKS ? x : left + (long)ROW_BLOCKS * MAP_CELL_W,
		    ry + (blk % ROW_BLOCKS ? MAP_CELL_H : -1), stroke);
		svg_attr_int(w, "stroke-width", wd);
		svg_close(w);
	}
}

/*
 * Mark zone ZI's memory-block (white) and 1 GiB region (black)
 * boundaries on its rows from Y, and label each tainted region of it
 * with what keeps it, on its first row.
 */
static void
marks(struct svgw *w, const struct report *r, size_t zi, long left, long y)
{
	const struct map *m = r->map;
	const struct map_zone *z = &m->zones[zi];
	const struct regions *rg = r->regions;
	uint64_t first = z->first_block / ROW_BLOCKS * ROW_BLOCKS, blk;
	const struct region *x;
	char *keep;
	size_t i;

	if (r->offline && r->offline->block_pages)
		boundaries(w, z, left, y, r->offline->block_pages >>
		    m->pageblock_order, "#ffffff", 1);
	if (rg == NULL || rg->order == 0)
		return;
	boundaries(w, z, left, y, (uint64_t)1 << (rg->order -
	    m->pageblock_order), "#000000", 2);
	for (i = 0; i < rg->n; i++) {
		x = &rg->r[i];
		if (x->zone != zi || x->state != REGION_TAINTED)
			continue;
		blk = x->pfn >> m->pageblock_order;
		svgr_text_open(w, left + (long)(blk % ROW_BLOCKS) * MAP_CELL_W +
		    2, y + (long)((blk - first) / ROW_BLOCKS) * ROW_H + 8, 8,
		    NULL, "bold");
		/* Readable on light and dark cells alike. */
		svg_attr(w, "stroke", "#ffffff");
		svg_attr(w, "stroke-width", "2");
		svg_attr(w, "paint-order", "stroke");
		svg_text(w, "tainted: ");
		svg_text_int(w, (long long)x->keep);
		svg_text(w, " pages (");
		keep = render_keep_text(x->by_kind, x->uninit, 0);
		svg_text(w, keep != NULL ? keep : "");
		free(keep);
		svg_text(w, ")");
		svg_close(w);
	}
}

/*
 * Outline the pageblocks of zone Z (its grid at LEFT, Y) that lie in a
 * CMA area of R's, a rect per row, titled with the area and its range.
 */
static void
cma_marks(struct svgw *w, const struct report *r, const struct map_zone *z,
    long left, long y)
{
	const struct map *m = r->map;
	const struct cma_area *a;
	uint64_t first = z->first_block / ROW_BLOCKS * ROW_BLOCKS, blk, end, n;
	size_t i;

	for (i = 0; r->cma_areas && i < r->cma_areas->n; i++) {
		a = &r->cma_areas->a[i];
		if (!(a->have & (1u << CMA_BASE_PFN)) ||
		    !(a->have & (1u << CMA_COUNT)) || a->v[CMA_COUNT] == 0)
			continue;
		blk = a->v[CMA_BASE_PFN] >> m->pageblock_order;
		end = (a->v[CMA_BASE_PFN] + a->v[CMA_COUNT] +
		    ((uint64_t)1 << m->pageblock_order) - 1) >>
		    m->pageblock_order;
		blk = blk > z->first_block ? blk : z->first_block;
		end = end < z->first_block + z->nblocks ? end :
		    z->first_block + z->nblocks;
		for (; blk < end; blk += n) {
			n = ROW_BLOCKS - blk % ROW_BLOCKS;
			n = n < end - blk ? n : end - blk;
			svgr_rect_open(w, left + (long)(blk % ROW_BLOCKS) *
			    MAP_CELL_W, y + (long)((blk - first) / ROW_BLOCKS) *
			    ROW_H, (long)n * MAP_CELL_W, MAP_CELL_H, "none");
			svg_attr(w, "stroke", CMA_STROKE);
			svg_attr(w, "stroke-width", "2");
			svg_open(w, "title");
			svg_text(w, "CMA area ");
			svg_text(w, a->name);
			svg_text(w, ", PFN ");
			pfn_words(w, a->v[CMA_BASE_PFN]);
			svg_text(w, "-");
			pfn_words(w, a->v[CMA_BASE_PFN] + a->v[CMA_COUNT] - 1);
			svg_close(w);
			svg_close(w);
		}
	}
}

/* Draw Z's pageblocks in rows from Y, each labelled with its first PFN and address. */
static void
grid(struct svgw *w, const struct report *r, const struct map_zone *z,
    long y)
{
	const struct map *m = r->map;
	uint64_t row, first = z->first_block / ROW_BLOCKS, blk, end;
	long left = MAP_MARGIN + ROW_LABEL_W, ry;
	size_t k, n;
	char s[32];

	end = z->first_block + z->nblocks;
	for (row = first; row * ROW_BLOCKS < end; row++) {
		ry = y + (long)(row - first) * ROW_H;
		svgr_text_open(w, MAP_MARGIN, ry + 9, 10, NULL, NULL);
		svg_attr(w, "font-family", "monospace");
		pfn_words(w, row * ROW_BLOCKS << m->pageblock_order);
		svg_close(w);
		svgr_text_open(w, left - 8, ry + 9, 10, "end", NULL);
		svg_text(w, hum_size(s, sizeof(s), row * ROW_BLOCKS <<
		    m->pageblock_order, r->page_size));
		svg_close(w);
		blk = row * ROW_BLOCKS > z->first_block ? row * ROW_BLOCKS :
		    z->first_block;
		/* Runs of one kind within the row, each one rect. */
		while (blk < end && blk < (row + 1) * ROW_BLOCKS) {
			k = (size_t)(blk - z->first_block);
			for (n = 1; blk + n < end && blk + n < (row + 1) *
			    ROW_BLOCKS && map_block_kind(&z->blocks[k + n],
			    m->pageblock_order) == map_block_kind(&z->blocks[k],
			    m->pageblock_order) && svgmap_cell_fill(r, z, k + n) ==
			    svgmap_cell_fill(r, z, k); n++)
				;
			run(w, r, z, k, n, left + (long)(blk % ROW_BLOCKS) *
			    MAP_CELL_W, ry);
			blk += n;
		}
	}
	marks(w, r, (size_t)(z - m->zones), left, y);
	cma_marks(w, r, z, left, y);
}

/* Draw zone Z of R at Y: its name and span, its ceilings, its pageblocks. */
static void
zone_part(struct svgw *w, const struct report *r, const struct map_zone *z,
    long y)
{
	const struct map *m = r->map;
	char s[32];
	unsigned o;
	size_t k;

	svgr_text_open(w, MAP_MARGIN, y + 14, 14, NULL, "bold");
	svgr_zone_words(w, z->node, z->name);
	svg_close(w);
	svgr_text_open(w, MAP_MARGIN, y + 30, 11, NULL, NULL);
	if (z->nblocks == 0) {
		svg_text(w, "spans no page frames");
		svg_close(w);
		return;
	}
	svg_text(w, "PFN ");
	pfn_words(w, z->start_pfn);
	svg_text(w, "-");
	pfn_words(w, z->start_pfn + z->spanned - 1);
	svg_text(w, " \u00b7 ");
	svg_text(w, hum_size(s, sizeof(s), z->spanned, r->page_size));
	svg_text(w, " spanned \u00b7 ");
	svg_text(w, hum_size(s, sizeof(s), z->free_pages, r->page_size));
	svg_text(w, " free \u00b7 pageblocks:");
	for (k = 0; k < MAP_NKINDS; k++) {
		svg_text(w, k == 0 ? " " : ", ");
		svg_text_int(w, (long long)map_zone_kind(z,
		    map_kind_order[k]));
		svg_text(w, " ");
		svg_text(w, svgmap_kind_words(map_kind_order[k]));
	}
	if (map_zone_uninit(z) > 0) {
		svg_text(w, ", ");
		svg_text_int(w, (long long)map_zone_uninit(z));
		svg_text(w, " not initialised");
	}
	svg_close(w);
	if (z->have_folios)
		folio_line(w, r, z, y + 30 + FOLIO_LINE_H);
	y += zone_head_h(z);
	/* Every order from the pageblock order up, as the JSON has them. */
	for (o = m->pageblock_order; o < m->norders; o++, y += MAP_LINE_H)
		ceiling_line(w, r, z, o, MAP_MARGIN, y);
	ticks(w, r, MAP_MARGIN + ROW_LABEL_W, y);
	grid(w, r, z, y + TICKS_H);
}

/* Returns whether R read a CMA area with its range (debugfs). */
static bool
cma_ranges(const struct report *r)
{
	size_t i;

	for (i = 0; r->cma_areas && i < r->cma_areas->n; i++)
		if ((r->cma_areas->a[i].have & (1u << CMA_BASE_PFN)) &&
		    (r->cma_areas->a[i].have & (1u << CMA_COUNT)))
			return true;
	return false;
}

/* Write the machine's pollution PL into the title: the two shares and their ratio. */
static void
title_pollution(struct svgw *w, const struct pollution *pl)
{
	const struct pollution_zone *z = &pl->machine;
	char s[32];

	svg_text(w, ": ");
	svg_text(w, hum_pct(s, sizeof(s), z->polluted_blocks, z->blocks));
	svg_text(w, " of pageblocks polluted by ");
	svg_text(w, hum_pct(s, sizeof(s), z->unmovable_pages, z->blocks <<
	    pl->pageblock_order));
	svg_text(w, " of memory (");
	svg_text(w, render_pollution_words(s, sizeof(s),
	    pollution_amplification(z, pl->pageblock_order, MAP_NPINS)));
	svg_text(w, ")");
}

void
render_map_svg(FILE *fp, const struct report *r)
{
	const struct map *m = r->map;
	struct svgw w;
	long width, height, y;
	char s[32];
	size_t i;

	width = MAP_MARGIN + ROW_LABEL_W + ROW_BLOCKS * MAP_CELL_W + MAP_MARGIN;
	height = MAP_KEY_Y + svgmap_key_h(r) + MAP_MARGIN;
	for (i = 0; i < m->nzones; i++)
		height += zone_h(&m->zones[i], m->norders - m->pageblock_order);
	svg_init(&w, fp);
	svgr_begin(&w, width, height, "fragstat: physical memory map");
	svgr_text_open(&w, MAP_MARGIN, TITLE_Y, TITLE_PX, NULL, "bold");
	svg_text(&w, "Physical memory by pageblock");
	if (r->pollution)
		title_pollution(&w, r->pollution);
	svg_close(&w);
	svgr_text_open(&w, MAP_MARGIN, HEAD_LINES_Y, HEAD_LINE_PX, NULL, NULL);
	svg_text(&w, "kernel ");
	svg_text(&w, r->release ? r->release : "unknown");
	svg_text(&w, " \u00b7 page size ");
	svg_text(&w, hum_size(s, sizeof(s), 1, r->page_size));
	svg_text(&w, " \u00b7 one cell per pageblock (order ");
	svg_text_int(&w, m->pageblock_order);
	svg_text(&w, ", ");
	svg_text(&w, hum_size(s, sizeof(s), (uint64_t)1 << m->pageblock_order,
	    r->page_size));
	svg_text(&w, "), ");
	svg_text_int(&w, ROW_BLOCKS);
	svg_text(&w, " per row (");
	svg_text(&w, hum_size(s, sizeof(s), (uint64_t)ROW_BLOCKS <<
	    m->pageblock_order, r->page_size));
	svg_text(&w, ")");
	if (cma_ranges(r))
		svg_text(&w, " \u00b7 CMA areas outlined in red-violet");
	svg_close(&w);
	svgmap_key(&w, r, MAP_MARGIN, MAP_KEY_Y);
	y = MAP_KEY_Y + svgmap_key_h(r);
	for (i = 0; i < m->nzones; i++) {
		zone_part(&w, r, &m->zones[i], y);
		y += zone_h(&m->zones[i], m->norders - m->pageblock_order);
	}
	svgr_end(&w);
}

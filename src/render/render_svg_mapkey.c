/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_mapkey.c - --map's picture: what a pageblock's colour means, and the key above the zones that says it */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "map.h"
#include "memcg.h"
#include "pins.h"
#include "regions.h"
#include "render_svg.h"
#include "render_svg_mapkey.h"
#include "report.h"
#include "svgw.h"

#define NOTE_H		15	/* a line of the notes */
/*
 * The notes: the first one's baseline NOTES_Y below the key's top (and the
 * pinned kinds' legend), NOTES of them always (the cells, the ceiling, the
 * bars) and one an assumption, the key ending KEY_FOOT below the last's.
 */
#define NOTES_Y		34
#define NOTES		3
#define KEY_FOOT	14
/* A legend entry's width: a kind's words and count; a pinned kind's. */
#define KIND_SWATCH_W	190
#define PIN_SWATCH_W	130
/* A row of swatches: the kinds', then the pinned kinds' below it. */
#define SWATCH_ROW_H	22
/*
 * The longest cgroup path the line of cgroups shows whole; of a longer
 * one, an ellipsis and the end, the leaf naming a cgroup best.
 */
#define CG_PATH_MAX	28

/* The fill of pageblocks not yet initialised: no memory the allocator has. */
#define UNINIT_FILL	"#d9d9d9"

/*
 * Returns the fill of pageblocks of kind K: viridis from light (all free)
 * to dark (unmovable), ordered in greyscale and readable by colour-blind
 * readers; holes (no memory) hatched, a texture rather than a shade.
 */
const char *
svgmap_kind_fill(enum map_kind k)
{
	switch (k) {
	case MAP_BLOCK_FREE:
		return "#fde725";
	case MAP_BLOCK_MOVABLE:
		return "#5dc863";
	case MAP_BLOCK_AMBIGUOUS:
		return "#21908c";
	case MAP_BLOCK_UNMOVABLE:
		return "#440154";
	default:
		return "url(#hole)";
	}
}

/*
 * Returns the fill of a pinned pageblock whose most pinned pages are of
 * kind P: all darker than the free and movable cells, each its own hue.
 */
static const char *
pin_fill(enum map_pin p)
{
	static const char *const fills[MAP_NPINS] = {
		[MAP_PIN_PAGETABLE] = "#31688e",
		[MAP_PIN_RESERVED] = "#1a1a1a",
		[MAP_PIN_HUGETLB] = "#b5367a",
		[MAP_PIN_ZERO] = "#6b6b6b",
		[MAP_PIN_POISONED] = "#d62728",
		[MAP_PIN_OFFLINE] = "#8c564b",
		[MAP_PIN_KERNEL] = "#e07b00",
	};

	/* Slab: the unmovable colour it always had, whose place it takes. */
	if (p == MAP_PIN_SLAB)
		return svgmap_kind_fill(MAP_BLOCK_UNMOVABLE);
	return fills[p];
}

/* Returns the pin state of block K of zone Z of R's map. */
static enum pins_state
block_state(const struct report *r, const struct map_zone *z, size_t k)
{
	return pins_block_state(r->pins, r->map, z, k);
}

/* Returns the fill of block K of zone Z of R's map: by its kind, or by what pins it. */
const char *
svgmap_cell_fill(const struct report *r, const struct map_zone *z, size_t k)
{
	if (r->pins && block_state(r, z, k) == PINS_PINNED)
		return pin_fill(pins_main_kind(&z->blocks[k]));
	if (r->pins && block_state(r, z, k) == PINS_UNINIT)
		return UNINIT_FILL;
	return svgmap_kind_fill(map_block_kind(&z->blocks[k], r->map->pageblock_order));
}

/* Returns what pageblocks of kind K hold, for people. */
const char *
svgmap_kind_words(enum map_kind k)
{
	switch (k) {
	case MAP_BLOCK_FREE:
		return "all free";
	case MAP_BLOCK_MOVABLE:
		return "free + movable";
	case MAP_BLOCK_AMBIGUOUS:
		return "ambiguous";
	case MAP_BLOCK_UNMOVABLE:
		return "unmovable";
	default:
		return "hole";
	}
}

/*
 * Draw a legend entry at X, Y: a swatch of FILL titled TITLE and the
 * count N, then WORDS and N beside it.
 */
static void
swatch(struct svgw *w, long x, long y, const char *fill, const char *title,
    const char *words, uint64_t n)
{
	svgr_rect_open(w, x, y, 14, 14, fill);
	svg_attr(w, "stroke", "#555555");
	svg_open(w, "title");
	svg_text(w, title);
	svg_text_int(w, (long long)n);
	svg_close(w);
	svg_close(w);
	svgr_text_open(w, x + 20, y + 12, 12, NULL, NULL);
	svg_text(w, words);
	svg_text(w, ": ");
	svg_text_int(w, (long long)n);
	svg_close(w);
}

/* Draw at X, Y the colour of the pageblocks not initialised, when some are. */
static void
uninit_legend(struct svgw *w, const struct report *r, long x, long y)
{
	uint64_t n = map_uninit(r->map);

	if (n > 0)
		swatch(w, x, y, UNINIT_FILL, "pageblocks not_initialised, not "
		    "pinned, every zone: ", "not initialised", n);
}

/* Define the hatching that fills holes (svgmap_kind_fill()). */
static void
hole_pattern(struct svgw *w)
{
	svg_open(w, "defs");
	svg_open(w, "pattern");
	svg_attr(w, "id", "hole");
	svg_attr(w, "width", "4");
	svg_attr(w, "height", "4");
	svg_attr(w, "patternUnits", "userSpaceOnUse");
	svgr_rect_open(w, 0, 0, 4, 4, "#ffffff");
	svg_close(w);
	svg_open(w, "path");
	svg_attr(w, "d", "M-1 1L1 -1M0 4L4 0M3 5L5 3");
	svg_attr(w, "stroke", "#7f7f7f");
	svg_close(w);
	svg_close(w);
	svg_close(w);
}

/*
 * Draw the legend at X, Y: each kind's colour and the pageblocks of every zone
 * drawn in it. With the pins, a pinned block takes the colour of what pins
 * it (pin_legend()), so the kinds count only the others, and unmovable,
 * whose blocks are all pinned, gives its place (and slab's colour) to them.
 */
static void
legend(struct svgw *w, const struct report *r, long x, long y)
{
	enum map_kind kind;
	char title[96];
	size_t k, shown = 0;

	hole_pattern(w);
	for (k = 0; k < MAP_NKINDS; k++) {
		kind = map_kind_order[k];
		if (r->pins && kind == MAP_BLOCK_UNMOVABLE)
			continue;
		snprintf(title, sizeof(title), "pageblocks %s, %severy zone: ",
		    map_kind_name(kind), r->pins ? "not pinned, " : "");
		swatch(w, x + (long)shown++ * KIND_SWATCH_W, y, svgmap_kind_fill(kind),
		    title, svgmap_kind_words(kind),
		    pins_kind_blocks(r->pins, r->map, kind));
	}
	if (r->pins)
		uninit_legend(w, r, x + (long)shown * KIND_SWATCH_W, y);
}

/*
 * Draw at X, Y the pinned kinds' colours, each with the pinned pageblocks
 * it colours in every zone; with cgroups, a line naming those that pin
 * most below.
 */
static void
pin_legend(struct svgw *w, const struct report *r, long x, long y)
{
	const struct memcg_group *g;
	uint64_t n[MAP_NPINS];
	char title[96];
	size_t i, k, named = 0;

	pins_by_main_kind(r->pins, r->map, n);
	for (k = 0; k < MAP_NPINS; k++) {
		snprintf(title, sizeof(title), "pinned pageblocks most of whose "
		    "pinned pages are %s, every zone: ",
		    map_pin_name((enum map_pin)k));
		swatch(w, x + (long)k * PIN_SWATCH_W, y, pin_fill((enum map_pin)k),
		    title, map_pin_name((enum map_pin)k), n[k]);
	}
	if (!r->cg || !r->cg->read)
		return;
	svgr_text_open(w, x, y + 32, 12, NULL, NULL);
	svg_text(w, "Cgroups pinning the most pageblocks:");
	for (i = 0; i < r->cg->ngroups && named < 2; i++) {
		g = &r->cg->groups[r->cg->rank[i]];
		if (g->ino == 0 || g->pinned_blocks == 0)
			continue;
		svg_text(w, named++ ? ", " : " ");
		/* The leaf names a cgroup best: keep the end of a long path. */
		if (g->path && strlen(g->path) > CG_PATH_MAX) {
			svg_text(w, "\u2026");
			svg_text(w, g->path + strlen(g->path) - (CG_PATH_MAX -
			    1));
		} else if (g->path)
			svg_text(w, g->path);
		else {
			svg_text(w, "inode ");
			svg_text_int(w, (long long)g->ino);
		}
		svg_text(w, " (");
		svg_text_int(w, (long long)g->pinned_blocks);
		svg_text(w, ")");
	}
	if (named == 0)
		svg_text(w, " none");
	svg_close(w);
}

/* Returns the height the pinned kinds' legend of R takes. */
static long
pin_legend_h(const struct report *r)
{
	if (!r->pins)
		return 0;
	return SWATCH_ROW_H + (r->cg && r->cg->read ? 18 : 0);
}

/* Returns how many notes on what was assumed R's map needs. */
static long
assumptions(const struct report *r)
{
	const struct map *m = r->map;

	return (long)m->buddy_head_only + (long)m->balloon +
	    (long)(r->regions && r->regions->order);
}

/* Draw the notes at X, Y: how to read the cells and the ceiling, what was assumed. */
static void
notes(struct svgw *w, const struct report *r, long x, long y)
{
	const struct map *m = r->map;

	svgr_text(w, x, y, 11, NULL, NULL,
	    "A cell shows the worst its pages hold: a hole, a pinned page "
	    "(coloured by the kind with most pages), an ambiguous one, else all free, or "
	    "free and movable.");
	y += NOTE_H;
	svgr_text(w, x, y, 11, NULL, NULL, "Ceiling: at most this many "
	    "free blocks after full compaction, an upper bound (compaction "
	    "cannot move unmovable pages, nor make more than free memory).");
	y += NOTE_H;
	svgr_text(w, x, y, 11, NULL, NULL, "Bars: the suitable free "
	    "blocks buddyinfo shows, what compaction could add, the rest of the zone's aligned blocks of "
	    "the order.");
	y += NOTE_H;
	if (m->buddy_head_only) {
		svgr_text(w, x, y, 11, NULL, NULL,
		    "This kernel flags only a free block's first page: "
		    "the unflagged pages after one "
		    "count as free, an over-estimate.");
		y += NOTE_H;
	}
	if (m->balloon) {
		svgr_text(w, x, y, 11, NULL, NULL, "Balloon pages exist: "
		    "offline pages count as movable.");
		y += NOTE_H;
	}
	/* Without --need (a usage error here) the regions are pipe_gigantic_order()'s: 1 GiB. */
	if (r->regions && r->regions->order)
		svgr_text(w, x, y, 11, NULL, NULL, "Black lines: 1 GiB "
		    "region boundaries, each tainted region labelled with "
		    "what keeps it; white ticks: memory-block boundaries.");
}

long
svgmap_key_h(const struct report *r)
{
	return NOTES_Y + pin_legend_h(r) + (NOTES - 1 + assumptions(r)) *
	    NOTE_H + KEY_FOOT;
}

void
svgmap_key(struct svgw *w, const struct report *r, long x, long y)
{
	legend(w, r, x, y);
	if (r->pins)
		pin_legend(w, r, x, y + SWATCH_ROW_H);
	notes(w, r, x, y + NOTES_Y + pin_legend_h(r));
}

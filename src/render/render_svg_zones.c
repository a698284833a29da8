/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_zones.c - a zone's marks in the snapshot pictures: its cells, pageblocks, label, verdicts and its node's heading */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "avail.h"
#include "humanize.h"
#include "render_svg_parts.h"
#include "render_text.h"
#include "render_words.h"


/*
 * Draw zone I of R at X, Y: a cell per order coloured by the unusable
 * index, marked with the fragmentation index where no block is large
 * enough, and under it the free memory by order as bars.
 */
void
svgzone_cells(struct svgw *w, const struct report *r, size_t i, long x, long y)
{
	const struct bzone *z = &r->bi->zones[i];
	const struct frag *f = &r->frag[i];
	char s[32], t[32], d[64];
	long cx, h;
	uint64_t pages, most = 0;
	unsigned o;

	svgr_rect_open(w, x, y + CELL_H + SVGZONE_BAR_GAP,
	    (long)r->bi->norders * CELL_W - 2,
	    BAR_H, "#f2f2f2");
	svg_close(w);
	/* The order holding the most free memory draws at full height. */
	for (o = 0; o < r->bi->norders; o++)
		if (z->free[o] << o > most)
			most = z->free[o] << o;
	for (o = 0; o < r->bi->norders; o++) {
		cx = x + (long)o * CELL_W;
		svgr_rect_open(w, cx, y, CELL_W - 2, CELL_H,
		    svgr_scale_color(f->unusable[o]).s);
		svgr_cell_title(w, z, f, o);
		svg_close(w);
		svgr_text_open(w, cx + CELL_W / 2 - 1, y + 15, 11, "middle",
		    NULL);
		svg_attr(w, "fill", svgr_scale_ink(f->unusable[o]));
		svg_text_fixed(w, f->unusable[o], 3);
		svg_close(w);
		if (f->suitable[o] == 0) {
			/* The allocation would fail: a corner mark and the index. */
			snprintf(d, sizeof(d), "M%ld %ldh-12l12 12z",
			    cx + CELL_W - 2, y);
			svg_open(w, "path");
			svg_attr(w, "d", d);
			svg_attr(w, "fill", "#000000");
			svg_close(w);
			svgr_text_open(w, cx + CELL_W / 2 - 1, y + 29, 10,
			    "middle", "bold");
			svg_attr(w, "fill", "#000000");
			svg_text(w, "F ");
			svg_text_fixed(w, f->fragindex[o], 3);
			svg_close(w);
		}
		pages = z->free[o] << o;
		h = svgr_scale(pages, most, BAR_H);
		if (pages && h == 0)
			h = 1;
		/* An empty order keeps a transparent bar for its tooltip. */
		svgr_rect_open(w, cx + 4, y + SVGZONE_MARKS_H -
		    (h ? h : BAR_H), CELL_W - 10, h ? h : BAR_H, COLOR_BAR);
		if (h == 0)
			svg_attr(w, "fill-opacity", "0");
		svg_open(w, "title");
		svgr_zone_words(w, z->node, z->name);
		svg_text(w, ", order ");
		svg_text_int(w, o);
		svg_text(w, ": free blocks ");
		svg_text_int(w, (long long)z->free[o]);
		svg_text(w, ", ");
		svg_text(w, hum_size(s, sizeof(s), pages, r->page_size));
		svg_text(w, " (");
		svg_text(w, hum_pct(t, sizeof(t), pages, f->free_pages));
		svg_text(w, " of the zone's free memory)");
		svg_close(w);
		svg_close(w);
	}
}

/* Draw zone I's pageblocks by migratetype as one stacked bar at X, Y, when pagetypeinfo was read. */
void
svgzone_pageblocks(struct svgw *w, const struct report *r, size_t i, long x,
    long y)
{
	const struct pagetypeinfo *p = r->pti;
	const struct ptzone *pz;
	uint64_t total, acc = 0;
	char s[32];
	long x0, x1;
	unsigned t;

	if (p == NULL || r->pti_zone[i] < 0)
		return;
	pz = &p->zones[r->pti_zone[i]];
	total = pagetypeinfo_blocks(p, pz);
	if (total == 0)
		return;
	for (t = 0; t < p->ntypes; t++) {
		if (!pz->has_blocks[t] || pz->blocks[t] == 0)
			continue;
		x0 = x + svgr_scale(acc, total, PB_W);
		acc += pz->blocks[t];
		x1 = x + svgr_scale(acc, total, PB_W);
		svgr_rect_open(w, x0, y, x1 > x0 ? x1 - x0 : 1, 18,
		    svgzone_type_color(p->types[t]));
		svg_open(w, "title");
		svgr_zone_words(w, r->bi->zones[i].node,
		    r->bi->zones[i].name);
		svg_text(w, ": ");
		svg_text(w, p->types[t]);
		svg_text(w, ", pageblocks ");
		svg_text_int(w, (long long)pz->blocks[t]);
		svg_text(w, " (");
		svg_text(w, hum_pct(s, sizeof(s), pz->blocks[t], total));
		svg_text(w, ")");
		svg_close(w);
		svg_close(w);
	}
	svgr_text_open(w, x, y + 32, 11, NULL, NULL);
	svg_text_int(w, (long long)total);
	svg_text(w, " pageblocks of ");
	svg_text(w, hum_size(s, sizeof(s), p->pages_per_block, r->page_size));
	svg_close(w);
}

/* A badge: its text's size, its height, corners and the text's place in it. */
#define BADGE_PX	11
#define BADGE_H		17
#define BADGE_RX	3
#define BADGE_PAD	6
#define BADGE_BASE	13

/* Returns the width of a badge that reads TEXT ("LABEL: VERDICT"). */
long
svgzone_badge_w(const char *text)
{
	return svgr_text_px(text, BADGE_PX) + 2L * BADGE_PAD;
}

/* Draw at X, Y a badge reading S on FILL, TITLE its tooltip; returns its width. */
static long
badge(struct svgw *w, long x, long y, const char *s, const char *fill,
    const char *title)
{
	long wd = svgzone_badge_w(s);

	svgr_rect_open(w, x, y, wd, BADGE_H, fill);
	svg_attr_int(w, "rx", BADGE_RX);
	svg_element_text(w, "title", title);
	svg_close(w);
	svgr_text(w, x + BADGE_PAD, y + BADGE_BASE, BADGE_PX, NULL, NULL, s);
	return wd;
}

/*
 * Draw at X, Y a badge "LABEL: VERDICT" (advise_verdict_word()) in the
 * verdict's colour, with WHY (or the words themselves) as its title.
 * Returns its width.
 */
long
svgzone_badge(struct svgw *w, long x, long y, const char *label,
    enum verdict v, const char *why)
{
	char s[96];

	snprintf(s, sizeof(s), "%s: %s", label, advise_verdict_word(v));
	return badge(w, x, y, s, svgr_verdict_color(v), why ? why : s);
}

const char *
svgzone_judge_text(char *buf, size_t size, const char *label,
    const struct avail *a)
{
	snprintf(buf, size, "%s: %s", label, judge_name(a->judgement));
	return buf;
}

long
svgzone_judge_badge(struct svgw *w, long x, long y, const char *label,
    const struct avail *a, const char *why)
{
	char s[96], t[96 + RENDER_COUNTS_SIZE], c[RENDER_COUNTS_SIZE];

	svgzone_judge_text(s, sizeof(s), label, a);
	snprintf(t, sizeof(t), "%s: %s", s, render_counts(c, sizeof(c), a));
	return badge(w, x, y, s, svgr_judgement_color(a->judgement), why ?
	    why : t);
}

/*
 * Draw beside a badge ending at X, Y the allocations of ORDER free now on
 * NODE, in ZONE (-1: the node's) of R, "1485 free now", when it ends
 * before MAXX; else nothing (the tooltip of the picture's JSON has them).
 */
static void
count_beside(struct svgw *w, const struct report *r, int node, long zone,
    unsigned order, long x, long y, long maxx)
{
	const struct avail *a = r->avail ? avail_find(r->avail, node, zone,
	    order) : NULL;
	char n[HUM_INT_LEN + 2], s[48];

	if (a == NULL)
		return;
	snprintf(s, sizeof(s), "%s free now", hum_bound(n, sizeof(n), a->now,
	    a->now_is_bound));
	if (x + 6 + svgr_text_px(s, 10) <= maxx)
		svgr_text(w, x + 6, y + 13, 10, NULL, NULL, s);
}

/* Returns the label of advice order O: "order 9 (2 MiB)". */
const char *
svgzone_order_label(char *buf, size_t size, unsigned o, unsigned long page_size)
{
	char s[32];

	snprintf(buf, size, "order %u (%s)", o, hum_size(s, sizeof(s),
	    1ULL << o, page_size));
	return buf;
}

/* Returns how many lines of advice a zone's label holds. */
size_t
svgzone_advice_lines(const struct report *r)
{
	return r->advice ? r->advice->norders : 0;
}

/*
 * Returns the height of a zone's row whose marks are CELLS high beside a
 * label of LINES lines of advice.
 */
long
svgzone_row_h(long cells, size_t lines)
{
	long label = SVGZONE_BADGES_Y + LINE_H * (long)lines;

	return (cells > label ? cells : label) + SVGZONE_ROW_GAP;
}

/* Returns the height of a zone's row with LINES lines of advice. */
long
svgzone_h(size_t lines)
{
	return svgzone_row_h(SVGZONE_MARKS_H, lines);
}

/*
 * Returns the height of a zone's block over time: its heading, a heat map
 * of ROWS rows of ROW_H and its axis, then two charts.
 */
long
svgzone_series_h(long row_h, size_t rows)
{
	return SERIES_HEAD_H + (long)rows * row_h + AXIS_ROW_H +
	    2L * CHART_BLOCK + SERIES_GAP;
}

/*
 * Returns the width of the column of R's zone labels: LABEL_W, or more
 * where a zone's name (bold, SVGZONE_LABEL_X in, SVGZONE_LABEL_GAP before
 * the cells) needs it.
 */
long
svgzone_label_w(const struct report *r)
{
	long wd = LABEL_W, n;
	size_t i;

	for (i = 0; i < r->bi->nzones; i++) {
		n = SVGZONE_LABEL_X + svgr_bold_px(r->bi->zones[i].name,
		    SVGZONE_NAME_PX) + SVGZONE_LABEL_GAP;
		if (n > wd)
			wd = n;
	}
	return wd;
}

/*
 * Draw at X, Y the badge of R's advice line J, LABEL: VERDICT, for zone I
 * (-1: the best of NODE's zones), or "not used". Returns its width.
 */
static long
verdict_badge(struct svgw *w, const struct report *r, long i, int node,
    size_t j, const char *label, long x, long y)
{
	/* A zone's row is found by its own node, whatever NODE says. */
	const struct avail *row = r->avail ? avail_find(r->avail, i < 0 ? node :
	    (int)r->bi->zones[i].node, i, r->advice->orders[j]) : NULL;
	const struct zadvice *a;
	char *why, *title;
	long wd;

	if (i < 0)
		return row != NULL ? svgzone_judge_badge(w, x, y, label, row,
		    NULL) : svgzone_badge(w, x, y, label, advise_best(
		    r->advice, node, j), NULL);
	a = advise_at(r->advice, (size_t)i, j);
	if (a == NULL || a->verdict == VERDICT_UNUSABLE || row == NULL)
		return svgzone_badge(w, x, y, label, a ? a->verdict :
		    VERDICT_UNUSABLE, a ? NULL : "allocations of this kind "
		    "do not use this zone");
	/* The judgement on the badge, the next allocation's why in its title. */
	why = render_advice_text(r, a);
	if (why == NULL || asprintf(&title, "%s; next allocation: %s",
	    judge_name(row->judgement), why) < 0)
		title = NULL;
	wd = svgzone_judge_badge(w, x, y, label, row, title);
	free(title);
	free(why);
	return wd;
}

/*
 * Draw the verdicts of zone I of R (-1: of NODE), a badge an advice order
 * from X, Y down, STEP apart, each labelled TAG (NULL: none) and the order;
 * with MAXX above 0, the allocations free now beside each that fits.
 */
void
svgzone_badges(struct svgw *w, const struct report *r, long i, int node,
    const char *tag, long x, long y, long step, long maxx)
{
	char o[48], l[64];
	long by, wd;
	size_t j;

	for (j = 0; j < svgzone_advice_lines(r); j++) {
		svgzone_order_label(o, sizeof(o), r->advice->orders[j],
		    r->page_size);
		if (tag)
			snprintf(l, sizeof(l), "%s %s", tag, o);
		else
			snprintf(l, sizeof(l), "%s", o);
		by = y + (long)j * step;
		wd = verdict_badge(w, r, i, node, j, l, x, by);
		/* A zone these allocations do not use has none free for them. */
		if (maxx > 0 && (i < 0 || advise_at(r->advice, (size_t)i, j)))
			count_beside(w, r, node, i, r->advice->orders[j],
			    x + wd, by, maxx);
	}
}

/* Draw a zone's NAME and the line FREE_TEXT under it at X, Y. */
void
svgzone_label_head(struct svgw *w, long x, long y, const char *name,
    const char *free_text)
{
	svgr_text(w, x, y + SVGZONE_NAME_Y, SVGZONE_NAME_PX, NULL, "bold",
	    name);
	svgr_text(w, x, y + SVGZONE_FREE_Y, SVGZONE_FREE_PX, NULL, NULL,
	    free_text);
}

/* Draw zone I's name, free memory and verdicts at X, Y, ending before MAXX. */
void
svgzone_label(struct svgw *w, const struct report *r, size_t i, long x, long y,
    long maxx)
{
	const struct bzone *z = &r->bi->zones[i];
	const struct frag *f = &r->frag[i];
	char s[32], t[80];

	hum_size(s, sizeof(s), f->free_pages, r->page_size);
	if (f->largest_order >= 0)
		snprintf(t, sizeof(t), "%s free, largest order %d", s,
		    f->largest_order);
	else
		snprintf(t, sizeof(t), "%s free", s);
	svgzone_label_head(w, x, y, z->name, t);
	svgzone_badges(w, r, (long)i, (int)z->node, NULL, x,
	    y + SVGZONE_BADGES_Y, LINE_H, maxx);
}

/* Draw the order headings of the columns from X at Y; the advice orders stand out. */
void
svgzone_order_heads(struct svgw *w, const struct report *r, long x, long y)
{
	char s[32];
	unsigned o;

	for (o = 0; o < r->bi->norders; o++) {
		if (advice_order_index(r->advice, o) >= 0) {
			svgr_rect_open(w, x + (long)o * CELL_W, y, CELL_W - 2,
			    30, "#e4e4e4");
			svg_close(w);
		}
		svgr_text_open(w, x + (long)o * CELL_W + CELL_W / 2 - 1, y + 13,
		    12, "middle", "bold");
		svg_text_int(w, o);
		svg_close(w);
		svgr_text(w, x + (long)o * CELL_W + CELL_W / 2 - 1, y + 26, 9,
		    "middle", NULL, hum_order(s, sizeof(s), o,
		    r->page_size));
	}
}

/* Returns the height of a node's heading with LINES lines of advice. */
long
svgzone_node_h(size_t lines)
{
	long h = SVGZONE_NODE_BADGES_Y + SVGZONE_NODE_PAD + LINE_H * (long)lines;

	return h > SVGZONE_NODE_MIN_H ? h : SVGZONE_NODE_MIN_H;
}

/* Draw the name of NODE, "Node 1", at Y. */
static void
node_title(struct svgw *w, unsigned node, long y)
{
	svgr_text_open(w, MARGIN, y + SVGZONE_NODE_TITLE_Y, SVGZONE_NODE_PX,
	    NULL, "bold");
	svg_text(w, "Node ");
	svg_text_int(w, node);
	svg_close(w);
}

/* Draw the heading of NODE at Y: a rule to X1, its name, RS's verdicts, the order headings from LEFT. */
void
svgzone_node_rule(struct svgw *w, const struct report *const *rs,
    const char *const *tags, size_t n, unsigned node, long y, long x1,
    long left)
{
	size_t k;

	svgr_line(w, MARGIN, y, x1, y, COLOR_RULE);
	node_title(w, node, y);
	/* Two snapshots' verdicts interleave: each one LINE_H below the other. */
	for (k = 0; k < n; k++)
		svgzone_badges(w, rs[k], -1, (int)node, tags ? tags[k] : NULL,
		    MARGIN, y + SVGZONE_NODE_BADGES_Y + (long)k * LINE_H,
		    (long)n * LINE_H, tags ? 0 : left - SVGZONE_LABEL_GAP);
	svgzone_order_heads(w, rs[0], left, y + SVGZONE_HEADS_Y);
}

/* Returns the number of nodes of R's zones (they come node by node). */
size_t
svgzone_node_count(const struct report *r)
{
	size_t i, n = 0;

	for (i = 0; i < r->bi->nzones; i++)
		n += i == 0 || r->bi->zones[i].node != r->bi->zones[i - 1].node;
	return n;
}

/*
 * Okabe and Ito's colour-blind safe palette, by migratetype name: the
 * column order is not the type's (before 4.4 pagetypeinfo lists
 * Unmovable, Reclaimable, Movable, Reserve; since, Unmovable, Movable,
 * Reclaimable, HighAtomic), so Movable keeps its colour on every kernel.
 */
const char *
svgzone_type_color(const char *name)
{
	if (strcmp(name, "Unmovable") == 0)
		return COLOR_VERMILLION;
	if (strcmp(name, "Movable") == 0)
		return COLOR_BLUE;
	if (strcmp(name, "Reclaimable") == 0)
		return COLOR_GREEN;
	if (strcmp(name, "HighAtomic") == 0)
		return COLOR_PURPLE;
	if (strcmp(name, "CMA") == 0)
		return COLOR_ORANGE;
	if (strcmp(name, "Isolate") == 0)
		return COLOR_RULE;
	if (strcmp(name, "Reserve") == 0)
		return COLOR_SKY_BLUE;
	return COLOR_YELLOW;
}

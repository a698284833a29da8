/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_compare.c - the picture of two snapshots and their change */
#include "config.h"

#include "humanize.h"
#include "render_pictures.h"
#include "render_svg_parts.h"
#include "zonepair.h"

/*
 * A comparison stacks a zone's A, B and change rows, each CMP_PANEL_H below
 * the last, after a column of TAG_W for their names.
 */
#define CMP_PANEL_H	(SVGZONE_MARKS_H + 10)
#define TAG_W		48
#define B_GAP		2	/* B's source lines below A's */

/* Draw the change from zone I of A to zone J of B at X, Y: a cell per order. */
static void
diff_cells(struct svgw *w, const struct report *a, size_t i,
    const struct report *b, size_t j, long x, long y)
{
	const struct frag *fa = &a->frag[i], *fb = &b->frag[j];
	long cx;
	unsigned o;
	int d;

	for (o = 0; o < a->bi->norders; o++) {
		cx = x + (long)o * CELL_W;
		d = fb->unusable[o] - fa->unusable[o];
		svgr_diff_cell_open(w, cx, y, CELL_W - 2, CELL_H, d);
		svgr_zone_words(w, a->bi->zones[i].node,
		    a->bi->zones[i].name);
		svg_text(w, ", order ");
		svg_text_int(w, o);
		svg_text(w, ": unusable ");
		svgr_diff_words(w, fa->unusable[o], fb->unusable[o], d);
		svg_text(w, ", fragmentation ");
		svg_text_fixed(w, fa->fragindex[o], 3);
		svg_text(w, " -> ");
		svg_text_fixed(w, fb->fragindex[o], 3);
		svgr_diff_cell_close(w, cx + CELL_W / 2 - 1, y + 21, d);
	}
}

/* Draw zone I of R at X, Y in a comparison, named TAG, or say that R lacks it. */
static void
compare_panel(struct svgw *w, const struct report *r, long i, const char *tag,
    long x, long y)
{
	svgr_text(w, x - SVGZONE_LABEL_GAP, y + SVGZONE_TAG_Y, SVGZONE_TAG_PX,
	    "end", "bold", tag);
	if (i >= 0)
		svgzone_cells(w, r, (size_t)i, x, y);
	else
		svgr_text(w, x + SVGZONE_LABEL_GAP, y + SVGZONE_TAG_Y,
		    SVGZONE_TAG_PX, NULL, NULL, "not in this snapshot");
}

/* Returns the zone of row P of A beside B: A's when A has it, else B's. */
static const struct bzone *
row_zone(const struct report *a, const struct report *b,
    const struct zonepair *p)
{
	return p->a >= 0 ? &a->bi->zones[p->a] : &b->bi->zones[p->b];
}

/* How many lines A's and B's sources take, and rows their machines'. */
struct head_lines {
	long	src_a, src_b, rows_a, rows_b;
};

/* Returns the lines of the head of A beside B in a picture WIDTH wide. */
static struct head_lines
compare_lines(const struct report *a, const struct report *b, long width)
{
	struct head_lines n;

	n.src_a = svghead_source_lines(NULL, a, "A: ", MARGIN, 0,
	    width - 2L * MARGIN);
	n.src_b = svghead_source_lines(NULL, b, "B: ", MARGIN, 0,
	    width - 2L * MARGIN);
	n.rows_a = svghead_machine_line(NULL, a, "Machine A", MARGIN, 0,
	    width - MARGIN);
	n.rows_b = svghead_machine_line(NULL, b, "Machine B", MARGIN, 0,
	    width - MARGIN);
	return n;
}

/*
 * Returns the y where the legends start: a snapshot's head (HEAD_H) grown
 * by B's source lines and machine rows (N).
 */
static long
compare_top(const struct head_lines *n)
{
	return HEAD_H + (n->src_a + n->src_b - 1) * HEAD_LINE_H + B_GAP +
	    (n->rows_a + n->rows_b - 1) * MACHINE_ROW_H;
}

/* Draw the title, A's and B's sources and both machines' verdicts (N lines). */
static void
compare_head(struct svgw *w, const struct report *a, const struct report *b,
    long width, const struct head_lines *n)
{
	long y_b, y_m;

	/* A's lines, B's below them, the machines' below B's last. */
	y_b = HEAD_LINES_Y + n->src_a * HEAD_LINE_H + B_GAP;
	y_m = y_b + (n->src_b - 1) * HEAD_LINE_H + HEAD_MACHINE_GAP;
	svgr_text(w, MARGIN, TITLE_Y, TITLE_PX, NULL, "bold",
	    "Memory fragmentation: snapshot A, snapshot B and the change");
	svghead_source_lines(w, a, "A: ", MARGIN, HEAD_LINES_Y,
	    width - 2L * MARGIN);
	svghead_source_lines(w, b, "B: ", MARGIN, y_b, width - 2L * MARGIN);
	svghead_machine_line(w, a, "Machine A", MARGIN, y_m, width - MARGIN);
	svghead_machine_line(w, b, "Machine B", MARGIN,
	    y_m + n->rows_a * MACHINE_ROW_H, width - MARGIN);
}

/* Draw zone Z at Y: zone IA of A (or -1), zone IB of B (or -1), the change. */
static void
compare_zone(struct svgw *w, const struct report *a, const struct report *b,
    long ia, long ib, const struct bzone *z, long left, long y)
{
	const long x = MARGIN + SVGZONE_LABEL_X, dy = y + 2L * CMP_PANEL_H;
	char s1[32], s2[32], t[80];

	snprintf(t, sizeof(t), "%s -> %s free", ia >= 0 ? hum_size(s1,
	    sizeof(s1), a->frag[ia].free_pages, a->page_size) : "-",
	    ib >= 0 ? hum_size(s2, sizeof(s2), b->frag[ib].free_pages,
	    b->page_size) : "-");
	svgzone_label_head(w, x, y, z->name, t);
	/* A's and B's verdicts interleave: each one LINE_H below the other. */
	if (ia >= 0)
		svgzone_badges(w, a, ia, -1, "A", x, y + SVGZONE_BADGES_Y,
		    2L * LINE_H, 0);
	if (ib >= 0)
		svgzone_badges(w, b, ib, -1, "B", x, y + SVGZONE_BADGES_Y +
		    LINE_H, 2L * LINE_H, 0);
	/* A above B above the change: an order's three cells in one column. */
	compare_panel(w, a, ia, "A", left, y);
	compare_panel(w, b, ib, "B", left, y + CMP_PANEL_H);
	svgr_text(w, left - SVGZONE_LABEL_GAP, dy + SVGZONE_TAG_Y,
	    SVGZONE_TAG_PX, "end", "bold", "B - A");
	if (ia >= 0 && ib >= 0)
		diff_cells(w, a, (size_t)ia, b, (size_t)ib, left, dy);
	else
		svgr_text(w, left + SVGZONE_LABEL_GAP, dy + SVGZONE_TAG_Y,
		    SVGZONE_TAG_PX, NULL, NULL,
		    "no change: the zone is in one snapshot only");
}

/* Returns the height of the rows of A beside B, LINES lines of badges a zone. */
static long
compare_rows_h(const struct report *a, const struct report *b, size_t lines)
{
	const struct bzone *z, *prev = NULL;
	struct zonepair p;
	size_t at = 0;
	long h = 0;

	while (zonepair_next(a->bi, b->bi, &at, &p)) {
		z = row_zone(a, b, &p);
		if (prev == NULL || prev->node != z->node)
			h += svgzone_node_h(lines);
		h += svgzone_row_h(2L * CMP_PANEL_H + CELL_H, lines);
		prev = z;
	}
	return h;
}

/* Draw snapshots A and B and their change, zone by zone, as SVG on FP. */
void
render_svg_compare(FILE *fp, const struct report *a, const struct report *b)
{
	struct svgw w;
	long lw = svgzone_label_w(a), left, width, y, top;
	size_t at = 0, lines;
	const struct bzone *z, *prev = NULL;
	const struct report *const ab[2] = { a, b };
	static const char *const tags[2] = { "A", "B" };
	struct head_lines n;
	struct zonepair p;

	/* A's and B's badges interleaved: as many rows as the one with more. */
	lines = 2 * (svgzone_advice_lines(a) > svgzone_advice_lines(b) ?
	    svgzone_advice_lines(a) : svgzone_advice_lines(b));

	if (svgzone_label_w(b) > lw)
		lw = svgzone_label_w(b);
	left = MARGIN + lw + TAG_W;
	width = left + (long)a->bi->norders * CELL_W + MARGIN;
	if (width < MIN_W)
		width = MIN_W;
	n = compare_lines(a, b, width);
	top = compare_top(&n);
	svg_init(&w, fp);
	svgr_begin(&w, width, top + 2L * LEGEND_H + LEGEND_GAP + MARGIN +
	    compare_rows_h(a, b, lines), "fragstat: two snapshots compared");
	compare_head(&w, a, b, width, &n);
	/* The comparison draws no pageblock bars: no legend for them. */
	svghead_legend(&w, a, top, false);
	svghead_diff_legend(&w, MARGIN, top + LEGEND_H);
	y = top + 2L * LEGEND_H + LEGEND_GAP;
	while (zonepair_next(a->bi, b->bi, &at, &p)) {
		z = row_zone(a, b, &p);
		if (prev == NULL || prev->node != z->node) {
			svgzone_node_rule(&w, ab, tags, 2, z->node, y,
			    width - MARGIN, left);
			y += svgzone_node_h(lines);
		}
		compare_zone(&w, a, b, p.a, p.b, z, left, y);
		y += svgzone_row_h(2L * CMP_PANEL_H + CELL_H, lines);
		prev = z;
	}
	svgr_end(&w);
}

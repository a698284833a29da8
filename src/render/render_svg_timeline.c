/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_timeline.c - snapshots over time: the columns, their heat cells and the words of their titles, that batches and recordings share */
#include "config.h"

#include "zonepair.h"
#include "render_svg_parts.h"

/* A zone's name over its block: its baseline, its size. */
#define ZONE_NAME_BASE	18
#define ZONE_NAME_PX	14

/* Returns the x of the left edge of column K. */
long
svgtl_col_x(const struct timeline *b, size_t k)
{
	return b->left + (long)k * b->cw;
}

/* Returns the width of a column's marks: a pixel apart where columns are wider than 2. */
long
svgtl_col_w(const struct timeline *b)
{
	return b->cw > 2 ? b->cw - 1 : b->cw;
}

/* Returns the x of the centre of column K. */
long
svgtl_x(const struct timeline *b, size_t k)
{
	return svgtl_col_x(b, k) + b->cw / 2;
}

/* Open the rect of column K in a heatmap's row at Y, filled with FILL; the caller closes it. */
void
svgtl_heat_cell_open(struct svgw *w, const struct timeline *b, size_t k, long y,
    const char *fill)
{
	/* A row's cells stand a pixel apart from the next row's. */
	svgr_rect_open(w, svgtl_col_x(b, k), y, svgtl_col_w(b), b->row_h - 1,
	    fill);
}

/* Write the label of order O left of a heatmap's row at Y, centred in the row. */
void
svgtl_heat_label(struct svgw *w, const struct timeline *b, long y, unsigned o)
{
	char s[32];

	snprintf(s, sizeof(s), "order %u", o);
	svgr_text(w, b->left - LABEL_GAP, y + (b->row_h + SMALL_PX) / 2,
	    SMALL_PX, "end", NULL, s);
}

/*
 * Draw the head of zone NODE, NAME's block at Y: a rule across to X1 and
 * the zone's name. Returns the y under it.
 */
long
svgtl_zone_head(struct svgw *w, long x1, long y, unsigned node,
    const char *name)
{
	svgr_line(w, MARGIN, y, x1, y, COLOR_RULE);
	svgr_text_open(w, MARGIN, y + ZONE_NAME_BASE, ZONE_NAME_PX, NULL,
	    "bold");
	svgr_zone_words(w, node, name);
	svg_close(w);
	return y + SERIES_HEAD_H;
}

/* Returns the index of zone Z in snapshot K, or -1. */
long
svgtl_batch_zone(const struct timeline *b, size_t k, const struct bzone *z,
    size_t hint)
{
	return zonepair_match(z, hint, b->r[k].bi);
}

/* Write "SNAPSHOT: " for the title of a mark of snapshot K. */
void
svgtl_snap_words(struct svgw *w, const struct timeline *b, size_t k)
{
	svg_text(w, b->r[k].snapshot ? b->r[k].snapshot : "-");
	svg_text(w, ": ");
}

/* Returns the first sample of column K of T, and sets *LAST to its last. */
size_t
svgtl_rec_span(const struct timeline *t, size_t k, size_t *last)
{
	size_t a = k * t->per;

	*last = a + t->per > t->rec->nsamples ? t->rec->nsamples - 1 :
	    a + t->per - 1;
	return a;
}

/* Write the samples of column K for a title: "TIME (sample S): " or "FIRST to LAST (samples S-T): ". */
void
svgtl_span_words(struct svgw *w, const struct timeline *t, size_t k)
{
	const struct rsample *s = t->rec->series->s;
	size_t b, a = svgtl_rec_span(t, k, &b);
	char n[64];

	svg_text(w, s[a].time);
	if (a == b)
		snprintf(n, sizeof(n), " (sample %zu): ", a + 1);
	else {
		svg_text(w, " to ");
		svg_text(w, s[b].time);
		snprintf(n, sizeof(n), " (samples %zu-%zu): ", a + 1, b + 1);
	}
	svg_text(w, n);
}

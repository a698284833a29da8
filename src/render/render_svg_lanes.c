/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * render_svg_lanes.c - a recording's picture, its lanes of bars: extfrag
 * events (all, and the pairs with most), compaction by order and THP
 * faults by size, a bar per column on one scale across the recordings
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "humanize.h"
#include "recsum.h"
#include "render_svg_parts.h"

/*
 * A block of lanes: its caption (a chart's: CAPTION_H), the lanes, the
 * time axis's row under them (AXIS_ROW_H) and a gap before the next block.
 */
#define BLOCK_GAP	8

/*
 * The baseline of a lane's label and of its "none", from the lane's top:
 * 4 pixels under its middle.
 */
#define LANE_TEXT_Y(y)	((y) + SVGLANE_H / 2 + 4)

/*
 * A lane's note, 4 pixels into its plot: "none" (LANE_NONE_PX) when the
 * lane counted nothing, and a compaction block's note (LANE_NOTE_PX) when
 * no run ended.
 */
#define LANE_NOTE_X	4
#define LANE_NONE_PX	10
#define LANE_NOTE_PX	11

/*
 * A lane's label ends LABEL_GAP before its plot and keeps as much from
 * whatever is left of it: the margin, or A's plot beside B's.
 */
#define LANE_LABEL_PAD	(2L * LABEL_GAP)

/*
 * What a lane of bars of a recording draws: extfrag (all, or one pair),
 * compaction at an order, or the THP faults of one size.
 */
struct lane {
	enum rcount_kind kind;
	int		 order;		/* compaction: -1 whole zones */
	const char	*alloc, *fallback;	/* extfrag: NULL for all */
	uint64_t	 size_kb;	/* THP */
};

/* Sum into C what lane L counts in column K of T (kernel/recsum.c sums). */
static void
lane_sum(const struct timeline *t, const struct lane *l, size_t k,
    struct recsum *c)
{
	size_t b, a = svgtl_rec_span(t, k, &b);
	bool all = l->kind == RC_PAIR && l->alloc == NULL;
	long key = all ? -1 : recsum_key(t->rec, l->kind, l->order, l->alloc,
	    l->fallback, l->size_kb);

	recsum_span(t->rec, l->kind, key, all, a, b, c);
}

/* Write the title words of lane L's counts C. */
static void
lane_words(struct svgw *w, const struct lane *l, const struct recsum *c)
{
	char b[160];

	if (l->kind == RC_THP) {
		svg_text(w, hum_size(b, sizeof(b), l->size_kb, 1024));
		svg_text(w, " THP faults: ");
		svg_text(w, hum_outcome(b, sizeof(b), c->total - c->part, c->part, false,
		    0));
	} else if (l->kind == RC_COMPACTION) {
		if (l->order < 0)
			svg_text(w, "compaction of whole zones (order -1): ended ");
		else {
			svg_text(w, "compaction order ");
			svg_text_int(w, l->order);
			svg_text(w, ": attempts ");
			svg_text_int(w, (long long)c->attempts);
			svg_text(w, ", ended ");
		}
		svg_text_int(w, (long long)c->total);
		svg_text(w, l->order < 0 ? ", success or complete " :
		    ", success ");
		svg_text_int(w, (long long)c->part);
	} else if (l->alloc == NULL) {
		svg_text(w, "extfrag ");
		svg_text_int(w, (long long)c->total);
		svg_text(w, " (fragmenting ");
		svg_text_int(w, (long long)c->part);
		svg_text(w, ")");
	} else {
		svg_text(w, "extfrag ");
		svg_text(w, l->alloc);
		svg_text(w, " from ");
		svg_text(w, l->fallback);
		svg_text(w, ": fragmenting ");
		svg_text_int(w, (long long)c->part);
		svg_text(w, ", not ");
		svg_text_int(w, (long long)(c->total - c->part));
	}
}

/* Returns the colour of PART (0: the first, fragmenting or success) of lane L's bars. */
static const char *
lane_color(const struct lane *l, int part)
{
	if (l->kind == RC_COMPACTION)
		return part ? COLOR_ORANGE : COLOR_GREEN;
	return part ? COLOR_BLUE : COLOR_VERMILLION;
}

/*
 * Draw the bar of column K of T for lane L on the scale TOP, standing on
 * FOOT: its first part at the bottom, the rest above it; nothing without
 * events.
 */
static void
lane_bar(struct svgw *w, const struct timeline *t, const struct lane *l,
    size_t k, uint64_t top, long foot)
{
	struct recsum c;
	long h[2];
	int part;

	lane_sum(t, l, k, &c);
	if (c.total == 0)
		return;
	h[1] = svgr_scale(c.total, top, SVGLANE_H - 4);
	h[1] = h[1] ? h[1] : 1;
	h[0] = svgr_scale(c.part, top, SVGLANE_H - 4);
	for (part = 0; part < 2; part++) {
		/* The first part, then what the total adds above it. */
		if (part == 0 ? h[0] == 0 : h[0] >= h[1])
			continue;
		svgr_rect_open(w, svgtl_col_x(t, k), foot - h[part],
		    svgtl_col_w(t), part ? h[1] - h[0] : h[0],
		    lane_color(l, part));
		svg_open(w, "title");
		svgtl_span_words(w, t, k);
		lane_words(w, l, &c);
		svg_close(w);
		svg_close(w);
	}
}

/*
 * Draw lane L, labelled LABEL, at Y in each of the NT timelines T on one
 * scale: a bar per column with events, its first part (fragmenting, or
 * success) in vermillion or green.
 */
static void
rec_lane(struct svgw *w, const struct timeline *t, size_t nt,
    const struct lane *l, const char *label, long y)
{
	struct recsum c;
	uint64_t top = 0;
	size_t i, k;
	/* The bars stand 2 pixels above the lane's foot. */
	long foot = y + SVGLANE_H - 2;

	for (i = 0; i < nt; i++)
		for (k = 0; k < t[i].n; k++) {
			lane_sum(&t[i], l, k, &c);
			top = c.total > top ? c.total : top;
		}
	for (i = 0; i < nt; i++) {
		/* Beside B, a label too wide for the gap is A's row's already. */
		if (i == 0 ||
		    svgr_text_px(label, SMALL_PX) + LANE_LABEL_PAD < AXIS_W)
			svgr_text(w, t[i].left - LABEL_GAP, LANE_TEXT_Y(y),
			    SMALL_PX, "end", NULL, label);
		svgr_rect_open(w, t[i].left, y + 1, (long)t[i].n * t[i].cw,
		    SVGLANE_H - 2, COLOR_PLOT_BG);
		svg_close(w);
		if (top == 0)
			svgr_text(w, t[i].left + LANE_NOTE_X, LANE_TEXT_Y(y),
			    LANE_NONE_PX, NULL, NULL, "none");
		for (k = 0; k < t[i].n; k++)
			lane_bar(w, &t[i], l, k, top, foot);
	}
}

/* Returns the orders of compaction in A and B (B may be NULL), lowest first, in ORD. */
size_t
svglane_compaction_orders(const struct replay *a, const struct replay *b,
    int *ord)
{
	const struct replay *r[2] = { a, b };
	int64_t v[FRAG_MAX_ORDERS + 1];
	size_t n = 0, i, j;

	for (i = 0; i < 2 && r[i]; i++)
		for (j = 0; j < r[i]->nby_order; j++)
			n = svgr_sorted_union_add(v, n, r[i]->by_order[j].order,
			    false);
	for (j = 0; j < n; j++)
		ord[j] = (int)v[j];
	return n;
}

/* Write a block's title, WORDS, over each of the NT timelines T at Y: a chart's caption. */
static void
block_title(struct svgw *w, const struct timeline *t, size_t nt, long y,
    const char *words)
{
	size_t i;

	for (i = 0; i < nt; i++)
		svgtl_caption(w, &t[i], y, words);
}

/* Returns BUF holding the lane label of pair P: "Unmovable \u2190 Reclaimable". */
static const char *
pair_label(char *buf, size_t size, const struct rpair *p)
{
	/* The whole names: the model keeps each in its array, NUL included. */
	snprintf(buf, size, "%.*s \u2190 %.*s", (int)sizeof(p->alloc) - 1,
	    p->alloc, (int)sizeof(p->fallback) - 1, p->fallback);
	return buf;
}

/* Returns the x of the first plot: right of the NP lanes P's widest label. */
long
svglane_left(const struct rpair *p, size_t np)
{
	char label[2 * sizeof(p[0].alloc) + 8];
	long x = MARGIN + AXIS_W, px;
	size_t i;

	/* Room left of A for the widest lane label: never cut at the edge. */
	for (i = 0; i < np; i++) {
		px = svgr_text_px(pair_label(label, sizeof(label), &p[i]),
		    SMALL_PX);
		if (MARGIN + px + LANE_LABEL_PAD > x)
			x = MARGIN + px + LANE_LABEL_PAD;
	}
	return x;
}

/* Returns the height of the events block for NPAIRS pairs and NORD compaction orders. */
long
svglane_events_h(size_t npairs, size_t nord)
{
	return 2L * (CAPTION_H + AXIS_ROW_H + BLOCK_GAP) +
	    (long)(1 + npairs + (nord ? nord : 1)) * SVGLANE_H;
}

/* Draw the extfrag and compaction events of the timelines T at Y. */
void
svglane_events(struct svgw *w, const struct timeline *t, size_t nt, long y)
{
	struct rpair p[SVGLANE_PAIRS];
	int ord[FRAG_MAX_ORDERS + 1];
	struct lane l;
	char s[2 * sizeof(p[0].alloc) + 8];
	size_t np, no, i, j;

	np = recsum_top_pairs(t[0].rec, nt > 1 ? t[1].rec : NULL, p,
	    SVGLANE_PAIRS);
	no = svglane_compaction_orders(t[0].rec, nt > 1 ? t[1].rec : NULL, ord);
	block_title(w, t, nt, y,
	    "Extfrag events: fragmenting (vermillion), not (blue)");
	y += CAPTION_H;
	memset(&l, 0, sizeof(l));
	rec_lane(w, t, nt, &l, "all", y);
	for (j = 0; j < np; j++) {
		l.alloc = p[j].alloc;
		l.fallback = p[j].fallback;
		pair_label(s, sizeof(s), &p[j]);
		rec_lane(w, t, nt, &l, s, y + (long)(j + 1) * SVGLANE_H);
	}
	y += (long)(np + 1) * SVGLANE_H;
	for (i = 0; i < nt; i++)
		svgtl_time_axis(w, &t[i], y);
	y += AXIS_ROW_H + BLOCK_GAP;
	block_title(w, t, nt, y,
	    "Compaction runs: ended well (green), other (orange)");
	y += CAPTION_H;
	memset(&l, 0, sizeof(l));
	l.kind = RC_COMPACTION;
	for (j = 0; j < no; j++) {
		l.order = ord[j];
		if (ord[j] < 0)
			snprintf(s, sizeof(s), "whole zones");
		else
			snprintf(s, sizeof(s), "order %d", ord[j]);
		rec_lane(w, t, nt, &l, s, y + (long)j * SVGLANE_H);
	}
	for (i = 0; no == 0 && i < nt; i++)
		svgr_text(w, t[i].left + LANE_NOTE_X, LANE_TEXT_Y(y),
		    LANE_NOTE_PX, NULL, NULL, "no compaction run ended");
	y += (long)(no ? no : 1) * SVGLANE_H;
	for (i = 0; i < nt; i++)
		svgtl_time_axis(w, &t[i], y);
}

/*
 * Returns the THP sizes whose faults A or B (B may be NULL) counted,
 * ascending, in KB (room for SVGLANE_MAX_SIZES: A's and B's may differ).
 */
size_t
svglane_thp_sizes(const struct replay *a, const struct replay *b, uint64_t *kb)
{
	const struct replay *r[2] = { a, b };
	int64_t v[SVGLANE_MAX_SIZES];
	size_t n = 0, i, j;

	for (i = 0; i < 2 && r[i] != NULL; i++)
		for (j = 0; j < r[i]->noutcomes; j++)
			if (r[i]->outcomes[j].kind == OUTCOME_ANON)
				n = svgr_sorted_union_add(v, n,
				    (int64_t)r[i]->outcomes[j].size_kb, false);
	for (j = 0; j < n; j++)
		kb[j] = (uint64_t)v[j];
	return n;
}

/* Returns the height of the THP block for N sizes (none: no block). */
long
svglane_thp_h(size_t n)
{
	return n ? CAPTION_H + (long)n * SVGLANE_H + AXIS_ROW_H + BLOCK_GAP : 0;
}

/* Draw the THP faults of each size of the timelines T at Y, a lane a size. */
void
svglane_thp(struct svgw *w, const struct timeline *t, size_t nt, long y)
{
	uint64_t kb[SVGLANE_MAX_SIZES];
	struct lane l;
	char s[32];
	size_t n, i, j;

	n = svglane_thp_sizes(t[0].rec, nt > 1 ? t[1].rec : NULL, kb);
	if (n == 0)
		return;
	block_title(w, t, nt, y,
	    "THP faults: fell back (vermillion), allocated (blue)");
	y += CAPTION_H;
	memset(&l, 0, sizeof(l));
	l.kind = RC_THP;
	for (j = 0; j < n; j++) {
		l.size_kb = kb[j];
		hum_size(s, sizeof(s), kb[j], 1024);
		rec_lane(w, t, nt, &l, s, y + (long)j * SVGLANE_H);
	}
	y += (long)n * SVGLANE_H;
	for (i = 0; i < nt; i++)
		svgtl_time_axis(w, &t[i], y);
}

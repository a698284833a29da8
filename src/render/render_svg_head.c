/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_head.c - what a snapshot picture says above its zones: its legends, what it was read from, the machine's verdicts */
#include "config.h"

#include <inttypes.h>

#include "avail.h"
#include "humanize.h"
#include "outcome.h"
#include "render_svg_parts.h"

/*
 * The layout of a gradient legend, from its top: the title, the bar, the
 * ticks under it with their labels, two lines of words (pixels).
 */
enum {
	GL_TITLE_Y = 12,	/* the title's baseline */
	GL_TITLE_PX = 12,
	GL_BAR_Y = 18,		/* the gradient bar */
	GL_BAR_H = 14,
	GL_TICK_H = 4,		/* a tick, down from the bar's foot */
	GL_TICK_LABEL_Y = 47,	/* a tick's label's baseline */
	GL_LINE1_Y = 62,	/* the two lines of words */
	GL_LINE2_Y = 75,
	GL_SMALL_PX = 10,	/* ticks' labels and the words */
};

/*
 * The layout of the key beside the scale: the failure mark (a cell with
 * its corner), the bar, each with two lines of words, then the
 * migratetypes' swatches in columns of four.
 */
enum {
	KEY_GAP = 40,		/* from the scale legend's right edge */
	KEY_TYPES_DX = 440,	/* the migratetypes, from the key's left */
	KEY_MARK_Y = 4,		/* the failure mark, as a cell draws it */
	KEY_MARK_W = 34,
	KEY_MARK_H = 24,
	KEY_CORNER = 10,	/* its black corner's side */
	KEY_TEXT_DX = 44,	/* the words, right of the marks */
	KEY_MARK_LINE1_Y = 14,
	KEY_MARK_LINE2_Y = 27,
	KEY_BAR_DX = 12,	/* the bar, centred under the mark */
	KEY_BAR_Y = 40,
	KEY_BAR_W = 10,
	KEY_BAR_H = 24,
	KEY_BAR_LINE1_Y = 50,
	KEY_BAR_LINE2_Y = 63,
	KEY_TYPES_PER_COL = 4,
	KEY_TYPES_COL_W = 110,
	KEY_TYPES_ROW_H = 15,
	KEY_TYPES_Y = 20,	/* the first swatch's top */
	KEY_SWATCH = 11,	/* a swatch's side */
	KEY_SWATCH_TEXT_DX = 15,
	KEY_SWATCH_TEXT_Y = 30,	/* the first swatch's name's baseline */
};

/*
 * The machine line: a bold label, then per advice order a badge and its
 * counts, then the pressure, in rows.
 */
enum {
	ML_LABEL_PX = 13,
	ML_TEXT_Y = 13,		/* baselines, from the row's top */
	ML_LABEL_GAP = 14,	/* after the label */
	ML_TEXT_PX = 11,	/* the counts and the pressure */
	ML_BADGE_GAP = 6,	/* from a badge to its counts */
	ML_ITEM_GAP = 10,	/* after an order's counts */
	ML_PRESSURE_DX = 4,	/* the pressure's indent */
};

/* What the picture was read from, under its title. */
enum { SOURCE_PX = 12 };

/*
 * Draw a legend at X, Y: TITLE, a bar of the gradient ID through the NSTOPS
 * colours STOPS (evenly spaced) framed in STROKE (NULL: none), NTICKS
 * evenly spaced TICKS under it, and two lines of words, LINE1 and LINE2.
 */
void
svghead_gradient_legend(struct svgw *w, long x, long y, const char *title,
    const char *id, const struct rgb *stops, int nstops, const char *stroke,
    const char *const *ticks, int nticks, const char *line1,
    const char *line2)
{
	char off[16], url[32];
	long tx;
	int i;

	svgr_text(w, x, y + GL_TITLE_Y, GL_TITLE_PX, NULL, "bold", title);
	svg_open(w, "defs");
	svg_open(w, "linearGradient");
	svg_attr(w, "id", id);
	for (i = 0; i < nstops; i++) {
		svg_open(w, "stop");
		snprintf(off, sizeof(off), "%d%%", i * 100 / (nstops - 1));
		svg_attr(w, "offset", off);
		svg_attr(w, "stop-color", stops[i].s);
		svg_close(w);
	}
	svg_close(w);
	svg_close(w);
	snprintf(url, sizeof(url), "url(#%s)", id);
	svgr_rect_open(w, x, y + GL_BAR_Y, LEGEND_W, GL_BAR_H, url);
	if (stroke)
		svg_attr(w, "stroke", stroke);
	svg_close(w);
	for (i = 0; i < nticks; i++) {
		tx = x + i * LEGEND_W / (nticks - 1);
		svgr_line(w, tx, y + GL_BAR_Y + GL_BAR_H, tx, y + GL_BAR_Y +
		    GL_BAR_H + GL_TICK_H, "#222222");
		svgr_text(w, tx, y + GL_TICK_LABEL_Y, GL_SMALL_PX, i == 0 ?
		    "start" :
		    i == nticks - 1 ? "end" : "middle", NULL, ticks[i]);
	}
	svgr_text(w, x, y + GL_LINE1_Y, GL_SMALL_PX, NULL, NULL, line1);
	svgr_text(w, x, y + GL_LINE2_Y, GL_SMALL_PX, NULL, NULL, line2);
}

/* Draw the legend of the colour scale at X, Y. */
void
svghead_scale_legend(struct svgw *w, long x, long y)
{
	static const char *const ticks[] = { "0", "0.25", "0.5", "0.75", "1" };
	struct rgb stops[SCALE_ANCHORS];
	int i;

	/*
	 * The anchors of the scale, as svgr_scale_color() blends between them.
	 */
	for (i = 0; i < SCALE_ANCHORS; i++)
		stops[i] = svgr_scale_color(i * 1000 / (SCALE_ANCHORS - 1));
	svghead_gradient_legend(w, x, y, "Unusable free space index",
	    "viridis", stops, SCALE_ANCHORS, NULL, ticks, 5,
	    "0: all free memory is in blocks of the order or larger;",
	    "1: none is (what the kernel's unusable_index says)");
}

/*
 * Draw the legend at Y: the colour scale, the failure mark, the bars and,
 * for a picture that draws them (PAGEBLOCKS), the migratetypes.
 */
void
svghead_legend(struct svgw *w, const struct report *r, long y, bool pageblocks)
{
	long x2 = MARGIN + LEGEND_W + KEY_GAP, x3 = x2 + KEY_TYPES_DX;
	long tx = x2 + KEY_TEXT_DX, col, row;
	char d[64];
	unsigned t;

	svghead_scale_legend(w, MARGIN, y);

	/* The failure mark, drawn as in a cell. */
	svgr_rect_open(w, x2, y + KEY_MARK_Y, KEY_MARK_W, KEY_MARK_H,
	    svgr_scale_color(1000).s);
	svg_close(w);
	snprintf(d, sizeof(d), "M%ld %ldh-%dl%d %dz", x2 + KEY_MARK_W, y +
	    KEY_MARK_Y, KEY_CORNER, KEY_CORNER, KEY_CORNER);
	svg_open(w, "path");
	svg_attr(w, "d", d);
	svg_attr(w, "fill", "#000000");
	svg_close(w);
	svgr_text(w, tx, y + KEY_MARK_LINE1_Y, GL_SMALL_PX, NULL, NULL,
	    "No free block of the order or larger: an allocation fails.");
	svgr_text(w, tx, y + KEY_MARK_LINE2_Y, GL_SMALL_PX, NULL, NULL,
	    "F: fragmentation index (near 1: fragmentation, near 0: too "
	    "little free memory)");
	svgr_rect_open(w, x2 + KEY_BAR_DX, y + KEY_BAR_Y, KEY_BAR_W,
	    KEY_BAR_H, COLOR_BAR);
	svg_close(w);
	svgr_text(w, tx, y + KEY_BAR_LINE1_Y, GL_SMALL_PX, NULL, NULL,
	    "Free memory in blocks of the order, the zone's largest share");
	svgr_text(w, tx, y + KEY_BAR_LINE2_Y, GL_SMALL_PX, NULL, NULL,
	    "at full height (tooltips: exact counts and shares)");
	if (r->pti == NULL || !pageblocks)
		return;
	svgr_text(w, x3, y + GL_TITLE_Y, GL_TITLE_PX, NULL, "bold",
	    "Pageblocks");
	for (t = 0; t < r->pti->ntypes; t++) {
		col = x3 + (long)(t / KEY_TYPES_PER_COL) * KEY_TYPES_COL_W;
		row = (long)(t % KEY_TYPES_PER_COL) * KEY_TYPES_ROW_H;
		svgr_rect_open(w, col, y + KEY_TYPES_Y + row, KEY_SWATCH,
		    KEY_SWATCH, svgzone_type_color(r->pti->types[t]));
		svg_close(w);
		svgr_text(w, col + KEY_SWATCH_TEXT_DX, y + KEY_SWATCH_TEXT_Y +
		    row, GL_SMALL_PX, NULL, NULL, r->pti->types[t]);
	}
}

/*
 * Returns BUF holding R's memory pressure: "memory pressure calm (PSI some
 * avg10 P%, full avg10 P%)", or that PSI was not read.
 */
static const char *
pressure_string(char *buf, size_t size, const struct report *r)
{
	char c[24], full[40] = "", urg[48] = "";

	if (r->advice)
		snprintf(urg, sizeof(urg), "memory pressure %s (",
		    advise_urgency_name(r->advice->urgency));
	if (r->psi == NULL || !r->psi->some.present) {
		snprintf(buf, size, "%sPSI not read%s", urg, r->advice ? ")" :
		    "");
		return buf;
	}
	if (r->psi->full.present)
		snprintf(full, sizeof(full), ", full avg10 %s", hum_centi(c,
		    sizeof(c), r->psi->full.avg10));
	snprintf(buf, size, "%sPSI some avg10 %s%s%s", urg, hum_centi(c,
	    sizeof(c), r->psi->some.avg10), full, r->advice ? ")" : "");
	return buf;
}

/*
 * Draw at X, Y what R was read from, after PREFIX, in lines of at most
 * MAXW pixels, then how: kernel, page size, orders (W NULL: only count).
 * Returns the number of lines.
 */
long
svghead_source_lines(struct svgw *w, const struct report *r, const char *prefix,
    long x, long y, long maxw)
{
	char s[32], pb[48] = "", how[256];
	long n;

	n = svgr_text_wrap(w, x, y, SOURCE_PX, maxw, HEAD_LINE_H, prefix,
	    r->snapshot ? r->snapshot : r->buddyinfo_path);
	if (r->pti)
		snprintf(pb, sizeof(pb), " \u00b7 pageblock order %u",
		    r->pti->pageblock_order);
	snprintf(how, sizeof(how), "kernel %s \u00b7 page size %s (%s) \u00b7 "
	    "%u orders%s", r->release ? r->release : "unknown", hum_size(s,
	    sizeof(s), 1, r->page_size), r->page_size_from, r->bi->norders, pb);
	return n + svgr_text_wrap(w, x, y + n * HEAD_LINE_H, SOURCE_PX, maxw,
	    HEAD_LINE_H, "", how);
}

/*
 * Returns BUF holding the counts of NODE (-1: the machine) at ORDER of R,
 * "1578 free now, at most 1590 after compaction", or "". For the machine,
 * where ORDER is a THP size the kernel counts, what its faults got
 * beside: "; since boot 16 of 526 THP faults fell back (3.0%)".
 */
static const char *
counts_string(char *buf, size_t size, const struct report *r, int node,
    unsigned order)
{
	const struct avail *a = r->avail ? avail_find(r->avail, node, -1,
	    order) : NULL;
	char counts[128] = "", thp[128] = "", p[32];
	struct outcome oc;

	if (a != NULL)
		hum_counts(counts, sizeof(counts), a->now, a->now_is_bound,
		    a->after);
	/*
	 * Not hum_outcome()'s "510 allocated, 16 fell back": beside the
	 * counts of free blocks, one line says what share of faults missed.
	 */
	if (node < 0 && r->thp != NULL) {
		outcome_of(r->thp, r->vm, OUTCOME_ANON, order, &oc);
		if (oc.known && oc.alloc + oc.fallback == 0)
			snprintf(thp, sizeof(thp), "; no THP fault since boot");
		else if (oc.known)
			snprintf(thp, sizeof(thp), "; since boot %" PRIu64 " of %"
			    PRIu64 " THP faults fell back (%s)", oc.fallback,
			    oc.alloc + oc.fallback, hum_pct(p, sizeof(p),
			    oc.fallback, oc.alloc + oc.fallback));
	}
	snprintf(buf, size, "%s%s", counts, thp);
	return buf;
}

/*
 * Returns the room a machine line's bold LABEL (13 pixels) takes, its gap
 * included: svgr_text_px() and a tenth for bold, then 14 pixels. Not
 * svgr_bold_px() + 14: that is the same 76 for "Machine" but 90, not 94,
 * for "Machine A" and "Machine B", and every comparison's badges would
 * move 4 pixels left.
 */
static long
machine_label_w(const char *label)
{
	return svgr_bold_est_px(label, ML_LABEL_PX) + ML_LABEL_GAP;
}

/*
 * Draw the machine's verdicts for R at X, Y after the word LABEL, each
 * with its counts, then the pressure, in rows that end before MAXX (with
 * W NULL, only measure). Returns the number of rows.
 */
long
svghead_machine_line(struct svgw *w, const struct report *r, const char *label,
    long x, long y, long maxx)
{
	const struct avail *a = NULL;
	char l[48], s[256], v[96];
	long x0, wd, rows = 1;
	size_t j;

	if (w)
		svgr_text(w, x, y + ML_TEXT_Y, ML_LABEL_PX, NULL, "bold",
		    label);
	x += machine_label_w(label);
	x0 = x;
	for (j = 0; j <= svgzone_advice_lines(r); j++) {
		if (j < svgzone_advice_lines(r)) {
			svgzone_order_label(l, sizeof(l), r->advice->orders[j],
			    r->page_size);
			a = r->avail ? avail_find(r->avail, -1, -1,
			    r->advice->orders[j]) : NULL;
			if (a != NULL)
				svgzone_judge_text(v, sizeof(v), l, a);
			else
				snprintf(v, sizeof(v), "%s: %s", l,
				    advise_verdict_name(advise_best(r->advice,
				    -1, j)));
			counts_string(s, sizeof(s), r, -1,
			    r->advice->orders[j]);
			wd = svgzone_badge_w(v) + ML_BADGE_GAP + svgr_text_px(s,
			    ML_TEXT_PX) + ML_ITEM_GAP;
		} else {
			pressure_string(s, sizeof(s), r);
			wd = ML_PRESSURE_DX + svgr_text_px(s, ML_TEXT_PX);
		}
		/* A new row rather than past the picture's edge. */
		if (x > x0 && x + wd > maxx) {
			x = x0;
			y += MACHINE_ROW_H;
			rows++;
		}
		if (w && j < svgzone_advice_lines(r) && a != NULL)
			svgzone_judge_badge(w, x, y, l, a, NULL);
		else if (w && j < svgzone_advice_lines(r))
			svgzone_badge(w, x, y, l, advise_best(r->advice, -1,
			    j), NULL);
		if (w && j < svgzone_advice_lines(r)) {
			svgr_text(w, x + svgzone_badge_w(v) + ML_BADGE_GAP, y +
			    ML_TEXT_Y, ML_TEXT_PX, NULL, NULL, s);
		} else if (w)
			svgr_text(w, x + ML_PRESSURE_DX, y + ML_TEXT_Y,
			    ML_TEXT_PX, NULL, NULL, s);
		x += wd;
	}
	return rows;
}

/* Draw the legend of the change at X, Y. */
void
svghead_diff_legend(struct svgw *w, long x, long y)
{
	static const char *const ticks[] = { "-1", "0", "+1" };
	struct rgb stops[3];
	int i;

	for (i = 0; i <= 2; i++)
		stops[i] = svgr_diff_color(i * 1000 - 1000);
	svghead_gradient_legend(w, x, y, "Change of the unusable index, B - A",
	    "change", stops, 3, COLOR_RULE, ticks, 3,
	    "blue: less free memory unusable in B (better);",
	    "red: more (worse)");
}

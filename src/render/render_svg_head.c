/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_head.c - what a snapshot picture says above its zones: its legends, what it was read from, the machine's verdicts */
#include "config.h"

#include <inttypes.h>

#include "avail.h"
#include "humanize.h"
#include "outcome.h"
#include "render_svg_parts.h"

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

	svgr_text(w, x, y + 12, 12, NULL, "bold", title);
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
	svgr_rect_open(w, x, y + 18, LEGEND_W, 14, url);
	if (stroke)
		svg_attr(w, "stroke", stroke);
	svg_close(w);
	for (i = 0; i < nticks; i++) {
		tx = x + i * LEGEND_W / (nticks - 1);
		svgr_line(w, tx, y + 32, tx, y + 36, "#222222");
		svgr_text(w, tx, y + 47, 10, i == 0 ? "start" :
		    i == nticks - 1 ? "end" : "middle", NULL, ticks[i]);
	}
	svgr_text(w, x, y + 62, 10, NULL, NULL, line1);
	svgr_text(w, x, y + 75, 10, NULL, NULL, line2);
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
	long x2 = MARGIN + LEGEND_W + 40, x3 = x2 + 440;
	char d[64];
	unsigned t;

	svghead_scale_legend(w, MARGIN, y);

	/* The failure mark, drawn as in a cell. */
	svgr_rect_open(w, x2, y + 4, 34, 24, svgr_scale_color(1000).s);
	svg_close(w);
	snprintf(d, sizeof(d), "M%ld %ldh-10l10 10z", x2 + 34, y + 4);
	svg_open(w, "path");
	svg_attr(w, "d", d);
	svg_attr(w, "fill", "#000000");
	svg_close(w);
	svgr_text(w, x2 + 44, y + 14, 10, NULL, NULL,
	    "No free block of the order or larger: an allocation fails.");
	svgr_text(w, x2 + 44, y + 27, 10, NULL, NULL, "F: fragmentation index "
	    "(near 1: fragmentation, near 0: too little free memory)");
	svgr_rect_open(w, x2 + 12, y + 40, 10, 24, COLOR_BAR);
	svg_close(w);
	svgr_text(w, x2 + 44, y + 50, 10, NULL, NULL,
	    "Free memory in blocks of the order, the zone's largest share");
	svgr_text(w, x2 + 44, y + 63, 10, NULL, NULL,
	    "at full height (tooltips: exact counts and shares)");
	if (r->pti == NULL || !pageblocks)
		return;
	svgr_text(w, x3, y + 12, 12, NULL, "bold", "Pageblocks");
	for (t = 0; t < r->pti->ntypes; t++) {
		svgr_rect_open(w, x3 + (long)(t / 4) * 110, y + 20 +
		    (long)(t % 4) * 15, 11, 11, svgzone_type_color(r->pti->types[t]));
		svg_close(w);
		svgr_text(w, x3 + (long)(t / 4) * 110 + 15,
		    y + 30 + (long)(t % 4) * 15, 10, NULL, NULL,
		    r->pti->types[t]);
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

	n = svgr_text_wrap(w, x, y, 12, maxw, HEAD_LINE_H, prefix, r->snapshot ?
	    r->snapshot : r->buddyinfo_path);
	if (r->pti)
		snprintf(pb, sizeof(pb), " \u00b7 pageblock order %u",
		    r->pti->pageblock_order);
	snprintf(how, sizeof(how), "kernel %s \u00b7 page size %s (%s) \u00b7 "
	    "%u orders%s", r->release ? r->release : "unknown", hum_size(s,
	    sizeof(s), 1, r->page_size), r->page_size_from, r->bi->norders, pb);
	return n + svgr_text_wrap(w, x, y + n * HEAD_LINE_H, 12, maxw,
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
	return svgr_bold_est_px(label, 13) + 14;
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
	char l[48], s[256], v[96];
	long x0, wd, rows = 1;
	size_t j;

	if (w)
		svgr_text(w, x, y + 13, 13, NULL, "bold", label);
	x += machine_label_w(label);
	x0 = x;
	for (j = 0; j <= svgzone_advice_lines(r); j++) {
		if (j < svgzone_advice_lines(r)) {
			svgzone_order_label(l, sizeof(l), r->advice->orders[j],
			    r->page_size);
			snprintf(v, sizeof(v), "%s: %s", l, advise_verdict_name(
			    advise_best(r->advice, -1, j)));
			counts_string(s, sizeof(s), r, -1,
			    r->advice->orders[j]);
			wd = svgzone_badge_w(v) + 6 + svgr_text_px(s, 11) + 10;
		} else {
			pressure_string(s, sizeof(s), r);
			wd = 4 + svgr_text_px(s, 11);
		}
		/* A new row rather than past the picture's edge. */
		if (x > x0 && x + wd > maxx) {
			x = x0;
			y += MACHINE_ROW_H;
			rows++;
		}
		if (w && j < svgzone_advice_lines(r)) {
			svgzone_badge(w, x, y, l, advise_best(r->advice, -1,
			    j), NULL);
			svgr_text(w, x + svgzone_badge_w(v) + 6, y + 13, 11,
			    NULL, NULL, s);
		} else if (w)
			svgr_text(w, x + 4, y + 13, 11, NULL, NULL, s);
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

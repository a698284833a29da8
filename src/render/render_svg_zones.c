/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_zones.c - a zone's cells, pageblocks, labels and verdicts; the legends and head lines of the snapshot pictures */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "avail.h"
#include "humanize.h"
#include "outcome.h"
#include "render_svg_parts.h"
#include "render_text.h"

/*
 * Okabe and Ito's colour-blind safe palette, for the migratetypes in the
 * order pagetypeinfo lists them (Unmovable, Movable, Reclaimable, ...).
 */
static const char *const type_colors[FRAG_MAX_TYPES] = {
	"#d55e00", "#0072b2", "#009e73", "#cc79a7", "#e69f00", "#999999",
	"#56b4e9", "#f0e442",
};

/*
 * Draw zone I of R at X, Y: a cell per order coloured by the unusable
 * index, marked with the fragmentation index where no block is large
 * enough, and under it the free memory by order as bars.
 */
void
zone_cells(struct svgw *w, const struct report *r, size_t i, long x, long y)
{
	const struct bzone *z = &r->bi->zones[i];
	const struct frag *f = &r->frag[i];
	char s[32], t[32], d[64];
	long cx, h;
	uint64_t pages, most = 0;
	unsigned o;

	svgr_rect_open(w, x, y + CELL_H + 4, (long)r->bi->norders * CELL_W - 2,
	    BAR_H, "#f2f2f2");
	svg_close(w);
	/* The order holding the most free memory draws at full height. */
	for (o = 0; o < r->bi->norders; o++)
		if (z->free[o] << o > most)
			most = z->free[o] << o;
	for (o = 0; o < r->bi->norders; o++) {
		cx = x + (long)o * CELL_W;
		svgr_rect_open(w, cx, y, CELL_W - 2, CELL_H,
		    scale_color(f->unusable[o]).s);
		cell_title(w, z, f, o);
		svg_close(w);
		svgr_text_open(w, cx + CELL_W / 2 - 1, y + 15, 11, "middle",
		    NULL);
		svg_attr(w, "fill", scale_ink(f->unusable[o]));
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
		h = scale(pages, most, BAR_H);
		if (pages && h == 0)
			h = 1;
		/* An empty order keeps a transparent bar for its tooltip. */
		svgr_rect_open(w, cx + 4, y + CELL_H + 4 + BAR_H -
		    (h ? h : BAR_H), CELL_W - 10, h ? h : BAR_H, "#4d4d4d");
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
pageblocks(struct svgw *w, const struct report *r, size_t i, long x, long y)
{
	const struct pagetypeinfo *p = r->pti;
	const struct ptzone *pz;
	uint64_t total = 0, acc = 0;
	char s[32];
	long x0, x1;
	unsigned t;

	if (p == NULL || r->pti_zone[i] < 0)
		return;
	pz = &p->zones[r->pti_zone[i]];
	for (t = 0; t < p->ntypes; t++)
		if (pz->has_blocks[t])
			total += pz->blocks[t];
	if (total == 0)
		return;
	for (t = 0; t < p->ntypes; t++) {
		if (!pz->has_blocks[t] || pz->blocks[t] == 0)
			continue;
		x0 = x + scale(acc, total, PB_W);
		acc += pz->blocks[t];
		x1 = x + scale(acc, total, PB_W);
		svgr_rect_open(w, x0, y, x1 > x0 ? x1 - x0 : 1, 18,
		    type_colors[t]);
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

/*
 * Draw at X, Y a badge "LABEL: VERDICT" in the verdict's colour, with
 * WHY (or the words themselves) as its title. Returns its width.
 */
long
badge(struct svgw *w, long x, long y, const char *label, const char *verdict,
    const char *why)
{
	char s[96];
	long wd;

	snprintf(s, sizeof(s), "%s: %s", label, verdict);
	wd = text_px(s, 11) + 12;
	svgr_rect_open(w, x, y, wd, 17, verdict_color(verdict));
	svg_attr_int(w, "rx", 3);
	svg_element_text(w, "title", why ? why : s);
	svg_close(w);
	svgr_text(w, x + 6, y + 13, 11, NULL, NULL, s);
	return wd;
}

/*
 * Draw beside a badge ending at X, Y the allocations of ORDER free now on
 * NODE, in ZONE (-1: the node's) of R, "1485 free now", when it ends
 * before MAXX; else nothing (the tooltip of the picture's JSON has them).
 */
void
count_beside(struct svgw *w, const struct report *r, int node, long zone,
    unsigned order, long x, long y, long maxx)
{
	const struct avail *a = r->avail ? avail_find(r->avail, node, zone,
	    order) : NULL;
	char s[48];

	if (a == NULL)
		return;
	snprintf(s, sizeof(s), "%s%" PRIu64 " free now", a->now_is_bound ?
	    "<=" : "", a->now);
	if (x + 6 + text_px(s, 10) <= maxx)
		svgr_text(w, x + 6, y + 13, 10, NULL, NULL, s);
}

/* Returns the label of advice order O: "order 9 (2 MiB)". */
const char *
order_label(char *buf, size_t size, unsigned o, unsigned long page_size)
{
	char s[32];

	snprintf(buf, size, "order %u (%s)", o, hum_size(s, sizeof(s),
	    1ULL << o, page_size));
	return buf;
}

/* Returns how many lines of advice a zone's label holds. */
size_t
advice_lines(const struct report *r)
{
	return r->advice ? r->advice->norders : 0;
}

/* Returns the height of a zone's row with LINES lines of advice. */
long
zone_h(size_t lines)
{
	long cells = CELL_H + 4 + BAR_H, label = 36 + LINE_H * (long)lines;

	return (cells > label ? cells : label) + 18;
}

/*
 * Returns the width of the column of R's zone labels: LABEL_W, or more
 * where a zone's name (14 pixels, bold, 10 in) needs it.
 */
long
label_w(const struct report *r)
{
	long wd = LABEL_W, n;
	size_t i;

	for (i = 0; i < r->bi->nzones; i++) {
		n = 10 + bold_px(r->bi->zones[i].name, 14) + 8;
		if (n > wd)
			wd = n;
	}
	return wd;
}

/* Draw zone I's name, free memory and verdicts at X, Y, ending before MAXX. */
void
zone_label(struct svgw *w, const struct report *r, size_t i, long x, long y,
    long maxx)
{
	const struct bzone *z = &r->bi->zones[i];
	const struct frag *f = &r->frag[i];
	const struct zadvice *a;
	char s[32], l[48], why[256];
	size_t j;

	svgr_text_open(w, x, y + 13, 14, NULL, "bold");
	svg_text(w, z->name);
	svg_close(w);
	svgr_text_open(w, x, y + 29, 11, NULL, NULL);
	svg_text(w, hum_size(s, sizeof(s), f->free_pages, r->page_size));
	svg_text(w, " free");
	if (f->largest_order >= 0) {
		svg_text(w, ", largest order ");
		svg_text_int(w, f->largest_order);
	}
	svg_close(w);
	for (j = 0; j < advice_lines(r); j++) {
		order_label(l, sizeof(l), r->advice->orders[j], r->page_size);
		a = advise_at(r->advice, i, j);
		if (a)
			count_beside(w, r, (int)r->bi->zones[i].node, (long)i,
			    a->order, x + badge(w, x, y + 36 + (long)j * LINE_H,
			    l, advise_verdict_word(a->verdict), advice_sentence(
			    why, sizeof(why), r, a)), y + 36 + (long)j * LINE_H,
			    maxx);
		else
			badge(w, x, y + 36 + (long)j * LINE_H, l, "not used",
			    "allocations of this kind do not use this zone");
	}
}

/* Draw the order headings of the columns from X at Y; the advice orders stand out. */
void
order_heads(struct svgw *w, const struct report *r, long x, long y)
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
node_h(size_t lines)
{
	long h = 34 + LINE_H * (long)lines;

	return h > 40 ? h : 40;
}

/* Draw the heading of NODE at Y: its name and its verdicts, ending before MAXX. */
void
node_head(struct svgw *w, const struct report *r, unsigned node, long y,
    long maxx)
{
	char l[48];
	size_t j;

	svgr_text_open(w, MARGIN, y + 21, 15, NULL, "bold");
	svg_text(w, "Node ");
	svg_text_int(w, node);
	svg_close(w);
	for (j = 0; j < advice_lines(r); j++) {
		order_label(l, sizeof(l), r->advice->orders[j], r->page_size);
		count_beside(w, r, (int)node, -1, r->advice->orders[j], MARGIN +
		    badge(w, MARGIN, y + 30 + (long)j * LINE_H, l,
		    advise_verdict_name(advise_best(r->advice, (int)node, j)),
		    NULL), y + 30 + (long)j * LINE_H, maxx);
	}
}

/* Returns the number of nodes of R's zones (they come node by node). */
size_t
node_count(const struct report *r)
{
	size_t i, n = 0;

	for (i = 0; i < r->bi->nzones; i++)
		n += i == 0 || r->bi->zones[i].node != r->bi->zones[i - 1].node;
	return n;
}

/* The width of the legend's colour bar, and the height of the legend. */

/*
 * Draw a legend at X, Y: TITLE, a bar of the gradient ID through the NSTOPS
 * colours STOPS (evenly spaced) framed in STROKE (NULL: none), NTICKS
 * evenly spaced TICKS under it, and two lines of words, LINE1 and LINE2.
 */
void
gradient_legend(struct svgw *w, long x, long y, const char *title,
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
		line(w, tx, y + 32, tx, y + 36, "#222222");
		svgr_text(w, tx, y + 47, 10, i == 0 ? "start" :
		    i == nticks - 1 ? "end" : "middle", NULL, ticks[i]);
	}
	svgr_text(w, x, y + 62, 10, NULL, NULL, line1);
	svgr_text(w, x, y + 75, 10, NULL, NULL, line2);
}

/* Draw the legend of the colour scale at X, Y. */
void
scale_legend(struct svgw *w, long x, long y)
{
	static const char *const ticks[] = { "0", "0.25", "0.5", "0.75", "1" };
	struct rgb stops[9];
	int i;

	/* The anchors of the scale, as scale_color() blends between them. */
	for (i = 0; i <= 8; i++)
		stops[i] = scale_color(i * 125);
	gradient_legend(w, x, y, "Unusable free space index", "viridis", stops,
	    9, NULL, ticks, 5,
	    "0: all free memory is in blocks of the order or larger;",
	    "1: none is (what the kernel's unusable_index says)");
}

/*
 * Draw the legend at Y: the colour scale, the failure mark, the bars and,
 * for a picture that draws them (PAGEBLOCKS), the migratetypes.
 */
void
legend(struct svgw *w, const struct report *r, long y, bool pageblocks)
{
	long x2 = MARGIN + LEGEND_W + 40, x3 = x2 + 440;
	char d[64];
	unsigned t;

	scale_legend(w, MARGIN, y);

	/* The failure mark, drawn as in a cell. */
	svgr_rect_open(w, x2, y + 4, 34, 24, scale_color(1000).s);
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
	svgr_rect_open(w, x2 + 12, y + 40, 10, 24, "#4d4d4d");
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
		    (long)(t % 4) * 15, 11, 11, type_colors[t]);
		svg_close(w);
		svgr_text(w, x3 + (long)(t / 4) * 110 + 15,
		    y + 30 + (long)(t % 4) * 15, 10, NULL, NULL,
		    r->pti->types[t]);
	}
}

/* The height of the heading above the legend. */

/*
 * Returns BUF holding R's memory pressure: "memory pressure calm (PSI some
 * avg10 P%, full avg10 P%)", or that PSI was not read.
 */
const char *
pressure_string(char *buf, size_t size, const struct report *r)
{
	int n = 0;

	if (r->advice)
		n = snprintf(buf, size, "memory pressure %s (",
		    advise_urgency_name(r->advice->urgency));
	if (n < 0 || (size_t)n >= size)
		return buf;
	if (r->psi == NULL || !r->psi->some.present)
		snprintf(buf + n, size - (size_t)n, "PSI not read%s",
		    r->advice ? ")" : "");
	else if (r->psi->full.present)
		snprintf(buf + n, size - (size_t)n, "PSI some avg10 %u.%02u%%, "
		    "full avg10 %u.%02u%%%s", r->psi->some.avg10 / 100,
		    r->psi->some.avg10 % 100, r->psi->full.avg10 / 100,
		    r->psi->full.avg10 % 100, r->advice ? ")" : "");
	else
		snprintf(buf + n, size - (size_t)n, "PSI some avg10 %u.%02u%%%s",
		    r->psi->some.avg10 / 100, r->psi->some.avg10 % 100,
		    r->advice ? ")" : "");
	return buf;
}

/* The distance between the lines of a picture's heading. */

/*
 * Draw at X, Y what R was read from, after PREFIX, in lines of at most
 * MAXW pixels, then how: kernel, page size, orders (W NULL: only count).
 * Returns the number of lines.
 */
long
source_lines(struct svgw *w, const struct report *r, const char *prefix,
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
const char *
counts_string(char *buf, size_t size, const struct report *r, int node,
    unsigned order)
{
	const struct avail *a = r->avail ? avail_find(r->avail, node, -1,
	    order) : NULL;
	struct outcome oc;
	char p[32];
	size_t n;

	buf[0] = '\0';
	if (a != NULL)
		hum_counts(buf, size, a->now, a->now_is_bound, a->after);
	if (node >= 0 || r->thp == NULL)
		return buf;
	outcome_of(r->thp, r->vm, OUTCOME_ANON, order, &oc);
	n = strlen(buf);
	if (oc.known && n < size && oc.alloc + oc.fallback == 0)
		snprintf(buf + n, size - n, "; no THP fault since boot");
	else if (oc.known && n < size)
		snprintf(buf + n, size - n, "; since boot %" PRIu64 " of %"
		    PRIu64 " THP faults fell back (%s)", oc.fallback,
		    oc.alloc + oc.fallback, hum_pct(p, sizeof(p), oc.fallback,
		    oc.alloc + oc.fallback));
	return buf;
}

/* The height of one row of the machine's line. */

/*
 * Draw the machine's verdicts for R at X, Y after the word LABEL, each
 * with its counts, then the pressure, in rows that end before MAXX (with
 * W NULL, only measure). Returns the number of rows.
 */
long
machine_line(struct svgw *w, const struct report *r, const char *label,
    long x, long y, long maxx)
{
	char l[48], s[160], v[96];
	long x0, wd, rows = 1;
	size_t j;

	if (w)
		svgr_text(w, x, y + 13, 13, NULL, "bold", label);
	/* Bold: a little wider than text_px() reserves for plain text. */
	x += text_px(label, 13) * 11 / 10 + 14;
	x0 = x;
	for (j = 0; j <= advice_lines(r); j++) {
		if (j < advice_lines(r)) {
			order_label(l, sizeof(l), r->advice->orders[j],
			    r->page_size);
			snprintf(v, sizeof(v), "%s: %s", l, advise_verdict_name(
			    advise_best(r->advice, -1, j)));
			counts_string(s, sizeof(s), r, -1,
			    r->advice->orders[j]);
			wd = text_px(v, 11) + 12 + 6 + text_px(s, 11) + 10;
		} else {
			pressure_string(s, sizeof(s), r);
			wd = 4 + text_px(s, 11);
		}
		/* A new row rather than past the picture's edge. */
		if (x > x0 && x + wd > maxx) {
			x = x0;
			y += MACHINE_ROW_H;
			rows++;
		}
		if (w && j < advice_lines(r)) {
			badge(w, x, y, l, advise_verdict_name(advise_best(
			    r->advice, -1, j)), NULL);
			svgr_text(w, x + text_px(v, 11) + 12 + 6, y + 13, 11, NULL,
			    NULL, s);
		} else if (w)
			svgr_text(w, x + 4, y + 13, 11, NULL, NULL, s);
		x += wd;
	}
	return rows;
}

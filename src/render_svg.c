/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg.c - pictures: one self-contained SVG of a snapshot, a comparison or a batch */
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "avail.h"
#include "humanize.h"
#include "outcome.h"
#include "replay.h"
#include "render_svg.h"
#include "report.h"
#include "svgw.h"

/*
 * The layout, in pixels. Every mark sits at absolute integer coordinates
 * (no transforms), so that a test can find a cell's pixels from its
 * attributes.
 */
#define MARGIN		16
#define LABEL_W		300	/* zone names, sizes, verdicts and counts */
#define CELL_W		48
#define CELL_H		34
#define BAR_H		32	/* free memory by order, 100% of the zone's */
#define PB_GAP		28
#define PB_W		240	/* pageblocks by migratetype */
#define MIN_W		980
#define NODE_HEAD_H	40
#define LINE_H		18
#define FONT		"sans-serif"

/* A colour as "#rrggbb". */
struct rgb {
	char	s[8];
};

/* Returns the colour R, G, B. */
static struct rgb
rgb(int r, int g, int b)
{
	struct rgb c;

	snprintf(c.s, sizeof(c.s), "#%02x%02x%02x", r & 0xff, g & 0xff,
	    b & 0xff);
	return c;
}

/*
 * The nine anchors of viridis (van der Walt and Smith, matplotlib's
 * default): perceptually uniform, readable by colour-blind readers and
 * ordered from dark to light in greyscale. Data, not a lookup trick.
 */
static const int viridis[9][3] = {
	{ 0x44, 0x01, 0x54 }, { 0x47, 0x2d, 0x7b }, { 0x3b, 0x52, 0x8b },
	{ 0x2c, 0x72, 0x8e }, { 0x21, 0x90, 0x8c }, { 0x27, 0xad, 0x81 },
	{ 0x5d, 0xc8, 0x63 }, { 0xaa, 0xdc, 0x32 }, { 0xfd, 0xe7, 0x25 },
};

/* Returns the colour of the index V (thousandths, clamped to 0..1000) on the viridis scale. */
static struct rgb
scale_color(int v)
{
	int seg, t, c[3], i;

	v = v < 0 ? 0 : v > 1000 ? 1000 : v;
	/* Linear between anchors, as the legend's gradient draws it. */
	seg = v * 8 / 1000;
	if (seg == 8)
		return rgb(viridis[8][0], viridis[8][1], viridis[8][2]);
	t = v * 8 - seg * 1000;
	for (i = 0; i < 3; i++)
		c[i] = viridis[seg][i] + ((viridis[seg + 1][i] -
		    viridis[seg][i]) * t + 500) / 1000;
	return rgb(c[0], c[1], c[2]);
}

/* Returns the text colour readable on scale_color(V). */
static const char *
scale_ink(int v)
{
	return v <= 450 ? "#ffffff" : "#000000";
}

/*
 * Returns the colour of a change D (thousandths, -1000..1000) on a
 * diverging blue (less unusable) to red (more) scale, white at 0.
 */
static struct rgb
diff_color(int d)
{
	static const int lo[3] = { 0x21, 0x66, 0xac }, mid[3] = { 0xf7,
	    0xf7, 0xf7 }, hi[3] = { 0xb2, 0x18, 0x2b };
	const int *end = d < 0 ? lo : hi;
	int t = abs(d) > 1000 ? 1000 : abs(d), c[3], i;

	for (i = 0; i < 3; i++)
		c[i] = mid[i] + ((end[i] - mid[i]) * t + 500) / 1000;
	return rgb(c[0], c[1], c[2]);
}

/*
 * Okabe and Ito's colour-blind safe palette, for the migratetypes in the
 * order pagetypeinfo lists them (Unmovable, Movable, Reclaimable, ...).
 */
static const char *const type_colors[FRAG_MAX_TYPES] = {
	"#d55e00", "#0072b2", "#009e73", "#cc79a7", "#e69f00", "#999999",
	"#56b4e9", "#f0e442",
};

/* Returns the colour of verdict name V; unknown states are grey. */
static const char *
verdict_color(const char *v)
{
	if (strcmp(v, "ok") == 0)
		return "#009e73";
	if (strcmp(v, "compact") == 0)
		return "#e69f00";
	if (strcmp(v, "reclaim") == 0)
		return "#d55e00";
	return "#bbbbbb";
}

/* Returns PART * PX / WHOLE rounded down, without overflowing. */
static long
scale(uint64_t part, uint64_t whole, long px)
{
	if (whole == 0)
		return 0;
	if (part <= UINT64_MAX / (uint64_t)px)
		return (long)(part * (uint64_t)px / whole);
	return (long)(part / (whole / (uint64_t)px + 1));
}

/* Open element NAME with the attributes K[0..3] set to V[0..3] and PAINT to COLOR; the caller closes it. */
static void
shape_open(struct svgw *w, const char *name, const char *const k[4],
    const long v[4], const char *paint, const char *color)
{
	int i;

	svg_open(w, name);
	for (i = 0; i < 4; i++)
		svg_attr_int(w, k[i], v[i]);
	svg_attr(w, paint, color);
}

/* Open a rect at X, Y of W by H filled with FILL; the caller closes it. */
void
svgr_rect_open(struct svgw *w, long x, long y, long wd, long ht,
    const char *fill)
{
	static const char *const k[4] = { "x", "y", "width", "height" };
	const long v[4] = { x, y, wd, ht };

	shape_open(w, "rect", k, v, "fill", fill);
}

/* Open a text element at X, Y of SIZE pixels; ANCHOR and WEIGHT may be NULL. */
void
svgr_text_open(struct svgw *w, long x, long y, int size, const char *anchor,
    const char *weight)
{
	svg_open(w, "text");
	svg_attr_int(w, "x", x);
	svg_attr_int(w, "y", y);
	svg_attr_int(w, "font-size", size);
	if (anchor)
		svg_attr(w, "text-anchor", anchor);
	if (weight)
		svg_attr(w, "font-weight", weight);
}

void
svgr_text(struct svgw *w, long x, long y, int size, const char *anchor,
    const char *weight, const char *s)
{
	svgr_text_open(w, x, y, size, anchor, weight);
	svg_text(w, s);
	svg_close(w);
}

/*
 * Returns at most how wide S (UTF-8) is at SIZE pixels in the generic
 * sans-serif face: 0.62 em a character, above the average of the faces
 * renderers pick (DejaVu Sans, Liberation Sans). Layout that must never
 * clip a label reserves this; tests/svg-bounds.py checks every label with
 * DejaVu Sans's own advances, and bold_px() measures names with them.
 */
static long
text_px(const char *s, long size)
{
	long n = 0;

	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return (n * size * 62 + 99) / 100;
}

/*
 * The advance of each printable ASCII character in DejaVu Sans Bold, in
 * thousandths of an em: the widest of the faces renderers pick for
 * sans-serif, so a bold name measured with it fits in any of them. Zone
 * names are up to 31 such characters, and 'W' is nearly twice text_px()'s
 * average; tests/svg-bounds.py checks with the same advances.
 */
static const unsigned short bold_em[95] = {
	348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415,
	380, 365, 696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400,
	838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372,
	372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103,
	771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678,
	435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595,
	478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
};

/* Returns how wide S is in bold at SIZE pixels; other than ASCII, 1 em a character. */
static long
bold_px(const char *s, long size)
{
	long n = 0;

	for (; *s; s++)
		if ((unsigned char)*s >= 0x20 && (unsigned char)*s < 0x7f)
			n += bold_em[(unsigned char)*s - 0x20];
		else if (((unsigned char)*s & 0xc0) != 0x80)
			n += 1000;
	return (n * size + 999) / 1000;
}

/* Returns the bytes of the first N characters (UTF-8) of S, at most all. */
static size_t
chars_bytes(const char *s, long n)
{
	size_t b = 0;

	while (s[b] && n-- > 0)
		do
			b++;
		while (((unsigned char)s[b] & 0xc0) == 0x80);
	return b;
}

long
svgr_text_wrap(struct svgw *w, long x, long y, int size, long maxw,
    long line_h, const char *prefix, const char *s)
{
	char line[1024];
	long room, lines = 0, cut;
	size_t n, k;

	for (;;) {
		room = (maxw - (lines ? 0 : text_px(prefix, size))) * 100 /
		    ((long)size * 62);
		room = room < 8 ? 8 : room > 200 ? 200 : room;
		n = chars_bytes(s, room);
		/* Not the last line: break after a '/' or space in its second half. */
		if (s[n] != '\0') {
			cut = -1;
			for (k = n; k > n / 2; k--)
				if (s[k - 1] == '/' || s[k - 1] == ' ') {
					cut = (long)k;
					break;
				}
			if (cut > 0)
				n = (size_t)cut;
		}
		if (w) {
			snprintf(line, sizeof(line), "%s%.*s", lines ? "" : prefix,
			    (int)n, s);
			svgr_text(w, x, y + lines * line_h, size, NULL, NULL, line);
		}
		lines++;
		s += n;
		if (*s == '\0')
			return lines;
	}
}

/* Open a line from X1, Y1 to X2, Y2 in COLOR; the caller closes it. */
static void
line_open(struct svgw *w, long x1, long y1, long x2, long y2,
    const char *color)
{
	static const char *const k[4] = { "x1", "y1", "x2", "y2" };
	const long v[4] = { x1, y1, x2, y2 };

	shape_open(w, "line", k, v, "stroke", color);
}

/* A whole line from X1, Y1 to X2, Y2 in COLOR. */
static void
line(struct svgw *w, long x1, long y1, long x2, long y2, const char *color)
{
	line_open(w, x1, y1, x2, y2, color);
	svg_close(w);
}

/* Start the document: W by H pixels on white, in a generic font. */
void
svgr_begin(struct svgw *w, long wd, long ht, const char *title)
{
	svg_open(w, "svg");
	svg_attr(w, "xmlns", "http://www.w3.org/2000/svg");
	svg_attr_int(w, "width", wd);
	svg_attr_int(w, "height", ht);
	svg_open(w, "title");
	svg_text(w, title);
	svg_close(w);
	svgr_rect_open(w, 0, 0, wd, ht, "#ffffff");
	svg_close(w);
	svg_open(w, "g");
	svg_attr(w, "font-family", FONT);
	svg_attr(w, "fill", "#222222");
}

/* End the document and flush it; an unbalanced document is a bug here. */
void
svgr_end(struct svgw *w)
{
	svg_close(w);
	svg_close(w);
	if (svg_finish(w) != 0)
		abort();
}

void
svgr_zone_words(struct svgw *w, unsigned node, const char *name)
{
	svg_text(w, "Node ");
	svg_text_int(w, node);
	svg_text(w, ", zone ");
	svg_text(w, name);
}

/* Write index V (thousandths) as the JSON prints it: "0.618", or null (REPLAY_NONE). */
static void
index_words(struct svgw *w, int v)
{
	if (v == REPLAY_NONE)
		svg_text(w, "null");
	else
		svg_text_fixed(w, v, 3);
}

/*
 * The words of a cell's title after the zone's: the unusable index U and
 * the fragmentation index F at order O as the JSON prints them, PREFIX
 * ("" or "max ") before each.
 */
static void
order_words(struct svgw *w, unsigned o, int u, int f, const char *prefix)
{
	svg_text(w, ", order ");
	svg_text_int(w, o);
	svg_text(w, ": unusable ");
	svg_text(w, prefix);
	index_words(w, u);
	svg_text(w, ", fragmentation ");
	svg_text(w, prefix);
	index_words(w, f);
}

/* The words of a snapshot cell's title. */
static void
cell_title_words(struct svgw *w, const struct bzone *z, const struct frag *f,
    unsigned o)
{
	svgr_zone_words(w, z->node, z->name);
	order_words(w, o, f->unusable[o], f->fragindex[o], "");
}

/* The title of a snapshot cell. */
static void
cell_title(struct svgw *w, const struct bzone *z, const struct frag *f,
    unsigned o)
{
	svg_open(w, "title");
	cell_title_words(w, z, f, o);
	svg_close(w);
}

/*
 * Draw zone I of R at X, Y: a cell per order coloured by the unusable
 * index, marked with the fragmentation index where no block is large
 * enough, and under it the free memory by order as bars.
 */
static void
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
static void
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
static long
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
static void
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
static const char *
order_label(char *buf, size_t size, unsigned o, unsigned long page_size)
{
	char s[32];

	snprintf(buf, size, "order %u (%s)", o, hum_size(s, sizeof(s),
	    1ULL << o, page_size));
	return buf;
}

/* Returns how many lines of advice a zone's label holds. */
static size_t
advice_lines(const struct report *r)
{
	return r->advice ? r->advice->norders : 0;
}

/* Returns the height of a zone's row with LINES lines of advice. */
static long
zone_h(size_t lines)
{
	long cells = CELL_H + 4 + BAR_H, label = 36 + LINE_H * (long)lines;

	return (cells > label ? cells : label) + 18;
}

/*
 * Returns the width of the column of R's zone labels: LABEL_W, or more
 * where a zone's name (14 pixels, bold, 10 in) needs it.
 */
static long
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
static void
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
static void
order_heads(struct svgw *w, const struct report *r, long x, long y)
{
	char s[32];
	unsigned o;
	size_t j;

	for (o = 0; o < r->bi->norders; o++) {
		for (j = 0; r->advice && j < r->advice->norders; j++)
			if (r->advice->orders[j] == o) {
				svgr_rect_open(w, x + (long)o * CELL_W, y,
				    CELL_W - 2, 30, "#e4e4e4");
				svg_close(w);
			}
		svgr_text_open(w, x + (long)o * CELL_W + CELL_W / 2 - 1, y + 13,
		    12, "middle", "bold");
		svg_text_int(w, o);
		svg_close(w);
		svgr_text(w, x + (long)o * CELL_W + CELL_W / 2 - 1, y + 26, 9,
		    "middle", NULL, hum_size(s, sizeof(s), 1ULL << o,
		    r->page_size));
	}
}

/* Returns the height of a node's heading with LINES lines of advice. */
static long
node_h(size_t lines)
{
	long h = 34 + LINE_H * (long)lines;

	return h > 40 ? h : 40;
}

/* Draw the heading of NODE at Y: its name and its verdicts, ending before MAXX. */
static void
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
static size_t
node_count(const struct report *r)
{
	size_t i, n = 0;

	for (i = 0; i < r->bi->nzones; i++)
		n += i == 0 || r->bi->zones[i].node != r->bi->zones[i - 1].node;
	return n;
}

/* The width of the legend's colour bar, and the height of the legend. */
#define LEGEND_W	300
#define LEGEND_H	84

/*
 * Draw a legend at X, Y: TITLE, a bar of the gradient ID through the NSTOPS
 * colours STOPS (evenly spaced) framed in STROKE (NULL: none), NTICKS
 * evenly spaced TICKS under it, and two lines of words, LINE1 and LINE2.
 */
static void
gradient_legend(struct svgw *w, long x, long y, const char *title,
    const char *id, const struct rgb *stops, int nstops, const char *stroke,
    const char *const *ticks, int nticks, const char *line1,
    const char *line2)
{
	char off[8], url[32];
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
static void
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
static void
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
#define HEAD_H	100

/*
 * Returns BUF holding R's memory pressure: "memory pressure calm (PSI some
 * avg10 P%, full avg10 P%)", or that PSI was not read.
 */
static const char *
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
#define HEAD_LINE_H	16

/*
 * Draw at X, Y what R was read from, after PREFIX, in lines of at most
 * MAXW pixels, then how: kernel, page size, orders (W NULL: only count).
 * Returns the number of lines.
 */
static long
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
static const char *
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
#define MACHINE_ROW_H	22

/*
 * Draw the machine's verdicts for R at X, Y after the word LABEL, each
 * with its counts, then the pressure, in rows that end before MAXX (with
 * W NULL, only measure). Returns the number of rows.
 */
static long
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

void
render_svg(FILE *fp, const struct report *r)
{
	struct svgw w;
	long width, height, y, left = MARGIN + label_w(r), head, src;
	size_t i;

	width = left + (long)r->bi->norders * CELL_W + MARGIN +
	    (r->pti ? PB_GAP + PB_W : 0);
	if (width < MIN_W)
		width = MIN_W;
	src = source_lines(NULL, r, "", MARGIN, 50, width - 2L * MARGIN);
	head = HEAD_H + (src - 1) * HEAD_LINE_H + (machine_line(NULL, r,
	    "Machine", MARGIN, 0, width - MARGIN) - 1) * MACHINE_ROW_H;
	height = head + LEGEND_H + 12 + (long)node_count(r) *
	    node_h(advice_lines(r)) + (long)r->bi->nzones *
	    zone_h(advice_lines(r)) + MARGIN;
	svg_init(&w, fp);
	svgr_begin(&w, width, height, "fragstat: memory fragmentation");
	svgr_text(&w, MARGIN, 28, 20, NULL, "bold",
	    "Memory fragmentation by zone and order");
	source_lines(&w, r, "", MARGIN, 50, width - 2L * MARGIN);
	machine_line(&w, r, "Machine", MARGIN, 64 + (src - 1) * HEAD_LINE_H,
	    width - MARGIN);
	legend(&w, r, head, true);
	y = head + LEGEND_H + 12;
	for (i = 0; i < r->bi->nzones; i++) {
		if (i == 0 || r->bi->zones[i].node != r->bi->zones[i - 1].node) {
			line(&w, MARGIN, y, width - MARGIN, y, "#999999");
			node_head(&w, r, r->bi->zones[i].node, y, left - 8);
			order_heads(&w, r, left, y + 6);
			y += node_h(advice_lines(r));
		}
		zone_label(&w, r, i, MARGIN + 10, y, left - 8);
		zone_cells(&w, r, i, left, y);
		pageblocks(&w, r, i, left + (long)r->bi->norders * CELL_W +
		    PB_GAP, y + 8);
		y += zone_h(advice_lines(r));
	}
	svgr_end(&w);
}

/*
 * A comparison stacks a zone's A, B and change rows, each PANEL_H below
 * the last, after a column of TAG_W for their names.
 */
#define PANEL_H		(CELL_H + 4 + BAR_H + 10)
#define TAG_W		48

/* Returns the height of a zone in a comparison with LINES lines of badges. */
static long
compare_zone_h(size_t lines)
{
	long cells = 2 * PANEL_H + CELL_H, label = 36 + LINE_H * (long)lines;

	return (cells > label ? cells : label) + 18;
}

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
		svgr_rect_open(w, cx, y, CELL_W - 2, CELL_H, diff_color(d).s);
		svg_attr(w, "stroke", "#cccccc");
		svg_open(w, "title");
		svgr_zone_words(w, a->bi->zones[i].node,
		    a->bi->zones[i].name);
		svg_text(w, ", order ");
		svg_text_int(w, o);
		svg_text(w, ": unusable ");
		svg_text_fixed(w, fa->unusable[o], 3);
		svg_text(w, " -> ");
		svg_text_fixed(w, fb->unusable[o], 3);
		svg_text(w, d > 0 ? " (+" : " (");
		svg_text_fixed(w, d, 3);
		svg_text(w, "), fragmentation ");
		svg_text_fixed(w, fa->fragindex[o], 3);
		svg_text(w, " -> ");
		svg_text_fixed(w, fb->fragindex[o], 3);
		svg_close(w);
		svg_close(w);
		svgr_text_open(w, cx + CELL_W / 2 - 1, y + 21, 11, "middle",
		    NULL);
		svg_attr(w, "fill", abs(d) > 600 ? "#ffffff" : "#000000");
		svg_text(w, d > 0 ? "+" : "");
		svg_text_fixed(w, d, 3);
		svg_close(w);
	}
}

/* Draw the legend of the change at X, Y. */
static void
diff_legend(struct svgw *w, long x, long y)
{
	static const char *const ticks[] = { "-1", "0", "+1" };
	struct rgb stops[3];
	int i;

	for (i = 0; i <= 2; i++)
		stops[i] = diff_color(i * 1000 - 1000);
	gradient_legend(w, x, y, "Change of the unusable index, B - A",
	    "change", stops, 3, "#999999", ticks, 3,
	    "blue: less free memory unusable in B (better);",
	    "red: more (worse)");
}

/* Draw the verdict lines of zone I of R (-1: none) at X, Y, labelled TAG. */
static void
compare_badges(struct svgw *w, const struct report *r, long i, int node,
    const char *tag, long x, long y)
{
	char l[64], o[48], why[256];
	const struct zadvice *a;
	size_t j;

	for (j = 0; j < advice_lines(r); j++) {
		snprintf(l, sizeof(l), "%s %s", tag, order_label(o, sizeof(o),
		    r->advice->orders[j], r->page_size));
		if (i < 0 && node < 0)
			continue;
		if (i < 0) {
			badge(w, x, y + (long)j * 2 * LINE_H, l,
			    advise_verdict_name(advise_best(r->advice, node, j)),
			    NULL);
			continue;
		}
		a = advise_at(r->advice, (size_t)i, j);
		badge(w, x, y + (long)j * 2 * LINE_H, l, a ?
		    advise_verdict_word(a->verdict) : "not used", a ?
		    advice_sentence(why, sizeof(why), r, a) :
		    "allocations of this kind do not use this zone");
	}
}

/* Draw zone I of R at X, Y in a comparison, named TAG, or say that R lacks it. */
static void
compare_panel(struct svgw *w, const struct report *r, long i, const char *tag,
    long x, long y)
{
	svgr_text(w, x - 8, y + 21, 12, "end", "bold", tag);
	if (i >= 0)
		zone_cells(w, r, (size_t)i, x, y);
	else
		svgr_text(w, x + 8, y + 21, 12, NULL, NULL,
		    "not in this snapshot");
}

void
render_svg_compare(FILE *fp, const struct report *a, const struct report *b)
{
	struct svgw w;
	long lw = label_w(a) > label_w(b) ? label_w(a) : label_w(b);
	long left = MARGIN + lw + TAG_W, width, height, y, ia, ib, rows_a;
	long top, src_a, src_b, y_b, y_m;
	size_t i, nrows = 0, lines = 2 * advice_lines(a);
	const struct bzone *z;
	char s1[32], s2[32];
	long *rows;
	bool head;

	width = left + (long)a->bi->norders * CELL_W + MARGIN;
	if (width < MIN_W)
		width = MIN_W;
	/* Rows: A's zones with their match in B, then B's zones A lacks. */
	if ((rows = calloc(2 * (a->bi->nzones + b->bi->nzones),
	    sizeof(*rows))) == NULL)
		abort();
	for (i = 0; i < a->bi->nzones; i++) {
		rows[2 * nrows] = (long)i;
		rows[2 * nrows++ + 1] = compare_match(&a->bi->zones[i], i, b);
	}
	for (i = 0; i < b->bi->nzones; i++)
		if (compare_match(&b->bi->zones[i], i, a) < 0) {
			rows[2 * nrows] = -1;
			rows[2 * nrows++ + 1] = (long)i;
		}
	src_a = source_lines(NULL, a, "A: ", MARGIN, 0, width - 2L * MARGIN);
	src_b = source_lines(NULL, b, "B: ", MARGIN, 0, width - 2L * MARGIN);
	rows_a = machine_line(NULL, a, "Machine A", MARGIN, 0, width - MARGIN);
	top = HEAD_H + 40 + (src_a + src_b - 2) * HEAD_LINE_H + (rows_a - 1 +
	    machine_line(NULL, b, "Machine B", MARGIN, 0, width - MARGIN) - 1) *
	    MACHINE_ROW_H;
	height = top + 2 * LEGEND_H + 12 + MARGIN;
	for (i = 0; i < nrows; i++) {
		ia = rows[2 * i];
		z = ia >= 0 ? &a->bi->zones[ia] : &b->bi->zones[rows[2 * i + 1]];
		if (i == 0 || (rows[2 * i - 2] >= 0 ? a->bi->zones[rows[2 * i -
		    2]].node : b->bi->zones[rows[2 * i - 1]].node) != z->node)
			height += node_h(lines);
		height += compare_zone_h(lines);
	}
	/* A's lines, B's 2 pixels below, the machines' 14 below B's last. */
	y_b = 50 + src_a * HEAD_LINE_H + 2;
	y_m = y_b + (src_b - 1) * HEAD_LINE_H + 14;
	svg_init(&w, fp);
	svgr_begin(&w, width, height, "fragstat: two snapshots compared");
	svgr_text(&w, MARGIN, 28, 20, NULL, "bold",
	    "Memory fragmentation: snapshot A, snapshot B and the change");
	source_lines(&w, a, "A: ", MARGIN, 50, width - 2L * MARGIN);
	source_lines(&w, b, "B: ", MARGIN, y_b, width - 2L * MARGIN);
	machine_line(&w, a, "Machine A", MARGIN, y_m, width - MARGIN);
	machine_line(&w, b, "Machine B", MARGIN, y_m + rows_a * MACHINE_ROW_H,
	    width - MARGIN);
	/* The comparison draws no pageblock bars: no legend for them. */
	legend(&w, a, top, false);
	diff_legend(&w, MARGIN, top + LEGEND_H);
	y = top + 2 * LEGEND_H + 12;
	for (i = 0; i < nrows; i++) {
		ia = rows[2 * i];
		ib = rows[2 * i + 1];
		z = ia >= 0 ? &a->bi->zones[ia] : &b->bi->zones[ib];
		head = i == 0 || (rows[2 * i - 2] >= 0 ?
		    a->bi->zones[rows[2 * i - 2]].node :
		    b->bi->zones[rows[2 * i - 1]].node) != z->node;
		if (head) {
			line(&w, MARGIN, y, width - MARGIN, y, "#999999");
			svgr_text_open(&w, MARGIN, y + 21, 15, NULL, "bold");
			svg_text(&w, "Node ");
			svg_text_int(&w, z->node);
			svg_close(&w);
			compare_badges(&w, a, -1, (int)z->node, "A", MARGIN,
			    y + 30);
			compare_badges(&w, b, -1, (int)z->node, "B", MARGIN,
			    y + 30 + LINE_H);
			order_heads(&w, a, left, y + 6);
			y += node_h(lines);
		}
		svgr_text_open(&w, MARGIN + 10, y + 13, 14, NULL, "bold");
		svg_text(&w, z->name);
		svg_close(&w);
		svgr_text_open(&w, MARGIN + 10, y + 29, 11, NULL, NULL);
		svg_text(&w, ia >= 0 ? hum_size(s1, sizeof(s1),
		    a->frag[ia].free_pages, a->page_size) : "-");
		svg_text(&w, " -> ");
		svg_text(&w, ib >= 0 ? hum_size(s2, sizeof(s2),
		    b->frag[ib].free_pages, b->page_size) : "-");
		svg_text(&w, " free");
		svg_close(&w);
		compare_badges(&w, a, ia, -1, "A", MARGIN + 10, y + 36);
		compare_badges(&w, b, ib, -1, "B", MARGIN + 10, y + 36 +
		    LINE_H);
		/* A above B above the change: an order's three cells in one column. */
		compare_panel(&w, a, ia, "A", left, y);
		compare_panel(&w, b, ib, "B", left, y + PANEL_H);
		svgr_text(&w, left - 8, y + 2 * PANEL_H + 21, 12, "end", "bold",
		    "B - A");
		if (ia >= 0 && ib >= 0)
			diff_cells(&w, a, (size_t)ia, b, (size_t)ib, left,
			    y + 2 * PANEL_H);
		else
			svgr_text(&w, left + 8, y + 2 * PANEL_H + 21, 12, NULL,
			    NULL, "no change: the zone is in one snapshot only");
		y += compare_zone_h(lines);
	}
	free(rows);
	svgr_end(&w);
}

/* The batch layout: the heatmap's rows, the charts' height, the y labels. */
#define HEAT_H		14
#define CHART_H		64
#define AXIS_W		96

/*
 * Snapshots over time, drawn column by column: the N snapshots of a batch
 * (R), or the samples of a recording (REC), PER of them in a column.
 */
struct timeline {
	const struct report	*r;
	size_t			 n;	/* columns */
	long			 left, cw;	/* the time axis: x of column 0, step */
	unsigned		 norders;	/* a batch: the most of any snapshot */
	const struct replay	*rec;
	size_t			 per;
};

/* Returns the x of the centre of column K. */
static long
tl_x(const struct timeline *b, size_t k)
{
	return b->left + (long)k * b->cw + b->cw / 2;
}

/* Open the rect of column K in a heatmap's row at Y, filled with FILL; the caller closes it. */
static void
heat_cell_open(struct svgw *w, const struct timeline *b, size_t k, long y,
    const char *fill)
{
	svgr_rect_open(w, b->left + (long)k * b->cw, y, b->cw > 2 ? b->cw - 1 :
	    b->cw, HEAT_H - 1, fill);
}

/* Write the label of order O left of a heatmap's row at Y. */
static void
heat_label(struct svgw *w, const struct timeline *b, long y, unsigned o)
{
	char s[32];

	snprintf(s, sizeof(s), "order %u", o);
	svgr_text(w, b->left - 6, y + 11, 9, "end", NULL, s);
}

/* Returns the index of zone Z in snapshot K, or -1. */
static long
batch_zone(const struct timeline *b, size_t k, const struct bzone *z, size_t hint)
{
	return compare_match(z, hint, &b->r[k]);
}

/* Returns the order whose blocks are pageblocks in snapshot R (9 when unknown). */
static unsigned
batch_pbo(const struct report *r)
{
	unsigned o = r->pti ? r->pti->pageblock_order : 9;

	return o < r->bi->norders ? o : r->bi->norders - 1;
}

/* Write "SNAPSHOT: " for the title of a mark of snapshot K. */
static void
snap_words(struct svgw *w, const struct timeline *b, size_t k)
{
	svg_text(w, b->r[k].snapshot ? b->r[k].snapshot : "-");
	svg_text(w, ": ");
}

/*
 * Draw the time axis under a chart at Y: snapshot numbers from 1, or the
 * time of day (UTC) of the first sample of a recording's column.
 */
static void
time_axis(struct svgw *w, const struct timeline *b, long y)
{
	size_t k, step = 1;
	const char *t;
	/* Columns less than a second apart: the milliseconds too, when recorded. */
	bool ms = b->rec && (unsigned long)b->rec->interval_ms * b->per < 1000;
	long room = b->rec ? ms ? 84 : 64 : 40;
	char s[24];

	/* A label every ROOM pixels or so. */
	while ((long)step * b->cw < room)
		step = step < 5 ? 5 : step * 2;
	for (k = 0; k < b->n; k += step) {
		if (b->rec) {
			/* "2026-12-04T06:14:21.614Z" or "...T06:14:21Z". */
			t = b->rec->series->s[k * b->per].time;
			snprintf(s, sizeof(s), "%.8s%.4s", strlen(t) > 11 ?
			    t + 11 : "", ms && strlen(t) > 23 && t[19] == '.' ?
			    t + 19 : "");
		} else
			snprintf(s, sizeof(s), "%zu", k + 1);
		svgr_text(w, tl_x(b, k), y + 11, 9, "middle", NULL, s);
	}
}

/* The height of a chart with its caption and time axis. */
#define CHART_BLOCK	(18 + CHART_H + 16)

/*
 * Draw the caption NAME of a chart at Y, its frame under it with the
 * value TOP at its top, and the time axis. Returns the y of the frame.
 */
static long
chart_frame(struct svgw *w, const struct timeline *b, long y, const char *name,
    const char *top, const char *bottom)
{
	long x1 = b->left + (long)b->n * b->cw;

	svgr_text(w, b->left, y + 12, 11, NULL, "bold", name);
	y += 18;
	svgr_rect_open(w, b->left, y, x1 - b->left, CHART_H, "#f7f7f7");
	svg_attr(w, "stroke", "#cccccc");
	svg_close(w);
	svgr_text(w, b->left - 6, y + 9, 10, "end", NULL, top);
	svgr_text(w, b->left - 6, y + CHART_H, 10, "end", NULL, bottom);
	time_axis(w, b, y + CHART_H + 2);
	return y;
}

/* One point of a line chart: a dot at X, Y of COLOR, the caller writes its title and closes it. */
static void
point_open(struct svgw *w, long x, long y, const char *color)
{
	svg_open(w, "circle");
	svg_attr_int(w, "cx", x);
	svg_attr_int(w, "cy", y);
	svg_attr_int(w, "r", 3);
	svg_attr(w, "fill", color);
}

/* Returns the y of V on a chart at Y from LO at its foot to TOP at its top. */
static long
chart_y(long y, uint64_t v, uint64_t lo, uint64_t top)
{
	return y + CHART_H - scale(v > lo ? v - lo : 0, top - lo, CHART_H);
}

/*
 * Draw a line chart at Y of the values V[0..N) (HAVE[k] false: no value)
 * in COLOR with DASH (NULL: solid). Only the segments; the points follow.
 */
static void
chart_line(struct svgw *w, const struct timeline *b, long y, const uint64_t *v,
    const bool *have, uint64_t lo, uint64_t top, const char *color,
    const char *dash)
{
	size_t k;

	for (k = 1; k < b->n; k++) {
		if (!have[k - 1] || !have[k])
			continue;
		line_open(w, tl_x(b, k - 1), chart_y(y, v[k - 1], lo, top),
		    tl_x(b, k), chart_y(y, v[k], lo, top), color);
		svg_attr_int(w, "stroke-width", 2);
		if (dash)
			svg_attr(w, "stroke-dasharray", dash);
		svg_close(w);
	}
}
/* Draw the machine's verdict for its first advice order in every snapshot at Y. */
static void
batch_verdicts(struct svgw *w, const struct timeline *b, long y)
{
	const struct report *r;
	const char *v;
	char l[48];
	size_t k;

	static const char *const key[] = { "ok", "compact", "reclaim",
	    "unknown" };
	long x;

	svgr_text(w, b->left, y + 12, 11, NULL, "bold",
	    "Machine verdict (first advice order)");
	/* The key: a swatch of each verdict's colour and its word. */
	x = b->left + text_px("Machine verdict (first advice order)", 11) *
	    11 / 10 + 16;
	for (k = 0; k < sizeof(key) / sizeof(key[0]); k++) {
		svgr_rect_open(w, x, y + 3, 10, 10, verdict_color(key[k]));
		svg_close(w);
		svgr_text(w, x + 14, y + 12, 10, NULL, NULL, key[k]);
		x += 14 + text_px(key[k], 10) + 12;
	}
	for (k = 0; k < b->n; k++) {
		r = &b->r[k];
		if (r->advice == NULL || r->advice->norders == 0)
			continue;
		v = advise_verdict_name(advise_best(r->advice, -1, 0));
		svgr_rect_open(w, b->left + (long)k * b->cw, y + 18, b->cw > 2 ?
		    b->cw - 1 : b->cw, 14, verdict_color(v));
		svg_open(w, "title");
		snap_words(w, b, k);
		svg_text(w, "machine, ");
		svg_text(w, order_label(l, sizeof(l), r->advice->orders[0],
		    r->page_size));
		svg_text(w, ": ");
		svg_text(w, v);
		svg_close(w);
		svg_close(w);
	}
	time_axis(w, b, y + 33);
}

/* Draw the PSI stall share (some and full avg10) of every snapshot at Y. */
static void
batch_psi(struct svgw *w, const struct timeline *b, long y, uint64_t *v,
    bool *have)
{
	uint64_t top = 1000;	/* 10%: calm machines keep a readable scale */
	const struct psi *p;
	char s[32];
	size_t k;
	int f;

	for (k = 0; k < b->n; k++)
		if ((p = b->r[k].psi) != NULL && p->some.avg10 > top)
			top = p->some.avg10;
	snprintf(s, sizeof(s), "%u.%02u%%", (unsigned)(top / 100),
	    (unsigned)(top % 100));
	y = chart_frame(w, b, y, "Memory stall share, PSI avg10: some "
	    "(solid), full (dashed)", s, "0");
	for (f = 0; f < 2; f++) {
		for (k = 0; k < b->n; k++) {
			p = b->r[k].psi;
			have[k] = p && (f ? p->full.present : p->some.present);
			v[k] = have[k] ? (f ? p->full.avg10 : p->some.avg10) : 0;
		}
		chart_line(w, b, y, v, have, 0, top, f ? "#e69f00" :
		    "#0072b2", f ? "5 3" : NULL);
		for (k = 0; k < b->n; k++) {
			if (!have[k])
				continue;
			point_open(w, tl_x(b, k), chart_y(y, v[k], 0, top),
			    f ? "#e69f00" : "#0072b2");
			svg_open(w, "title");
			snap_words(w, b, k);
			svg_text(w, f ? "full avg10 " : "some avg10 ");
			svg_text_fixed(w, (long long)v[k], 2);
			svg_text(w, "%");
			svg_close(w);
			svg_close(w);
		}
	}
}

/* Draw zone Z (at HINT in its first snapshot) over time at Y: heatmap and charts. */
static void
batch_zone_block(struct svgw *w, const struct timeline *b, const struct bzone *z,
    size_t hint, long y, uint64_t *v, bool *have)
{
	const struct report *r;
	char s[32], name[64];
	uint64_t top;
	long zi, row;
	unsigned o, pbo = batch_pbo(&b->r[0]);
	size_t k;
	int c;

	line(w, MARGIN, y, b->left + (long)b->n * b->cw, y, "#999999");
	svgr_text_open(w, MARGIN, y + 18, 14, NULL, "bold");
	svgr_zone_words(w, z->node, z->name);
	svg_close(w);
	y += 26;
	for (o = b->norders; o-- > 0;) {
		row = y + (long)(b->norders - 1 - o) * HEAT_H;
		heat_label(w, b, row, o);
		for (k = 0; k < b->n; k++) {
			r = &b->r[k];
			zi = batch_zone(b, k, z, hint);
			heat_cell_open(w, b, k, row, zi < 0 ||
			    o >= r->bi->norders ? "#dddddd" :
			    scale_color(r->frag[zi].unusable[o]).s);
			svg_open(w, "title");
			snap_words(w, b, k);
			if (zi < 0 || o >= r->bi->norders) {
				svg_text(w, "no such zone or order");
			} else
				cell_title_words(w, z, &r->frag[zi], o);
			svg_close(w);
			svg_close(w);
		}
	}
	y += (long)b->norders * HEAT_H;
	time_axis(w, b, y);
	y += 16;
	/* Free memory, then free pageblock-sized blocks. */
	for (c = 0; c < 2; c++) {
		top = 0;
		for (k = 0; k < b->n; k++) {
			zi = batch_zone(b, k, z, hint);
			r = &b->r[k];
			have[k] = zi >= 0 && (c == 0 || pbo < r->bi->norders);
			v[k] = !have[k] ? 0 : c == 0 ? r->frag[zi].free_pages :
			    r->frag[zi].suitable[pbo];
			if (v[k] > top)
				top = v[k];
		}
		if (c == 0) {
			hum_size(s, sizeof(s), top, b->r[0].page_size);
			y = chart_frame(w, b, y, "Free memory", s, "0");
		} else {
			snprintf(s, sizeof(s), "%llu", (unsigned long long)top);
			snprintf(name, sizeof(name), "Free pageblocks "
			    "(order %u)", pbo);
			y = chart_frame(w, b, y, name, s, "0");
		}
		chart_line(w, b, y, v, have, 0, top ? top : 1, "#0072b2", NULL);
		for (k = 0; k < b->n; k++) {
			if (!have[k])
				continue;
			point_open(w, tl_x(b, k), chart_y(y, v[k], 0, top ? top :
			    1), "#0072b2");
			svg_open(w, "title");
			snap_words(w, b, k);
			svgr_zone_words(w, z->node, z->name);
			svg_text(w, c == 0 ? ": free_pages " : ": suitable_blocks ");
			svg_text_int(w, (long long)v[k]);
			if (c == 0) {
				svg_text(w, " (");
				svg_text(w, hum_size(s, sizeof(s), v[k],
				    b->r[k].page_size));
				svg_text(w, ")");
			} else {
				svg_text(w, " of order ");
				svg_text_int(w, pbo);
			}
			svg_close(w);
			svg_close(w);
		}
		y += CHART_H + 16;
	}
}

/* The height of one zone's block in a batch of NORDERS orders. */
static long
batch_zone_h(unsigned norders)
{
	return 26 + (long)norders * HEAT_H + 16 + 2L * CHART_BLOCK + 12;
}

/*
 * Draw the batch's first and last snapshot R[0] and R[N - 1], and how to
 * read the x axis, from y 50 in a picture WIDTH wide (W NULL: only
 * count). Returns the number of lines.
 */
static long
batch_names(struct svgw *w, const struct report *r, size_t n, long width)
{
	long k;

	k = svgr_text_wrap(w, MARGIN, 50, 12, width - 2L * MARGIN, HEAD_LINE_H,
	    "From ", r[0].snapshot ? r[0].snapshot : "-");
	k += svgr_text_wrap(w, MARGIN, 50 + k * HEAD_LINE_H, 12, width - 2L *
	    MARGIN, HEAD_LINE_H, "to ", r[n - 1].snapshot ? r[n - 1].snapshot :
	    "-");
	return k + svgr_text_wrap(w, MARGIN, 50 + k * HEAD_LINE_H, 12, width -
	    2L * MARGIN, HEAD_LINE_H, "", "in the order given; x: snapshot "
	    "number (tooltips name each)");
}

void
render_svg_batch(FILE *fp, const struct report *r, size_t n)
{
	struct timeline b = { r, n, MARGIN + AXIS_W, 0, 0, NULL, 1 };
	const struct bzone **zones;
	size_t *hint, nz = 0, k, i, j, total = 0;
	long width, height, y, head;
	struct svgw w;
	uint64_t *v;
	bool *have;

	if (n == 0)
		return;
	for (k = 0; k < n; k++) {
		total += r[k].bi->nzones;
		if (r[k].bi->norders > b.norders)
			b.norders = r[k].bi->norders;
	}
	zones = calloc(total, sizeof(const struct bzone *));
	hint = calloc(total, sizeof(*hint));
	v = calloc(n, sizeof(*v));
	have = calloc(n, sizeof(*have));
	if (zones == NULL || hint == NULL || v == NULL || have == NULL)
		abort();
	/* Every zone of every snapshot once, in the order first seen. */
	for (k = 0; k < n; k++)
		for (i = 0; i < r[k].bi->nzones; i++) {
			for (j = 0; j < nz; j++)
				if (zones[j]->node == r[k].bi->zones[i].node &&
				    strcmp(zones[j]->name,
				    r[k].bi->zones[i].name) == 0)
					break;
			if (j == nz) {
				zones[nz] = &r[k].bi->zones[i];
				hint[nz++] = i;
			}
		}
	/* The columns fill the picture's least width, however few. */
	b.cw = (MIN_W - b.left - MARGIN) / (long)n;
	b.cw = b.cw < 4 ? 4 : b.cw;
	width = b.left + (long)n * b.cw + MARGIN;
	if (width < MIN_W)
		width = MIN_W;
	/* The lines naming the first and last snapshot, each whole. */
	head = (batch_names(NULL, r, n, width) - 1) * HEAD_LINE_H;
	height = head + 150 + 50 + CHART_BLOCK + (long)nz *
	    batch_zone_h(b.norders) + MARGIN;
	svg_init(&w, fp);
	svgr_begin(&w, width, height, "fragstat: snapshots over time");
	svgr_text_open(&w, MARGIN, 28, 20, NULL, "bold");
	svg_text(&w, "Memory fragmentation over ");
	svg_text_int(&w, (long long)n);
	svg_text(&w, " snapshots");
	svg_close(&w);
	batch_names(&w, r, n, width);
	scale_legend(&w, MARGIN, 64 + head);
	y = 150 + head;
	batch_verdicts(&w, &b, y);
	y += 50;
	batch_psi(&w, &b, y, v, have);
	y += CHART_BLOCK;
	for (i = 0; i < nz; i++) {
		batch_zone_block(&w, &b, zones[i], hint[i], y, v, have);
		y += batch_zone_h(b.norders);
	}
	svgr_end(&w);
	free(zones);
	free(hint);
	free(v);
	free(have);
}

/*
 * Recordings. A column is PER whole samples: one sample while they fit in
 * REC_COLS columns, else buckets of as many as it takes, drawn with their
 * most for an index, their last value for memory and PSI, and their sum
 * for events (a sample counts what happened since the one before).
 */
#define REC_COLS	150
#define REC_PLOT_W	720
#define REC_HEAT_H	20
#define LANE_H		26
#define REC_PAIRS	4

/* What a line chart of a recording draws. */
enum rkind { RK_FREE, RK_PB, RK_SOME, RK_FULL };

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

/* Returns how many samples a column holds so that N of them fit in COLS columns. */
static size_t
rec_per(unsigned long n, size_t cols)
{
	return n <= cols ? 1 : (n + cols - 1) / cols;
}

/* Set up T for recording R at LEFT: PER samples a column, PLOT pixels for COLS columns. */
static void
rec_timeline(struct timeline *t, const struct replay *r, long left,
    size_t per, long plot, size_t cols)
{
	memset(t, 0, sizeof(*t));
	t->rec = r;
	t->left = left;
	t->per = per;
	t->n = (r->nsamples + per - 1) / per;
	t->cw = plot / (long)cols;
}

/* Returns the first sample of column K of T, and sets *LAST to its last. */
static size_t
rec_span(const struct timeline *t, size_t k, size_t *last)
{
	size_t a = k * t->per;

	*last = a + t->per > t->rec->nsamples ? t->rec->nsamples - 1 :
	    a + t->per - 1;
	return a;
}

/* Write the samples of column K for a title: "TIME (sample S): " or "FIRST to LAST (samples S-T): ". */
static void
span_words(struct svgw *w, const struct timeline *t, size_t k)
{
	const struct rsample *s = t->rec->series->s;
	size_t b, a = rec_span(t, k, &b);
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

/* Returns the points of zone NODE, NAME in R, one per sample (NULL where a sample lacks it). */
static const struct rpoint **
rec_points(const struct replay *r, unsigned node, const char *name)
{
	const struct rpoint **p = calloc(r->nsamples,
	    sizeof(const struct rpoint *));
	const struct rseries *se = r->series;
	const struct rzone *z = replay_zone(r, node, name);
	uint32_t i;

	if (p == NULL)
		abort();
	/* The zone's own chain: a thousand zones never scan each other's points. */
	for (i = z ? z->first_point : UINT32_MAX; i != UINT32_MAX;
	    i = se->p[i].next)
		p[se->p[i].sample] = &se->p[i];
	return p;
}

/*
 * Returns true with the value KIND of column K of T in *V: its last
 * sample's that has one (ZP: the zone's points), with that sample in *AT.
 */
static bool
rec_value(const struct timeline *t, const struct rpoint **zp, size_t k,
    enum rkind kind, uint64_t *v, size_t *at)
{
	const struct rsample *s;
	size_t b, a = rec_span(t, k, &b), i;

	for (i = b + 1; i-- > a;) {
		s = &t->rec->series->s[i];
		*at = i;
		if (kind == RK_FREE && zp[i] != NULL)
			*v = zp[i]->free_pages;
		else if (kind == RK_PB && zp[i] != NULL)
			*v = zp[i]->free_pageblocks;
		else if (kind >= RK_SOME && s->has_stall[kind - RK_SOME])
			*v = s->stall[kind - RK_SOME];
		else
			continue;
		return true;
	}
	return false;
}

/* Write the title words of value V of KIND at sample AT of T, for zone Z (NULL: the machine). */
static void
rec_value_words(struct svgw *w, const struct timeline *t,
    const struct rzone *z, enum rkind kind, uint64_t v, size_t at)
{
	static const char *const key[] = { "free_pages ", "free_pageblocks ",
	    "some_stall_share ", "full_stall_share " };
	const struct rsample *s = &t->rec->series->s[at];
	int f = kind == RK_FULL;
	char b[32];

	if (z != NULL) {
		svgr_zone_words(w, z->node, z->name);
		svg_text(w, ": ");
	}
	svg_text(w, key[kind]);
	if (t->per > 1)
		svg_text(w, "last ");
	if (kind < RK_SOME) {
		svg_text_int(w, (long long)v);
		if (kind == RK_FREE) {
			svg_text(w, " (");
			svg_text(w, hum_size(b, sizeof(b), v,
			    t->rec->page_size));
			svg_text(w, ")");
		}
		return;
	}
	svg_text_fixed(w, (long long)v, 2);
	svg_text(w, "%");
	if (s->has_avg10[f]) {
		svg_text(w, f ? ", full_avg10 " : ", some_avg10 ");
		svg_text_fixed(w, s->avg10[f], 2);
		svg_text(w, "%");
	}
}

/*
 * Draw the chart NAME at Y in each of the NT timelines T, on one scale:
 * a line for each of the NK KINDS (the first solid, the second dashed) of
 * the zone NODE, NAME (ZNAME NULL: the machine). Returns the y after it.
 */
static long
rec_chart(struct svgw *w, const struct timeline *t, size_t nt,
    unsigned node, const char *zname, const enum rkind *kinds, size_t nk,
    const char *name, long y)
{
	static const char *const colors[2] = { "#0072b2", "#e69f00" };
	const struct rpoint **zp[2] = { NULL, NULL };
	const struct rzone *z;
	uint64_t top = 0, lo, *v;
	size_t i, j, k, *at, most = 0;
	char s[32], foot[32];
	bool *have;
	long fy = y;

	for (i = 0; i < nt; i++) {
		if (zname)
			zp[i] = rec_points(t[i].rec, node, zname);
		most = t[i].n > most ? t[i].n : most;
	}
	if ((v = calloc(most, sizeof(*v))) == NULL ||
	    (have = calloc(most, sizeof(*have))) == NULL ||
	    (at = calloc(most, sizeof(*at))) == NULL)
		abort();
	/* PSI keeps a readable scale on calm machines: 10% at least. */
	if (kinds[0] >= RK_SOME)
		top = 1000;
	for (i = 0; i < nt; i++)
		for (j = 0; j < nk; j++)
			for (k = 0; k < t[i].n; k++)
				if (rec_value(&t[i], zp[i], k, kinds[j], &v[0],
				    &at[0]) && v[0] > top)
					top = v[0];
	/*
	 * Memory and pageblocks: the range the run covered, the foot labelled
	 * with where it starts (17.97 -> 17.09 GiB must not look flat); PSI
	 * from 0.
	 */
	lo = top;
	for (i = 0; kinds[0] < RK_SOME && i < nt; i++)
		for (j = 0; j < nk; j++)
			for (k = 0; k < t[i].n; k++)
				if (rec_value(&t[i], zp[i], k, kinds[j], &v[0],
				    &at[0]) && v[0] < lo)
					lo = v[0];
	if (kinds[0] >= RK_SOME || lo == top)
		lo = 0;
	if (kinds[0] == RK_FREE) {
		hum_size(s, sizeof(s), top, t[0].rec->page_size);
		hum_size(foot, sizeof(foot), lo, t[0].rec->page_size);
	} else if (kinds[0] == RK_PB) {
		snprintf(s, sizeof(s), "%llu", (unsigned long long)top);
		snprintf(foot, sizeof(foot), "%llu", (unsigned long long)lo);
	} else
		snprintf(s, sizeof(s), "%u.%02u%%", (unsigned)(top / 100),
		    (unsigned)(top % 100));
	if (lo == 0)
		snprintf(foot, sizeof(foot), "0");
	if (top == 0)
		top = 1;
	for (i = 0; i < nt; i++) {
		z = zname ? replay_zone(t[i].rec, node, zname) : NULL;
		fy = chart_frame(w, &t[i], y, name, s, foot);
		for (j = 0; j < nk; j++) {
			for (k = 0; k < t[i].n; k++)
				have[k] = rec_value(&t[i], zp[i], k, kinds[j],
				    &v[k], &at[k]);
			chart_line(w, &t[i], fy, v, have, lo, top, colors[j],
			    j ? "5 3" : NULL);
			for (k = 0; k < t[i].n; k++) {
				if (!have[k])
					continue;
				point_open(w, tl_x(&t[i], k), chart_y(fy, v[k],
				    lo, top), colors[j]);
				svg_open(w, "title");
				span_words(w, &t[i], k);
				rec_value_words(w, &t[i], z, kinds[j], v[k],
				    at[k]);
				svg_close(w);
				svg_close(w);
			}
		}
	}
	for (i = 0; i < nt; i++)
		free(zp[i]);
	free(v);
	free(have);
	free(at);
	return fy + CHART_H + 16;
}

/*
 * Sum lane L of column K of T into C: for extfrag the events and the
 * fragmenting ones, for compaction the runs ended, their successes and
 * the attempts.
 */
static void
lane_sum(const struct timeline *t, const struct lane *l, size_t k,
    uint64_t c[3])
{
	const struct rseries *se = t->rec->series;
	const struct replay *r = t->rec;
	const struct rcount *rc;
	size_t b, a = rec_span(t, k, &b), i, lo, hi;
	long key = -1;

	c[0] = c[1] = c[2] = 0;
	if (l->kind == RC_PAIR && l->alloc == NULL) {
		for (i = a; i <= b; i++) {
			c[0] += se->s[i].extfrag;
			c[1] += se->s[i].fragmenting;
		}
		return;
	}
	if (l->kind == RC_COMPACTION)
		key = l->order;
	for (i = 0; l->kind == RC_PAIR && i < se->npairs; i++)
		if (strcmp(se->pairs[i].alloc, l->alloc) == 0 &&
		    strcmp(se->pairs[i].fallback, l->fallback) == 0)
			key = (long)i;
	for (i = 0; l->kind == RC_THP && i < r->noutcomes; i++)
		if (r->outcomes[i].size_kb == l->size_kb &&
		    strcmp(r->outcomes[i].kind, "anon_fault") == 0)
			key = (long)i;
	/* The counts come in sample order: find the column's first by halving. */
	lo = 0;
	hi = se->nc;
	while (lo < hi) {
		i = lo + (hi - lo) / 2;
		if (se->c[i].sample < a)
			lo = i + 1;
		else
			hi = i;
	}
	for (i = lo; i < se->nc && se->c[i].sample <= b; i++) {
		rc = &se->c[i];
		if (rc->kind != l->kind || rc->key != key)
			continue;
		if (l->kind == RC_COMPACTION) {
			c[0] += rc->n[1];
			c[1] += rc->n[2];
			c[2] += rc->n[0];
		} else if (l->kind == RC_THP) {
			c[0] += rc->n[0] + rc->n[1];
			c[1] += rc->n[1];
		} else {
			c[0] += rc->n[0] + rc->n[1];
			c[1] += rc->n[0];
		}
	}
}

/* Write the title words of lane L's counts C. */
static void
lane_words(struct svgw *w, const struct lane *l, const uint64_t c[3])
{
	char b[160];

	if (l->kind == RC_THP) {
		svg_text(w, hum_size(b, sizeof(b), l->size_kb, 1024));
		svg_text(w, " THP faults: ");
		svg_text(w, hum_outcome(b, sizeof(b), c[0] - c[1], c[1], false,
		    0));
	} else if (l->kind == RC_COMPACTION) {
		if (l->order < 0)
			svg_text(w, "compaction of whole zones (order -1): ended ");
		else {
			svg_text(w, "compaction order ");
			svg_text_int(w, l->order);
			svg_text(w, ": attempts ");
			svg_text_int(w, (long long)c[2]);
			svg_text(w, ", ended ");
		}
		svg_text_int(w, (long long)c[0]);
		svg_text(w, l->order < 0 ? ", success or complete " :
		    ", success ");
		svg_text_int(w, (long long)c[1]);
	} else if (l->alloc == NULL) {
		svg_text(w, "extfrag ");
		svg_text_int(w, (long long)c[0]);
		svg_text(w, " (fragmenting ");
		svg_text_int(w, (long long)c[1]);
		svg_text(w, ")");
	} else {
		svg_text(w, "extfrag ");
		svg_text(w, l->alloc);
		svg_text(w, " from ");
		svg_text(w, l->fallback);
		svg_text(w, ": fragmenting ");
		svg_text_int(w, (long long)c[1]);
		svg_text(w, ", not ");
		svg_text_int(w, (long long)(c[0] - c[1]));
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
	uint64_t c[3], top = 0;
	size_t i, k;
	long h, h1, x, wd;
	int part;

	for (i = 0; i < nt; i++)
		for (k = 0; k < t[i].n; k++) {
			lane_sum(&t[i], l, k, c);
			top = c[0] > top ? c[0] : top;
		}
	for (i = 0; i < nt; i++) {
		/* Beside B, a label too wide for the gap is A's row's already. */
		if (i == 0 || text_px(label, 9) < AXIS_W - 12)
			svgr_text(w, t[i].left - 6, y + LANE_H / 2 + 4, 9,
			    "end", NULL, label);
		svgr_rect_open(w, t[i].left, y + 1, (long)t[i].n * t[i].cw,
		    LANE_H - 2, "#f7f7f7");
		svg_close(w);
		if (top == 0)
			svgr_text(w, t[i].left + 4, y + LANE_H / 2 + 4, 10,
			    NULL, NULL, "none");
		for (k = 0; k < t[i].n; k++) {
			lane_sum(&t[i], l, k, c);
			if (c[0] == 0)
				continue;
			h = scale(c[0], top, LANE_H - 4);
			h = h ? h : 1;
			h1 = scale(c[1], top, LANE_H - 4);
			x = t[i].left + (long)k * t[i].cw;
			wd = t[i].cw > 2 ? t[i].cw - 1 : t[i].cw;
			/* The first part at the bottom, the rest above it. */
			for (part = 0; part < 2; part++) {
				if (part == 0 && h1 == 0)
					continue;
				if (part == 1 && h1 >= h)
					continue;
				svgr_rect_open(w, x, part ? y + LANE_H - 2 - h :
				    y + LANE_H - 2 - h1, wd, part ? h - h1 : h1,
				    part ? (l->kind == RC_COMPACTION ?
				    "#e69f00" : "#0072b2") : (l->kind ==
				    RC_COMPACTION ? "#009e73" : "#d55e00"));
				svg_open(w, "title");
				span_words(w, &t[i], k);
				lane_words(w, l, c);
				svg_close(w);
				svg_close(w);
			}
		}
	}
}

/* Returns the orders of compaction in A and B (B may be NULL), lowest first, in ORD. */
static size_t
rec_compaction_orders(const struct replay *a, const struct replay *b,
    int *ord)
{
	const struct replay *r[2] = { a, b };
	size_t n = 0, i, j, m;

	for (i = 0; i < 2 && r[i]; i++)
		for (j = 0; j < r[i]->nby_order; j++) {
			for (m = 0; m < n && ord[m] != r[i]->by_order[j].order;
			    m++)
				;
			if (m < n)
				continue;
			for (m = n; m > 0 && ord[m - 1] > r[i]->by_order[j].order;
			    m--)
				ord[m] = ord[m - 1];
			ord[m] = r[i]->by_order[j].order;
			n++;
		}
	return n;
}

/* Returns BUF holding the lane label of pair P: "Unmovable \u2190 Reclaimable". */
static const char *
pair_label(char *buf, size_t size, const struct rpair *p)
{
	snprintf(buf, size, "%.23s \u2190 %.23s", p->alloc, p->fallback);
	return buf;
}

/* Returns up to REC_PAIRS extfrag pairs of A and B (B may be NULL) with the most events, most first, in P. */
static size_t
rec_top_pairs(const struct replay *a, const struct replay *b,
    struct rpair *p)
{
	const struct replay *r[2] = { a, b };
	struct rpair all[2 * REPLAY_MAX_PAIRS], x;
	size_t n = 0, i, j, m;

	memset(all, 0, sizeof(all));
	for (i = 0; i < 2 && r[i]; i++)
		for (j = 0; j < r[i]->series->npairs; j++) {
			x = r[i]->series->pairs[j];
			for (m = 0; m < n; m++)
				if (strcmp(all[m].alloc, x.alloc) == 0 &&
				    strcmp(all[m].fallback, x.fallback) == 0)
					break;
			if (m == n) {
				all[n++] = x;
				continue;
			}
			all[m].fragmenting += x.fragmenting;
			all[m].other += x.other;
		}
	/* Most events first; a plain insertion sort of a few dozen. */
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && all[j].fragmenting + all[j].other >
		    all[j - 1].fragmenting + all[j - 1].other; j--) {
			x = all[j];
			all[j] = all[j - 1];
			all[j - 1] = x;
		}
	n = n > REC_PAIRS ? REC_PAIRS : n;
	memcpy(p, all, n * sizeof(*p));
	return n;
}

/* Returns the height of the events block for NPAIRS pairs and NORD compaction orders. */
static long
rec_events_h(size_t npairs, size_t nord)
{
	return 2L * (18 + 16 + 8) + (long)(1 + npairs + (nord ? nord : 1)) *
	    LANE_H;
}

/* Draw the extfrag and compaction events of the timelines T at Y. */
static void
rec_events(struct svgw *w, const struct timeline *t, size_t nt, long y)
{
	struct rpair p[REC_PAIRS];
	int ord[FRAG_MAX_ORDERS + 1];
	struct lane l;
	char s[2 * sizeof(p[0].alloc) + 8];
	size_t np, no, i, j;

	np = rec_top_pairs(t[0].rec, nt > 1 ? t[1].rec : NULL, p);
	no = rec_compaction_orders(t[0].rec, nt > 1 ? t[1].rec : NULL, ord);
	for (i = 0; i < nt; i++)
		svgr_text(w, t[i].left, y + 12, 11, NULL, "bold",
		    "Extfrag events: fragmenting (vermillion), not (blue)");
	y += 18;
	memset(&l, 0, sizeof(l));
	rec_lane(w, t, nt, &l, "all", y);
	for (j = 0; j < np; j++) {
		l.alloc = p[j].alloc;
		l.fallback = p[j].fallback;
		pair_label(s, sizeof(s), &p[j]);
		rec_lane(w, t, nt, &l, s, y + (long)(j + 1) * LANE_H);
	}
	y += (long)(np + 1) * LANE_H;
	for (i = 0; i < nt; i++)
		time_axis(w, &t[i], y);
	y += 16 + 8;
	for (i = 0; i < nt; i++)
		svgr_text(w, t[i].left, y + 12, 11, NULL, "bold",
		    "Compaction runs: ended well (green), other (orange)");
	y += 18;
	memset(&l, 0, sizeof(l));
	l.kind = RC_COMPACTION;
	for (j = 0; j < no; j++) {
		l.order = ord[j];
		if (ord[j] < 0)
			snprintf(s, sizeof(s), "whole zones");
		else
			snprintf(s, sizeof(s), "order %d", ord[j]);
		rec_lane(w, t, nt, &l, s, y + (long)j * LANE_H);
	}
	for (i = 0; no == 0 && i < nt; i++)
		svgr_text(w, t[i].left + 4, y + 17, 11, NULL, NULL,
		    "no compaction run ended");
	y += (long)(no ? no : 1) * LANE_H;
	for (i = 0; i < nt; i++)
		time_axis(w, &t[i], y);
}

/*
 * Returns the THP sizes whose faults A or B (B may be NULL) counted,
 * ascending, in KB (room for REPLAY_MAX_OUTCOMES).
 */
static size_t
rec_thp_sizes(const struct replay *a, const struct replay *b, uint64_t *kb)
{
	const struct replay *r[2] = { a, b };
	size_t n = 0, i, j, k;
	int m;

	for (m = 0; m < 2 && r[m] != NULL; m++)
		for (i = 0; i < r[m]->noutcomes; i++) {
			if (strcmp(r[m]->outcomes[i].kind, "anon_fault") != 0)
				continue;
			for (j = 0; j < n && kb[j] < r[m]->outcomes[i].size_kb;
			    j++)
				;
			if (j < n && kb[j] == r[m]->outcomes[i].size_kb)
				continue;
			for (k = n; k > j; k--)
				kb[k] = kb[k - 1];
			kb[j] = r[m]->outcomes[i].size_kb;
			n++;
		}
	return n;
}

/* Returns the height of the THP block for N sizes (none: no block). */
static long
rec_thp_h(size_t n)
{
	return n ? 18 + (long)n * LANE_H + 16 + 8 : 0;
}

/* Draw the THP faults of each size of the timelines T at Y, a lane a size. */
static void
rec_thp(struct svgw *w, const struct timeline *t, size_t nt, long y)
{
	uint64_t kb[REPLAY_MAX_OUTCOMES];
	struct lane l;
	char s[32];
	size_t n, i, j;

	n = rec_thp_sizes(t[0].rec, nt > 1 ? t[1].rec : NULL, kb);
	if (n == 0)
		return;
	for (i = 0; i < nt; i++)
		svgr_text(w, t[i].left, y + 12, 11, NULL, "bold", "THP "
		    "faults: fell back (vermillion), allocated (blue)");
	y += 18;
	memset(&l, 0, sizeof(l));
	l.kind = RC_THP;
	for (j = 0; j < n; j++) {
		l.size_kb = kb[j];
		hum_size(s, sizeof(s), kb[j], 1024);
		rec_lane(w, t, nt, &l, s, y + (long)j * LANE_H);
	}
	y += (long)n * LANE_H;
	for (i = 0; i < nt; i++)
		time_axis(w, &t[i], y);
}

/* Returns the orders recorded in A or B (B may be NULL), highest first, in ORD. */
static size_t
rec_orders(const struct replay *a, const struct replay *b, unsigned *ord)
{
	const struct replay *r[2] = { a, b };
	size_t n = 0, i, j, m;

	for (i = 0; i < 2 && r[i]; i++)
		for (j = 0; j < r[i]->norders; j++) {
			for (m = 0; m < n && ord[m] != r[i]->orders[j]; m++)
				;
			if (m < n)
				continue;
			for (m = n; m > 0 && ord[m - 1] < r[i]->orders[j]; m--)
				ord[m] = ord[m - 1];
			ord[m] = r[i]->orders[j];
			n++;
		}
	return n;
}

/*
 * Set *U and *F to the most of the unusable and fragmentation indices at
 * recorded order KK over column K of T (REPLAY_NONE: null throughout).
 * Returns false when no sample of the column has the zone (ZP) or order.
 */
static bool
rec_cell(const struct timeline *t, const struct rpoint **zp, long kk,
    size_t k, int *u, int *f)
{
	size_t b, a = rec_span(t, k, &b), i, n = t->rec->norders;
	const int16_t *x;
	bool any = false;

	*u = *f = REPLAY_NONE;
	for (i = a; kk >= 0 && i <= b; i++) {
		if (zp[i] == NULL)
			continue;
		any = true;
		x = replay_point_indices(t->rec, zp[i]);
		*u = x[kk] > *u ? x[kk] : *u;
		*f = x[n + (size_t)kk] > *f ? x[n + (size_t)kk] : *f;
	}
	return any;
}

/*
 * Draw the heatmap of zone NODE, NAME at Y in each timeline: a row of
 * REC_HEAT_H per order of ORD (NORD, highest first), a column per column.
 */
static void
rec_heat(struct svgw *w, const struct timeline *t, size_t nt, unsigned node,
    const char *name, const unsigned *ord, size_t nord, long y)
{
	const struct rpoint **zp;
	size_t i, j, k;
	long row, kk;
	int u, f;
	bool have;

	for (i = 0; i < nt; i++) {
		zp = rec_points(t[i].rec, node, name);
		for (j = 0; j < nord; j++) {
			row = y + (long)j * REC_HEAT_H;
			kk = replay_order_index(t[i].rec, ord[j]);
			heat_label(w, &t[i], row + 3, ord[j]);
			for (k = 0; k < t[i].n; k++) {
				have = rec_cell(&t[i], zp, kk, k, &u, &f);
				svgr_rect_open(w, t[i].left + (long)k * t[i].cw,
				    row, t[i].cw > 2 ? t[i].cw - 1 : t[i].cw,
				    REC_HEAT_H - 1, have && u != REPLAY_NONE ?
				    scale_color(u).s : "#dddddd");
				svg_open(w, "title");
				span_words(w, &t[i], k);
				svgr_zone_words(w, node, name);
				if (have)
					order_words(w, ord[j], u, f, t[i].per > 1 ?
					    "max " : "");
				else
					svg_text(w, kk < 0 ? ": order not recorded" :
					    ": not in these samples");
				svg_close(w);
				svg_close(w);
			}
		}
		free(zp);
		time_axis(w, &t[i], y + (long)nord * REC_HEAT_H);
	}
}

/* Returns the height of a zone's block of a recording with NORD orders. */
static long
rec_zone_h(size_t nord)
{
	return 26 + (long)nord * REC_HEAT_H + 16 + 2L * CHART_BLOCK + 12;
}

/*
 * Draw zone NODE, NAME at Y in each timeline: its heatmap, its free
 * memory and free pageblocks; with two, the change of the most of the
 * unusable index over the run at X.
 */
static void
rec_zone_block(struct svgw *w, const struct timeline *t, size_t nt,
    unsigned node, const char *name, const unsigned *ord, size_t nord,
    long x, long y)
{
	static const enum rkind fr = RK_FREE, pb = RK_PB;
	const struct rzone *za, *zb;
	long ka, kb, row;
	size_t j;
	int d;

	line(w, MARGIN, y, nt > 1 ? x + 2L * CELL_W : t[0].left +
	    (long)t[0].n * t[0].cw, y, "#999999");
	svgr_text_open(w, MARGIN, y + 18, 14, NULL, "bold");
	svgr_zone_words(w, node, name);
	svg_close(w);
	y += 26;
	rec_heat(w, t, nt, node, name, ord, nord, y);
	if (nt > 1)
		svgr_text(w, x, y - 8, 11, NULL, "bold", "B - A, most");
	if (nt > 1) {
		za = replay_zone(t[0].rec, node, name);
		zb = replay_zone(t[1].rec, node, name);
		for (j = 0; j < nord && za && zb; j++) {
			ka = replay_order_index(t[0].rec, ord[j]);
			kb = replay_order_index(t[1].rec, ord[j]);
			if (ka < 0 || kb < 0 || !za->unusable[ka].seen ||
			    !zb->unusable[kb].seen)
				continue;
			row = y + (long)j * REC_HEAT_H;
			d = (int)(zb->unusable[kb].max - za->unusable[ka].max);
			svgr_rect_open(w, x, row, 2 * CELL_W - 2,
			    REC_HEAT_H - 1, diff_color(d).s);
			svg_attr(w, "stroke", "#cccccc");
			svg_open(w, "title");
			svgr_zone_words(w, node, name);
			svg_text(w, ", order ");
			svg_text_int(w, ord[j]);
			svg_text(w, ": unusable max ");
			svg_text_fixed(w, za->unusable[ka].max, 3);
			svg_text(w, " -> ");
			svg_text_fixed(w, zb->unusable[kb].max, 3);
			svg_text(w, d > 0 ? " (+" : " (");
			svg_text_fixed(w, d, 3);
			svg_text(w, ")");
			svg_close(w);
			svg_close(w);
			svgr_text_open(w, x + CELL_W - 1, row + 14, 11,
			    "middle", NULL);
			svg_attr(w, "fill", abs(d) > 600 ? "#ffffff" : "#000000");
			svg_text(w, d > 0 ? "+" : "");
			svg_text_fixed(w, d, 3);
			svg_close(w);
		}
	}
	y += (long)nord * REC_HEAT_H + 16;
	y = rec_chart(w, t, nt, node, name, &fr, 1, "Free memory", y);
	rec_chart(w, t, nt, node, name, &pb, 1, "Free pageblocks", y);
}

/*
 * Draw from Y what recording R (from DIR) is, after PREFIX, in a picture
 * WIDTH wide: DIR, a long one over several lines, then the host, kernel
 * and samples (W NULL: only count). Returns the number of lines.
 */
static long
rec_words(struct svgw *w, const char *dir, const struct replay *r,
    const char *prefix, long y, long width)
{
	char s[512];
	long n;

	n = svgr_text_wrap(w, MARGIN, y, 12, width - 2L * MARGIN, HEAD_LINE_H,
	    prefix, dir);
	snprintf(s, sizeof(s), "host %s \u00b7 kernel %s \u00b7 %lu samples "
	    "every %u.%03u s, %s to %s%s", r->host, r->release, r->nsamples,
	    r->interval_ms / 1000, r->interval_ms % 1000, r->first, r->last,
	    r->truncated ? " (a last sample cut short was ignored)" : "");
	return n + svgr_text_wrap(w, MARGIN, y + n * HEAD_LINE_H, 12, width -
	    2L * MARGIN, HEAD_LINE_H, "", s);
}

/* Write how the columns of T are made, at X, Y. */
static void
rec_columns_note(struct svgw *w, const struct timeline *t, long x, long y)
{
	char s[96];

	svgr_text(w, x, y + 12, 12, NULL, "bold", "Time");
	svgr_text(w, x, y + 30, 10, NULL, NULL,
	    "x: time of day (UTC) of each column's first sample");
	if (t->per == 1)
		svgr_text(w, x, y + 43, 10, NULL, NULL,
		    "one column per sample");
	else {
		snprintf(s, sizeof(s), "one column per %zu samples: the most of "
		    "an index,", t->per);
		svgr_text(w, x, y + 43, 10, NULL, NULL, s);
		svgr_text(w, x, y + 56, 10, NULL, NULL,
		    "the last free memory and PSI, the sum of events");
	}
	svgr_text(w, x, y + (t->per == 1 ? 56 : 69), 10, NULL, NULL,
	    "tooltips: the exact values");
}

/* Returns the zones of A, then those of B (may be NULL) that A lacks, in Z (room for both). */
static size_t
rec_zones(const struct replay *a, const struct replay *b,
    const struct rzone **z)
{
	size_t n = 0, i;

	for (i = 0; i < a->nzones; i++)
		z[n++] = &a->zones[i];
	for (i = 0; b && i < b->nzones; i++)
		if (replay_zone(a, b->zones[i].node, b->zones[i].name) == NULL)
			z[n++] = &b->zones[i];
	return n;
}

/*
 * Draw the NT recordings R (from DIR) as one document on one set of
 * scales: the second beside the first, with the change, when two.
 */
static void
rec_draw(FILE *fp, const char *const *dir, const struct replay *const *r,
    size_t nt)
{
	static const enum rkind psi[2] = { RK_SOME, RK_FULL };
	const struct rzone **z;
	struct timeline t[2];
	unsigned ord[REPLAY_MAX_ORDERS];	/* distinct orders below it */
	int cord[FRAG_MAX_ORDERS + 1];
	struct rpair p[REC_PAIRS];
	char label[2 * sizeof(p[0].alloc) + 8];
	size_t i, nz, nord, np, per = 1, most = REC_COLS / nt, cols = 1;
	long x, y, head = nt > 1 ? 40 : 0, width, height, plot, evh = 0, extra;
	long thph;
	uint64_t kb[REPLAY_MAX_OUTCOMES];
	bool events = r[0]->events || (nt > 1 && r[1]->events);
	struct svgw w;

	memset(t, 0, sizeof(t));
	for (i = 0; i < nt; i++)
		if (rec_per(r[i]->nsamples, most) > per)
			per = rec_per(r[i]->nsamples, most);
	/* One time scale: as many samples a column, as many pixels a column. */
	for (i = 0; i < nt; i++)
		if ((r[i]->nsamples + per - 1) / per > cols)
			cols = (r[i]->nsamples + per - 1) / per;
	plot = REC_PLOT_W / (long)nt;
	/* Room left of A for the widest lane label: never cut at the edge. */
	np = events ? rec_top_pairs(r[0], nt > 1 ? r[1] : NULL, p) : 0;
	x = MARGIN + AXIS_W;
	for (i = 0; i < np; i++)
		if (MARGIN + text_px(pair_label(label, sizeof(label), &p[i]), 9) +
		    12 > x)
			x = MARGIN + text_px(label, 9) + 12;
	for (i = 0; i < nt; i++) {
		rec_timeline(&t[i], r[i], x, per, plot, cols);
		x += (long)cols * t[i].cw + AXIS_W;
	}
	plot = (long)cols * t[0].cw;
	if ((z = calloc(r[0]->nzones + (nt > 1 ? r[1]->nzones : 0) + 1,
	    sizeof(const struct rzone *))) == NULL)
		abort();
	nz = rec_zones(r[0], nt > 1 ? r[1] : NULL, z);
	nord = rec_orders(r[0], nt > 1 ? r[1] : NULL, ord);
	width = x - AXIS_W + MARGIN + (nt > 1 ? 2 * CELL_W + 24 : 0);
	width = width < MIN_W ? MIN_W : width;
	if (events)
		evh = rec_events_h(np, rec_compaction_orders(r[0], nt > 1 ?
		    r[1] : NULL, cord));
	thph = rec_thp_h(rec_thp_sizes(r[0], nt > 1 ? r[1] : NULL, kb));
	/* Each recording's lines, a long path laid out over several. */
	for (i = 0, extra = -HEAD_LINE_H; i < nt; i++)
		extra += rec_words(NULL, dir[i], r[i], nt > 1 ? (i ? "B: " :
		    "A: ") : "", 0, width) * HEAD_LINE_H;
	/* (Two recordings' two lines were in HEAD already.) */
	extra -= nt > 1 ? 18 : 0;
	head += extra;
	height = 160 + head + CHART_BLOCK + thph + evh + (long)nz *
	    rec_zone_h(nord) + MARGIN;
	svg_init(&w, fp);
	svgr_begin(&w, width, height, nt > 1 ? "fragstat: two recordings "
	    "compared" : "fragstat: a recording");
	svgr_text(&w, MARGIN, 28, 20, NULL, "bold", nt > 1 ?
	    "Memory fragmentation: recording A beside recording B" :
	    "Memory fragmentation over a recording");
	for (i = 0, y = 50; i < nt; i++)
		y += rec_words(&w, dir[i], r[i], nt > 1 ? (i ? "B: " : "A: ") :
		    "", y, width) * HEAD_LINE_H;
	y = 64 + (nt > 1 ? 18 : 0) + extra;
	scale_legend(&w, MARGIN, y);
	rec_columns_note(&w, &t[0], MARGIN + LEGEND_W + 40, y);
	if (nt > 1)
		diff_legend(&w, width - MARGIN - LEGEND_W, y);
	y = 160 + head - 18;
	for (i = 0; nt > 1 && i < nt; i++)
		svgr_text(&w, t[i].left, y + 12, 14, NULL, "bold",
		    i ? "B" : "A");
	y += 18;
	y = rec_chart(&w, t, nt, 0, NULL, psi, 2, "Memory stall share "
	    "(PSI): some (solid), full (dashed)", y);
	rec_thp(&w, t, nt, y);
	y += thph;
	if (events)
		rec_events(&w, t, nt, y);
	y += evh;
	for (i = 0; i < nz; i++) {
		rec_zone_block(&w, t, nt, z[i]->node, z[i]->name, ord, nord,
		    nt > 1 ? t[1].left + plot + 24 : 0, y);
		y += rec_zone_h(nord);
	}
	free(z);
	svgr_end(&w);
}

void
render_svg_recording(FILE *fp, const char *dir, const struct replay *r)
{
	rec_draw(fp, &dir, &r, 1);
}

void
render_svg_recordings(FILE *fp, const char *da, const struct replay *a,
    const char *db, const struct replay *b)
{
	const char *dir[2] = { da, db };
	const struct replay *r[2] = { a, b };

	rec_draw(fp, dir, r, 2);
}

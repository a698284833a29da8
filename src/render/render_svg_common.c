/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_common.c - what every picture draws with: colours, text and its width, shapes, titles */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_svg_parts.h"

/* Returns the colour R, G, B. */
struct rgb
svgr_rgb(int r, int g, int b)
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
static const int viridis[SCALE_ANCHORS][3] = {
	{ 0x44, 0x01, 0x54 }, { 0x47, 0x2d, 0x7b }, { 0x3b, 0x52, 0x8b },
	{ 0x2c, 0x72, 0x8e }, { 0x21, 0x90, 0x8c }, { 0x27, 0xad, 0x81 },
	{ 0x5d, 0xc8, 0x63 }, { 0xaa, 0xdc, 0x32 }, { 0xfd, 0xe7, 0x25 },
};

/* Returns the colour of the index V (thousandths, clamped to 0..1000) on the viridis scale. */
struct rgb
svgr_scale_color(int v)
{
	const int last = SCALE_ANCHORS - 1;
	int seg, t, c[3], i;

	v = v < 0 ? 0 : v > 1000 ? 1000 : v;
	/* Linear between anchors, as the legend's gradient draws it. */
	seg = v * last / 1000;
	if (seg == last)
		return svgr_rgb(viridis[last][0], viridis[last][1],
		    viridis[last][2]);
	t = v * last - seg * 1000;
	for (i = 0; i < 3; i++)
		c[i] = viridis[seg][i] + ((viridis[seg + 1][i] -
		    viridis[seg][i]) * t + 500) / 1000;
	return svgr_rgb(c[0], c[1], c[2]);
}

/*
 * Up to this index (thousandths) svgr_scale_color() is dark, viridis' purples,
 * blues and teals, and white text reads on it; from there its greens and
 * yellow are light and take black.
 */
#define SCALE_WHITE_INK	450

/* Returns the text colour readable on svgr_scale_color(V). */
const char *
svgr_scale_ink(int v)
{
	return v <= SCALE_WHITE_INK ? "#ffffff" : "#000000";
}

/*
 * Returns the colour of a change D (thousandths, -1000..1000) on a
 * diverging blue (less unusable) to red (more) scale, white at 0.
 */
struct rgb
svgr_diff_color(int d)
{
	static const int lo[3] = { 0x21, 0x66, 0xac }, mid[3] = { 0xf7,
	    0xf7, 0xf7 }, hi[3] = { 0xb2, 0x18, 0x2b };
	const int *end = d < 0 ? lo : hi;
	int t = abs(d) > 1000 ? 1000 : abs(d), c[3], i;

	for (i = 0; i < 3; i++)
		c[i] = mid[i] + ((end[i] - mid[i]) * t + 500) / 1000;
	return svgr_rgb(c[0], c[1], c[2]);
}

/*
 * From a change of this many thousandths on, svgr_diff_color() is dark enough
 * (either end) that its label is written in white.
 */
#define DIFF_WHITE_INK	600

/*
 * Open a cell of width W and height H at X, Y coloured by the change D
 * (thousandths), and its title; the caller writes the title's words and
 * ends the cell with svgr_diff_cell_close().
 */
void
svgr_diff_cell_open(struct svgw *w, long x, long y, long width, long h, int d)
{
	svgr_rect_open(w, x, y, width, h, svgr_diff_color(d).s);
	svg_attr(w, "stroke", COLOR_EDGE);
	svg_open(w, "title");
}

/* Write "A -> B (+D)" for a change cell's title, thousandths. */
void
svgr_diff_words(struct svgw *w, long long a, long long b, int d)
{
	svg_text_fixed(w, a, 3);
	svg_text(w, " -> ");
	svg_text_fixed(w, b, 3);
	svg_text(w, d > 0 ? " (+" : " (");
	svg_text_fixed(w, d, 3);
	svg_text(w, ")");
}

/*
 * Close the title and the cell svgr_diff_cell_open() opened, and write its
 * change D centred at X, Y in an ink readable on svgr_diff_color(D).
 */
void
svgr_diff_cell_close(struct svgw *w, long x, long y, int d)
{
	svg_close(w);
	svg_close(w);
	svgr_text_open(w, x, y, 11, "middle", NULL);
	svg_attr(w, "fill", abs(d) > DIFF_WHITE_INK ? "#ffffff" : "#000000");
	svg_text(w, d > 0 ? "+" : "");
	svg_text_fixed(w, d, 3);
	svg_close(w);
}

/*
 * Add V to the N distinct values of SET, kept ascending (DOWN: descending),
 * unless it is there already; SET has room for one more. Returns the new
 * count. Pictures of two recordings draw the union of what each holds.
 */
size_t
svgr_sorted_union_add(int64_t *set, size_t n, int64_t v, bool down)
{
	size_t m;

	for (m = 0; m < n; m++)
		if (set[m] == v)
			return n;
	for (m = n; m > 0 && (down ? set[m - 1] < v : set[m - 1] > v); m--)
		set[m] = set[m - 1];
	set[m] = v;
	return n + 1;
}

/* Returns the colour of verdict V; unknown and unusable are grey. */
const char *
svgr_verdict_color(enum verdict v)
{
	switch (v) {
	case VERDICT_OK:
		return COLOR_GREEN;
	case VERDICT_COMPACT:
		return COLOR_ORANGE;
	case VERDICT_RECLAIM:
	case VERDICT_PINNED:
	case VERDICT_SHORT:
		return COLOR_VERMILLION;
	case VERDICT_UNKNOWN:
	case VERDICT_UNUSABLE:
	case VERDICT_NSTATES:
		break;
	}
	return COLOR_GREY;
}

const char *
svgr_judgement_color(enum judgement j)
{
	switch (j) {
	case JUDGE_FINE:
		return COLOR_GREEN;
	case JUDGE_FRAGMENTED:
		return COLOR_ORANGE;
	case JUDGE_SEVERE:
		return COLOR_VERMILLION;
	case JUDGE_SHORT:
		return COLOR_PURPLE;
	case JUDGE_NSTATES:
		break;
	}
	return COLOR_GREY;
}

/* Returns PART * PX / WHOLE rounded down, without overflowing. */
long
svgr_scale(uint64_t part, uint64_t whole, long px)
{
	if (whole == 0)
		return 0;
	if (part <= UINT64_MAX / (uint64_t)px)
		return (long)(part * (uint64_t)px / whole);
	return (long)(part / (whole / (uint64_t)px + 1));
}

/* Open element NAME with the attributes K[0..3] set to V[0..3] and PAINT to COLOR; the caller closes it. */
void
svgr_shape_open(struct svgw *w, const char *name, const char *const k[4],
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

	svgr_shape_open(w, "rect", k, v, "fill", fill);
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
 * DejaVu Sans's own advances, and svgr_bold_px() measures names with them.
 */
/* svgr_text_px()'s width of a character, hundredths of an em. */
#define EM_PCT	62

long
svgr_text_px(const char *s, long size)
{
	long n = 0;

	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return (n * size * EM_PCT + 99) / 100;
}

/*
 * The advance of each printable ASCII character in DejaVu Sans Bold, in
 * thousandths of an em: the widest of the faces renderers pick for
 * sans-serif, so a bold name measured with it fits in any of them. Zone
 * names are up to 31 such characters, and 'W' is nearly twice svgr_text_px()'s
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
long
svgr_bold_px(const char *s, long size)
{
	long n = 0;

	for (; *s; s++)
		if ((unsigned char)*s >= 0x20 && (unsigned char)*s < 0x7f)
			n += bold_em[(unsigned char)*s - 0x20];
		else if (((unsigned char)*s & 0xc0) != 0x80)
			n += 1000;
	return (n * size + 999) / 1000;
}

/*
 * Returns the older estimate of S in bold at SIZE pixels: svgr_text_px()
 * and a tenth. Layout that placed things after a bold caption with it
 * keeps it, so those pictures stay as they are; new layout measures with
 * svgr_bold_px().
 */
long
svgr_bold_est_px(const char *s, long size)
{
	return svgr_text_px(s, size) * 11 / 10;
}

/* Returns the bytes of the first N characters (UTF-8) of S, at most all. */
size_t
svgr_chars_bytes(const char *s, long n)
{
	size_t b = 0;

	while (s[b] && n-- > 0)
		do
			b++;
		while (((unsigned char)s[b] & 0xc0) == 0x80);
	return b;
}

/* The bytes text_bytes() copies at a time: 4 at least, a UTF-8 character's most. */
#define TEXT_PART	256

/* Returns whether byte C continues a UTF-8 sequence. */
static bool
utf8_cont(char c)
{
	return ((unsigned char)c & 0xc0) == 0x80;
}

/*
 * Write the first N bytes of S as text, a part at a time through a buffer
 * on the stack: the same bytes svg_text() writes for them whole, as no
 * part ends inside a UTF-8 sequence. Nothing to allocate mid-picture.
 */
static void
text_bytes(struct svgw *w, const char *s, size_t n)
{
	char part[TEXT_PART + 1];
	size_t k, j;

	while (n > 0) {
		k = n < TEXT_PART ? n : TEXT_PART;
		/*
		 * Start the next part at a character's first byte. Where the
		 * 3 bytes before K continue too, the byte at K belongs to no
		 * valid sequence (they have 3 at most) and is replaced alone.
		 */
		for (j = k; k < n && j > k - 4 && utf8_cont(s[j]); j--)
			;
		if (k < n && j > k - 4)
			k = j;
		memcpy(part, s, k);
		part[k] = '\0';
		svg_text(w, part);
		s += k;
		n -= k;
	}
}

long
svgr_text_wrap(struct svgw *w, long x, long y, int size, long maxw,
    long line_h, const char *prefix, const char *s)
{
	long room, lines = 0, cut;
	size_t n, k;

	for (;;) {
		/*
		 * As many characters as svgr_text_px() lets into what is left.
		 */
		room = (maxw - (lines ? 0 : svgr_text_px(prefix, size))) * 100 /
		    ((long)size * EM_PCT);
		room = room < 8 ? 8 : room > 200 ? 200 : room;
		n = svgr_chars_bytes(s, room);
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
		/* The whole line, however long its prefix. */
		if (w) {
			svgr_text_open(w, x, y + lines * line_h, size, NULL,
			    NULL);
			svg_text(w, lines ? "" : prefix);
			text_bytes(w, s, n);
			svg_close(w);
		}
		lines++;
		s += n;
		if (*s == '\0')
			return lines;
	}
}

/* Open a line from X1, Y1 to X2, Y2 in COLOR; the caller closes it. */
void
svgr_line_open(struct svgw *w, long x1, long y1, long x2, long y2,
    const char *color)
{
	static const char *const k[4] = { "x1", "y1", "x2", "y2" };
	const long v[4] = { x1, y1, x2, y2 };

	svgr_shape_open(w, "line", k, v, "stroke", color);
}

/*
 * Open a line as svgr_line_open() does, its ends written x1, x2, y1, y2:
 * the order the fleet's and the sets' pictures have always had.
 */
void
svgr_line_open_xxyy(struct svgw *w, long x1, long y1, long x2, long y2,
    const char *color)
{
	static const char *const k[4] = { "x1", "x2", "y1", "y2" };
	const long v[4] = { x1, x2, y1, y2 };

	svgr_shape_open(w, "line", k, v, "stroke", color);
}

/* A whole line from X1, Y1 to X2, Y2 in COLOR. */
void
svgr_line(struct svgw *w, long x1, long y1, long x2, long y2, const char *color)
{
	svgr_line_open(w, x1, y1, x2, y2, color);
	svg_close(w);
}

/*
 * The axis break's middle, above the axis's foot (over the foot's label);
 * the mark is BREAK_W pixels wide, its two strokes BREAK_GAP apart.
 */
#define BREAK_UP	14
#define BREAK_W		10
#define BREAK_GAP	4

/* Mark the axis at X broken above FOOT_Y: its scale starts at FOOT, not 0. */
void
svgr_axis_break(struct svgw *w, long x, long foot_y, const char *ground,
    const char *foot)
{
	char d[160];
	long y = foot_y - BREAK_UP;

	svg_open(w, "g");
	svg_open(w, "title");
	svg_text(w, "axis break: the scale starts at ");
	svg_text(w, foot);
	svg_text(w, ", not 0");
	svg_close(w);
	/* The ground hides the axis between the strokes: the break shows. */
	svgr_rect_open(w, x - BREAK_W / 2, y - BREAK_GAP, BREAK_W,
	    2L * BREAK_GAP, ground);
	svg_close(w);
	snprintf(d, sizeof(d), "M%ld %ldl%d -%dM%ld %ldl%d -%d",
	    x - BREAK_W / 2, y, BREAK_W, BREAK_GAP, x - BREAK_W / 2,
	    y + BREAK_GAP, BREAK_W, BREAK_GAP);
	svg_open(w, "path");
	svg_attr(w, "d", d);
	svg_attr(w, "stroke", COLOR_BAR);
	svg_attr(w, "fill", "none");
	svg_close(w);
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

/*
 * End the document. The one place an unbalanced picture stops the
 * program: every renderer draws only what it computed before, so an
 * element left open is a bug in it, never in the input.
 */
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
void
svgr_index_words(struct svgw *w, int v)
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
void
svgr_order_words(struct svgw *w, unsigned o, int u, int f, const char *prefix)
{
	svg_text(w, ", order ");
	svg_text_int(w, o);
	svg_text(w, ": unusable ");
	svg_text(w, prefix);
	svgr_index_words(w, u);
	svg_text(w, ", fragmentation ");
	svg_text(w, prefix);
	svgr_index_words(w, f);
}

/* The words of a snapshot cell's title. */
void
svgr_cell_title_words(struct svgw *w, const struct bzone *z,
    const struct frag *f, unsigned o)
{
	svgr_zone_words(w, z->node, z->name);
	svgr_order_words(w, o, f->unusable[o], f->fragindex[o], "");
}

/* The title of a snapshot cell. */
void
svgr_cell_title(struct svgw *w, const struct bzone *z, const struct frag *f,
    unsigned o)
{
	svg_open(w, "title");
	svgr_cell_title_words(w, z, f, o);
	svg_close(w);
}

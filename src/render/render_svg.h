/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg.h - the drawing helpers every picture uses (render_svg_*.c, render_svg_map.c) */
#ifndef FRAGSTAT_RENDER_SVG_H
#define FRAGSTAT_RENDER_SVG_H

#include "svgw.h"

/*
 * Start a document of W by H pixels: its TITLE, a white background and a
 * group in a generic font that svgr_end() closes with the document.
 */
void	svgr_begin(struct svgw *w, long wd, long ht, const char *title);
void	svgr_end(struct svgw *w);

/* Open a rect at X, Y of WD by HT filled with FILL; the caller closes it. */
void	svgr_rect_open(struct svgw *w, long x, long y, long wd, long ht,
	    const char *fill);

/* Open a text element at X, Y of SIZE pixels; ANCHOR and WEIGHT may be NULL. */
void	svgr_text_open(struct svgw *w, long x, long y, int size,
	    const char *anchor, const char *weight);

/* A whole text element holding S; the rest as for svgr_text_open(). */
void	svgr_text(struct svgw *w, long x, long y, int size, const char *anchor,
	    const char *weight, const char *s);

/*
 * Draw PREFIX then S at X, Y in SIZE-pixel text, as lines of at most MAXW
 * pixels LINE_H apart, broken after a '/' or a space where one is near,
 * else anywhere between characters (W NULL: only count): a long path is
 * laid out, never cut. Returns the number of lines.
 */
long	svgr_text_wrap(struct svgw *w, long x, long y, int size, long maxw,
	    long line_h, const char *prefix, const char *s);

/* Write "Node N, zone NAME", as every title of a zone's marks starts. */
void	svgr_zone_words(struct svgw *w, unsigned node, const char *name);


#endif

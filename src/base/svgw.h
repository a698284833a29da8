/* SPDX-License-Identifier: GPL-2.0-or-later */
/* svgw.h - a small streaming SVG (XML) writer that tracks open elements and escapes every string */
#ifndef FRAGSTAT_SVGW_H
#define FRAGSTAT_SVGW_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define SVGW_MAX_DEPTH	16

/*
 * One document: an XML declaration, then elements opened with svg_open(),
 * given attributes while their start tag is open, then text or child
 * elements, and closed with svg_close() (as "/>" when empty). Every
 * element starts on its own line, except inside an element that holds
 * text, where a newline would be text too. Element and attribute names
 * are this program's constants; values and text are escaped.
 */
struct svgw {
	FILE		*fp;
	int		 depth;
	const char	*name[SVGW_MAX_DEPTH];
	bool		 empty[SVGW_MAX_DEPTH];	/* nothing inside yet */
	bool		 in_tag;	/* the start tag is open for attributes */
	int		 text_depth;	/* the outermost element holding text, 0 none */
	bool		 broken;	/* unbalanced, too deep, or misplaced */
};

/* Start a document on FP with the XML declaration. */
void	svg_init(struct svgw *w, FILE *fp);

/* Open element NAME inside the current one. */
void	svg_open(struct svgw *w, const char *name);

/* Attributes of the element just opened: a string, an integer, V / 10^DIGITS. */
void	svg_attr(struct svgw *w, const char *name, const char *value);
void	svg_attr_int(struct svgw *w, const char *name, long long v);
void	svg_attr_fixed(struct svgw *w, const char *name, long long v,
	    int digits);

/*
 * A list of N points XY[0..2N) as attribute NAME, each "x,y " (a polyline's
 * points), written as they go: however many, nothing to size or allocate.
 */
void	svg_attr_points(struct svgw *w, const char *name, const long *xy,
	    size_t n);

/* Text inside the current element: a string, an integer, V / 10^DIGITS. */
void	svg_text(struct svgw *w, const char *s);
void	svg_text_int(struct svgw *w, long long v);
void	svg_text_fixed(struct svgw *w, long long v, int digits);

/* Close the current element. */
void	svg_close(struct svgw *w);

/* A whole element NAME holding the text S: <title>, a short <text>. */
void	svg_element_text(struct svgw *w, const char *name, const char *s);

/*
 * Write S escaped for XML text and attribute values to FP: & < > " ' as
 * entities, tab, newline and carriage return as character references,
 * other control bytes and bytes that are not UTF-8 as U+FFFD.
 */
void	svg_escape(FILE *fp, const char *s);

/*
 * End the document with a newline. Returns 0, or -1 when an element was
 * left open or misused (a bug in the renderer, never in the input).
 */
int	svg_finish(struct svgw *w);

#endif

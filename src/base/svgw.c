/* SPDX-License-Identifier: GPL-2.0-or-later */
/* svgw.c - a small streaming SVG (XML) writer */

#include "config.h"
#include <string.h>

#include "escape.h"
#include "humanize.h"
#include "svgw.h"

void
svg_init(struct svgw *w, FILE *fp)
{
	w->fp = fp;
	w->depth = 0;
	w->in_tag = false;
	w->text_depth = 0;
	w->broken = false;
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", fp);
}

/* End the open start tag, if any: the element has content from now on. */
static void
content(struct svgw *w)
{
	if (w->in_tag) {
		putc('>', w->fp);
		w->in_tag = false;
	}
	if (w->depth > 0)
		w->empty[w->depth - 1] = false;
}

void
svg_open(struct svgw *w, const char *name)
{
	if (w->depth == SVGW_MAX_DEPTH) {
		w->broken = true;
		return;
	}
	content(w);
	/* Only between elements: inside text a newline would be text. */
	if (w->text_depth == 0 && w->depth > 0)
		putc('\n', w->fp);
	fprintf(w->fp, "<%s", name);
	w->name[w->depth] = name;
	w->empty[w->depth] = true;
	w->depth++;
	w->in_tag = true;
}

/* Write ' NAME="' for an attribute of the open start tag; returns false when none is open. */
static bool
attr_start(struct svgw *w, const char *name)
{
	if (!w->in_tag) {
		w->broken = true;
		return false;
	}
	fprintf(w->fp, " %s=\"", name);
	return true;
}

void
svg_attr(struct svgw *w, const char *name, const char *value)
{
	if (!attr_start(w, name))
		return;
	svg_escape(w->fp, value);
	putc('"', w->fp);
}

void
svg_attr_int(struct svgw *w, const char *name, long long v)
{
	char b[HUM_INT_LEN];

	if (!attr_start(w, name))
		return;
	fputs(hum_int(b, v), w->fp);
	putc('"', w->fp);
}

void
svg_attr_points(struct svgw *w, const char *name, const long *xy, size_t n)
{
	char b[HUM_INT_LEN];
	size_t i;

	if (!attr_start(w, name))
		return;
	for (i = 0; i < n; i++) {
		fputs(hum_int(b, xy[2 * i]), w->fp);
		putc(',', w->fp);
		fputs(hum_int(b, xy[2 * i + 1]), w->fp);
		putc(' ', w->fp);
	}
	putc('"', w->fp);
}

void
svg_attr_fixed(struct svgw *w, const char *name, long long v, int digits)
{
	char b[48];

	if (!attr_start(w, name))
		return;
	fprintf(w->fp, "%s\"", hum_fixed(b, sizeof(b), v, digits));
}

/* Make the current element one that holds text. */
static void
text_start(struct svgw *w)
{
	if (w->depth == 0) {
		w->broken = true;
		return;
	}
	content(w);
	if (w->text_depth == 0)
		w->text_depth = w->depth;
}

void
svg_text(struct svgw *w, const char *s)
{
	text_start(w);
	svg_escape(w->fp, s);
}

void
svg_text_int(struct svgw *w, long long v)
{
	char b[HUM_INT_LEN];

	text_start(w);
	fputs(hum_int(b, v), w->fp);
}

void
svg_text_fixed(struct svgw *w, long long v, int digits)
{
	char b[48];

	text_start(w);
	fputs(hum_fixed(b, sizeof(b), v, digits), w->fp);
}

void
svg_close(struct svgw *w)
{
	if (w->depth == 0) {
		w->broken = true;
		return;
	}
	w->depth--;
	if (w->empty[w->depth])
		fputs("/>", w->fp);
	else
		fprintf(w->fp, "%s</%s>", w->text_depth == 0 ? "\n" : "",
		    w->name[w->depth]);
	w->in_tag = false;
	if (w->text_depth > w->depth)
		w->text_depth = 0;
}

void
svg_element_text(struct svgw *w, const char *name, const char *s)
{
	svg_open(w, name);
	svg_text(w, s);
	svg_close(w);
}

/*
 * XML's rule for esc_write(): & < > " ' as entities, tab, newline and
 * carriage return as character references, other control bytes, U+FFFE,
 * U+FFFF and bytes that are not UTF-8 as U+FFFD.
 */
static const char *
xml_rule(const unsigned char *s, int *n, char *buf)
{
	(void)buf;
	switch (*s) {
	case '&':
		return "&amp;";
	case '<':
		return "&lt;";
	case '>':
		return "&gt;";
	case '"':
		return "&quot;";
	case '\'':
		return "&apos;";
	/* As references, or attribute normalisation makes them spaces. */
	case '\t':
		return "&#9;";
	case '\n':
		return "&#10;";
	case '\r':
		return "&#13;";
	}
	/* XML 1.0 has no other control characters, not even as references. */
	if (*s < 0x20 || *n == 0)
		return "\xef\xbf\xbd";
	/* Nor U+FFFE and U+FFFF: each of their bytes is replaced. */
	if (*n == 3 && s[0] == 0xef && s[1] == 0xbf && s[2] >= 0xbe) {
		*n = 0;
		return "\xef\xbf\xbd";
	}
	return NULL;
}

void
svg_escape(FILE *fp, const char *s)
{
	esc_write(fp, s, xml_rule);
}

int
svg_finish(struct svgw *w)
{
	putc('\n', w->fp);
	return w->broken || w->depth != 0 ? -1 : 0;
}

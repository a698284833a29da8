/* SPDX-License-Identifier: GPL-2.0-or-later */
/* svgw.c - a small streaming SVG (XML) writer */

#include "config.h"
#include <string.h>

#include "humanize.h"
#include "svgw.h"
#include "text.h"

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
	if (!attr_start(w, name))
		return;
	fprintf(w->fp, "%lld\"", v);
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
	text_start(w);
	fprintf(w->fp, "%lld", v);
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
 * Returns the length of the UTF-8 sequence at S that XML allows as a
 * character (U+FFFE and U+FFFF are not), or 0.
 */
static size_t
xml_char_len(const unsigned char *s)
{
	int n;

	if (s[0] < 0x80)
		return 1;
	n = text_utf8_len(s);
	if (n == 3 && s[0] == 0xef && s[1] == 0xbf && s[2] >= 0xbe)
		return 0;
	return (size_t)n;
}

void
svg_escape(FILE *fp, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	while (*p) {
		switch (*p) {
		case '&':
			fputs("&amp;", fp);
			break;
		case '<':
			fputs("&lt;", fp);
			break;
		case '>':
			fputs("&gt;", fp);
			break;
		case '"':
			fputs("&quot;", fp);
			break;
		case '\'':
			fputs("&apos;", fp);
			break;
		/* As references, or attribute normalisation makes them spaces. */
		case '\t':
			fputs("&#9;", fp);
			break;
		case '\n':
			fputs("&#10;", fp);
			break;
		case '\r':
			fputs("&#13;", fp);
			break;
		default:
			/* XML 1.0 has no other control characters, not even as references. */
			n = *p < 0x20 ? 0 : xml_char_len(p);
			if (n == 0) {
				fputs("\xef\xbf\xbd", fp);
				n = 1;
			} else
				fwrite(p, 1, n, fp);
			p += n;
			continue;
		}
		p++;
	}
}

int
svg_finish(struct svgw *w)
{
	putc('\n', w->fp);
	return w->broken || w->depth != 0 ? -1 : 0;
}

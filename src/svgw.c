/* SPDX-License-Identifier: GPL-2.0-or-later */
/* svgw.c - a small streaming SVG (XML) writer */

#include "config.h"
#include <string.h>

#include "svgw.h"
#include "text.h"

void
svg_init(struct svgw *w, FILE *fp)
{
	ob_init(&w->ob, fp);
	w->depth = 0;
	w->in_tag = false;
	w->text_depth = 0;
	w->broken = false;
	ob_puts(&w->ob, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
}

/* End the open start tag, if any: the element has content from now on. */
static void
content(struct svgw *w)
{
	if (w->in_tag) {
		ob_putc(&w->ob, '>');
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
		ob_putc(&w->ob, '\n');
	ob_putc(&w->ob, '<');
	ob_puts(&w->ob, name);
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
	ob_putc(&w->ob, ' ');
	ob_puts(&w->ob, name);
	ob_write(&w->ob, "=\"", 2);
	return true;
}

void
svg_attr(struct svgw *w, const char *name, const char *value)
{
	if (!attr_start(w, name))
		return;
	svg_escape(&w->ob, value);
	ob_putc(&w->ob, '"');
}

/* Write V in decimal, with its sign when negative. */
static void
put_int(struct outbuf *ob, long long v)
{
	if (v < 0) {
		ob_putc(ob, '-');
		/* Through unsigned: -LLONG_MIN does not fit a long long. */
		ob_u64(ob, -(unsigned long long)v);
	} else
		ob_u64(ob, (unsigned long long)v);
}

void
svg_attr_int(struct svgw *w, const char *name, long long v)
{
	if (!attr_start(w, name))
		return;
	put_int(&w->ob, v);
	ob_putc(&w->ob, '"');
}

void
svg_attr_fixed(struct svgw *w, const char *name, long long v, int digits)
{
	if (!attr_start(w, name))
		return;
	ob_fixed(&w->ob, v, digits);
	ob_putc(&w->ob, '"');
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
	svg_escape(&w->ob, s);
}

void
svg_text_int(struct svgw *w, long long v)
{
	text_start(w);
	put_int(&w->ob, v);
}

void
svg_text_fixed(struct svgw *w, long long v, int digits)
{
	text_start(w);
	ob_fixed(&w->ob, v, digits);
}

void
svg_close(struct svgw *w)
{
	if (w->depth == 0) {
		w->broken = true;
		return;
	}
	w->depth--;
	if (w->empty[w->depth]) {
		ob_write(&w->ob, "/>", 2);
	} else {
		if (w->text_depth == 0)
			ob_putc(&w->ob, '\n');
		ob_write(&w->ob, "</", 2);
		ob_puts(&w->ob, w->name[w->depth]);
		ob_putc(&w->ob, '>');
	}
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
svg_escape(struct outbuf *ob, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	while (*p) {
		switch (*p) {
		case '&':
			ob_write(ob, "&amp;", 5);
			break;
		case '<':
			ob_write(ob, "&lt;", 4);
			break;
		case '>':
			ob_write(ob, "&gt;", 4);
			break;
		case '"':
			ob_write(ob, "&quot;", 6);
			break;
		case '\'':
			ob_write(ob, "&apos;", 6);
			break;
		/* As references, or attribute normalisation makes them spaces. */
		case '\t':
			ob_write(ob, "&#9;", 4);
			break;
		case '\n':
			ob_write(ob, "&#10;", 5);
			break;
		case '\r':
			ob_write(ob, "&#13;", 5);
			break;
		default:
			/* XML 1.0 has no other control characters, not even as references. */
			n = *p < 0x20 ? 0 : xml_char_len(p);
			if (n == 0) {
				ob_write(ob, "\xef\xbf\xbd", 3);
				n = 1;
			} else
				ob_write(ob, (const char *)p, n);
			p += n;
			continue;
		}
		p++;
	}
}

int
svg_finish(struct svgw *w)
{
	ob_putc(&w->ob, '\n');
	ob_flush(&w->ob);
	return w->broken || w->depth != 0 ? -1 : 0;
}

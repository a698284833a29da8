/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonw.c - a small streaming JSON writer (after iproute2's json_writer.c) */

#include "config.h"
#include <stdlib.h>

#include "jsonw.h"
#include "text.h"

void
jw_init(struct jsonw *w, FILE *fp)
{
	ob_init(&w->ob, fp);
	w->depth = 0;
	w->first[0] = true;
	w->one_line[0] = false;
	w->after_key = false;
	w->compact = false;
}

void
jw_init_compact(struct jsonw *w, FILE *fp)
{
	jw_init(w, fp);
	w->compact = true;
	w->one_line[0] = true;
}

/* Write the comma, newline and indentation that go before a value or key. */
static void
sep(struct jsonw *w)
{
	int d = w->depth;

	/* A value after its key, or the one value of the top level. */
	if (w->after_key) {
		w->after_key = false;
		return;
	}
	if (d == 0)
		return;
	if (!w->first[d]) {
		ob_putc(&w->ob, ',');
		if (w->one_line[d] && !w->compact)
			ob_putc(&w->ob, ' ');
	}
	w->first[d] = false;
	if (!w->one_line[d]) {
		ob_putc(&w->ob, '\n');
		ob_fill(&w->ob, ' ', 2 * (size_t)d);
	}
}

/* Open an object or array: write OPEN now and CLOSE at its jw_end(). */
static void
open_(struct jsonw *w, char open, char close, bool one_line)
{
	sep(w);
	ob_putc(&w->ob, open);
	/* Deeper nesting than the document has is a programming error. */
	if (w->depth + 1 >= JSONW_MAX_DEPTH)
		abort();
	w->depth++;
	w->first[w->depth] = true;
	w->one_line[w->depth] = one_line || w->one_line[w->depth - 1];
	w->close[w->depth] = close;
}

void
jw_object(struct jsonw *w)
{
	open_(w, '{', '}', false);
}

void
jw_array(struct jsonw *w, bool one_line)
{
	open_(w, '[', ']', one_line);
}

void
jw_end(struct jsonw *w)
{
	int d = w->depth;

	if (d == 0)
		abort();
	w->depth--;
	if (!w->first[d] && !w->one_line[d]) {
		ob_putc(&w->ob, '\n');
		ob_fill(&w->ob, ' ', 2 * (size_t)w->depth);
	}
	ob_putc(&w->ob, w->close[d]);
}

/* Write S quoted, with JSON's escapes and invalid UTF-8 as \ufffd. */
static void
quote(struct outbuf *ob, const char *str)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)str;
	int n;

	ob_putc(ob, '"');
	while (*s != '\0') {
		/* The bytes that need nothing, in one copy. */
		for (n = 0; s[n] >= 0x20 && s[n] < 0x7f && s[n] != '"' &&
		    s[n] != '\\'; n++)
			;
		ob_write(ob, (const char *)s, (size_t)n);
		s += n;
		if (*s == '\0')
			break;
		if (*s == '"' || *s == '\\') {
			ob_putc(ob, '\\');
			ob_putc(ob, (char)*s++);
		} else if (*s < 0x20 || *s == 0x7f) {
			ob_write(ob, "\\u00", 4);
			ob_putc(ob, hex[*s >> 4]);
			ob_putc(ob, hex[*s & 0xf]);
			s++;
		} else if ((n = text_utf8_len(s)) > 0) {
			ob_write(ob, (const char *)s, (size_t)n);
			s += n;
		} else {
			ob_write(ob, "\\ufffd", 6);
			s++;
		}
	}
	ob_putc(ob, '"');
}

void
jw_key(struct jsonw *w, const char *key)
{
	sep(w);
	quote(&w->ob, key);
	ob_putc(&w->ob, ':');
	if (!w->compact)
		ob_putc(&w->ob, ' ');
	w->after_key = true;
}

void
jw_string(struct jsonw *w, const char *s)
{
	sep(w);
	quote(&w->ob, s);
}

void
jw_u64(struct jsonw *w, uint64_t v)
{
	sep(w);
	ob_u64(&w->ob, v);
}

void
jw_int(struct jsonw *w, long long v)
{
	sep(w);
	ob_intw(&w->ob, v, 0, false);
}

void
jw_bool(struct jsonw *w, bool v)
{
	sep(w);
	ob_puts(&w->ob, v ? "true" : "false");
}

void
jw_null(struct jsonw *w)
{
	sep(w);
	ob_puts(&w->ob, "null");
}

void
jw_fixed(struct jsonw *w, long long v, int digits)
{
	sep(w);
	ob_fixed(&w->ob, v, digits);
}

int
jw_finish(struct jsonw *w)
{
	ob_putc(&w->ob, '\n');
	ob_flush(&w->ob);
	return w->depth == 0 && !w->after_key ? 0 : -1;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonw.c - a small streaming JSON writer */

#include "config.h"
#include <stdlib.h>
#include <string.h>

#include "jsonw.h"

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

const char jw_indent[2 * JSONW_MAX_DEPTH] = "\n"
    "                              ";

/* Write a newline and the indentation of the current depth. */
static void
newline(struct jsonw *w)
{
	/* One fixed-size copy; what it writes past the depth is overwritten next. */
	memcpy(ob_room(&w->ob, sizeof(jw_indent)), jw_indent, sizeof(jw_indent));
	w->ob.len += 1 + 2 * (size_t)w->depth;
}

void
jw_sep_list(struct jsonw *w)
{
	struct jw_run r;

	/* The top level has one value: nothing before it. */
	if (w->depth == 0)
		return;
	r = jw_run(w, JW_SEP_ROOM);
	jr_sep(&r);
	jw_run_end(w, &r);
}

void
jw_key(struct jsonw *w, const char *key)
{
	struct jw_run r = jw_run(w, JW_KEY_ROOM);

	jr_key(&r, key);
	jw_run_end_key(w, &r);
}

static void
open_(struct jsonw *w, char open, char close, bool one_line)
{
	jw_sep(w);
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
	char close = w->close[w->depth];
	bool nl = !w->first[w->depth] && !w->one_line[w->depth];

	if (w->depth == 0)
		abort();
	w->depth--;
	if (nl)
		newline(w);
	ob_putc(&w->ob, close);
}

const bool jw_escape[256] = {
	[0x00] = 1, [0x01] = 1, [0x02] = 1, [0x03] = 1, [0x04] = 1, [0x05] = 1,
	[0x06] = 1, [0x07] = 1, [0x08] = 1, [0x09] = 1, [0x0a] = 1, [0x0b] = 1,
	[0x0c] = 1, [0x0d] = 1, [0x0e] = 1, [0x0f] = 1, [0x10] = 1, [0x11] = 1,
	[0x12] = 1, [0x13] = 1, [0x14] = 1, [0x15] = 1, [0x16] = 1, [0x17] = 1,
	[0x18] = 1, [0x19] = 1, [0x1a] = 1, [0x1b] = 1, [0x1c] = 1, [0x1d] = 1,
	[0x1e] = 1, [0x1f] = 1, ['"'] = 1, ['\\'] = 1, [0x7f] = 1,
};

char *
jw_escape_byte(char *p, unsigned char c)
{
	static const char hex[] = "0123456789abcdef";

	if (c == '"' || c == '\\') {
		p[0] = '\\';
		p[1] = (char)c;
		return p + 2;
	}
	p[0] = '\\';
	p[1] = 'u';
	p[2] = '0';
	p[3] = '0';
	p[4] = hex[c >> 4];
	p[5] = hex[c & 0xf];
	return p + 6;
}

/* Write the N bytes at S with JSON's escapes at P (room 6 N); returns the end. */
static char *
escape_at(char *p, const unsigned char *s, size_t n)
{
	const unsigned char *end = s + n;

	for (; s < end; s++)
		if (!jw_escape[*s])
			*p++ = (char)*s;
		else
			p = jw_escape_byte(p, *s);
	return p;
}

/* The bytes of a string escaped in one room: a path's, whole. */
#define STRING_PIECE	4096

void
jw_string(struct jsonw *w, const char *s)
{
	size_t n = strlen(s), k;
	char *p;

	jw_sep(w);
	ob_putc(&w->ob, '"');
	for (; n > 0; s += k, n -= k) {
		k = n < STRING_PIECE ? n : STRING_PIECE;
		p = ob_room(&w->ob, JW_STRING_ROOM(k));
		p = escape_at(p, (const unsigned char *)s, k);
		w->ob.len = (size_t)(p - w->ob.buf);
	}
	ob_putc(&w->ob, '"');
}

void
jw_u64(struct jsonw *w, uint64_t v)
{
	jw_sep(w);
	ob_u64(&w->ob, v);
}

void
jw_int(struct jsonw *w, long long v)
{
	jw_sep(w);
	/* Node ids and orders: the counts' path, without sign or padding. */
	if (v >= 0)
		ob_u64(&w->ob, (uint64_t)v);
	else
		ob_intw(&w->ob, v, 0, false);
}

void
jw_bool(struct jsonw *w, bool v)
{
	jw_sep(w);
	if (v)
		ob_write(&w->ob, "true", 4);
	else
		ob_write(&w->ob, "false", 5);
}

void
jw_null(struct jsonw *w)
{
	jw_sep(w);
	ob_write(&w->ob, "null", 4);
}

void
jw_fixed(struct jsonw *w, long long v, int digits)
{
	jw_sep(w);
	ob_fixed(&w->ob, v, digits);
}

int
jw_finish(struct jsonw *w)
{
	ob_putc(&w->ob, '\n');
	ob_flush(&w->ob);
	return w->depth == 0 && !w->after_key ? 0 : -1;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonw.c - a small streaming JSON writer (after iproute2's json_writer.c) */

#include "config.h"
#include <inttypes.h>
#include <stdlib.h>

#include "escape.h"
#include "humanize.h"
#include "jsonw.h"
#include "text.h"

void
jw_init(struct jsonw *w, FILE *fp)
{
	w->fp = fp;
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

/*
 * Write the string S. A document is mostly pieces of one to a dozen bytes
 * (a number, a key, ", "), for which fputs()'s and fwrite()'s cost per
 * call (some 130 instructions in glibc) was most of the writing:
 * putc_unlocked() is stdio's own macro for a byte of a stream that one
 * thread writes, as every writer's stream is here.
 */
static void
put(FILE *fp, const char *s)
{
	while (*s != '\0')
		putc_unlocked(*s++, fp);
}

/* Write a comma when COMMA, then a newline and two spaces a level of depth D. */
static void
newline(struct jsonw *w, bool comma, int d)
{
	if (comma)
		putc_unlocked(',', w->fp);
	putc_unlocked('\n', w->fp);
	for (d *= 2; d > 0; d--)
		putc_unlocked(' ', w->fp);
}

/* Write the comma, newline and indentation that go before a value or key. */
static void
sep(struct jsonw *w)
{
	int d = w->depth;
	bool comma;

	/* A value after its key, or the one value of the top level. */
	if (w->after_key) {
		w->after_key = false;
		return;
	}
	if (d == 0)
		return;
	comma = !w->first[d];
	w->first[d] = false;
	if (!w->one_line[d])
		newline(w, comma, d);
	else if (comma) {
		putc_unlocked(',', w->fp);
		if (!w->compact)
			putc_unlocked(' ', w->fp);
	}
}

/* Open an object or array: write OPEN now and CLOSE at its jw_end(). */
static void
open_(struct jsonw *w, char open, char close, bool one_line)
{
	sep(w);
	putc_unlocked(open, w->fp);
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
	if (!w->first[d] && !w->one_line[d])
		newline(w, false, w->depth);
	putc_unlocked(w->close[d], w->fp);
}

/*
 * JSON's rule for esc_write(): " and \ after a backslash, control
 * characters as \u00XX, bytes that are not UTF-8 as \ufffd.
 */
static const char *
json_rule(const unsigned char *s, int *n, char *buf)
{
	if (*s == '"')
		return "\\\"";
	if (*s == '\\')
		return "\\\\";
	if (*s < 0x20 || *s == 0x7f) {
		snprintf(buf, ESC_BUF, "\\u%04x", (unsigned)*s);
		return buf;
	}
	return *n == 0 ? "\\ufffd" : NULL;
}

/* Write S quoted, with JSON's escapes and invalid UTF-8 as \ufffd. */
static void
quote(FILE *fp, const char *s)
{
	putc_unlocked('"', fp);
	esc_write(fp, s, json_rule);
	putc_unlocked('"', fp);
}

void
jw_key(struct jsonw *w, const char *key)
{
	sep(w);
	putc_unlocked('"', w->fp);
	esc_write(w->fp, key, json_rule);
	putc_unlocked('"', w->fp);
	putc_unlocked(':', w->fp);
	if (!w->compact)
		putc_unlocked(' ', w->fp);
	w->after_key = true;
}

void
jw_string(struct jsonw *w, const char *s)
{
	sep(w);
	quote(w->fp, s);
}

void
jw_bytes(struct jsonw *w, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	int n = 1;

	while (*s != '\0' && (*s < 0x80 || (n = text_utf8_len(s)) > 0))
		s += *s < 0x80 ? 1 : n;
	if (*s == '\0') {
		jw_string(w, str);
		return;
	}
	jw_array(w, true);
	for (s = (const unsigned char *)str; *s != '\0'; s++)
		jw_u64(w, *s);
	jw_end(w);
}

void
jw_u64(struct jsonw *w, uint64_t v)
{
	char b[HUM_INT_LEN];

	sep(w);
	put(w->fp, hum_u64(b, v));
}

void
jw_int(struct jsonw *w, long long v)
{
	char b[HUM_INT_LEN];

	sep(w);
	put(w->fp, hum_int(b, v));
}

void
jw_bool(struct jsonw *w, bool v)
{
	sep(w);
	put(w->fp, v ? "true" : "false");
}

void
jw_null(struct jsonw *w)
{
	sep(w);
	put(w->fp, "null");
}

void
jw_fixed(struct jsonw *w, long long v, int digits)
{
	char b[48];

	sep(w);
	put(w->fp, hum_fixed(b, sizeof(b), v, digits));
}

int
jw_finish(struct jsonw *w)
{
	putc_unlocked('\n', w->fp);
	return w->depth == 0 && !w->after_key ? 0 : -1;
}

/* The one place an unbalanced document stops the program: it cannot be input's fault. */
void
jw_done(struct jsonw *w)
{
	if (jw_finish(w) != 0)
		abort();
}

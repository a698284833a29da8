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
 * Write a comma when COMMA, then a newline and the indentation of depth D,
 * in one fwrite(): two spaces a level, JSONW_MAX_DEPTH levels at most.
 */
static void
newline(struct jsonw *w, bool comma, int d)
{
	static const char text[2 + 2 * JSONW_MAX_DEPTH] = ",\n"
	    "                                ";

	fwrite(text + !comma, 1, (size_t)comma + 1 + 2 * (size_t)d, w->fp);
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
		putc(',', w->fp);
		if (!w->compact)
			putc(' ', w->fp);
	}
}

/* Open an object or array: write OPEN now and CLOSE at its jw_end(). */
static void
open_(struct jsonw *w, char open, char close, bool one_line)
{
	sep(w);
	putc(open, w->fp);
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
	putc(w->close[d], w->fp);
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
	putc('"', fp);
	esc_write(fp, s, json_rule);
	putc('"', fp);
}

void
jw_key(struct jsonw *w, const char *key)
{
	sep(w);
	putc('"', w->fp);
	esc_write(w->fp, key, json_rule);
	putc('"', w->fp);
	putc(':', w->fp);
	if (!w->compact)
		putc(' ', w->fp);
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

/*
 * Write the number that hum_u64() or hum_int() put at P, at the end of
 * B: it ends at B's last byte, its NUL, so its length needs no strlen().
 */
static void
number(struct jsonw *w, const char *p, const char b[HUM_INT_LEN])
{
	fwrite(p, 1, (size_t)(b + HUM_INT_LEN - 1 - p), w->fp);
}

void
jw_u64(struct jsonw *w, uint64_t v)
{
	char b[HUM_INT_LEN];

	sep(w);
	number(w, hum_u64(b, v), b);
}

void
jw_int(struct jsonw *w, long long v)
{
	char b[HUM_INT_LEN];

	sep(w);
	number(w, hum_int(b, v), b);
}

void
jw_bool(struct jsonw *w, bool v)
{
	sep(w);
	fputs(v ? "true" : "false", w->fp);
}

void
jw_null(struct jsonw *w)
{
	sep(w);
	fputs("null", w->fp);
}

void
jw_fixed(struct jsonw *w, long long v, int digits)
{
	char b[48];

	sep(w);
	fputs(hum_fixed(b, sizeof(b), v, digits), w->fp);
}

int
jw_finish(struct jsonw *w)
{
	putc('\n', w->fp);
	return w->depth == 0 && !w->after_key ? 0 : -1;
}

/* The one place an unbalanced document stops the program: it cannot be input's fault. */
void
jw_done(struct jsonw *w)
{
	if (jw_finish(w) != 0)
		abort();
}

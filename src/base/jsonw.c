/* SPDX-License-Identifier: GPL-2.0-or-later */
/* jsonw.c - a small streaming JSON writer (after iproute2's json_writer.c) */

#include "config.h"
#include <inttypes.h>
#include <stdlib.h>

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

/* Write a newline and the indentation of depth D. */
static void
newline(struct jsonw *w, int d)
{
	/* Two spaces a level, JSONW_MAX_DEPTH levels at most. */
	static const char spaces[2 * JSONW_MAX_DEPTH] = "                "
	    "                ";

	putc('\n', w->fp);
	fwrite(spaces, 1, 2 * (size_t)d, w->fp);
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
		putc(',', w->fp);
		if (w->one_line[d] && !w->compact)
			putc(' ', w->fp);
	}
	w->first[d] = false;
	if (!w->one_line[d])
		newline(w, d);
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
		newline(w, w->depth);
	putc(w->close[d], w->fp);
}

/* Write S quoted, with JSON's escapes and invalid UTF-8 as \ufffd. */
static void
quote(FILE *fp, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	int n;

	putc('"', fp);
	while (*s != '\0') {
		/* The bytes that need nothing, in one copy. */
		for (n = 0; s[n] >= 0x20 && s[n] < 0x7f && s[n] != '"' &&
		    s[n] != '\\'; n++)
			;
		fwrite(s, 1, (size_t)n, fp);
		s += n;
		if (*s == '\0')
			break;
		if (*s == '"' || *s == '\\') {
			putc('\\', fp);
			putc(*s++, fp);
		} else if (*s < 0x20 || *s == 0x7f) {
			fprintf(fp, "\\u%04x", (unsigned)*s++);
		} else if ((n = text_utf8_len(s)) > 0) {
			fwrite(s, 1, (size_t)n, fp);
			s += n;
		} else {
			fputs("\\ufffd", fp);
			s++;
		}
	}
	putc('"', fp);
}

void
jw_key(struct jsonw *w, const char *key)
{
	sep(w);
	quote(w->fp, key);
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

/* Decimal digits of v, most significant first. A JSON document is mostly
 * numbers, and printf's format parsing per number made --roots-from miss
 * its 10 000 snapshots a second (bench/run, section 3). */
static void
put_u64(FILE *fp, uint64_t v)
{
	char digits[20];
	int n = 0;

	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	while (n > 0)
		putc(digits[--n], fp);
}

void
jw_u64(struct jsonw *w, uint64_t v)
{
	sep(w);
	put_u64(w->fp, v);
}

void
jw_int(struct jsonw *w, long long v)
{
	sep(w);
	if (v < 0) {
		putc('-', w->fp);
		put_u64(w->fp, -(uint64_t)v);
	} else {
		put_u64(w->fp, (uint64_t)v);
	}
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

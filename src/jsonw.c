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
	size_t n = 1 + 2 * (size_t)w->depth;

	/*
	 * One fixed-size copy, cheaper than a call for a few spaces; what it
	 * writes past N is overwritten by what comes next.
	 */
	if (OUTBUF_SIZE - w->ob.len >= sizeof(jw_indent)) {
		memcpy(w->ob.buf + w->ob.len, jw_indent, sizeof(jw_indent));
		w->ob.len += n;
	} else
		ob_write(&w->ob, jw_indent, n);
}

void
jw_sep_list(struct jsonw *w)
{
	if (w->depth == 0)
		return;
	if (!w->first[w->depth]) {
		if (w->one_line[w->depth] && !w->compact)
			ob_write(&w->ob, ", ", 2);
		else
			ob_putc(&w->ob, ',');
	}
	w->first[w->depth] = false;
	if (!w->one_line[w->depth])
		newline(w);
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

/* Bytes a JSON string cannot hold as they are: controls, '"', '\\', DEL; and NUL. */
static const bool escape[256] = {
	[0x00] = 1, [0x01] = 1, [0x02] = 1, [0x03] = 1, [0x04] = 1, [0x05] = 1,
	[0x06] = 1, [0x07] = 1, [0x08] = 1, [0x09] = 1, [0x0a] = 1, [0x0b] = 1,
	[0x0c] = 1, [0x0d] = 1, [0x0e] = 1, [0x0f] = 1, [0x10] = 1, [0x11] = 1,
	[0x12] = 1, [0x13] = 1, [0x14] = 1, [0x15] = 1, [0x16] = 1, [0x17] = 1,
	[0x18] = 1, [0x19] = 1, [0x1a] = 1, [0x1b] = 1, [0x1c] = 1, [0x1d] = 1,
	[0x1e] = 1, [0x1f] = 1, ['"'] = 1, ['\\'] = 1, [0x7f] = 1,
};

void
jw_string(struct jsonw *w, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s, *run;
	char u[6] = { '\\', 'u', '0', '0' };

	jw_sep(w);
	ob_putc(&w->ob, '"');
	for (;;) {
		/* Copy the longest run that needs no escape in one go. */
		for (run = p; !escape[*p]; p++)
			;
		ob_write(&w->ob, (const char *)run, (size_t)(p - run));
		if (*p == '\0')
			break;
		if (*p == '"' || *p == '\\') {
			ob_putc(&w->ob, '\\');
			ob_putc(&w->ob, (char)*p);
		} else {
			u[4] = hex[*p >> 4];
			u[5] = hex[*p & 0xf];
			ob_write(&w->ob, u, sizeof(u));
		}
		p++;
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

/*
 * Write the one-line array of the N values that PUT writes at buffer
 * position p_, at most MAX bytes each, in one pass with one room check for
 * the whole array (values by order: a few hundred bytes; more than the
 * buffer holds is a programming error).
 */
#define ONE_LINE_ARRAY(w, n, max, put) do {				\
	/* Read once: the stores through p_ could alias it. */		\
	size_t sep_ = (w)->compact ? 1 : 2;				\
	char *p_;							\
	unsigned i_;							\
									\
	if ((size_t)(n) * ((max) + 2) + 2 > OUTBUF_SIZE)		\
		abort();						\
	jw_sep(w);							\
	p_ = ob_room(&(w)->ob, (size_t)(n) * ((max) + 2) + 2);		\
	*p_++ = '[';							\
	for (i_ = 0; i_ < (n); i_++) {					\
		if (i_ > 0) {						\
			memcpy(p_, ", ", 2);				\
			p_ += sep_;					\
		}							\
		p_ += (put);						\
	}								\
	*p_++ = ']';							\
	(w)->ob.len = (size_t)(p_ - (w)->ob.buf);			\
} while (0)

void
jw_u64s(struct jsonw *w, const uint64_t *v, unsigned n)
{
	ONE_LINE_ARRAY(w, n, OUTBUF_DIGITS, ob_utoa(p_, v[i_]));
}

void
jw_milli(struct jsonw *w, const int *v, unsigned n)
{
	/* A constant 3, so that the loop is ob_fixed_at()'s table copies. */
	ONE_LINE_ARRAY(w, n, OUTBUF_FIXED, ob_fixed_at(p_, v[i_], 3));
}

int
jw_finish(struct jsonw *w)
{
	ob_putc(&w->ob, '\n');
	ob_flush(&w->ob);
	return w->depth == 0 && !w->after_key ? 0 : -1;
}

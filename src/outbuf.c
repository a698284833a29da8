/* SPDX-License-Identifier: GPL-2.0-or-later */
/* outbuf.c - the renderers' output buffer and printf-compatible number formatting */

#include "config.h"
#include <string.h>

#include "outbuf.h"

/* The decimal digits of UINT64_MAX. */
#define U64_DIGITS	20

void
ob_init(struct outbuf *ob, FILE *fp)
{
	ob->fp = fp;
	ob->len = 0;
}

void
ob_flush(struct outbuf *ob)
{
	if (ob->len > 0)
		fwrite(ob->buf, 1, ob->len, ob->fp);
	ob->len = 0;
}

void
ob_write(struct outbuf *ob, const char *s, size_t n)
{
	size_t k;

	while (n > 0) {
		if (ob->len == OUTBUF_SIZE)
			ob_flush(ob);
		k = OUTBUF_SIZE - ob->len;
		if (k > n)
			k = n;
		memcpy(ob->buf + ob->len, s, k);
		ob->len += k;
		s += k;
		n -= k;
	}
}

void
ob_puts(struct outbuf *ob, const char *s)
{
	ob_write(ob, s, strlen(s));
}

void
ob_fill(struct outbuf *ob, char c, size_t n)
{
	size_t k;

	while (n > 0) {
		if (ob->len == OUTBUF_SIZE)
			ob_flush(ob);
		k = OUTBUF_SIZE - ob->len;
		if (k > n)
			k = n;
		memset(ob->buf + ob->len, c, k);
		ob->len += k;
		n -= k;
	}
}

/*
 * Write V in decimal at the end of D; returns the index of the first
 * digit. The one number formatter.
 */
static int
utoa(char d[U64_DIGITS], uint64_t v)
{
	int i = U64_DIGITS;

	do {
		d[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	return i;
}

/* Write the digits of D from index I to its end. */
static void
put_digits(struct outbuf *ob, const char d[U64_DIGITS], int i)
{
	ob_write(ob, d + i, (size_t)(U64_DIGITS - i));
}

void
ob_u64(struct outbuf *ob, uint64_t v)
{
	char d[U64_DIGITS];

	put_digits(ob, d, utoa(d, v));
}

void
ob_u64w(struct outbuf *ob, uint64_t v, int width)
{
	char d[U64_DIGITS];
	int i = utoa(d, v);

	if (width > U64_DIGITS - i)
		ob_fill(ob, ' ', (size_t)(width - (U64_DIGITS - i)));
	put_digits(ob, d, i);
}

/* Returns |V| in unsigned arithmetic, defined for LLONG_MIN too. */
static uint64_t
magnitude(long long v)
{
	return v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
}

void
ob_intw(struct outbuf *ob, long long v, int width, bool zero)
{
	char d[U64_DIGITS];
	int i = utoa(d, magnitude(v)), len = U64_DIGITS - i + (v < 0);
	size_t pad = width > len ? (size_t)(width - len) : 0;

	if (!zero)
		ob_fill(ob, ' ', pad);
	if (v < 0)
		ob_putc(ob, '-');
	if (zero)
		ob_fill(ob, '0', pad);
	put_digits(ob, d, i);
}

void
ob_fixed(struct outbuf *ob, long long v, int digits)
{
	uint64_t a = magnitude(v), scale = 1;
	char d[U64_DIGITS];
	int i;

	for (i = 0; i < digits; i++)
		scale *= 10;
	if (v < 0)
		ob_putc(ob, '-');
	put_digits(ob, d, utoa(d, a / scale));
	ob_putc(ob, '.');
	/* The fraction zero-padded to DIGITS; with 0 digits, "0" as printf's "%0*llu". */
	i = utoa(d, a % scale);
	if (digits > U64_DIGITS - i)
		ob_fill(ob, '0', (size_t)(digits - (U64_DIGITS - i)));
	put_digits(ob, d, i);
}

void
ob_str(struct outbuf *ob, const char *s, int width)
{
	size_t n = strlen(s), w = (size_t)(width < 0 ? -(long)width : width);

	if (width > 0 && w > n)
		ob_fill(ob, ' ', w - n);
	ob_write(ob, s, n);
	if (width < 0 && w > n)
		ob_fill(ob, ' ', w - n);
}

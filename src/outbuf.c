/* SPDX-License-Identifier: GPL-2.0-or-later */
/* outbuf.c - the renderers' output buffer and printf-compatible number formatting */

#include "config.h"
#include <string.h>

#include "outbuf.h"

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
ob_write_flush(struct outbuf *ob, const char *s, size_t n)
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
ob_fill_flush(struct outbuf *ob, char c, size_t n)
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
 * "0000" "0001" ... "9999": 40 000 bytes the compiler writes from the
 * adjacent literals these expand to, where a prefix P is itself literals.
 */
#define QUADS1(p) p "0" p "1" p "2" p "3" p "4" p "5" p "6" p "7" p "8" p "9"
#define QUADS2(p) QUADS1(p "0") QUADS1(p "1") QUADS1(p "2") QUADS1(p "3") \
	QUADS1(p "4") QUADS1(p "5") QUADS1(p "6") QUADS1(p "7") QUADS1(p "8") \
	QUADS1(p "9")
#define QUADS3(p) QUADS2(p "0") QUADS2(p "1") QUADS2(p "2") QUADS2(p "3") \
	QUADS2(p "4") QUADS2(p "5") QUADS2(p "6") QUADS2(p "7") QUADS2(p "8") \
	QUADS2(p "9")

const char ob_quads[4 * 10000 + 1] = QUADS3("0") QUADS3("1") QUADS3("2")
    QUADS3("3") QUADS3("4") QUADS3("5") QUADS3("6") QUADS3("7") QUADS3("8")
    QUADS3("9");

/* 10^0 to 10^19, every power of ten in 64 bits. */
static const uint64_t powers_of_ten[20] = { 1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL,
    100000ULL, 1000000ULL, 10000000ULL, 100000000ULL, 1000000000ULL,
    10000000000ULL, 100000000000ULL, 1000000000000ULL, 10000000000000ULL,
    100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
    100000000000000000ULL, 1000000000000000000ULL, 10000000000000000000ULL };

/* Returns the number of decimal digits of V, without a branch. */
static size_t
ndigits(uint64_t v)
{
	/* log10(2) ~ 1233 / 4096: the digits of 2^bits, less one when below. */
	uint64_t w = v | 1;	/* 0 has one digit, as 1 */
	unsigned t = (unsigned)(64 - __builtin_clzll(w)) * 1233 >> 12;

	return t + 1 - (w < powers_of_ten[t]);
}

size_t
ob_utoa_slow(char *buf, uint64_t v)
{
	size_t n = ndigits(v);
	char *p = buf + n;

	/* Backwards from the last digit, four digits per division... */
	while (v >= 10000) {
		p -= 4;
		memcpy(p, ob_quads + (v % 10000) * 4, 4);
		v /= 10000;
	}
	/* ...and the first one to four, the tail of V's quad. */
	memcpy(buf, ob_quads + v * 4 + 4 - (size_t)(p - buf),
	    (size_t)(p - buf));
	return n;
}

void
ob_u64w(struct outbuf *ob, uint64_t v, int width)
{
	char d[OUTBUF_DIGITS];
	size_t n = ob_utoa(d, v);

	if (width > 0 && (size_t)width > n)
		ob_fill(ob, ' ', (size_t)width - n);
	ob_write(ob, d, n);
}

void
ob_intw(struct outbuf *ob, long long v, int width, bool zero)
{
	/* The magnitude in unsigned arithmetic, defined for LLONG_MIN too. */
	unsigned long long a = v < 0 ? 0ULL - (unsigned long long)v :
	    (unsigned long long)v;
	char d[OUTBUF_DIGITS];
	size_t n = ob_utoa(d, a), len = n + (v < 0);
	size_t pad = width > 0 && (size_t)width > len ? (size_t)width - len : 0;

	if (!zero)
		ob_fill(ob, ' ', pad);
	if (v < 0)
		ob_putc(ob, '-');
	if (zero)
		ob_fill(ob, '0', pad);
	ob_write(ob, d, n);
}

size_t
ob_fixed_at_slow(char *buf, long long v, int digits)
{
	unsigned long long a = v < 0 ? 0ULL - (unsigned long long)v :
	    (unsigned long long)v, ip, f;
	char *p = buf;
	int i;

	if (v < 0)
		*p++ = '-';
	/* Constant divisors for the percentages: no division instruction. */
	if (digits == 2) {
		ip = a / 100;
		f = a % 100;
	} else {
		ip = a / powers_of_ten[digits];
		f = a % powers_of_ten[digits];
	}
	p += ob_utoa(p, ip);
	*p++ = '.';
	for (i = digits; i-- > 0; f /= 10)
		p[i] = (char)('0' + f % 10);
	p += digits;
	if (digits == 0)	/* printf's "%0*llu" of 0 at width 0 */
		*p++ = '0';
	return (size_t)(p - buf);
}

char	ob_milli[2001][8];

void
ob_milli_fill(int v)
{
	char t[OUTBUF_FIXED];

	/* Through a buffer of the room ob_fixed_at_slow() may write in. */
	memset(t, 0, 8);
	ob_fixed_at_slow(t, v, 3);
	memcpy(ob_milli[v + 1000], t, 8);
}

void
ob_fixed(struct outbuf *ob, long long v, int digits)
{
	char *p = ob_room(ob, OUTBUF_FIXED);

	ob->len += ob_fixed_at(p, v, digits);
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

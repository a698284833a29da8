/* SPDX-License-Identifier: GPL-2.0-or-later */
/* outbuf.h - the renderers' output: one large buffer in front of a FILE, numbers formatted by hand */
#ifndef FRAGSTAT_OUTBUF_H
#define FRAGSTAT_OUTBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/*
 * Large enough that a big document leaves in few write() calls; only the
 * pages that a document fills are ever touched.
 */
#define OUTBUF_SIZE	65536

/* The longest decimal ob_utoa() writes (UINT64_MAX). */
#define OUTBUF_DIGITS	20

/*
 * Bytes on their way to FP. Nothing reaches FP before ob_flush(), so a
 * renderer flushes before it returns or hands FP to another writer.
 */
struct outbuf {
	FILE	*fp;
	size_t	 len;
	char	 buf[OUTBUF_SIZE];
};

void	ob_init(struct outbuf *ob, FILE *fp);

/* Hand what is buffered to FP with fwrite(); errors stay in ferror(FP). */
void	ob_flush(struct outbuf *ob);

/* The slow paths of ob_write() and ob_fill(), across a flush. */
void	ob_write_flush(struct outbuf *ob, const char *s, size_t n);
void	ob_fill_flush(struct outbuf *ob, char c, size_t n);

/* Inline: most writes are a few bytes, and the call would cost more. */
static inline void
ob_write(struct outbuf *ob, const char *s, size_t n)
{
	if (n <= OUTBUF_SIZE - ob->len) {
		memcpy(ob->buf + ob->len, s, n);
		ob->len += n;
	} else
		ob_write_flush(ob, s, n);
}

/* Write N copies of C. */
static inline void
ob_fill(struct outbuf *ob, char c, size_t n)
{
	if (n <= OUTBUF_SIZE - ob->len) {
		memset(ob->buf + ob->len, c, n);
		ob->len += n;
	} else
		ob_fill_flush(ob, c, n);
}

static inline void
ob_putc(struct outbuf *ob, char c)
{
	if (ob->len == OUTBUF_SIZE)
		ob_flush(ob);
	ob->buf[ob->len++] = c;
}

void	ob_puts(struct outbuf *ob, const char *s);

/*
 * Returns where the next N bytes (at most OUTBUF_SIZE) go, flushing first
 * when they do not fit; the caller writes them and advances len.
 */
static inline char *
ob_room(struct outbuf *ob, size_t n)
{
	if (OUTBUF_SIZE - ob->len < n)
		ob_flush(ob);
	return ob->buf + ob->len;
}

/* The four digits of 0000 to 9999, one after the other (and a NUL). */
extern const char ob_quads[4 * 10000 + 1];

/* ob_utoa() from 10^8 up, and on big-endian machines. */
size_t	ob_utoa_slow(char *buf, uint64_t v);

/*
 * Write V in decimal at BUF (at least OUTBUF_DIGITS bytes, no NUL); returns
 * the length. Inline, for the arrays of counts that make up most of a
 * document.
 */
static inline size_t
ob_utoa(char *buf, uint64_t v)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint32_t hi, lo;
	uint64_t d, nz;
	unsigned z;

	/*
	 * Below 10^8, nearly every count: its eight digits, leading zeros
	 * included, from two lookups of four, the first digit in the low
	 * byte; then shifted past the leading zeros, which the digits
	 * themselves count. No branch the lengths could mispredict. The
	 * bytes written past the length are in BUF's room and overwritten
	 * next.
	 */
	if (v < 100000000) {
		memcpy(&hi, ob_quads + (size_t)((uint32_t)v / 10000) * 4, 4);
		memcpy(&lo, ob_quads + (size_t)((uint32_t)v % 10000) * 4, 4);
		d = hi | (uint64_t)lo << 32;
		/*
		 * The first digit that is not 0; the last digit when the others
		 * are, 0 included: bit 56 stands in for it, without a branch.
		 */
		nz = (d ^ 0x3030303030303030ULL) | 1ULL << 56;
		z = (unsigned)__builtin_ctzll(nz) >> 3;
		d >>= 8 * z;
		memcpy(buf, &d, 8);
		return 8 - z;
	}
#endif
	return ob_utoa_slow(buf, v);
}

/* V as printf's "%llu". */
static inline void
ob_u64(struct outbuf *ob, uint64_t v)
{
	char *p = ob_room(ob, OUTBUF_DIGITS);

	ob->len += ob_utoa(p, v);
}

/* V as printf's "%*llu". */
void	ob_u64w(struct outbuf *ob, uint64_t v, int width);

/* V as printf's "%*lld", or "%0*lld" when ZERO (the sign before the zeros). */
void	ob_intw(struct outbuf *ob, long long v, int width, bool zero);

/*
 * V / 10^DIGITS (DIGITS at most 19) with exactly DIGITS decimals, as
 * "%s%llu.%0*llu" of the sign, |V| / 10^DIGITS and |V| % 10^DIGITS:
 * -500 with 3 digits is "-0.500".
 */
void	ob_fixed(struct outbuf *ob, long long v, int digits);

/* The longest ob_fixed_at() writes: a sign, 20 digits, '.', 19 digits. */
#define OUTBUF_FIXED	(2 * OUTBUF_DIGITS + 2)

/* ob_fixed_at() beyond the indices' fast path. */
size_t	ob_fixed_at_slow(char *buf, long long v, int digits);

/*
 * The text of the indices, -1.000 to 1.000: entry V + 1000 holds V / 1000
 * with three decimals ("-0.500"), padded to 8 bytes, once written; empty
 * before. Filled as values occur, so a small run builds a few entries.
 */
extern char ob_milli[2001][8];

/* Write entry V + 1000 of ob_milli. */
void	ob_milli_fill(int v);

/* Write ob_fixed()'s text at BUF (OUTBUF_FIXED bytes, no NUL); returns the length. */
static inline size_t
ob_fixed_at(char *buf, long long v, int digits)
{
	/* The indices: one 8-byte copy from the table, the length from the sign. */
	if (digits != 3 || v < -1000 || v > 1000)
		return ob_fixed_at_slow(buf, v, digits);
	if (ob_milli[v + 1000][0] == '\0')
		ob_milli_fill((int)v);
	memcpy(buf, ob_milli[v + 1000], 8);
	return 5 + (v < 0);
}

/* S as printf's "%*s", or "%-*s" when WIDTH is negative. */
void	ob_str(struct outbuf *ob, const char *s, int width);

#endif

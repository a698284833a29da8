/* SPDX-License-Identifier: GPL-2.0-or-later */
/* outbuf.h - the renderers' output: a buffer in front of a FILE and the one number formatter */
#ifndef FRAGSTAT_OUTBUF_H
#define FRAGSTAT_OUTBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Large enough that a --watch frame leaves in one write(). */
#define OUTBUF_SIZE	65536

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
void	ob_write(struct outbuf *ob, const char *s, size_t n);

/* Inline: most of a document is single bytes and short runs. */
static inline void
ob_putc(struct outbuf *ob, char c)
{
	if (ob->len == OUTBUF_SIZE)
		ob_flush(ob);
	ob->buf[ob->len++] = c;
}

void	ob_puts(struct outbuf *ob, const char *s);

/* Write N copies of C. */
void	ob_fill(struct outbuf *ob, char c, size_t n);

/* V as printf's "%llu". */
void	ob_u64(struct outbuf *ob, uint64_t v);

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

/* S as printf's "%*s", or "%-*s" when WIDTH is negative. */
void	ob_str(struct outbuf *ob, const char *s, int width);

#endif

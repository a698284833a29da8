/* SPDX-License-Identifier: GPL-2.0-or-later */
/* text.c - lines, whitespace tokens and strict numbers */

#include "config.h"
#include <errno.h>
#include <string.h>

#include "text.h"

#define NAME_MAX_LEN	31

void
lines_init(struct lines *l, const char *buf, size_t len)
{
	l->p = buf;
	l->end = buf + len;
	l->no = 0;
	/* Two scans of the whole buffer rather than two per line. */
	if ((l->nul = memchr(buf, '\0', len)) == NULL)
		l->nul = l->end;
	if ((l->cr = memchr(buf, '\r', len)) == NULL)
		l->cr = l->end;
}

size_t
lines_count(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *nl;
	size_t n = 0;

	for (; (nl = memchr(p, '\n', (size_t)(end - p))) != NULL; p = nl + 1)
		n++;
	return n + (p < end);
}

int
lines_next(struct lines *l, const char **s, size_t *n, struct ferr *e)
{
	const char *nl;
	size_t len;

	if (l->p >= l->end)
		return 0;
	l->no++;
	nl = memchr(l->p, '\n', (size_t)(l->end - l->p));
	len = nl ? (size_t)(nl - l->p) : (size_t)(l->end - l->p);
	if (l->nul < l->p + len)
		return ferr_set(e, l->no, "NUL byte in column %zu: binary data, "
		    "not a kernel text file", (size_t)(l->nul - l->p) + 1);
	if (l->cr < l->p + len)
		return ferr_set(e, l->no, "carriage return in column %zu: "
		    "DOS line endings are not what the kernel writes",
		    (size_t)(l->cr - l->p) + 1);
	*s = l->p;
	*n = len;
	l->p += len + (nl != NULL);
	return 1;
}

/* Returns whether C separates tokens: a space or a tab. */
static inline bool
blank(char c)
{
	/* One comparison for the printable bytes that make up most of a line. */
	return (unsigned char)c <= ' ' && (c == ' ' || c == '\t');
}

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/*
 * Eight bytes at a time (SWAR): W holds the bytes of a line in memory
 * order, the first in the low byte.
 */
#define BYTES(b)	(0x0101010101010101ULL * (b))

/* Returns how many of W's bytes, from the first, are spaces (8 when all). */
static inline unsigned
spaces8(uint64_t w)
{
	uint64_t x = w ^ BYTES(' ');

	return x ? (unsigned)__builtin_ctzll(x) >> 3 : 8;
}

/* Returns how many of W's bytes, from the first, are not blanks (8 when all). */
static inline unsigned
nonblanks8(uint64_t w)
{
	/*
	 * A zero byte of X or Y is a space or a tab. (v - 1) & ~v sets bit 7
	 * of a zero byte; a borrow only disturbs the bytes after the first.
	 */
	uint64_t x = w ^ BYTES(' '), y = w ^ BYTES('\t');
	uint64_t z = ((x - BYTES(1)) & ~x) | ((y - BYTES(1)) & ~y);

	z &= BYTES(0x80);
	return z ? (unsigned)__builtin_ctzll(z) >> 3 : 8;
}

/* Returns how many of W's bytes, from the first, are ASCII digits (8 when all). */
static inline unsigned
digits8(uint64_t w)
{
	/*
	 * Bit 7 of each byte B below 0x80: B + 0x46 has it when B > '9',
	 * B + 0x50 lacks it when B < '0', and B >= 0x80 has it itself. A
	 * carry out of a byte only disturbs the bytes after the first non-digit.
	 */
	uint64_t nd = ((w + BYTES(0x46)) | ~(w + BYTES(0x50)) | w) & BYTES(0x80);

	return nd ? (unsigned)__builtin_ctzll(nd) >> 3 : 8;
}

/* Returns the number the first LEN (1 to 8) bytes of W spell in digits. */
static inline uint64_t
value8(uint64_t w, unsigned len)
{
	/* Right-align the digits behind zeros, then combine pairs, quads, octets. */
	w = (w << (8 * (8 - len))) & BYTES(0x0f);
	w = (w * (10 << 8 | 1)) >> 8;
	w = ((w & 0x00ff00ff00ff00ffULL) * (100 << 16 | 1)) >> 16;
	return ((w & 0x0000ffff0000ffffULL) * (10000ULL << 32 | 1)) >> 32;
}
#endif

/* Returns the first byte from S on that is not a blank, or END. */
static inline const char *
skip_blanks(const char *s, const char *end)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t w;
	unsigned n;

	/* The kernel pads with spaces: skip them eight at a time. */
	while (end - s >= 8) {
		memcpy(&w, s, 8);
		s += n = spaces8(w);
		if (n < 8)
			break;
	}
#endif
	while (s < end && blank(*s))
		s++;
	return s;
}

/* Returns the first blank from S on, or END. */
static inline const char *
skip_token(const char *s, const char *end)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t w;
	unsigned n;

	while (end - s >= 8) {
		memcpy(&w, s, 8);
		s += n = nonblanks8(w);
		if (n < 8)
			return s;
	}
#endif
	while (s < end && !blank(*s))
		s++;
	return s;
}

size_t
tok_split(const char *s, size_t n, struct tok *t, size_t max)
{
	const char *end = s + n;
	size_t k = 0;

	for (;;) {
		if ((s = skip_blanks(s, end)) == end)
			return k;
		if (k == max)
			return max + 1;
		t[k].s = s;
		s = skip_token(s, end);
		t[k].n = (size_t)(s - t[k].s);
		k++;
	}
}

size_t
nums_u64(const char *s, size_t n, uint64_t *v, size_t max, uint32_t *capped)
{
	const char *end = s + n;
	struct tok t;
	size_t k = 0;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t w, x;
	unsigned sp, len;
#endif

	if (capped != NULL)
		*capped = 0;
	for (;;) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		/*
		 * Nearly every count, as the kernel pads it ("%6lu "): spaces,
		 * up to 7 digits and a blank, all in the next eight bytes: one
		 * load. X holds the bytes from the first digit on, zeros (not
		 * digits) shifted in behind them.
		 */
		if (end - s >= 8 && k < max) {
			memcpy(&w, s, 8);
			sp = spaces8(w);
			x = sp < 8 ? w >> 8 * sp : 0;
			len = digits8(x);
			if (len > 0 && sp + len < 8 && blank((char)(x >> 8 * len))) {
				v[k++] = value8(x, len);
				s += sp + len;
				continue;
			}
		}
#endif
		/* Anything else: the token, as num_u64() reads it. */
		if ((s = skip_blanks(s, end)) == end)
			return k;
		if (k == max)
			return max + 1;
		if (capped != NULL && *s == '>') {
			*capped |= 1u << k;
			s++;
		}
		t.s = s;
		s = skip_token(s, end);
		t.n = (size_t)(s - t.s);
		if (num_u64(&t, &v[k++]) != 0)
			return SIZE_MAX;
	}
}

int
num_u64_suffix(const struct tok *t, char suffix, uint64_t *v)
{
	size_t n = t->n, i;
	uint64_t x = 0;

	if (suffix != '\0') {
		if (n == 0 || t->s[n - 1] != suffix)
			return -EINVAL;
		n--;
	}
	if (n == 0)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		unsigned d = (unsigned char)t->s[i] - '0';

		if (d > 9)
			return -EINVAL;
		/* 19 digits cannot overflow: check only beyond them. */
		if (i >= 19 && x > (UINT64_MAX - d) / 10)
			return -ERANGE;
		x = x * 10 + d;
	}
	*v = x;
	return 0;
}

int
num_u64(const struct tok *t, uint64_t *v)
{
	return num_u64_suffix(t, '\0', v);
}

bool
tok_is_name(const struct tok *t)
{
	size_t i;

	if (t->n == 0 || t->n > NAME_MAX_LEN)
		return false;
	for (i = 0; i < t->n; i++)
		if ((unsigned char)t->s[i] <= 0x20 || (unsigned char)t->s[i] >= 0x7f)
			return false;
	return true;
}

int
num_error(struct ferr *e, unsigned long line, const struct tok *t, int rc,
    const char *what)
{
	char q[64];

	ferr_quote(q, sizeof(q), t->s, t->n);
	if (rc == -ERANGE)
		return ferr_set(e, line, "%s '%s' does not fit in 64 bits",
		    what, q);
	/* Only a '-' before a digit is a sign: "-" or "-x" is plain junk. */
	if (t->n > 1 && t->s[0] == '-' && t->s[1] >= '0' && t->s[1] <= '9')
		return ferr_set(e, line, "%s '%s' is negative", what, q);
	return ferr_set(e, line, "%s '%s' is not a decimal number", what, q);
}

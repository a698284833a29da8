/* SPDX-License-Identifier: GPL-2.0-or-later */
/* text.h - lines, whitespace tokens and strict numbers, shared by every parser */
#ifndef FRAGSTAT_TEXT_H
#define FRAGSTAT_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ferr.h"

/* A cursor over a buffer's lines. */
struct lines {
	const char	*p, *end;
	const char	*nul, *cr;	/* the first NUL and '\r', or end */
	unsigned long	 no;	/* number of the line last returned */
};

/* One whitespace-separated field of a line. */
struct tok {
	const char	*s;
	size_t		 n;
};

void	lines_init(struct lines *l, const char *buf, size_t len);

/* Returns the number of lines in BUF (LEN bytes), the last one ended by a newline or not. */
size_t	lines_count(const char *buf, size_t len);

/*
 * Returns 1 with the next line in S and its length in N (no newline), 0 at the end,
 * or -1 with E set when the line holds a NUL byte or a carriage return.
 */
int	lines_next(struct lines *l, const char **s, size_t *n, struct ferr *e);

/*
 * Split S (N bytes) at spaces and tabs into at most MAX tokens. Returns the
 * number of tokens, or MAX + 1 when there are more.
 */
size_t	tok_split(const char *s, size_t n, struct tok *t, size_t max);

/*
 * Parse the blank-separated decimal numbers of S (N bytes) into V, at most
 * MAX (32 or less). With CAPPED, a number may start with '>' (a lower
 * bound), and bit K of *CAPPED says number K did. Returns how many, MAX + 1
 * when there are more, or SIZE_MAX when one is not plain digits or does not
 * fit in 64 bits: num_u64() on the tokens then says which and why. One
 * pass, for the long lines of counts.
 */
size_t	nums_u64(const char *s, size_t n, uint64_t *v, size_t max,
	    uint32_t *capped);

/* Returns whether token T is exactly the string WORD. */
static inline bool
tok_is(const struct tok *t, const char *word)
{
	/* Inline, so that strlen() of the literal WORD is a constant. */
	size_t n = strlen(word);

	return t->n == n && memcmp(t->s, word, n) == 0;
}

/*
 * Parse T as decimal digits only (no sign, space or suffix) into *V.
 * Returns 0, -EINVAL when it is not a number, -ERANGE beyond 64 bits.
 */
int	num_u64(const struct tok *t, uint64_t *v);

/*
 * Like num_u64 but also accepts the one suffix SUFFIX (may be 0 for none),
 * e.g. the ',' after a node id. Returns as num_u64.
 */
int	num_u64_suffix(const struct tok *t, char suffix, uint64_t *v);

/* Returns whether T is a name fragstat accepts: 1..31 printable ASCII bytes. */
bool	tok_is_name(const struct tok *t);

/* Record in E a message saying what is wrong with number token T at LINE; returns -1. */
int	num_error(struct ferr *e, unsigned long line, const struct tok *t,
	    int rc, const char *what);

#endif

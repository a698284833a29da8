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
	/* The buffer's first NUL byte and carriage return, or NULL. */
	const char	*nul, *cr;
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
 * Returns 0 when BUF (LEN bytes, read to line L) ends with a newline, as
 * every file the kernel prints does, or is empty; else -1 with E set: the
 * last line was cut short (head -c, a full disk), and its value with it.
 */
int	lines_whole(const char *buf, size_t len, unsigned long l,
	    struct ferr *e);

/*
 * Split S (N bytes) at spaces and tabs into at most MAX tokens. Returns the
 * number of tokens, or MAX + 1 when there are more.
 */
size_t	tok_split(const char *s, size_t n, struct tok *t, size_t max);

/* Returns whether token T is exactly the string WORD. */
static inline bool
tok_is(const struct tok *t, const char *word)
{
	/* Inline, so that strlen() of a literal WORD is a constant. */
	return strlen(word) == t->n && memcmp(t->s, word, t->n) == 0;
}

/*
 * A token of the string literal LIT, for a table of names that lines are
 * matched against with tok_eq(): its length is known, not strlen()'d at
 * every line.
 */
#define TOK(lit)	{ (lit), sizeof(lit) - 1 }

/* Returns whether tokens A and B hold the same bytes. */
static inline bool
tok_eq(const struct tok *a, const struct tok *b)
{
	return a->n == b->n && memcmp(a->s, b->s, a->n) == 0;
}

/* Returns whether T ends with C, and then takes C off T. */
bool	tok_chop(struct tok *t, char c);

/*
 * Returns whether T is a name fragstat accepts: 1 to MAX printable ASCII
 * bytes (the callers' MAX: model/bounds.h's FRAG_NAME_SIZE - 1).
 */
bool	tok_is_name(const struct tok *t, size_t max);

/*
 * The one number parser: T as decimal digits only (no sign, space or
 * suffix) into *V. Returns 0, -EINVAL when it is not a number, -ERANGE
 * beyond 64 bits; *V is then unchanged.
 */
int	num_u64(const struct tok *t, uint64_t *v);

/* num_u64() of hexadecimal digits, without "0x" (/proc/iomem's addresses). */
int	num_hex(const struct tok *t, uint64_t *v);

/* num_u64() of the string S. */
int	num_str(const char *s, uint64_t *v);

/*
 * Parse T as a decimal with up to two decimals ("2", "2.5", "2.25"), or
 * with EXACT exactly two (the kernel's "%lu.%02lu"), into hundredths in
 * *V. Returns as num_u64().
 */
int	num_centi(const struct tok *t, bool exact, uint64_t *v);

/* A release's minors per major: "6.18" is 6 * TEXT_KVER_MINORS + 18. */
#define TEXT_KVER_MINORS	1000
/* The largest major text_kver() reads (and minor, below TEXT_KVER_MINORS). */
#define TEXT_KVER_MAJOR_MAX	999999

/*
 * Parse the leading "MAJOR.MINOR" of a release such as "6.18.44-fc" into a
 * single number MAJOR * TEXT_KVER_MINORS + MINOR. Returns it, or -1 when S
 * does not start that way.
 */
long	text_kver(const char *s);

/*
 * Returns the length of the valid multibyte UTF-8 sequence at S, or 0 (RFC
 * 3629: no overlong forms, no surrogates, nothing past U+10FFFF; ASCII is
 * not multibyte); a NUL ends it.
 */
int	text_utf8_len(const unsigned char *s);

/*
 * Write the NULL-terminated ARGV into BUF (SIZE bytes) as words a POSIX sh
 * reads back as the same ones (eval "set -- $LINE"): a word of only plain
 * bytes as it is, any other in single quotes, inside which every byte but
 * the quote stands for itself (a newline too); a quote as '\''. Returns 0,
 * or -1 when it does not fit.
 */
int	text_sh_quote(char *buf, size_t size, char *const *argv);

/*
 * Record in E a message saying what is wrong with number token T at LINE,
 * which num_u64() (BASE 10) or num_hex() (BASE 16) refused with RC; returns
 * -1.
 */
int	num_error(struct ferr *e, unsigned long line, const struct tok *t,
	    int rc, int base, const char *what);

/*
 * Copy the N bytes of S into a new string, undoing the kernel's "\ooo"
 * escapes (/proc/mounts' "\040", a map file's paths). Returns NULL when
 * out of memory.
 */
char	*text_unoctal(const char *s, size_t n);

#endif

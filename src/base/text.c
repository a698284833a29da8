/* SPDX-License-Identifier: GPL-2.0-or-later */
/* text.c - lines, whitespace tokens and strict numbers */

#include "config.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

void
lines_init(struct lines *l, const char *buf, size_t len)
{
	l->p = buf;
	l->end = buf + len;
	/* Found once for the buffer, not searched for in every line. */
	l->nul = memchr(buf, '\0', len);
	l->cr = memchr(buf, '\r', len);
	l->no = 0;
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
lines_whole(const char *buf, size_t len, unsigned long l, struct ferr *e)
{
	if (len > 0 && buf[len - 1] != '\n')
		return ferr_set(e, l, "the last line ends without a newline: "
		    "the file is cut short");
	return 0;
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
	/*
	 * The lines before had neither, so the first of the buffer is the
	 * first of this line when it is in it. A NUL byte says more than a
	 * carriage return: it wins.
	 */
	if (l->nul != NULL && l->nul < l->p + len)
		return ferr_set(e, l->no, "NUL byte in column %zu: binary data, "
		    "not a kernel text file", (size_t)(l->nul - l->p) + 1);
	if (l->cr != NULL && l->cr < l->p + len)
		return ferr_set(e, l->no, "carriage return in column %zu: "
		    "DOS line endings are not what the kernel writes",
		    (size_t)(l->cr - l->p) + 1);
	*s = l->p;
	*n = len;
	l->p += len + (nl != NULL);
	return 1;
}

/*
 * Returns whether C separates tokens: a space or a tab. A token's bytes
 * are above ' ' and fail the first test alone.
 */
static bool
blank(char c)
{
	return (unsigned char)c <= ' ' && (c == ' ' || c == '\t');
}

size_t
tok_split(const char *s, size_t n, struct tok *t, size_t max)
{
	const char *p = s, *end = s + n;
	size_t k = 0;

	for (;;) {
		while (p < end && blank(*p))
			p++;
		if (p == end)
			return k;
		if (k == max)
			return max + 1;
		t[k].s = p;
		while (p < end && !blank(*p))
			p++;
		t[k].n = (size_t)(p - t[k].s);
		k++;
	}
}

bool
tok_chop(struct tok *t, char c)
{
	if (t->n == 0 || t->s[t->n - 1] != c)
		return false;
	t->n--;
	return true;
}

bool
tok_is_name(const struct tok *t, size_t max)
{
	size_t i;

	if (t->n == 0 || t->n > max)
		return false;
	for (i = 0; i < t->n; i++)
		if ((unsigned char)t->s[i] <= 0x20 || (unsigned char)t->s[i] >= 0x7f)
			return false;
	return true;
}

/* Returns the value of digit C in BASE (10 or 16, lower or upper case), or -1. */
static int
digit(char c, unsigned base)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (base == 16 && c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (base == 16 && c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The one number parser: T as digits of BASE into *V, as num_u64() says. */
static int
num_base(const struct tok *t, unsigned base, uint64_t *v)
{
	/* The cutoff of BSD strtoul(): X * BASE + D must fit. */
	const uint64_t cutoff = UINT64_MAX / base, cutlim = UINT64_MAX % base;
	uint64_t x = 0;
	int d;
	size_t i;

	if (t->n == 0)
		return -EINVAL;
	for (i = 0; i < t->n; i++) {
		if ((d = digit(t->s[i], base)) < 0)
			return -EINVAL;
		if (x > cutoff || (x == cutoff && (unsigned)d > cutlim))
			return -ERANGE;
		x = x * base + (unsigned)d;
	}
	*v = x;
	return 0;
}

int
num_u64(const struct tok *t, uint64_t *v)
{
	return num_base(t, 10, v);
}

int
num_hex(const struct tok *t, uint64_t *v)
{
	return num_base(t, 16, v);
}

int
num_str(const char *s, uint64_t *v)
{
	struct tok t = { s, strlen(s) };

	return num_u64(&t, v);
}

int
num_centi(const struct tok *t, bool exact, uint64_t *v)
{
	const char *dot = memchr(t->s, '.', t->n);
	struct tok ip = *t, fp = { "", 0 };
	uint64_t i, f = 0;
	int rc;

	if (dot != NULL) {
		ip.n = (size_t)(dot - t->s);
		fp.s = dot + 1;
		fp.n = t->n - ip.n - 1;
	}
	if (exact ? fp.n != 2 : dot != NULL && (fp.n == 0 || fp.n > 2))
		return -EINVAL;
	if ((rc = num_u64(&ip, &i)) != 0 ||
	    (fp.n > 0 && (rc = num_u64(&fp, &f)) != 0))
		return rc;
	f *= fp.n == 1 ? 10 : 1;	/* "2.5" is 2.50 */
	if (i > (UINT64_MAX - f) / 100)
		return -ERANGE;
	*v = i * 100 + f;
	return 0;
}

int
num_error(struct ferr *e, unsigned long line, const struct tok *t, int rc,
    int base, const char *what)
{
	char q[64];

	ferr_quote(q, sizeof(q), t->s, t->n);
	if (rc == -ERANGE)
		return ferr_set(e, line, "%s '%s' does not fit in 64 bits",
		    what, q);
	/* Only a '-' before a digit is a sign: "-" or "-x" is plain junk. */
	if (t->n > 1 && t->s[0] == '-' && t->s[1] >= '0' && t->s[1] <= '9')
		return ferr_set(e, line, "%s '%s' is negative", what, q);
	return ferr_set(e, line, "%s '%s' is not a %s number", what, q,
	    base == 16 ? "hexadecimal" : "decimal");
}

/* Returns the number spelt by the digits at *S (skipped); -1 when none or huge. */
static long
kver_number(const char **s)
{
	struct tok t = { *s, strspn(*s, "0123456789") };
	uint64_t v;

	*s += t.n;
	return num_u64(&t, &v) == 0 && v <= TEXT_KVER_MAJOR_MAX ? (long)v : -1;
}

long
text_kver(const char *s)
{
	long major, minor;

	if ((major = kver_number(&s)) < 0 || *s++ != '.' ||
	    (minor = kver_number(&s)) < 0 || minor >= TEXT_KVER_MINORS)
		return -1;
	return major * TEXT_KVER_MINORS + minor;
}

int
text_utf8_len(const unsigned char *s)
{
	unsigned char lo = 0x80, hi = 0xbf;
	int n, i;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	/* The lead bytes whose second byte has a narrower range. */
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	for (i = 1; i < n; i++) {
		/* The NUL at the end is below lo: a cut sequence is invalid. */
		if (s[i] < lo || s[i] > hi)
			return 0;
		lo = 0x80;
		hi = 0xbf;
	}
	return n;
}

/* Returns whether byte C needs no quoting in a shell word. */
static bool
sh_plain(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || (c != '\0' && strchr("_@%+=:,./-", c));
}

/* Append the N bytes at S to BUF (SIZE bytes) at *AT. Returns 0, or -1 when they do not fit. */
static int
sh_put(char *buf, size_t size, size_t *at, const char *s, size_t n)
{
	if (*at + n >= size)
		return -1;
	memcpy(buf + *at, s, n);
	*at += n;
	buf[*at] = '\0';
	return 0;
}

/*
 * Only single quotes: $'...' is not POSIX (dash reads $'\012' as a dollar
 * and the quoted text), and inside '...' a newline or any byte is itself.
 */
int
text_sh_quote(char *buf, size_t size, char *const *argv)
{
	const char *p;
	size_t at = 0;
	int i;

	if (size == 0)
		return -1;
	buf[0] = '\0';
	for (i = 0; argv[i] != NULL; i++) {
		if (i > 0 && sh_put(buf, size, &at, " ", 1) != 0)
			return -1;
		for (p = argv[i]; *p && sh_plain((unsigned char)*p); p++)
			;
		if (*p == '\0' && argv[i][0] != '\0') {
			if (sh_put(buf, size, &at, argv[i], strlen(argv[i])) != 0)
				return -1;
			continue;
		}
		if (sh_put(buf, size, &at, "'", 1) != 0)
			return -1;
		for (p = argv[i]; *p; p++)
			if (sh_put(buf, size, &at, *p == '\'' ? "'\\''" : p,
			    *p == '\'' ? 4 : 1) != 0)
				return -1;
		if (sh_put(buf, size, &at, "'", 1) != 0)
			return -1;
	}
	return 0;
}

char *
text_unoctal(const char *s, size_t n)
{
	char *d = malloc(n + 1), *p = d;
	size_t i;

	if (d == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		if (s[i] == '\\' && i + 3 < n && s[i + 1] >= '0' &&
		    s[i + 1] <= '3' && s[i + 2] >= '0' && s[i + 2] <= '7' &&
		    s[i + 3] >= '0' && s[i + 3] <= '7') {
			*p++ = (char)((s[i + 1] - '0') * 64 + (s[i + 2] - '0') *
			    8 + (s[i + 3] - '0'));
			i += 3;
		} else
			*p++ = s[i];
	*p = '\0';
	return d;
}

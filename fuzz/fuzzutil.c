/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzzutil.c - properties every harness checks */

#include "config.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "validate.h"

void
fuzz_fail(const char *fmt, ...)
{
	va_list ap;

	fputs("fuzz: property failed: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

void
fuzz_mem_open(struct fuzz_mem *m)
{
	m->buf = NULL;
	m->len = 0;
	if ((m->fp = open_memstream(&m->buf, &m->len)) == NULL)
		fuzz_fail("open_memstream failed");
}

void
fuzz_mem_close(struct fuzz_mem *m)
{
	FUZZ_ASSERT(!ferror(m->fp), "write error on a memory stream");
	if (fclose(m->fp) != 0)
		fuzz_fail("fclose of a memory stream failed");
	m->fp = NULL;
}

void
fuzz_mem_free(struct fuzz_mem *m)
{
	free(m->buf);
	m->buf = NULL;
	m->len = 0;
}

unsigned long
fuzz_lines(const char *s, size_t n)
{
	unsigned long lines = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] == '\n')
			lines++;
	if (n > 0 && s[n - 1] != '\n')
		lines++;
	return lines;
}

void
fuzz_check_error(const struct ferr *e, const char *s, size_t n,
    const char *what)
{
	unsigned long lines = fuzz_lines(s, n);
	size_t i, len = strnlen(e->msg, sizeof(e->msg));

	FUZZ_ASSERT(e->line >= 1 && e->line <= (lines ? lines : 1),
	    "%s: error at line %lu of a %lu-line input: %s", what, e->line,
	    lines, e->msg);
	FUZZ_ASSERT(len > 0 && len < sizeof(e->msg) - 1,
	    "%s: error message empty or cut at %zu bytes", what, len);
	/* Messages reach terminals: input bytes must arrive quoted. */
	for (i = 0; i < len; i++)
		FUZZ_ASSERT(e->msg[i] >= 0x20 && e->msg[i] < 0x7f,
		    "%s: byte 0x%02x in the error message at %zu", what,
		    (unsigned char)e->msg[i], i);
}

void
fuzz_check_name(const char *name, const char *what)
{
	size_t i, n = strnlen(name, 32);

	FUZZ_ASSERT(n >= 1 && n <= 31, "%s name of %zu bytes", what, n);
	for (i = 0; i < n; i++)
		FUZZ_ASSERT((unsigned char)name[i] > 0x20 &&
		    (unsigned char)name[i] < 0x7f,
		    "%s name with byte 0x%02x", what, (unsigned char)name[i]);
}

/* Returns the kernel's int narrowing of the u64 X (two's complement wrap). */
static int
narrow(uint64_t x)
{
	return (int)(int32_t)(uint32_t)x;
}

void
fuzz_check_frag(const uint64_t *n, unsigned norders, const struct frag *f)
{
	uint64_t pages = 0, blocks = 0, s, rest, F, T, S;
	int largest = -1, u, fi, only = -1, want;
	unsigned o, k;

	/* Counts that pass frag_check() add up without wrapping. */
	FUZZ_ASSERT(frag_check(n, norders) == NULL, "counts frag_check() "
	    "rejects reached frag_compute()");
	for (k = 0; k < norders; k++) {
		pages += n[k] << k;
		blocks += n[k];
		if (n[k] != 0) {
			largest = (int)k;
			only = only == -1 && n[k] == 1 ? (int)k : -2;
		}
	}
	FUZZ_ASSERT(pages == f->free_pages && blocks == f->free_blocks,
	    "free pages or blocks differ from their sums");
	FUZZ_ASSERT(largest == f->largest_order, "largest order %d, want %d",
	    f->largest_order, largest);
	F = pages;
	T = blocks;
	for (o = 0; o < norders; o++) {
		/* Pages in blocks of order o and up, then in order-o units. */
		for (rest = 0, k = o; k < norders; k++)
			rest += n[k] << k;
		s = rest >> o;
		S = f->suitable[o];
		FUZZ_ASSERT(s == S, "order %u: suitable blocks differ", o);
		u = f->unusable[o];
		fi = f->fragindex[o];

		/* unusable_free_index(): div_u64() has a 32-bit divisor. */
		if (F == 0)
			want = 1000;
		else
			want = narrow((pages - rest) * 1000 / (uint32_t)F);
		FUZZ_ASSERT(u == want, "order %u: unusable %d, want %d", o, u,
		    want);
		if (F < (1ULL << 32)) {
			FUZZ_ASSERT(u >= 0 && u <= 1000, "order %u: unusable "
			    "%d outside 0..1000", o, u);
			FUZZ_ASSERT(o != 0 || F == 0 || u == 0,
			    "order 0: unusable %d with free pages", u);
		}

		/* __fragmentation_index() */
		if (T == 0)
			want = 0;
		else if (S != 0)
			want = -1000;
		else
			want = narrow(1000 - (F * 1000 / (1ULL << o) + 1000) /
			    (uint32_t)T);
		FUZZ_ASSERT(fi == want, "order %u: fragindex %d, want %d", o,
		    fi, want);
		if (T == 0 || S != 0 || F >= (1ULL << 32))
			continue;
		/* Every free block is below order o: T <= F <= T 2^o / 2. */
		FUZZ_ASSERT(fi >= 500 - (int)(1000 / T) && fi <= 1000,
		    "order %u: fragindex %d outside %d..1000 (T %llu)", o, fi,
		    500 - (int)(1000 / T), (unsigned long long)T);
		FUZZ_ASSERT(T < 2 || fi >= 0, "order %u: fragindex %d < 0 "
		    "with %llu free blocks", o, fi, (unsigned long long)T);
		FUZZ_ASSERT((1U << o) > 1000 || fi <= 999,
		    "order %u: fragindex %d needs 2^order > 1000", o, fi);
		/* One free block of order k: -1000 / 2^(o - k), truncated. */
		if (only >= 0)
			FUZZ_ASSERT(fi == -(int)(1000U >> (o - (unsigned)only)),
			    "order %u: fragindex %d for one free block of "
			    "order %d", o, fi, only);
	}
}

/* Returns whether C separates fields in fragstat's parsers: a space or a tab. */
bool
fuzz_is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Returns whether the N bytes at S are digits that spell at most 2^64 - 1. */
bool
fuzz_is_u64(const char *s, size_t n, uint64_t *v)
{
	static const char max[] = "18446744073709551615";
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	if (n == 0)
		return false;
	/* Leading zeros are digits too; compare what is left with 2^64 - 1 as text. */
	for (; n > 1 && *s == '0'; n--)
		s++;
	if (n > sizeof(max) - 1 ||
	    (n == sizeof(max) - 1 && memcmp(s, max, n) > 0))
		return false;
	for (*v = 0, i = 0; i < n; i++)
		*v = *v * 10 + (uint64_t)(s[i] - '0');
	return true;
}

void
fuzz_check_refused(const struct ferr *e, const char *s, size_t n,
    const char *what, unsigned long bad, const char *why)
{
	fuzz_check_error(e, s, n, what);
	FUZZ_ASSERT(bad != 0, "%s refused at line %lu: %s", what, e->line,
	    e->msg);
	FUZZ_ASSERT(e->line == bad && strncmp(e->msg, why, strlen(why)) == 0,
	    "%s refused at line %lu (%s), want line %lu (%s...)", what,
	    e->line, e->msg, bad, why);
}

const char *
fuzz_line_refused(const char *p, const char *nl)
{
	if (memchr(p, '\0', (size_t)(nl - p)) != NULL)
		return "NUL byte in column ";
	if (memchr(p, '\r', (size_t)(nl - p)) != NULL)
		return "carriage return in column ";
	return NULL;
}

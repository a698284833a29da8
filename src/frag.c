/* SPDX-License-Identifier: GPL-2.0-or-later */
/* frag.c - the unusable free space index and the fragmentation index, as mm/vmstat.c computes them */

#include "config.h"
#include <stdlib.h>

#include "frag.h"

/* fragmentation_index() divides by 1 << order as a u32: a shift below 32. */
_Static_assert(FRAG_MAX_ORDERS <= 32, "orders beyond 31 overflow a u32");

/*
 * Returns X / (u32)D. The kernel divides with div_u64(u64, u32), so a
 * divisor of 2^32 pages or more is truncated first; frag_check() rejects
 * the counts for which the truncated divisor would be 0 (a kernel oops).
 */
static uint64_t
div_u64(uint64_t x, uint64_t d)
{
	return x / (uint32_t)d;
}

/*
 * One divisor for many dividends: the 32-bit D and, where the compiler has
 * 128-bit integers, M = (2^64 - 1) / D, so that X / D costs a
 * multiplication instead of a division.
 */
struct divisor {
	uint32_t	 d;
#ifdef __SIZEOF_INT128__
	uint64_t	 m;
#endif
};

/* Returns D (not 0) ready for quotient(). */
static struct divisor
divisor(uint32_t d)
{
	struct divisor dv = { .d = d };

	if (d == 0)	/* frag_check() keeps the kernel's divisors non-zero */
		abort();
#ifdef __SIZEOF_INT128__
	dv.m = UINT64_MAX / d;
#endif
	return dv;
}

/* Returns X / DV->d exactly. */
static uint64_t
quotient(const struct divisor *dv, uint64_t x)
{
#ifdef __SIZEOF_INT128__
	/*
	 * M > (2^64 - 1) / D - 1, so X M / 2^64 > X / D - 2 for X < 2^64:
	 * the estimate Q is the quotient or one or two below it, and the
	 * remainder says which.
	 */
	uint64_t q = (uint64_t)(((unsigned __int128)x * dv->m) >> 64);
	uint64_t r = x - q * dv->d;
	uint64_t c = r >= dv->d;

	/* Without branches: which way they go depends on the data. */
	q += c;
	r -= c * dv->d;
	return q + (r >= dv->d);
#else
	return x / dv->d;
#endif
}

/*
 * Returns the unusable free space index (thousandths), as
 * unusable_free_index(): div_u64() by the free pages, DV (their low 32 bits).
 */
static int
unusable_index(uint64_t free_pages, const struct divisor *dv,
    uint64_t suitable, unsigned order)
{
	/* No free memory: all of it is "unusable". */
	if (free_pages == 0)
		return 1000;
	return (int)quotient(dv, (free_pages - (suitable << order)) * 1000ULL);
}

/*
 * Returns the fragmentation index (thousandths), as __fragmentation_index().
 * The kernel computes 1000 - B in unsigned 64 bits and returns it as int:
 * with a single free block below ORDER, B exceeds 1000 and the result
 * wraps to the small negatives (-500, -250, ...) the debugfs file shows.
 */
static int
fragmentation_index(uint64_t free_pages, uint64_t blocks, uint64_t suitable,
    unsigned order)
{
	if (blocks == 0)
		return 0;
	if (suitable != 0)
		return -1000;
	/*
	 * div_u64(free_pages * 1000, requested): requested = 1 << order is
	 * below 2^32 (orders are below FRAG_MAX_ORDERS, 32), so the u32
	 * division is a shift.
	 */
	return (int)(int32_t)(uint32_t)(1000ULL -
	    div_u64(1000ULL + ((free_pages * 1000ULL) >> order), blocks));
}

const char *
frag_check(const uint64_t *n, unsigned norders)
{
	uint64_t pages = 0, blocks = 0;
	unsigned k;

	for (k = 0; k < norders; k++) {
		if (n[k] > (UINT64_MAX >> k) || pages + (n[k] << k) < pages)
			return "free pages add up to more than 64 bits";
		pages += n[k] << k;
		blocks += n[k];	/* cannot wrap: blocks <= pages */
	}
	if (pages > UINT64_MAX / 1000)
		return "free pages times 1000 overflow the kernel's 64-bit arithmetic";
	if (pages != 0 && (uint32_t)pages == 0)
		return "free pages are a multiple of 2^32: the kernel's 32-bit "
		    "divisor would be zero";
	if (blocks != 0 && (uint32_t)blocks == 0)
		return "free blocks are a multiple of 2^32: the kernel's 32-bit "
		    "divisor would be zero";
	return NULL;
}

void
frag_compute(const uint64_t *n, unsigned norders, struct frag *f)
{
	uint64_t s, pages = 0, blocks = 0;
	struct divisor dv;
	int largest = -1;
	unsigned o, k;

	/* fill_contig_page_info(), in locals: F's arrays might alias N. */
	for (k = 0; k < norders; k++) {
		blocks += n[k];
		pages += n[k] << k;
		largest = n[k] != 0 ? (int)k : largest;
	}
	f->free_pages = pages;
	f->free_blocks = blocks;
	f->largest_order = largest;
	/* div_u64() truncates the divisor; frag_check() rejects 0 for F != 0. */
	dv = divisor(pages ? (uint32_t)pages : 1);
	/* Above the largest order nothing is suitable: S(o) = 0. */
	for (o = norders; o-- > (unsigned)(largest + 1);) {
		f->suitable[o] = 0;
		f->unusable[o] = unusable_index(pages, &dv, 0, o);
		f->fragindex[o] = fragmentation_index(pages, blocks, 0, o);
	}
	/*
	 * At and below it S(o) = N(o) + 2 S(o + 1), the kernel's sum of
	 * N(k) << (k - o) over k >= o, is at least 1, so there are free pages
	 * and __fragmentation_index() returns -1000; frag_check() bounds
	 * every S(o) << o by the free pages.
	 */
	for (s = 0, o = (unsigned)(largest + 1); o-- > 0;) {
		s = n[o] + 2 * s;
		f->suitable[o] = s;
		f->unusable[o] = unusable_index(pages, &dv, s, o);
		f->fragindex[o] = -1000;
	}
}

struct frag *
frag_compute_all(const struct buddyinfo *bi)
{
	size_t i, n = bi->nzones, k = bi->norders;
	struct frag *f;
	uint64_t *s;
	int *u;

	/* The structs, then every S(o), then the two indices, in one block. */
	if ((f = malloc(n * (sizeof(*f) + k * (sizeof(*s) + 2 * sizeof(*u))) +
	    1)) == NULL)
		return NULL;
	s = (uint64_t *)(f + n);
	u = (int *)(s + n * k);
	for (i = 0; i < n; i++) {
		f[i].suitable = s + i * k;
		f[i].unusable = u + 2 * i * k;
		f[i].fragindex = u + (2 * i + 1) * k;
		frag_compute(bi->zones[i].free, bi->norders, &f[i]);
	}
	return f;
}

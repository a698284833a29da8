/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_frag.c - the kernel's arithmetic: hand-worked vectors, random zones */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frag.h"
#include "testutil.h"
#include "validate.h"

/* Declare F, a struct frag with room for every order, on the stack. */
#define FRAG_ON_STACK(f)						\
	uint64_t f##_s[FRAG_MAX_ORDERS];				\
	int f##_u[FRAG_MAX_ORDERS], f##_x[FRAG_MAX_ORDERS];		\
	struct frag f = { .suitable = f##_s, .unusable = f##_u,		\
	    .fragindex = f##_x }

/*
 * One vector: free counts for 11 orders and the indices the kernel prints
 * for them. The expected values come from the kernel's own debugfs output
 * where one exists (kernel-facts.md section 3: R. M. Harris's 2018 mail,
 * the 6.18 VM), else from working the C arithmetic by hand.
 */
struct vec {
	const char	*name;
	uint64_t	 n[11];
	uint64_t	 free_pages, free_blocks;
	int		 largest;
	int		 unusable[11];
	int		 fragindex[11];
};

static const struct vec vecs[] = {
	{ "empty zone", { 0 }, 0, 0, -1,
	  { 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000 },
	  { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 } },
	/* Harris 2018: one free page, negative indices other than -1000. */
	{ "single free page", { 1 }, 1, 1, 0,
	  { 0, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000 },
	  { -1000, -500, -250, -125, -62, -31, -15, -7, -3, -1, 0 } },
	/* Harris 2018: DMA fragmented to 1983 order-0 pages. */
	{ "1983 order-0 pages", { 1983 }, 1983, 1983, 0,
	  { 0, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000 },
	  { -1000, 500, 750, 875, 937, 969, 984, 992, 996, 998, 999 } },
	/* Enough tiny blocks for 1.000 at order 10. */
	{ "100000 order-0 pages", { 100000 }, 100000, 100000, 0,
	  { 0, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000 },
	  { -1000, 500, 750, 875, 938, 969, 985, 993, 997, 999, 1000 } },
	/* The 6.18 VM's DMA zone, read from its debugfs files. */
	{ "DMA 1 1 3 at the top", { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 3 },
	  3840, 5, 10,
	  { 0, 0, 0, 0, 0, 0, 0, 0, 0, 66, 200 },
	  { -1000, -1000, -1000, -1000, -1000, -1000, -1000, -1000, -1000,
	    -1000, -1000 } },
	/* One free block of order 3: -1000 up to 3, then 1000/2^(o-3) negative. */
	{ "single order-3 block", { 0, 0, 0, 1 }, 8, 1, 3,
	  { 0, 0, 0, 0, 1000, 1000, 1000, 1000, 1000, 1000, 1000 },
	  { -1000, -1000, -1000, -1000, -500, -250, -125, -62, -31, -15, -7 } },
	/*
	 * 2^32 + 1000 order-0 pages: div_u64() divides by the divisor
	 * truncated to 32 bits (1000), and the int result wraps.
	 */
	{ "32-bit divisor", { 4294968296ULL }, 4294968296ULL, 4294968296ULL, 0,
	  { 0, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000 },
	  { -1000, -2147483149, -1073741075, -536870038, -268434519,
	    -134216760, -67107880, -33553440, -16776220, -8387610,
	    -4193305 } },
};

START_TEST(test_vector)
{
	const struct vec *v = &vecs[_i];
	FRAG_ON_STACK(f);
	unsigned o;

	ck_assert_ptr_null(frag_check(v->n, 11));
	frag_compute(v->n, 11, &f);
	ck_assert_uint_eq(f.free_pages, v->free_pages);
	ck_assert_uint_eq(f.free_blocks, v->free_blocks);
	ck_assert_int_eq(f.largest_order, v->largest);
	for (o = 0; o < 11; o++) {
		ck_assert_msg(f.unusable[o] == v->unusable[o],
		    "%s: unusable[%u] = %d, want %d", v->name, o,
		    f.unusable[o], v->unusable[o]);
		ck_assert_msg(f.fragindex[o] == v->fragindex[o],
		    "%s: fragindex[%u] = %d, want %d", v->name, o,
		    f.fragindex[o], v->fragindex[o]);
	}
}
END_TEST

/* S(o) counts the order-o chunks the blocks at or above o split into. */
START_TEST(test_suitable)
{
	static const uint64_t n[4] = { 5, 0, 3, 1 };
	static const uint64_t want[4] = { 25, 10, 5, 1 };
	FRAG_ON_STACK(f);
	unsigned o;

	frag_compute(n, 4, &f);
	for (o = 0; o < 4; o++)
		ck_assert_uint_eq(f.suitable[o], want[o]);
	ck_assert_uint_eq(f.free_pages, 25);
	ck_assert_uint_eq(f.free_blocks, 9);
}
END_TEST

START_TEST(test_check_rejects)
{
	uint64_t n[11];

	memset(n, 0, sizeof(n));
	n[1] = 1ULL << 63;
	ck_assert_str_eq(frag_check(n, 11),
	    "free pages add up to more than 64 bits");
	memset(n, 0, sizeof(n));
	n[0] = UINT64_MAX;
	ck_assert_str_eq(frag_check(n, 11),
	    "free pages times 1000 overflow the kernel's 64-bit arithmetic");
	n[0] = UINT64_MAX / 1000;
	n[3] = UINT64_MAX / 1000 / 8;
	ck_assert_str_eq(frag_check(n, 11),
	    "free pages times 1000 overflow the kernel's 64-bit arithmetic");
	memset(n, 0, sizeof(n));
	n[1] = 1ULL << 31;	/* 2^32 pages in 2^31 blocks */
	ck_assert_str_eq(frag_check(n, 11), "free pages are a multiple of "
	    "2^32: the kernel's 32-bit divisor would be zero");
	memset(n, 0, sizeof(n));
	n[0] = 1ULL << 32;
	ck_assert_str_eq(frag_check(n, 11), "free pages are a multiple of "
	    "2^32: the kernel's 32-bit divisor would be zero");
	n[0] = (1ULL << 32) - 1;
	n[1] = 1;
	ck_assert_str_eq(frag_check(n, 11), "free blocks are a multiple of "
	    "2^32: the kernel's 32-bit divisor would be zero");
	n[0] = UINT64_MAX / 1000;
	n[1] = 0;
	ck_assert_ptr_null(frag_check(n, 11));
}
END_TEST

/*
 * The kernel's code, transcribed as it reads: fill_contig_page_info(),
 * __fragmentation_index() and unusable_free_index() of mm/vmstat.c
 * (torvalds/linux at 00c010e130e5, a tree after 6.8: NR_PAGE_ORDERS and
 * MAX_PAGE_ORDER) and div_u64() of include/linux/math64.h, so that the
 * random test below compares frag.c with the kernel's text, not with frag.c
 * again. Only the declarations around them are ours: a zone that is
 * nothing but its free_area[].nr_free counts, unsigned long as a 64-bit
 * kernel has it, and the zone's order count as NR_PAGE_ORDERS.
 * Every conversion is the C one the kernel's code makes: the u64 divisor
 * to div_u64()'s u32 and the u64 results to int (modulo 2^32 with GCC and
 * Clang, as in the kernel's build).
 */
typedef uint64_t	k_ulong;	/* unsigned long, BITS_PER_LONG == 64 */
typedef uint64_t	u64;
typedef uint32_t	u32;

struct k_free_area {
	k_ulong		nr_free;
};

struct k_zone {
	struct k_free_area free_area[FRAG_MAX_ORDERS];
};

static unsigned k_nr_page_orders;
#define NR_PAGE_ORDERS		k_nr_page_orders
#define MAX_PAGE_ORDER		(NR_PAGE_ORDERS - 1)
#define data_race(expr)		(expr)
#define WARN_ON_ONCE(cond)	(cond)

static inline u64
div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline u64
div_u64(u64 dividend, u32 divisor)
{
	u32 remainder;
	return div_u64_rem(dividend, divisor, &remainder);
}

struct contig_page_info {
	k_ulong free_pages;
	k_ulong free_blocks_total;
	k_ulong free_blocks_suitable;
};

static void fill_contig_page_info(struct k_zone *zone,
				unsigned int suitable_order,
				struct contig_page_info *info)
{
	unsigned int order;

	info->free_pages = 0;
	info->free_blocks_total = 0;
	info->free_blocks_suitable = 0;

	for (order = 0; order < NR_PAGE_ORDERS; order++) {
		k_ulong blocks;

		blocks = data_race(zone->free_area[order].nr_free);
		info->free_blocks_total += blocks;

		/* Count free base pages */
		info->free_pages += blocks << order;

		/* Count the suitable free blocks */
		if (order >= suitable_order)
			info->free_blocks_suitable += blocks <<
						(order - suitable_order);
	}
}

static int __fragmentation_index(unsigned int order, struct contig_page_info *info)
{
	k_ulong requested = 1UL << order;

	if (WARN_ON_ONCE(order > MAX_PAGE_ORDER))
		return 0;

	if (!info->free_blocks_total)
		return 0;

	/* Fragmentation index only makes sense when a request would fail */
	if (info->free_blocks_suitable)
		return -1000;

	return 1000 - div_u64( (1000+(div_u64(info->free_pages * 1000ULL, requested))), info->free_blocks_total);
}

static int unusable_free_index(unsigned int order,
				struct contig_page_info *info)
{
	/* No free memory is interpreted as all free memory is unusable */
	if (info->free_pages == 0)
		return 1000;

	return div_u64((info->free_pages - (info->free_blocks_suitable << order)) * 1000ULL, info->free_pages);

}

#undef NR_PAGE_ORDERS
#undef MAX_PAGE_ORDER
#undef data_race
#undef WARN_ON_ONCE

/* The random test's generator: Marsaglia's xorshift64, never rand(). */
static uint64_t
xorshift64(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* A value near the edge frag_check() draws for order K, for the edge zones. */
static uint64_t
edge_count(uint64_t *x, unsigned k)
{
	uint64_t d = xorshift64(x) % 4, r = xorshift64(x);

	switch (r % 6) {
	case 0:		/* the most free pages times 1000 can hold */
		return ((UINT64_MAX / 1000) >> k) - d;
	case 1:		/* 2^32 pages, where the u32 divisors wrap */
		return ((1ULL << 32) >> k) + d - 2;
	case 2:		/* 2^32 blocks */
		return (1ULL << 32) + d - 2;
	case 3:		/* 2^31 blocks */
		return (1ULL << 31) + d - 2;
	case 4:		/* the most an order can hold alone */
		return (UINT64_MAX >> k) - d;
	default:	/* any size at all */
		return (r >> 1) >> (r % 64);
	}
}

/*
 * Fill N[0..NORDERS) with the free counts of one random zone: empty ones,
 * small and sparse ones, real sizes, counts of every magnitude, counts at
 * the edges of what frag_check() accepts, counts whose pages or blocks are
 * just above a multiple of 2^32 (the truncated divisors), single blocks.
 */
static void
random_zone(uint64_t *x, uint64_t *n, unsigned norders)
{
	unsigned k, shape = (unsigned)(xorshift64(x) % 8);
	uint64_t r, pages = 0, blocks = 0, target;

	for (k = 0; k < norders; k++) {
		r = xorshift64(x);
		switch (shape) {
		case 0:		/* nearly empty */
			n[k] = r % 4 == 0 ? (r >> 8) % 4 : 0;
			break;
		case 1:		/* small */
			n[k] = (r >> 8) % 16;
			break;
		case 2:		/* a real zone's sizes, sparse */
			n[k] = r % 4 == 0 ? 0 : (r >> 8) % (1u << 20);
			break;
		case 3:		/* a few orders near the edges, the rest small */
			n[k] = r % 4 == 0 ? edge_count(x, k) : (r >> 8) % 8;
			break;
		case 4:		/* one order only, one block or a few */
			n[k] = 0;
			break;
		default:	/* log-uniform magnitudes, 2^0 to 2^52 */
			n[k] = r % 4 == 0 ? 0 : (r >> 8) >> (r % 56 + 4);
			break;
		}
	}
	if (shape == 4) {
		r = xorshift64(x);
		n[r % norders] = 1 + (r >> 8) % 3;
	}
	if (shape != 7)
		return;
	/* Pages or blocks a little above a multiple of 2^32 (0 is rejected). */
	for (k = 0; k < norders; k++) {
		pages += n[k] << k;
		blocks += n[k];
	}
	r = xorshift64(x);
	target = r % 2 ? pages : blocks;
	/* n[0] adds as much to pages as to blocks. */
	n[0] += ((r >> 8) % 2000 - (uint32_t)target) & UINT32_MAX;
}

/* Append the counts of N[0..NORDERS) to B, one message for a failure. */
static void
put_counts(char *b, size_t size, const uint64_t *n, unsigned norders)
{
	size_t len;
	unsigned k;

	for (k = 0; k < norders; k++) {
		len = strlen(b);
		snprintf(b + len, size - len, "%s%" PRIu64, k ? " " : "", n[k]);
	}
}

/*
 * frag_compute() against the transcription above on 20 000 random zones
 * of 1 to 32 orders, every value of every order compared. The seed is
 * fixed (FRAG_DIFF_SEED=N in the environment tries another) and the work
 * is counted in zones, not time: 0.12 s under ASan and UBSan on a 2-CPU
 * machine, 0.4 s with both CPUs kept busy, far from Check's 4 s timeout.
 */
#define DIFF_ZONES	20000
#define DIFF_SEED	0x2545f4914f6cdd1dULL

START_TEST(test_kernel_transcription)
{
	uint64_t seed = DIFF_SEED, x, n[FRAG_MAX_ORDERS];
	const char *env = getenv("FRAG_DIFF_SEED");
	unsigned i, k, o, norders, tested = 0;
	unsigned wrapped_fi = 0, wrapped_ui = 0;
	int largest;
	struct contig_page_info info;
	struct k_zone zone;
	char b[2048];
	FRAG_ON_STACK(f);

	if (env != NULL && *env != '\0')
		seed = strtoull(env, NULL, 0);
	x = seed != 0 ? seed : DIFF_SEED;	/* xorshift64 stays at 0 */
	for (i = 0; i < DIFF_ZONES; i++) {
		norders = 1 + (unsigned)(xorshift64(&x) % FRAG_MAX_ORDERS);
		random_zone(&x, n, norders);
		if (frag_check(n, norders) != NULL)
			continue;
		tested++;
		frag_compute(n, norders, &f);
		for (k = 0; k < norders; k++)
			zone.free_area[k].nr_free = n[k];
		k_nr_page_orders = norders;
		for (o = 0; o < norders; o++) {
			int ui, fi;

			fill_contig_page_info(&zone, o, &info);
			ui = unusable_free_index(o, &info);
			fi = __fragmentation_index(o, &info);
			wrapped_ui += ui < 0 || ui > 1000;
			wrapped_fi += fi < -1000 || fi > 1000 ||
			    (fi < 0 && fi > -1000);
			/* A plain compare: a ck_assert per value is slow. */
			if (f.unusable[o] == ui && f.fragindex[o] == fi &&
			    f.suitable[o] == info.free_blocks_suitable &&
			    f.free_pages == info.free_pages &&
			    f.free_blocks == info.free_blocks_total)
				continue;
			snprintf(b, sizeof(b), "seed %#" PRIx64 ", zone %u of "
			    "%u orders, order %u: unusable %d (kernel %d), "
			    "fragindex %d (kernel %d), suitable %" PRIu64
			    " (kernel %" PRIu64 "), free pages %" PRIu64
			    " (kernel %" PRIu64 "), free blocks %" PRIu64
			    " (kernel %" PRIu64 "); counts ", seed, i, norders,
			    o, f.unusable[o], ui, f.fragindex[o], fi,
			    f.suitable[o], (uint64_t)info.free_blocks_suitable,
			    f.free_pages, (uint64_t)info.free_pages,
			    f.free_blocks, (uint64_t)info.free_blocks_total);
			put_counts(b, sizeof(b), n, norders);
			ck_abort_msg("%s", b);
		}
		for (largest = -1, k = 0; k < norders; k++)
			if (n[k] != 0)
				largest = (int)k;
		if (f.largest_order != largest) {
			snprintf(b, sizeof(b), "seed %#" PRIx64 ", zone %u: "
			    "largest order %d, want %d; counts ", seed, i,
			    f.largest_order, largest);
			put_counts(b, sizeof(b), n, norders);
			ck_abort_msg("%s", b);
		}
	}
	/* The generator reaches what it is for: most zones, and the wraps. */
	ck_assert_uint_gt(tested, DIFF_ZONES / 2);
	ck_assert_uint_gt(wrapped_fi, 0);
	ck_assert_uint_gt(wrapped_ui, 0);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("frag");
	TCase *tc = tcase_create("arithmetic");

	tcase_add_loop_test(tc, test_vector, 0,
	    (int)(sizeof(vecs) / sizeof(vecs[0])));
	tcase_add_test(tc, test_suitable);
	tcase_add_test(tc, test_check_rejects);
	suite_add_tcase(s, tc);
	tc = tcase_create("kernel");
	tcase_add_test(tc, test_kernel_transcription);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_frag.c - the kernel's arithmetic on hand-worked vectors */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "frag.h"
#include "testutil.h"

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
	return tu_run(s);
}

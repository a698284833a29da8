/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_zonepair.c - which zone of one snapshot is which of another: the rows the comparisons walk */
#include "config.h"

#include "testutil.h"
#include "zonepair.h"

/*
 * A's zones in order with their match in B, found by node and name
 * wherever B has them, then B's zones A lacks; every row once.
 */
START_TEST(test_rows)
{
	struct bzone za[] = { { 0, "DMA", 1, NULL }, { 0, "Normal", 2, NULL },
	    { 1, "Normal", 3, NULL } };
	struct bzone zb[] = { { 0, "Normal", 1, NULL },
	    { 2, "Movable", 2, NULL }, { 0, "DMA", 3, NULL } };
	struct buddyinfo a = { za, 3, 11, NULL }, b = { zb, 3, 11, NULL };
	static const long want[][2] = { { 0, 2 }, { 1, 0 }, { 2, -1 },
	    { -1, 1 } };
	struct zonepair p;
	size_t at = 0, n = 0;

	while (zonepair_next(&a, &b, &at, &p)) {
		ck_assert_uint_lt(n, 4);
		ck_assert_int_eq(p.a, want[n][0]);
		ck_assert_int_eq(p.b, want[n][1]);
		n++;
	}
	ck_assert_uint_eq(n, 4);
	ck_assert(!zonepair_next(&a, &b, &at, &p));
	/* The hint is only a guess: a wrong one still finds the zone. */
	ck_assert_int_eq(zonepair_match(&za[0], 0, &b), 2);
	ck_assert_int_eq(zonepair_match(&za[0], 7, &b), 2);
	ck_assert_int_eq(zonepair_match(&zb[1], 1, &a), -1);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("zonepair");
	TCase *tc = tcase_create("zonepair");

	tcase_add_test(tc, test_rows);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

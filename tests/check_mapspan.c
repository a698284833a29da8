/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_mapspan.c - a recording's map summaries summed up per zone, worked by hand */
#include "config.h"

#include <string.h>

#include "mapspan.h"
#include "testutil.h"

/*
 * Three maps of two zones at 0, 1000 and 2000 ms. Zone 0: 500, 900 and 700
 * polluted pageblocks: most 900 at 1 s; per hour (700 - 500) * 3600000 /
 * 2000 = 360000, from 2 s of maps (short of the hour it is given in).
 * Zone 1: 40, 30, 10: most 40 at 0 s (the first of equals), per hour
 * (10 - 40) * 3600000 / 2000 = -54000.
 */
START_TEST(test_span)
{
	static struct mapseries_zone z[6];
	static struct mapseries_span span[2];
	static uint64_t elapsed[3] = { 0, 1000, 2000 };
	static const uint64_t polluted[6] = { 500, 40, 900, 30, 700, 10 };
	struct mapseries s;
	size_t i;

	memset(&s, 0, sizeof(s));
	for (i = 0; i < 6; i++)
		z[i].polluted = polluted[i];
	s.nmaps = 3;
	s.nzones = 2;
	s.z = z;
	s.span = span;
	s.elapsed_ms = elapsed;
	mapspan_compute(&s);
	ck_assert_ptr_eq(span[0].f, &z[0]);
	ck_assert_ptr_eq(span[0].l, &z[4]);
	ck_assert_uint_eq(span[0].most, 900);
	ck_assert_uint_eq(span[0].at_s, 1);
	ck_assert(span[0].has_growth);
	ck_assert_int_eq(span[0].per_hour, 360000);
	ck_assert_uint_eq(span[0].span_ms, 2000);
	ck_assert_uint_eq(span[1].most, 40);
	ck_assert_uint_eq(span[1].at_s, 0);
	ck_assert_int_eq(span[1].per_hour, -54000);
}
END_TEST

/* One map: no span, no growth; the most is its own. */
START_TEST(test_one_map)
{
	static struct mapseries_zone z[1] = { { .polluted = 7 } };
	static struct mapseries_span span[1];
	static uint64_t elapsed[1] = { 5000 };
	struct mapseries s;

	memset(&s, 0, sizeof(s));
	s.nmaps = 1;
	s.nzones = 1;
	s.z = z;
	s.span = span;
	s.elapsed_ms = elapsed;
	mapspan_compute(&s);
	ck_assert_uint_eq(span[0].most, 7);
	ck_assert(!span[0].has_growth);
	ck_assert_int_eq(span[0].per_hour, 0);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("mapspan");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_span);
	tcase_add_test(tc, test_one_map);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

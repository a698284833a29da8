/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_fleet.c - nearest-rank percentiles and the worst hosts kept, against a sort of every value */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fleet.h"
#include "testutil.h"

/* Every percentile of 1..N against the definition: rank ceil(P N / 100), at least 1. */
START_TEST(test_percentile)
{
	static uint64_t v[1000];
	size_t n, i;
	unsigned p;

	for (i = 0; i < 1000; i++)
		v[i] = (uint64_t)i * 10;
	for (n = 1; n <= 1000; n++)
		for (p = 1; p <= 100; p++) {
			size_t rank = (p * n + 99) / 100;
			uint64_t want = v[(rank ? rank : 1) - 1];

			ck_assert_msg(fleet_percentile(v, n, p) == want,
			    "p%u of %zu values", p, n);
		}
	/* Worked by hand: 20 values, p5 is rank 1, p10 rank 2, p90 rank 18. */
	ck_assert_uint_eq(fleet_percentile(v, 20, 5), 0);
	ck_assert_uint_eq(fleet_percentile(v, 20, 10), 10);
	ck_assert_uint_eq(fleet_percentile(v, 20, 50), 90);
	ck_assert_uint_eq(fleet_percentile(v, 20, 90), 170);
	ck_assert_uint_eq(fleet_percentile(v, 20, 100), 190);
	ck_assert_uint_eq(fleet_percentile(v, 0, 50), 0);
}
END_TEST

/* One host of one node: its machine and node rows at ORDER. */
static void
add_host(struct fleet *f, const char *root, uint64_t now, uint64_t after)
{
	struct avail rows[2];
	struct availability av;
	struct advice adv;
	struct fleet_root r;

	memset(rows, 0, sizeof(rows));
	memset(&av, 0, sizeof(av));
	memset(&adv, 0, sizeof(adv));
	rows[0].node = 0;
	rows[1].node = -1;
	rows[0].zone = rows[1].zone = -1;
	rows[0].order = rows[1].order = 9;
	rows[0].now = rows[1].now = now;
	rows[0].after = rows[1].after = after;
	av.rows = rows;
	av.n = 2;
	memset(&r, 0, sizeof(r));
	r.root = root;
	r.page_size = 4096;
	r.adv = &adv;
	r.av = &av;
	ck_assert_int_eq(fleet_add(f, &r), 0);
}

/* The worst FLEET_WORST hosts, fewest free now, then fewest after, then first seen. */
START_TEST(test_worst)
{
	char name[16];
	struct fleet f;
	struct fleet_dist d;
	int i;

	fleet_init(&f, 0);
	/* Host i has (30 - i) % 15 free now: 0 twice (i 15, 30), 1 twice, ... */
	for (i = 1; i <= 30; i++) {
		snprintf(name, sizeof(name), "h%d", i);
		add_host(&f, name, (uint64_t)((30 - i) % 15), (uint64_t)i);
	}
	ck_assert_uint_eq(f.nworst, FLEET_WORST);
	/* now 0: h15 (after 15), h30 (30); now 1: h14, h29; now 2: h13, h28; ... */
	ck_assert_str_eq(f.worst[0].root, "h15");
	ck_assert_str_eq(f.worst[1].root, "h30");
	ck_assert_str_eq(f.worst[2].root, "h14");
	ck_assert_str_eq(f.worst[3].root, "h29");
	ck_assert_str_eq(f.worst[8].root, "h11");
	ck_assert_str_eq(f.worst[9].root, "h26");
	ck_assert_uint_eq(f.worst_bytes, 2u << 20);
	ck_assert_uint_eq(f.roots, 30);
	ck_assert_uint_eq(f.nodes, 30);
	ck_assert_uint_eq(f.sizes[0].none_now[FLEET_HOSTS], 2);
	fleet_finish(&f);
	/* The picture reads the values sorted: fleet_finish() sorts them. */
	for (i = 1; i < 30; i++)
		ck_assert_uint_le(f.sizes[0].now[FLEET_HOSTS].v[i - 1],
		    f.sizes[0].now[FLEET_HOSTS].v[i]);
	d = f.sizes[0].dist_now[FLEET_HOSTS];
	/* 0 0 1 1 ... 14 14: p50 is rank 15 = 7, p90 rank 27 = 13. */
	ck_assert_uint_eq(d.min, 0);
	ck_assert_uint_eq(d.pct[3], 7);
	ck_assert_uint_eq(d.pct[4], 13);
	ck_assert_uint_eq(d.max, 14);
	fleet_free(&f);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("fleet");
	TCase *tc = tcase_create("fleet");

	tcase_add_test(tc, test_percentile);
	tcase_add_test(tc, test_worst);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

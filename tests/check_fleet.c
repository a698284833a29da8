/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_fleet.c - nearest-rank percentiles and the worst hosts kept, against a sort of every value */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fleet.h"
#include "render_fleet.h"
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

/*
 * Add host ROOT asked for 1 x 1 GiB (order 18) with NOW free now there
 * (host and node rows), POSSIBLE or not.
 */
static void
add_gigantic(struct fleet *f, const char *root, uint64_t now,
    enum avail_possible possible)
{
	struct need n = { 1, 18, -1 };
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
	rows[0].order = rows[1].order = 18;
	rows[0].now = rows[1].now = rows[0].after = rows[1].after = now;
	rows[0].now_is_bound = rows[1].now_is_bound = true;
	av.rows = rows;
	av.n = 2;
	memset(&r, 0, sizeof(r));
	r.root = root;
	r.page_size = 4096;
	r.adv = &adv;
	r.av = &av;
	r.need = &n;
	r.possible = possible;
	ck_assert_int_eq(fleet_add(f, &r), 0);
}

/*
 * A size a host cannot have is counted apart, not as 0 nor as a bound
 * (the fleet counted hugetlb/no-1g's 1 GiB as "at most 57", bad-cut's 2
 * MiB as "at most 0"): of "a" (impossible, at most 57) and "b" (3), the
 * distribution holds b's 3 alone, and "a" is the worst host, countless.
 */
START_TEST(test_impossible)
{
	struct fleet f;
	const struct fleet_size *s;

	fleet_init(&f, 1);
	add_gigantic(&f, "b", 3, AVAIL_POSSIBLE);
	add_gigantic(&f, "a", 57, AVAIL_IMPOSSIBLE);
	fleet_finish(&f);
	ck_assert_uint_eq(f.nsizes, 1);
	s = &f.sizes[0];
	ck_assert_uint_eq(s->impossible[FLEET_HOSTS], 1);
	ck_assert_uint_eq(s->impossible[FLEET_NODES], 1);
	ck_assert_uint_eq(s->dist_now[FLEET_HOSTS].n, 1);
	ck_assert_uint_eq(s->dist_now[FLEET_HOSTS].max, 3);
	ck_assert_uint_eq(s->dist_after[FLEET_NODES].max, 3);
	ck_assert_uint_eq(s->bound[FLEET_HOSTS], 1);
	ck_assert_uint_eq(s->none_now[FLEET_HOSTS], 0);
	ck_assert_uint_eq(f.need_hosts[VERDICT_UNUSABLE], 1);
	ck_assert_uint_eq(f.nworst, 2);
	ck_assert_str_eq(f.worst[0].root, "a");
	ck_assert(f.worst[0].impossible);
	ck_assert(!f.worst[0].now_is_bound);
	ck_assert_uint_eq(f.worst[0].now, 0);
	ck_assert_str_eq(f.worst[1].root, "b");
	ck_assert(!f.worst[1].impossible);
	fleet_free(&f);
}
END_TEST

/*
 * Add a root of PAGE_SIZE with NODES nodes and rows at orders O1 and O2:
 * a node's rows have 1 free now and 2 after, the host's the sums.
 */
static void
add_nodes(struct fleet *f, unsigned long page_size, int nodes, unsigned o1,
    unsigned o2)
{
	struct avail rows[2 * 5];
	struct availability av;
	struct advice adv;
	struct fleet_root r;
	size_t n = 0;
	int k, node;

	memset(rows, 0, sizeof(rows));
	memset(&av, 0, sizeof(av));
	memset(&adv, 0, sizeof(adv));
	for (k = 0; k < 2; k++)
		for (node = -1; node < nodes; node++, n++) {
			rows[n].zone = -1;
			rows[n].node = node;
			rows[n].order = k ? o2 : o1;
			rows[n].now = node < 0 ? (uint64_t)nodes : 1;
			rows[n].after = 2 * rows[n].now;
		}
	av.rows = rows;
	av.n = n;
	memset(&r, 0, sizeof(r));
	r.root = "mixed";
	r.page_size = page_size;
	r.adv = &adv;
	r.av = &av;
	ck_assert_int_eq(fleet_add(f, &r), 0);
}

/*
 * Mixed roots: a 4 KiB root of 1 node (orders 9 and 10: 2 and 4 MiB) and
 * a 64 KiB root of 2 nodes (orders 9 and 10: 32 and 64 MiB) have 1 + 2 =
 * 3 nodes (6ffc2a0 counted a node only at the first size seen, 2 MiB:
 * "2 roots, 1 nodes"). Each size has one host; 2 MiB one node (1 free
 * now, 2 after), 32 MiB two (1 and 1; after 2 and 2); the 64 KiB host has
 * 2 free now at 32 MiB, 4 after.
 */
START_TEST(test_mixed_nodes)
{
	struct fleet f;

	fleet_init(&f, 0);
	add_nodes(&f, 4096, 1, 9, 10);
	add_nodes(&f, 65536, 2, 9, 10);
	ck_assert_uint_eq(f.roots, 2);
	ck_assert_uint_eq(f.nodes, 3);
	ck_assert_uint_eq(f.nsizes, 4);
	fleet_finish(&f);
	ck_assert_uint_eq(f.sizes[0].bytes, 2u << 20);
	ck_assert_uint_eq(f.sizes[0].dist_now[FLEET_HOSTS].n, 1);
	ck_assert_uint_eq(f.sizes[0].dist_now[FLEET_NODES].n, 1);
	ck_assert_uint_eq(f.sizes[1].bytes, 4u << 20);
	ck_assert_uint_eq(f.sizes[2].bytes, 32u << 20);
	ck_assert_uint_eq(f.sizes[2].dist_now[FLEET_NODES].n, 2);
	ck_assert_uint_eq(f.sizes[2].dist_now[FLEET_HOSTS].max, 2);
	ck_assert_uint_eq(f.sizes[2].dist_after[FLEET_HOSTS].max, 4);
	ck_assert_uint_eq(f.sizes[2].dist_after[FLEET_NODES].max, 2);
	ck_assert_uint_eq(f.sizes[3].bytes, 64u << 20);
	fleet_free(&f);
}
END_TEST

/*
 * The table's columns keep a space between values of 9 digits: one host
 * of 123456789 free now and 987654321 after (6ffc2a0 printed them in
 * columns of 8 with no separator: "123456789123456789..."); its need
 * line counts the unknown hosts, and its medians are named as two.
 */
START_TEST(test_table_columns)
{
	struct fleet f;
	char *text = NULL;
	size_t len = 0;
	FILE *fp;

	fleet_init(&f, 0);
	add_host(&f, "big", 123456789, 987654321);
	fleet_finish(&f);
	ck_assert_ptr_nonnull(fp = open_memstream(&text, &len));
	render_fleet_table(fp, &f);
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_ptr_nonnull(strstr(text, "\nsize    over  free         min "
	    "       p1        p5       p10       p50       p90       max\n"
	    "2 MiB   hosts now    123456789 123456789 123456789 123456789 "
	    "123456789 123456789 123456789\n"));
	ck_assert_ptr_nonnull(strstr(text, "medians over hosts: 123456789 "
	    "free\n  now, 987654321 after compaction\n"));
	free(text);
	fleet_free(&f);
}
END_TEST

/*
 * The picture's axis ticks are round: hosts of 0 and 13373 free now (and
 * after) give 4 steps of 13373 / 4 = 3343.25, rounded up to the round
 * 5000: 0, 5000, 10000, 15000, 20000 (6ffc2a0: 0, 3343, 6686, 10029,
 * 13373).
 */
START_TEST(test_svg_ticks)
{
	struct fleet f;
	char *text = NULL;
	size_t len = 0;
	FILE *fp;

	fleet_init(&f, 0);
	add_host(&f, "empty", 0, 0);
	add_host(&f, "full", 13373, 13373);
	fleet_finish(&f);
	ck_assert_ptr_nonnull(fp = open_memstream(&text, &len));
	render_fleet_svg(fp, &f);
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_ptr_nonnull(strstr(text, ">5000</text>"));
	ck_assert_ptr_nonnull(strstr(text, ">20000</text>"));
	ck_assert_ptr_null(strstr(text, ">6686</text>"));
	free(text);
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
	tcase_add_test(tc, test_mixed_nodes);
	tcase_add_test(tc, test_impossible);
	tcase_add_test(tc, test_table_columns);
	tcase_add_test(tc, test_svg_ticks);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_forecast.c - what a --need can have after compaction, after reclaim, and the pinned limit: hand-worked zones; the trend of --watch --need */
#include "config.h"

#include <string.h>

#include "avail.h"
#include "forecast.h"
#include "testutil.h"

/*
 * One zone of order 9 (2 MiB of 4 KiB pages, 512 pages a block) whose
 * free pages sit below compaction_suitable()'s gate: min 1000, low 1250
 * (a costly order asks low), no lowmem reserve, so the gate is
 * 1250 + (2 << 9) = 2274 and USABLE 2000 is at or below it: reclaim must
 * free 2274 + 1 - 2000 = 275 pages before compaction runs. The watermark
 * holds back 511 + 1000 = 1511 pages (2^9 - 1 + min). The advice's after,
 * times_above(2000, 1511, 9) = ((2000 - 1511 - 1) >> 9) + 1 = 1, is not
 * to be had: compaction is skipped, so after compaction stays at now, 0.
 * Reclaiming its 100000 pages of clean cache: times_above(102000, 1511, 9)
 * = (100488 >> 9) + 1 = 196 + 1 = 197 blocks, within the pinned limit 300.
 */
static const struct fc_zone_in gated = {
	.node = 0, .zone = 2, .now = 0, .after = 1, .usable = 2000,
	.hold = 1511, .gate = 2274, .has_gate = true, .cache = 100000,
	.cache_known = true, .limit = 300, .from_map = true,
	.capacity = FC_UNKNOWN,
};

START_TEST(reclaim_first)
{
	struct need n = { .count = 150, .order = 9, .node = 0 };
	struct fc_zone_in in = gated;
	struct forecast f;

	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, &gated, 1), 0);
	ck_assert_uint_eq(f.nzones, 1);
	ck_assert_uint_eq(f.rows[0].gate_short, 275);
	ck_assert_uint_eq(f.rows[0].compact, 0);
	ck_assert_uint_eq(f.rows[0].reclaim, 197);
	ck_assert_ptr_nonnull(f.target);
	ck_assert_int_eq(f.target->node, 0);
	ck_assert_uint_eq(f.target->reclaim, 197);
	ck_assert_int_eq(f.word, FC_RECLAIM);
	/*
	 * The 150th block passes while 2000 + R - 149 * 512 > 1511: R =
	 * 1511 + 76288 + 1 - 2000 = 75800 pages (past the gate's 275).
	 */
	ck_assert_uint_eq(f.rows[0].reclaim_pages, 75800);
	ck_assert_uint_eq(f.target->reclaim_pages, 75800);
	forecast_free(&f);
	/*
	 * A zone of 2000 managed pages never passes a gate of 2274 (a
	 * lowmem reserve can do that to DMA): reclaim gives it nothing and
	 * the node counts no pages to free first.
	 */
	in.managed = 2000;
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, &in, 1), 0);
	ck_assert(f.rows[0].gate_never);
	ck_assert_uint_eq(f.rows[0].reclaim, 0);
	ck_assert_uint_eq(f.target->gate_short, 0);
	ck_assert_int_eq(f.word, FC_SHORT);
	forecast_free(&f);
	/*
	 * Free now only as a bound (pagetypeinfo unread): 200 at most, 100
	 * at least, settles nothing for 150, as --need answers unknown.
	 */
	in = gated;
	in.now = 200;
	in.now_is_bound = true;
	in.now_least = 100;
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, &in, 1), 0);
	ck_assert_uint_eq(f.target->now_least, 100);
	ck_assert_int_eq(f.word, FC_UNSURE);
	forecast_free(&f);
	in.now_least = 150;
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, &in, 1), 0);
	ck_assert_int_eq(f.word, FC_OK);
	forecast_free(&f);
	/* 250: more than reclaim gives (197), within the limit (300): short. */
	n.count = 250;
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, &gated, 1), 0);
	ck_assert_int_eq(f.word, FC_SHORT);
	forecast_free(&f);
}
END_TEST

/*
 * Node 0 with two zones at order 9. DMA32: 10 free now, 40 after
 * compaction (its 40 clean pageblocks), usable 50000 above its gate 2000,
 * no page cache: reclaim adds nothing, times_above(50000, 600, 9) = 97 is
 * above the limit 40. Normal: 5 now, usable 60000 above its gate 2274;
 * the watermark alone allows times_above(60000, 1511, 9) =
 * (58488 >> 9) + 1 = 115, the map's clean pageblocks 120: after is 115.
 * With its 200000 pages of clean cache, times_above(260000, 1511, 9) =
 * (258488 >> 9) + 1 = 505, bounded by the limit 120. The node: now 15,
 * compaction 40 + 115 = 155, reclaim 40 + 120 = 160, limit 160.
 */
static const struct fc_zone_in two[] = {
	{ .node = 0, .zone = 1, .now = 10, .after = 40, .usable = 50000,
	  .hold = 600, .gate = 2000, .has_gate = true, .cache = 0,
	  .cache_known = true, .limit = 40, .from_map = true,
	  .capacity = FC_UNKNOWN,
	  .pinned = { [MAP_PIN_PAGETABLE] = 2 } },
	{ .node = 0, .zone = 2, .now = 5, .after = 115, .usable = 60000,
	  .hold = 1511, .gate = 2274, .has_gate = true, .cache = 200000,
	  .cache_known = true, .limit = 120, .from_map = true,
	  .capacity = FC_UNKNOWN,
	  .pinned = { [MAP_PIN_SLAB] = 30, [MAP_PIN_KERNEL] = 12 } },
};

START_TEST(pinned_limit)
{
	struct need n = { .count = 200, .order = 9, .node = -1 };
	struct forecast f;

	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, two, 2), 0);
	ck_assert_uint_eq(f.n, 4);	/* two zones, node 0, the machine */
	ck_assert_int_eq(f.target->node, -1);
	ck_assert_uint_eq(f.target->now, 15);
	ck_assert_uint_eq(f.target->compact, 155);
	ck_assert_uint_eq(f.target->reclaim, 160);
	ck_assert_uint_eq(f.target->limit, 160);
	ck_assert_uint_eq(f.target->pinned[MAP_PIN_SLAB], 30);
	ck_assert_uint_eq(f.target->pinned[MAP_PIN_KERNEL], 12);
	ck_assert_uint_eq(f.target->pinned[MAP_PIN_PAGETABLE], 2);
	/* 200 > 160: no reclaim or compaction reaches it. */
	ck_assert_int_eq(f.word, FC_PINNED);
	forecast_free(&f);
	/* 150 <= 155: compaction. */
	n.count = 150;
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, two, 2), 0);
	ck_assert_int_eq(f.word, FC_COMPACT);
	ck_assert_uint_eq(f.target->reclaim_pages, 0);
	forecast_free(&f);
	/*
	 * 158: 3 more than compaction, from Normal (DMA32 has nothing to
	 * reclaim): its 118th block passes while 60000 + R - 117 * 512 >
	 * 1511: R = 1511 + 59904 + 1 - 60000 = 1416 pages.
	 */
	n.count = 158;
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, two, 2), 0);
	ck_assert_int_eq(f.word, FC_RECLAIM);
	ck_assert_uint_eq(f.rows[0].reclaim_pages, 0);
	ck_assert_uint_eq(f.rows[1].reclaim_pages, 1416);
	ck_assert_uint_eq(f.target->reclaim_pages, 1416);
	forecast_free(&f);
	/* Node 1 is not there: unknown. */
	n.node = 1;
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, two, 2), 0);
	ck_assert_ptr_null(f.target);
	ck_assert_int_eq(f.word, FC_UNSURE);
	forecast_free(&f);
}
END_TEST

/*
 * One rule says pinned, for --need's answer (avail_need()) and the
 * forecast alike: the limit plus what memory not yet initialised could
 * add, below the need. 160 clean blocks: 161 is pinned; with 2 blocks
 * not yet initialised (1024 pages >> 9), 162 is not, 163 is. Without
 * the map nothing is pinned; a limit near the top saturates, never wraps.
 */
START_TEST(one_pinned_rule)
{
	struct need n = { .count = 161, .order = 9, .node = -1 };
	struct fc_zone_in z[2];
	struct forecast f;

	ck_assert(avail_pinned(160, 0, 161, UINT64_MAX));
	ck_assert(!avail_pinned(160, 0, 160, UINT64_MAX));
	ck_assert(!avail_pinned(160, 2, 162, UINT64_MAX));
	ck_assert(avail_pinned(160, 2, 163, UINT64_MAX));
	ck_assert(!avail_pinned(AVAIL_NO_LIMIT, 0, 1, UINT64_MAX));
	ck_assert(!avail_pinned(UINT64_MAX - 1, 5, UINT64_MAX, UINT64_MAX));
	/* Beyond what all of the memory would hold: short, not pinned. */
	ck_assert(avail_pinned(160, 0, 200, 200));
	ck_assert(!avail_pinned(160, 0, 201, 200));
	memcpy(z, two, sizeof(z));
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, z, 2), 0);
	ck_assert_int_eq(f.word, FC_PINNED);
	forecast_free(&f);
	z[1].uninit = 2;
	n.count = 162;
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, z, 2), 0);
	ck_assert_uint_eq(f.target->uninit, 2);
	ck_assert_int_eq(f.word, FC_SHORT);
	forecast_free(&f);
	z[0].limit = FC_UNKNOWN;
	n.count = 1000;
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, z, 2), 0);
	ck_assert_uint_eq(f.target->limit, FC_UNKNOWN);
	ck_assert_int_eq(f.word, FC_SHORT);
	forecast_free(&f);
}
END_TEST

/*
 * 1 GiB pages (order 18, 262144 pages) in a zone with 600000 free pages:
 * alloc_contig_pages() has no compaction_suitable() gate, and a region
 * needs only its own pages free: the hold is 2^18 - 1 = 262143 (the count
 * is the free pages >> 18). One region is free now, 2 are free or clean
 * (the limit), 4 are tainted: 3 by slab, 1 by a flagless kernel page.
 * After compaction: 2 (600000 >> 18 = 2 too). With 1000000 pages of clean
 * cache, times_above(1600000, 262143, 18) = (1337856 >> 18) + 1 = 6,
 * bounded by the 2 clean regions. Its 2000000 managed pages would hold
 * 2000000 >> 18 = 7 regions, all free: its capacity.
 */
static const struct fc_zone_in gig = {
	.node = 0, .zone = 2, .now = 1, .after = 2, .usable = 600000,
	.hold = 262143, .has_gate = false, .cache = 1000000,
	.cache_known = true, .limit = 2, .from_map = true, .capacity = 7,
	.pinned = { [MAP_PIN_SLAB] = 3, [MAP_PIN_KERNEL] = 1 },
};

START_TEST(gigantic_tainted)
{
	struct need n = { .count = 3, .order = 18, .node = -1 };
	struct fc_zone_in in = gig;
	struct forecast f;

	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, &in, 1), 0);
	ck_assert_uint_eq(f.target->compact, 2);
	ck_assert_uint_eq(f.target->reclaim, 2);
	ck_assert_uint_eq(f.target->gate_short, 0);
	ck_assert_uint_eq(f.target->pinned[MAP_PIN_SLAB], 3);
	ck_assert_int_eq(f.word, FC_PINNED);
	forecast_free(&f);
	n.count = 2;
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, &in, 1), 0);
	ck_assert_int_eq(f.word, FC_COMPACT);
	forecast_free(&f);
	/* 7 are pinned; 8, more than all of its memory holds, short. */
	n.count = 7;
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, &in, 1), 0);
	ck_assert_uint_eq(f.target->room, 7);
	ck_assert_int_eq(f.word, FC_PINNED);
	forecast_free(&f);
	n.count = 8;
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, &in, 1), 0);
	ck_assert_int_eq(f.word, FC_SHORT);
	forecast_free(&f);
	/* Memory not yet initialised could hold 2 regions more: not pinned. */
	in.uninit = 2;
	n.count = 3;
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, &in, 1), 0);
	ck_assert_int_eq(f.word, FC_SHORT);
	forecast_free(&f);
	/* Without the map the limit is unknown: never pinned. */
	in = gig;
	in.limit = FC_UNKNOWN;
	in.from_map = false;
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, &in, 1), 0);
	ck_assert_uint_eq(f.target->limit, FC_UNKNOWN);
	/* 1600000 >> 18 = 6 after reclaim: reclaim. */
	ck_assert_uint_eq(f.target->reclaim, 6);
	ck_assert_int_eq(f.word, FC_RECLAIM);
	forecast_free(&f);
	/* A size the host cannot have stays impossible. */
	ck_assert_int_eq(forecast_build(&f, &n, AVAIL_IMPOSSIBLE, &in, 1), 0);
	ck_assert_int_eq(f.word, FC_IMPOSSIBLE);
	forecast_free(&f);
}
END_TEST

/*
 * --need's answer and its forecast give one word for gig's zone, row by
 * row: the machine's row as avail_build() would sum it (now 1, at most 2
 * after compaction, limit 2, capacity 7). 2 is compact; 3 to 7 pinned
 * (the limit is below them, all of the memory would hold them); 8, more
 * than all of the memory holds, short for both, not reclaim.
 */
START_TEST(need_agrees_with_forecast)
{
	struct avail row = { .node = -1, .zone = -1, .order = 18, .now = 1,
	    .now_least = 1, .after = 2, .reach = 2, .room = 2, .limit = 2,
	    .capacity = 7, .from_map = true };
	struct availability av = { .rows = &row, .n = 1 };
	struct need n = { .order = 18, .node = -1 };
	struct fc_zone_in in = gig;
	struct need_answer ans;
	struct forecast f;
	static const struct { uint64_t count; enum verdict v; enum fc_word w; }
	    want[] = {
		{ 2, VERDICT_COMPACT, FC_COMPACT },
		{ 3, VERDICT_PINNED, FC_PINNED },
		{ 7, VERDICT_PINNED, FC_PINNED },
		{ 8, VERDICT_SHORT, FC_SHORT },
	};
	size_t i;

	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		n.count = want[i].count;
		ans = avail_need(&av, &n, AVAIL_POSSIBLE);
		ck_assert_int_eq(ans.verdict, want[i].v);
		ck_assert_int_eq(forecast_build(&f, &n, AVAIL_POSSIBLE, &in, 1),
		    0);
		ck_assert_int_eq(f.word, want[i].w);
		forecast_free(&f);
	}
}
END_TEST

/*
 * The trend of --watch --need: 2000 free an hour ago, 1400 now, need 1000:
 * -600 an hour; below the need in (1400 - 1000) / 600 h = 40 min =
 * 2400000 ms, none left in 1400 / 600 h = 2 h 20 min = 8400000 ms. Rising
 * from 100 to 130 in half an hour: +60 an hour, no end. Below the need
 * already (400 of 450), falling 100 a minute: -6000 an hour, none left in
 * 400 / 100 min = 240000 ms.
 */
START_TEST(trend)
{
	struct fc_trend t;

	forecast_trend(&t, 2000, 1400, 3600000, 1000);
	ck_assert_int_eq(t.per_hour, -600);
	ck_assert(t.to_need && t.to_zero);
	ck_assert_uint_eq(t.ms_to_need, 2400000);
	ck_assert_uint_eq(t.ms_to_zero, 8400000);
	forecast_trend(&t, 100, 130, 1800000, 1000);
	ck_assert_int_eq(t.per_hour, 60);
	ck_assert(!t.to_need && !t.to_zero);
	forecast_trend(&t, 500, 400, 60000, 450);
	ck_assert_int_eq(t.per_hour, -6000);
	ck_assert(!t.to_need && t.to_zero);
	ck_assert_uint_eq(t.ms_to_zero, 240000);
	/* No time between the samples: no trend. */
	forecast_trend(&t, 500, 400, 0, 450);
	ck_assert_int_eq(t.per_hour, 0);
	ck_assert(!t.to_zero);
}
END_TEST

/*
 * Products past 64 bits are exact. Falling from 3.5e13 to 2.5e13 in two
 * hours (7200000 ms): -5e12 an hour (1e13 * 3600000 = 3.6e19 does not fit
 * 64 bits; 1e13 / 7200000 * 3600000 would give 4999996800000); none left
 * in 2.5e13 * 7200000 / 1e13 = 18000000 ms (2.5 spans, not 2), below the
 * need of 5e12 in 2e13 * 7200000 / 1e13 = 14400000 ms. A change of
 * UINT64_MAX in 1 ms is INT64_MAX an hour either way, not a wrapped sign.
 */
START_TEST(trend_wide)
{
	struct fc_trend t;

	forecast_trend(&t, 35000000000000ULL, 25000000000000ULL, 7200000,
	    5000000000000ULL);
	ck_assert_int_eq(t.per_hour, -5000000000000LL);
	ck_assert_uint_eq(t.ms_to_zero, 18000000);
	ck_assert(t.to_need);
	ck_assert_uint_eq(t.ms_to_need, 14400000);
	forecast_trend(&t, 0, UINT64_MAX, 1, 0);
	ck_assert_int_eq(t.per_hour, INT64_MAX);
	forecast_trend(&t, UINT64_MAX, 0, 1, 0);
	ck_assert_int_eq(t.per_hour, -INT64_MAX);
	ck_assert_uint_eq(t.ms_to_zero, 0);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("forecast");
	TCase *tc = tcase_create("forecast");

	tcase_add_test(tc, reclaim_first);
	tcase_add_test(tc, trend_wide);
	tcase_add_test(tc, pinned_limit);
	tcase_add_test(tc, one_pinned_rule);
	tcase_add_test(tc, gigantic_tainted);
	tcase_add_test(tc, need_agrees_with_forecast);
	tcase_add_test(tc, trend);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

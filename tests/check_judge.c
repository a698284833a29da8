/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_judge.c - the judgement of a size: its marks, and kcompactd's score at every order as context */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "avail.h"
#include "buddyinfo.h"
#include "zoneinfo.h"
#include "testutil.h"

/* Parsed inputs, the advice and the availability of one case. */
struct world {
	struct buddyinfo	 bi;
	struct frag		*frag;
	struct zoneinfo		 zi;
	struct advice		 adv;
	struct availability	 av;
};

/*
 * Build W from buddyinfo text B and zoneinfo text Z (NULL: none) at the
 * orders 0 and 9 under 6.18's rules, with the marks M (NULL: default).
 */
static void
world(struct world *w, const char *b, const char *z,
    const struct judge_marks *m)
{
	struct ferr e = { .path = "t" };
	struct advise_in in;

	memset(w, 0, sizeof(*w));
	memset(&in, 0, sizeof(in));
	ck_assert_msg(buddyinfo_parse(b, strlen(b), &w->bi, &e) == 0, "%s",
	    e.msg);
	w->frag = frag_compute_all(&w->bi);
	ck_assert_ptr_nonnull(w->frag);
	if (z)
		ck_assert_msg(zoneinfo_parse(z, strlen(z), &w->zi, &e) == 0,
		    "%s", e.msg);
	in.bi = &w->bi;
	in.frag = w->frag;
	in.zi = z ? &w->zi : NULL;
	in.kver = 6018;
	in.threshold = ADVISE_THRESHOLD;
	in.gfp = ADVISE_MOVABLE;
	in.defrag_mode = -1;
	w->adv.kver = 6018;
	w->adv.threshold = ADVISE_THRESHOLD;
	w->adv.proactiveness = ADVISE_PROACTIVENESS;
	w->adv.hpage_order = 9;
	w->adv.orders[0] = 0;
	w->adv.orders[1] = 9;
	w->adv.norders = 2;
	ck_assert_int_eq(advise_build(&w->adv, &in), 0);
	if (m)
		w->av.marks = *m;
	ck_assert_int_eq(avail_build(&w->av, &w->adv, &w->bi, w->frag, in.zi,
	    NULL, 0), 0);
}

static void
world_free(struct world *w)
{
	avail_free(&w->av);
	advise_free(&w->adv);
	buddyinfo_free(&w->bi);
	free(w->frag);
	zoneinfo_free(&w->zi);
}

/* Returns the row of NODE (-1: machine) at order 9. */
static const struct avail *
row9(const struct world *w, int node)
{
	const struct avail *a = avail_find(&w->av, node, -1, 9);

	ck_assert_ptr_nonnull(a);
	return a;
}

/*
 * At the order kcompactd works for, each node's score is
 * fragmentation_score_node() exactly, on captures of real machines.
 */
START_TEST(test_kcompactd_equal)
{
	static const char *const dirs[] = {
		"corpus/vm-6.18-x86-64-holes/proc/",
		"corpus/sosreport-rhel8-4.18-x86/",
		"corpus/node-exporter-fixture-x86/",
		"corpus/pcp-qa-meminfo-001-x86/",
		"corpus/debian-5.10-vm-empty-pagetypeinfo/",
		"avail/two-nodes/",
	};
	char path[128], *b, *z;
	struct world w;
	size_t i, k, nonzero = 0;

	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%sbuddyinfo", dirs[i]);
		b = tu_read(path, NULL);
		snprintf(path, sizeof(path), "%szoneinfo", dirs[i]);
		z = tu_read(path, NULL);
		world(&w, b, z, NULL);
		ck_assert_uint_gt(w.adv.nkc, 0);
		for (k = 0; k < w.adv.nkc; k++) {
			ck_assert_msg(row9(&w, (int)w.adv.kc[k].node)->score ==
			    w.adv.kc[k].score, "%s node %u: %u, kcompactd %lu",
			    dirs[i], w.adv.kc[k].node, row9(&w,
			    (int)w.adv.kc[k].node)->score,
			    (unsigned long)w.adv.kc[k].score);
			nonzero += w.adv.kc[k].score != 0;
		}
		ck_assert(!w.av.score_by_free);
		world_free(&w);
		free(b);
		free(z);
	}
	ck_assert_uint_gt(nonzero, 3);
}
END_TEST

/* Returns judge_of() of a row with NOW, AFTER, ROOM and LOW under M. */
static enum judgement
judged(uint64_t now, uint64_t after, uint64_t room, uint64_t low,
    const struct judge_marks *m)
{
	struct avail r;

	memset(&r, 0, sizeof(r));
	r.now = now;
	r.after = after;
	r.room = room;
	r.low = low;
	return judge_of(&r, m);
}

/*
 * The default marks are 50 and 90 percent of what compaction could make
 * missing now, whatever the release: fine at 50% free now, fragmented
 * below, severely below 10%; short of memory below the low mark (at least
 * 2 blocks) of room, whatever the ratio.
 */
START_TEST(test_marks)
{
	struct judge_marks m;

	judge_default_marks(&m);
	ck_assert_uint_eq(m.low, 50);
	ck_assert_uint_eq(m.high, 90);
	ck_assert_str_eq(m.from, "default");
	/* 500 of 1000: 5000 ten-thousandths, not below 10000 - 50 * 100. */
	ck_assert_int_eq(judged(500, 1000, 1000, 1, &m), JUDGE_FINE);
	ck_assert_int_eq(judged(499, 1000, 1000, 1, &m), JUDGE_FRAGMENTED);
	/* 100 of 1000: 1000, not below 10000 - 90 * 100; 99: 990 is. */
	ck_assert_int_eq(judged(100, 1000, 1000, 1, &m), JUDGE_FRAGMENTED);
	ck_assert_int_eq(judged(99, 1000, 1000, 1, &m), JUDGE_SEVERE);
	/* Room for blocks, but compaction could make none: severely. */
	ck_assert_int_eq(judged(0, 0, 1000, 1, &m), JUDGE_SEVERE);
	/* Room for 1 block: below 2, short whatever the ratio (1 of 1). */
	ck_assert_int_eq(judged(1, 1, 1, 1, &m), JUDGE_SHORT);
	ck_assert_int_eq(judged(2, 2, 2, 1, &m), JUDGE_FINE);
	/* The low mark: room 19 of a low of 20 is short, 20 is not. */
	ck_assert_int_eq(judged(19, 19, 19, 20, &m), JUDGE_SHORT);
	ck_assert_int_eq(judged(20, 20, 20, 20, &m), JUDGE_FINE);
	/*
	 * The map bounds what compaction could make (pinned): 9 of 10 is
	 * 9000, fine by the ratio, but 9 of a room of 100 is 900, below
	 * 10000 - 90 * 100: fragmented, by pins. 10 of 100 is not.
	 */
	ck_assert_int_eq(judged(9, 10, 100, 1, &m), JUDGE_FRAGMENTED);
	ck_assert_int_eq(judged(10, 11, 100, 1, &m), JUDGE_FINE);
	ck_assert_uint_eq(judge_severe_of(50, 0), 90);
	ck_assert_uint_eq(judge_severe_of(50, 70), 70);
	ck_assert_uint_eq(judge_severe_of(90, 0), 100);
	ck_assert_str_eq(judge_name(JUDGE_FINE), "fine");
	ck_assert_str_eq(judge_name(JUDGE_FRAGMENTED), "fragmented");
	ck_assert_str_eq(judge_name(JUDGE_SEVERE), "severely fragmented");
	ck_assert_str_eq(judge_name(JUDGE_SHORT), "short of memory");
	ck_assert(judge_fragmented(JUDGE_SEVERE));
	ck_assert(!judge_fragmented(JUDGE_SHORT));
}
END_TEST

/*
 * Node 0: 64 free pages, all single (score 100 at order 9); node 1: one
 * free 2 MiB block and 512 single pages (50). Weighted by present pages,
 * each node as kcompactd weighs it; without zoneinfo by free pages.
 */
static const char two_b[] =
    "Node 0, zone Normal 64 0 0 0 0 0 0 0 0 0 0\n"
    "Node 1, zone Normal 512 0 0 0 0 0 0 0 0 1 0\n";
static const char two_z[] =
    "Node 0, zone Normal\n        present  1000\n"
    "Node 1, zone Normal\n        present  3000\n";

START_TEST(test_weights)
{
	struct world w;

	world(&w, two_b, two_z, NULL);
	/*
	 * 1000 * 100 / 1001 = 99; 3000 * 50 / 3001 = 49. Node 0's 64 pages
	 * hold no block: short of memory. Node 1's 1536 hold 2 above the
	 * watermarks (advise_count()), 1 free now: 5000, not below 5000.
	 */
	ck_assert_uint_eq(row9(&w, 0)->score, 99);
	ck_assert_int_eq(row9(&w, 0)->judgement, JUDGE_SHORT);
	ck_assert_uint_eq(row9(&w, 1)->score, 49);
	ck_assert_uint_eq(row9(&w, 1)->room, 2);
	ck_assert_int_eq(row9(&w, 1)->judgement, JUDGE_FINE);
	/* Machine: 1000 * 100 / 4001 + 3000 * 50 / 4001 = 24 + 37. */
	ck_assert_uint_eq(row9(&w, -1)->score, 61);
	ck_assert(!w.av.score_by_free);
	world_free(&w);
	/* By free pages: 64 * 100 / 1089 + 1024 * 50 / 1089 = 5 + 47. */
	world(&w, two_b, NULL, NULL);
	ck_assert(w.av.score_by_free);
	ck_assert_uint_eq(row9(&w, 0)->score, 98);
	ck_assert_uint_eq(row9(&w, 1)->score, 49);
	ck_assert_uint_eq(row9(&w, -1)->score, 52);
	world_free(&w);
	/* A zoneinfo without present pages weighs by free pages too. */
	world(&w, two_b, "Node 0, zone Normal\n        min  1\n"
	    "Node 1, zone Normal\n        min  1\n", NULL);
	ck_assert(w.av.score_by_free);
	ck_assert_uint_eq(row9(&w, 0)->score, 98);
	ck_assert_uint_eq(row9(&w, -1)->score, 52);
	world_free(&w);
}
END_TEST

/* Nothing free: score 0 (extfrag_for_order()), and short of memory. */
START_TEST(test_nothing_free)
{
	static const char b[] = "Node 0, zone Normal 0 0 0 0 0 0 0 0 0 0 0\n";
	static const char z[] = "Node 0, zone Normal\n        present  1000\n";
	struct world w;

	world(&w, b, z, NULL);
	ck_assert_uint_eq(row9(&w, 0)->score, 0);
	ck_assert_int_eq(row9(&w, -1)->judgement, JUDGE_SHORT);
	world_free(&w);
	world(&w, b, NULL, NULL);
	ck_assert_uint_eq(row9(&w, -1)->score, 0);
	world_free(&w);
}
END_TEST

/*
 * Marks given as an option judge every row, the zones' too: at 40 and 60,
 * node 1's 1 of 2 (5000) is below 10000 - 40 * 100: fragmented.
 */
START_TEST(test_option_marks)
{
	struct judge_marks m = { 40, 60, "option" };
	const struct avail *a;
	struct world w;

	world(&w, two_b, two_z, &m);
	ck_assert_str_eq(w.av.marks.from, "option");
	ck_assert_int_eq(row9(&w, 1)->judgement, JUDGE_FRAGMENTED);
	ck_assert_int_eq(row9(&w, -1)->judgement, JUDGE_FRAGMENTED);
	a = avail_find(&w.av, 1, 1, 9);
	ck_assert_ptr_nonnull(a);
	ck_assert_uint_eq(a->score, 50);
	ck_assert_int_eq(a->judgement, JUDGE_FRAGMENTED);
	world_free(&w);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("judge");
	TCase *tc = tcase_create("judge");

	tcase_add_test(tc, test_kcompactd_equal);
	tcase_add_test(tc, test_marks);
	tcase_add_test(tc, test_weights);
	tcase_add_test(tc, test_nothing_free);
	tcase_add_test(tc, test_option_marks);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_recsum.c - a recording's event counts summed over samples and its pairs ranked, worked by hand */
#include "config.h"

#include <string.h>

#include "recsum.h"
#include "testutil.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))

/* Four samples: extfrag 1, 2, 3, 4 of which fragmenting 0, 1, 1, 2. */
static struct rsample samples[4] = {
	{ .extfrag = 1 }, { .extfrag = 2, .fragmenting = 1 },
	{ .extfrag = 3, .fragmenting = 1 }, { .extfrag = 4, .fragmenting = 2 },
};

/* The counts, in sample order as the reader keeps them. */
static struct rcount counts[] = {
	{ .sample = 0, .key = 9, .kind = RC_COMPACTION,
	    .runs = { .attempts = 3, .ended = 2, .success = 1 } },
	{ .sample = 1, .key = 1, .kind = RC_THP,
	    .thp = { .alloc = 10, .fallback = 2 } },
	{ .sample = 1, .key = -1, .kind = RC_COMPACTION,
	    .runs = { .attempts = 1, .ended = 1, .complete = 1 } },
	{ .sample = 2, .key = 9, .kind = RC_COMPACTION,
	    .runs = { .attempts = 5, .ended = 4, .success = 3 } },
	{ .sample = 3, .key = 0, .kind = RC_PAIR,
	    .pair = { .fragmenting = 5, .other = 1 } },
	{ .sample = 3, .key = 9, .kind = RC_COMPACTION,
	    .runs = { .attempts = 1, .ended = 1 } },
};

/* Fill R and its series SE with the samples and counts above, two pairs and two outcomes. */
static void
build(struct replay *r, struct rseries *se)
{
	memset(r, 0, sizeof(*r));
	memset(se, 0, sizeof(*se));
	se->s = samples;
	se->c = counts;
	se->nc = N(counts);
	strcpy(se->pairs[0].alloc, "Unmovable");
	strcpy(se->pairs[0].fallback, "Movable");
	se->pairs[0].fragmenting = 5;
	se->pairs[0].other = 1;
	strcpy(se->pairs[1].alloc, "Reclaimable");
	strcpy(se->pairs[1].fallback, "Movable");
	se->pairs[1].fragmenting = 1;
	se->npairs = 2;
	r->series = se;
	r->nsamples = N(samples);
	r->outcomes[0].size_kb = 2048;
	r->outcomes[0].kind = OUTCOME_SHMEM;
	r->outcomes[1].size_kb = 2048;
	r->outcomes[1].kind = OUTCOME_ANON;
	r->noutcomes = 2;
}

/*
 * Order 9's compaction over samples 1 to 3: counts 3 and 5, attempts 5 +
 * 1 = 6, ended 4 + 1 = 5, ended well 3 + 0 = 3. A zone's (key -1) over
 * 0 to 3: 1 ended, well by its complete (ev_well() counts complete for
 * whole zones). The THP lane over 0 to 1: 10 + 2 faults, 2 fell back.
 * Every extfrag event over 1 to 2: 2 + 3 = 5, fragmenting 1 + 1 = 2; the
 * pair Unmovable from Movable over 0 to 3: 5 + 1 = 6, 5 fragmenting.
 */
START_TEST(test_span)
{
	struct rseries se;
	struct replay r;
	struct recsum s;

	build(&r, &se);
	recsum_span(&r, RC_COMPACTION, 9, false, 1, 3, &s);
	ck_assert_uint_eq(s.attempts, 6);
	ck_assert_uint_eq(s.total, 5);
	ck_assert_uint_eq(s.part, 3);
	recsum_span(&r, RC_COMPACTION, -1, false, 0, 3, &s);
	ck_assert_uint_eq(s.total, 1);
	ck_assert_uint_eq(s.part, 1);
	recsum_span(&r, RC_THP, 1, false, 0, 1, &s);
	ck_assert_uint_eq(s.total, 12);
	ck_assert_uint_eq(s.part, 2);
	ck_assert_uint_eq(s.attempts, 0);
	recsum_span(&r, RC_PAIR, -1, true, 1, 2, &s);
	ck_assert_uint_eq(s.total, 5);
	ck_assert_uint_eq(s.part, 2);
	recsum_span(&r, RC_PAIR, 0, false, 0, 3, &s);
	ck_assert_uint_eq(s.total, 6);
	ck_assert_uint_eq(s.part, 5);
	/* Sample 3 alone: the halving finds its first count. */
	recsum_span(&r, RC_COMPACTION, 9, false, 3, 3, &s);
	ck_assert_uint_eq(s.attempts, 1);
}
END_TEST

/* The keys: the order, the pair's index, the anon_fault outcome's (not shmem's). */
START_TEST(test_key)
{
	struct rseries se;
	struct replay r;

	build(&r, &se);
	ck_assert_int_eq(recsum_key(&r, RC_COMPACTION, 9, NULL, NULL, 0), 9);
	ck_assert_int_eq(recsum_key(&r, RC_PAIR, 0, "Reclaimable", "Movable",
	    0), 1);
	ck_assert_int_eq(recsum_key(&r, RC_PAIR, 0, "Movable", "Unmovable",
	    0), -1);
	ck_assert_int_eq(recsum_key(&r, RC_THP, 0, NULL, NULL, 2048), 1);
	ck_assert_int_eq(recsum_key(&r, RC_THP, 0, NULL, NULL, 64), -1);
}
END_TEST

/*
 * The pairs of A (Unmovable from Movable 5 + 1, Reclaimable from Movable
 * 1) and B (Reclaimable from Movable 10, Unmovable from Movable 1) summed:
 * Reclaimable 11, Unmovable 7, most first; at most 1: Reclaimable alone.
 */
START_TEST(test_top_pairs)
{
	struct rseries sa, sb;
	struct replay a, b;
	struct rpair p[4];

	build(&a, &sa);
	build(&b, &sb);
	sb.pairs[0] = sa.pairs[1];
	sb.pairs[0].fragmenting = 10;
	sb.pairs[1] = sa.pairs[0];
	sb.pairs[1].fragmenting = 1;
	sb.pairs[1].other = 0;
	ck_assert_uint_eq(recsum_top_pairs(&a, &b, p, N(p)), 2);
	ck_assert_str_eq(p[0].alloc, "Reclaimable");
	ck_assert_uint_eq(p[0].fragmenting + p[0].other, 11);
	ck_assert_str_eq(p[1].alloc, "Unmovable");
	ck_assert_uint_eq(p[1].fragmenting + p[1].other, 7);
	ck_assert_uint_eq(recsum_top_pairs(&a, &b, p, 1), 1);
	ck_assert_str_eq(p[0].alloc, "Reclaimable");
	/* A alone: its own order, Unmovable's 6 first. */
	ck_assert_uint_eq(recsum_top_pairs(&a, NULL, p, N(p)), 2);
	ck_assert_str_eq(p[0].alloc, "Unmovable");
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("recsum");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_span);
	tcase_add_test(tc, test_key);
	tcase_add_test(tc, test_top_pairs);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

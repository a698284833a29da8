/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_health.c - --check's state of a node from --need and the thresholds, and which node is worst */
#include "config.h"

#include <string.h>

#include "health.h"
#include "testutil.h"

/* One node's counts at order 9, a request, thresholds and the state they give. */
static const struct {
	uint64_t	 now, after;
	bool		 bound;
	enum avail_possible possible;
	uint64_t	 need, warn, crit;	/* 0: none */
	enum check_state want;
	uint64_t	 least;		/* with BOUND: the fewest free now (0: not known) */
} cases[] = {
	/* --need: ok, compact, reclaim, unknown (a bound), impossible. */
	{ 10, 20, false, AVAIL_POSSIBLE, 10, 0, 0, CHECK_OK, 0 },
	{ 9, 20, false, AVAIL_POSSIBLE, 10, 0, 0, CHECK_WARNING, 0 },
	{ 9, 9, false, AVAIL_POSSIBLE, 10, 0, 0, CHECK_CRITICAL, 0 },
	{ 10, 20, true, AVAIL_POSSIBLE, 10, 0, 0, CHECK_UNKNOWN, 0 },
	{ 10, 20, false, AVAIL_IMPOSSIBLE, 10, 0, 0, CHECK_CRITICAL, 0 },
	{ 10, 20, false, AVAIL_POSSIBLE_UNKNOWN, 10, 0, 0, CHECK_UNKNOWN, 0 },
	/*
	 * Whether the size exists unknown: impossible is CRITICAL, so is
	 * reclaim (and an upper bound of 0 below 1); compact is not.
	 */
	{ 9, 9, false, AVAIL_POSSIBLE_UNKNOWN, 10, 0, 0, CHECK_CRITICAL, 0 },
	{ 0, 0, true, AVAIL_POSSIBLE_UNKNOWN, 1, 0, 0, CHECK_CRITICAL, 0 },
	{ 9, 20, false, AVAIL_POSSIBLE_UNKNOWN, 10, 0, 0, CHECK_UNKNOWN, 0 },
	/* Thresholds on free now: at the mark is not below it. */
	{ 512, 600, false, AVAIL_POSSIBLE, 0, 512, 64, CHECK_OK, 0 },
	{ 511, 600, false, AVAIL_POSSIBLE, 0, 512, 64, CHECK_WARNING, 0 },
	{ 64, 600, false, AVAIL_POSSIBLE, 0, 512, 64, CHECK_WARNING, 0 },
	{ 63, 600, false, AVAIL_POSSIBLE, 0, 512, 64, CHECK_CRITICAL, 0 },
	{ 63, 600, false, AVAIL_POSSIBLE, 0, 0, 64, CHECK_CRITICAL, 0 },
	{ 100, 600, false, AVAIL_POSSIBLE, 0, 0, 64, CHECK_OK, 0 },
	/* An upper bound below crit is CRITICAL for sure; else unknown. */
	{ 63, 600, true, AVAIL_POSSIBLE, 0, 512, 64, CHECK_CRITICAL, 0 },
	{ 100, 600, true, AVAIL_POSSIBLE, 0, 512, 64, CHECK_UNKNOWN, 0 },
	{ 1000, 1000, true, AVAIL_POSSIBLE, 0, 512, 64, CHECK_UNKNOWN, 0 },
	/* Both: the worse, CRITICAL over WARNING over UNKNOWN over OK. */
	{ 100, 100, false, AVAIL_POSSIBLE, 200, 50, 0, CHECK_CRITICAL, 0 },
	{ 100, 300, false, AVAIL_POSSIBLE, 200, 0, 101, CHECK_CRITICAL, 0 },
	{ 100, 300, false, AVAIL_POSSIBLE, 200, 0, 0, CHECK_WARNING, 0 },
	{ 100, 300, false, AVAIL_POSSIBLE, 50, 200, 0, CHECK_WARNING, 0 },
	{ 100, 300, true, AVAIL_POSSIBLE, 200, 50, 0, CHECK_WARNING, 0 },
	{ 100, 300, true, AVAIL_POSSIBLE, 50, 0, 0, CHECK_UNKNOWN, 0 },
	/*
	 * A bound with the fewest known (no pagetypeinfo): the count lies in
	 * [least, now], and a state is certain where both ends give it.
	 */
	{ 10, 20, true, AVAIL_POSSIBLE, 10, 0, 0, CHECK_OK, 10 },
	{ 10, 20, true, AVAIL_POSSIBLE, 10, 0, 0, CHECK_UNKNOWN, 9 },
	{ 9, 20, true, AVAIL_POSSIBLE, 10, 0, 0, CHECK_WARNING, 5 },
	{ 1000, 1000, true, AVAIL_POSSIBLE, 0, 512, 64, CHECK_OK, 512 },
	{ 1000, 1000, true, AVAIL_POSSIBLE, 0, 512, 64, CHECK_UNKNOWN, 511 },
	{ 400, 1000, true, AVAIL_POSSIBLE, 0, 512, 64, CHECK_WARNING, 64 },
	{ 400, 1000, true, AVAIL_POSSIBLE, 0, 512, 64, CHECK_UNKNOWN, 63 },
	{ 63, 1000, true, AVAIL_POSSIBLE, 0, 512, 64, CHECK_CRITICAL, 10 },
};

/* Fill AV with ROWS, one row of node 0 at order 9 from case I. */
static void
one_node(struct availability *av, struct avail *rows, size_t i)
{
	memset(av, 0, sizeof(*av));
	memset(rows, 0, sizeof(*rows));
	rows->node = 0;
	rows->zone = -1;
	rows->order = 9;
	rows->now = cases[i].now;
	rows->after = cases[i].after;
	/* Every zone one where the kernel would compact. */
	rows->reach = cases[i].after;
	rows->now_is_bound = cases[i].bound;
	rows->now_least = cases[i].bound ? cases[i].least : cases[i].now;
	av->rows = rows;
	av->n = 1;
}

START_TEST(test_states)
{
	struct check_ask ask = { .order = 9, .node = -1 };
	struct need n = { 0, 9, -1 };
	struct availability av;
	struct avail row;
	struct health h;
	size_t i = (size_t)_i;

	one_node(&av, &row, i);
	n.count = cases[i].need;
	ask.warn = cases[i].warn;
	ask.crit = cases[i].crit;
	health_judge(&h, &av, n.count ? &n : NULL, cases[i].possible, &ask, 0);
	ck_assert_msg(h.state == cases[i].want, "case %zu: state %s, want %s",
	    i, health_state_name(h.state), health_state_name(cases[i].want));
	ck_assert_int_eq(h.node, 0);
	ck_assert(h.have_need == (n.count != 0));
}
END_TEST

/* A node the availability lacks: UNKNOWN, with no row to show. */
START_TEST(test_no_node)
{
	struct check_ask ask = { .crit = 1, .order = 9, .node = 5 };
	struct availability av;
	struct avail row;
	struct health h;

	one_node(&av, &row, 0);
	health_judge(&h, &av, NULL, AVAIL_POSSIBLE, &ask, 5);
	ck_assert_int_eq(h.state, CHECK_UNKNOWN);
	ck_assert_ptr_null(h.row);
}
END_TEST

/* The worst node: by state as max_state_alt() ranks them, then fewer free now. */
START_TEST(test_worse)
{
	struct avail ra = { .node = 0, .zone = -1, .order = 9, .now = 5 };
	struct avail rb = { .node = 1, .zone = -1, .order = 9, .now = 7 };
	struct health a, b;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	a.row = &ra;
	b.row = &rb;
	a.state = CHECK_UNKNOWN;
	b.state = CHECK_OK;
	ck_assert(health_worse(&a, &b) && !health_worse(&b, &a));
	b.state = CHECK_WARNING;
	ck_assert(health_worse(&b, &a) && !health_worse(&a, &b));
	a.state = CHECK_CRITICAL;
	ck_assert(health_worse(&a, &b));
	b.state = CHECK_CRITICAL;
	ck_assert(health_worse(&a, &b) && !health_worse(&b, &a));
	ck_assert(!health_worse(&a, &a));
	ck_assert_str_eq(health_state_name(CHECK_WARNING), "WARNING");
}
END_TEST

/*
 * Every node of the input judged, the most a model can hold too
 * (FRAG_MAX_NODES: node ids above it are refused when read), and the
 * worst found: node 700 is below --crit, node 300 below --warn; rows of
 * a zone or another order are not nodes; --node judges that node alone.
 */
START_TEST(test_nodes)
{
	static struct avail rows[FRAG_MAX_NODES + 2];
	static struct check_answer c;
	struct check_ask ask = { .warn = 100, .crit = 10, .order = 9,
	    .node = -1 };
	struct availability av = { .rows = rows, .n = FRAG_MAX_NODES + 2 };
	size_t i;

	for (i = 0; i < FRAG_MAX_NODES; i++)
		rows[i] = (struct avail){ .node = (int)i, .zone = -1,
		    .order = 9, .now = i == 700 ? 9 : i == 300 ? 99 : 500 };
	rows[i++] = (struct avail){ .node = 5, .zone = 0, .order = 9 };
	rows[i] = (struct avail){ .node = 6, .zone = -1, .order = 10 };
	health_judge_nodes(&c, &av, NULL, AVAIL_POSSIBLE, &ask);
	ck_assert_uint_eq(c.n, FRAG_MAX_NODES);
	ck_assert_int_eq(c.nodes[c.worst].node, 700);
	ck_assert_int_eq(c.nodes[c.worst].state, CHECK_CRITICAL);
	ck_assert_int_eq(c.nodes[300].state, CHECK_WARNING);
	ck_assert_int_eq(c.nodes[FRAG_MAX_NODES - 1].node, FRAG_MAX_NODES - 1);
	ask.node = 300;
	health_judge_nodes(&c, &av, NULL, AVAIL_POSSIBLE, &ask);
	ck_assert_uint_eq(c.n, 1);
	ck_assert_int_eq(c.nodes[c.worst].node, 300);
	ck_assert_int_eq(c.nodes[c.worst].state, CHECK_WARNING);
	av.n = 0;
	ask.node = -1;
	health_judge_nodes(&c, &av, NULL, AVAIL_POSSIBLE, &ask);
	ck_assert_uint_eq(c.n, 0);
}
END_TEST

/*
 * --need given several times: one entry each, of the machine (ASK's node
 * -1), the worst deciding: 10 free now, at most 20 after compaction (the
 * compaction the kernel would run reaches them all) is ok for 5, compact
 * for 15, reclaim for 25.
 */
START_TEST(test_needs)
{
	static struct check_answer c;
	struct avail row = { .node = -1, .zone = -1, .order = 9, .now = 10,
	    .now_least = 10, .after = 20, .room = 20, .reach = 20 };
	struct availability av = { .rows = &row, .n = 1 };
	struct check_ask ask = { .order = 9, .node = -1 };
	struct need needs[] = { { 5, 9, -1 }, { 25, 9, -1 }, { 15, 9, -1 } };
	struct need_answer ans[3];
	size_t i;

	for (i = 0; i < 3; i++)
		ans[i] = avail_need(&av, &needs[i], AVAIL_POSSIBLE);
	health_judge_needs(&c, &av, needs, ans, 3, &ask);
	ck_assert_uint_eq(c.n, 3);
	ck_assert_uint_eq(c.worst, 1);
	ck_assert_int_eq(c.nodes[0].state, CHECK_OK);
	ck_assert_int_eq(c.nodes[1].state, CHECK_CRITICAL);
	ck_assert_int_eq(c.nodes[2].state, CHECK_WARNING);
	ck_assert_int_eq(c.nodes[1].node, -1);
	ck_assert_ptr_eq(c.nodes[1].want, &needs[1]);
	/* One --need alone: the machine too, not each node. */
	health_judge_nodes(&c, &av, &needs[2], AVAIL_POSSIBLE, &ask);
	ck_assert_uint_eq(c.n, 1);
	ck_assert_int_eq(c.nodes[0].node, -1);
	ck_assert_int_eq(c.nodes[0].state, CHECK_WARNING);
}
END_TEST

/*
 * Alone, --check judges: fine OK, fragmented WARNING, severely CRITICAL;
 * a bound whose fewest free now is judged apart UNKNOWN. Marks 80/90:
 * score 10, 10 free of at most 20 (50%) is fine; with 1 at least (5%),
 * severely fragmented.
 */
START_TEST(test_judged)
{
	static const struct {
		enum judgement j;
		enum check_state want;
	} map[] = {
		{ JUDGE_FINE, CHECK_OK },
		{ JUDGE_FRAGMENTED, CHECK_WARNING },
		{ JUDGE_SEVERE, CHECK_CRITICAL },
	};
	struct avail row = { .node = 0, .zone = -1, .order = 9, .now = 10,
	    .now_least = 10, .after = 20, .room = 20, .reach = 20,
	    .score = 10 };
	struct availability av = { .rows = &row, .n = 1,
	    .marks = { 80, 90, "option" } };
	struct check_ask ask = { .order = 9, .node = -1, .judge = true };
	struct health h;
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		row.judgement = map[i].j;
		health_judge(&h, &av, NULL, AVAIL_POSSIBLE, &ask, 0);
		ck_assert_int_eq(h.state, map[i].want);
	}
	row.judgement = JUDGE_FINE;
	row.now_is_bound = true;
	health_judge(&h, &av, NULL, AVAIL_POSSIBLE, &ask, 0);
	ck_assert_int_eq(h.state, CHECK_OK);
	row.now_least = 1;
	health_judge(&h, &av, NULL, AVAIL_POSSIBLE, &ask, 0);
	ck_assert_int_eq(h.state, CHECK_UNKNOWN);
	ck_assert_int_eq(h.judged_least, JUDGE_SEVERE);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("health");
	TCase *tc = tcase_create("health");

	tcase_add_loop_test(tc, test_states, 0,
	    (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, test_no_node);
	tcase_add_test(tc, test_worse);
	tcase_add_test(tc, test_nodes);
	tcase_add_test(tc, test_needs);
	tcase_add_test(tc, test_judged);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

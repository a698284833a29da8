/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_trigger.c - when --trigger fires: its kinds, its decisions and its options */
#include "config.h"

#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "evcount.h"
#include "events.h"
#include "options.h"
#include "rates.h"
#include "render_watch.h"
#include "testutil.h"
#include "trigger.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))

/* Returns a PSI whose full avg10 is FULL hundredths (-1: no full line). */
static struct psi
pressure(int full)
{
	struct psi p;

	memset(&p, 0, sizeof(p));
	p.some.present = true;
	p.some.avg10 = 9999;	/* some never fires */
	p.full.present = full >= 0;
	p.full.avg10 = full >= 0 ? (uint32_t)full : 0;
	return p;
}

START_TEST(test_psi_rises)
{
	/* prev, cur, fires; threshold 5.00% */
	static const int cases[][3] = {
		{ 0, 501, 1 }, { -2, 501, 1 }, { -1, 501, 1 }, { 500, 501, 1 },
		{ 0, 500, 0 },	/* at the threshold is not above */
		{ 501, 900, 0 },	/* stays high: fired already */
		{ 900, 0, 0 }, { 0, -1, 0 }, { 0, -2, 0 },
	};
	struct trigger t = { .kind = TRIGGER_PSI, .psi_full = 500 };
	struct psi prev, cur;
	struct trigger_fire why;
	char text[128];
	size_t i;
	bool got;

	for (i = 0; i < N(cases); i++) {
		prev = pressure(cases[i][0]);
		cur = pressure(cases[i][1]);
		/* -2: no sample at all */
		got = trigger_fired(&t, NULL, cases[i][0] == -2 ? NULL : &prev,
		    cases[i][1] == -2 ? NULL : &cur, &why);
		ck_assert_msg(got == (cases[i][2] != 0), "case %zu", i);
		ck_assert_uint_eq(why.psi_full, got ? (uint32_t)cases[i][1] :
		    0);
	}
	cur = pressure(1234);
	ck_assert(trigger_fired(&t, NULL, NULL, &cur, &why));
	ck_assert_str_eq(render_trigger(text, sizeof(text), &t, &why),
	    "full avg10 12.34% above 5.00%");
}
END_TEST

START_TEST(test_alloc_fail)
{
	struct trigger t = { .kind = TRIGGER_ALLOC_FAIL, .order = 4 };
	struct ev_counts c;
	struct trigger_fire why;
	char text[128];

	memset(&c, 0, sizeof(c));
	ck_assert(!trigger_fired(&t, NULL, NULL, NULL, &why));
	/* Below ORDER, and successes: nothing. */
	c.alloc[3].failed = 7;
	c.alloc[4].succeeded = 100;
	c.alloc[9].succeeded = 1;
	ck_assert(!trigger_fired(&t, &c, NULL, NULL, &why));
	c.alloc[FRAG_MAX_ORDERS - 1].failed = 1;
	ck_assert(trigger_fired(&t, &c, NULL, NULL, &why));
	c.alloc[4].failed = 2;
	ck_assert(trigger_fired(&t, &c, NULL, NULL, &why));
	ck_assert_uint_eq(why.count, 3);
	ck_assert_str_eq(render_trigger(text, sizeof(text), &t, &why),
	    "3 allocations of order 4 or more failed");
	t.order = 10;
	c.alloc[FRAG_MAX_ORDERS - 1].failed = 0;
	ck_assert(!trigger_fired(&t, &c, NULL, NULL, &why));
}
END_TEST

/* kcompactd0 is task 20, the rest "task<PID>". */
static void
fake_comm(void *arg, int pid, char *comm)
{
	(void)arg;
	snprintf(comm, 16, pid == 20 ? "kcompactd0" : "task%d", pid);
}

/* Returns an event of kind K from PID at TS with every other field unset. */
static struct ev_record
rec(enum ev_kind k, int pid, uint64_t ts)
{
	struct ev_record r;

	memset(&r, -1, sizeof(r));
	r.kind = k;
	r.pid = pid;
	r.ts = ts;
	return r;
}

/* Returns whether the stall trigger fires after counting the N events R. */
static bool
stall_after(const struct ev_record *r, size_t n, uint64_t *begins)
{
	struct trigger t = { .kind = TRIGGER_STALL };
	struct ev_names nm;
	struct ev_counts c;
	struct ev_tasks tk;
	struct trigger_fire why;
	size_t i;
	bool fired;

	memset(&nm, 0, sizeof(nm));
	for (i = 0; i < EV_NKINDS; i++)
		nm.have[i] = true;
	memset(&c, 0, sizeof(c));
	memset(&tk, 0, sizeof(tk));
	for (i = 0; i < n; i++)
		ck_assert_int_eq(ev_add(&c, &tk, &r[i], &nm), 0);
	ck_assert_int_eq(ev_settle(&c, &tk, UINT64_MAX, fake_comm, NULL), 0);
	fired = trigger_fired(&t, &c, NULL, NULL, &why);
	*begins = c.stall_begins;
	ev_free(&c);
	ev_tasks_free(&tk);
	return fired;
}

START_TEST(test_stall)
{
	/* kcompactd's runs, an end without its begin: no stall began. */
	struct ev_record quiet[] = {
		rec(EV_BEGIN, 20, 100), rec(EV_END, 20, 200),
		rec(EV_END, 7, 300), rec(EV_RECLAIM_END, 8, 400),
	};
	/* A direct compaction, still running at the sample. */
	struct ev_record direct[] = {
		rec(EV_TRY, 7, 100), rec(EV_BEGIN, 7, 110),
		rec(EV_BEGIN, 20, 120),
	};
	/* Direct reclaim, begun and ended; a manual compaction. */
	struct ev_record reclaim[] = {
		rec(EV_RECLAIM_BEGIN, 8, 100), rec(EV_RECLAIM_END, 8, 200),
		rec(EV_BEGIN, 9, 300), rec(EV_END, 9, 400),
	};
	struct trigger t = { .kind = TRIGGER_STALL };
	struct trigger_fire why = { .count = 2 };
	char text[128];
	uint64_t n;

	ck_assert(!stall_after(quiet, N(quiet), &n));
	ck_assert_uint_eq(n, 0);
	ck_assert(stall_after(direct, N(direct), &n));
	ck_assert_uint_eq(n, 1);
	ck_assert(stall_after(reclaim, N(reclaim), &n));
	ck_assert_uint_eq(n, 2);
	ck_assert(!stall_after(NULL, 0, &n));
	ck_assert_str_eq(render_trigger(text, sizeof(text), &t, &why),
	    "2 direct reclaim or compaction runs began");
}
END_TEST

/* Returns options_parse()'s status for the words of ARGS, with what it read in *O. */
static int
parse_into(const char *args, struct opts *o)
{
	char line[256], *argv[32], *p;
	int argc = 0, rc;

	snprintf(line, sizeof(line), "fragstat %s", args);
	for (p = strtok(line, " "); p && argc < 31; p = strtok(NULL, " "))
		argv[argc++] = p;
	argv[argc] = NULL;
	optind = 0;
	rc = options_parse(argc, argv, o);
	free(o->roots);
	o->roots = NULL;
	return rc;
}

/* Returns options_parse()'s status for the words of ARGS. */
static int
parse(const char *args)
{
	struct opts o;

	return parse_into(args, &o);
}

START_TEST(test_parse)
{
	static const struct {
		const char	*s;
		int		 rc;	/* options_parse()'s */
		enum trigger_kind kind;
		unsigned	 order;
	} cases[] = {
		{ "stall", EXIT_OK, TRIGGER_STALL, 0 },
		{ "psi", EXIT_OK, TRIGGER_PSI, 0 },
		{ "alloc-fail:9", EXIT_OK, TRIGGER_ALLOC_FAIL, 9 },
		{ "alloc-fail:0", EXIT_OK, TRIGGER_ALLOC_FAIL, 0 },
		{ "alloc-fail:", EXIT_USAGE, 0, 0 },
		{ "alloc-fail:-1", EXIT_USAGE, 0, 0 },
		{ "alloc-fail:9x", EXIT_USAGE, 0, 0 },
		{ "alloc-fail:99", EXIT_USAGE, 0, 0 },
		{ "alloc-fail", EXIT_USAGE, 0, 0 },
		{ "Stall", EXIT_USAGE, 0, 0 },
		{ "stalls", EXIT_USAGE, 0, 0 },
		{ "", EXIT_USAGE, 0, 0 },
	};
	char args[128];
	struct opts o;
	size_t i;
	int null;

	null = open("/dev/null", O_WRONLY);
	ck_assert_int_ge(null, 0);
	ck_assert_int_ge(dup2(null, 2), 0);
	for (i = 0; i < N(cases); i++) {
		snprintf(args, sizeof(args), "--watch=1 --record=D --events "
		    "--events-min-order=0 --trigger=%s", cases[i].s);
		ck_assert_msg(parse_into(args, &o) == cases[i].rc, "%s",
		    cases[i].s);
		if (cases[i].rc == EXIT_OK) {
			const struct trigger *t = &o.trigger;


			ck_assert_int_eq(t->kind, cases[i].kind);
			ck_assert_uint_eq(t->order, cases[i].order);
		}
	}
	close(null);
}
END_TEST


START_TEST(test_options)
{
	static const struct {
		const char	*args;
		int		 rc;
	} cases[] = {
		{ "--watch=1 --record=D --trigger=psi", EXIT_OK },
		{ "--watch=1 --record=D --trigger=psi --psi-full=2.5", EXIT_OK },
		{ "--watch=1 --record=D --trigger=stall --events", EXIT_OK },
		{ "--watch=1 --record=D --trigger=alloc-fail:9 --events "
		    "--before=0 --after=3", EXIT_OK },
		{ "--watch=1 --record=D --trigger=stall", EXIT_USAGE },
		{ "--watch=1 --record=D --trigger=alloc-fail:4", EXIT_USAGE },
		{ "--watch=1 --record=D --trigger=alloc-fail:0 --events",
		    EXIT_USAGE },
		{ "--watch=1 --record=D --trigger=alloc-fail:0 --events "
		    "--events-min-order=0", EXIT_OK },
		{ "--watch=1 --trigger=psi", EXIT_USAGE },
		{ "--record=D --trigger=psi -- true", EXIT_USAGE },
		{ "--trigger=psi", EXIT_USAGE },
		{ "--watch=1 --record=D --before=3", EXIT_USAGE },
		{ "--watch=1 --record=D --after=3", EXIT_USAGE },
		{ "--watch=1 --record=D --psi-full=3", EXIT_USAGE },
		{ "--watch=1 --record=D --trigger=stall --events --psi-full=3",
		    EXIT_USAGE },
		{ "--watch=1 --record=D --trigger=psi --before=-1", EXIT_USAGE },
		{ "--watch=1 --record=D --trigger=psi --after=100001",
		    EXIT_USAGE },
		{ "--watch=1 --record=D --trigger=oom", EXIT_USAGE },
	};
	size_t i;
	int null;

	null = open("/dev/null", O_WRONLY);
	ck_assert_int_ge(null, 0);
	ck_assert_int_ge(dup2(null, 2), 0);
	for (i = 0; i < N(cases); i++)
		ck_assert_msg(parse(cases[i].args) == cases[i].rc, "%s",
		    cases[i].args);
	close(null);
}
END_TEST

/* Rates per second in hundredths, exact below and above UINT64_MAX / 100000 events. */
START_TEST(test_rate_per_second)
{
	static const struct {
		uint64_t	delta, ms, want;
	} c[] = {
		{ 3, 1500, 200 },		/* 3 in 1.5 s: 2.00/s */
		{ 1, 3, 33333 },		/* 100000 / 3 rounded down */
		{ 0, 1000, 0 },
		/* 2e14 in 1 s: 2.0e16 hundredths (was UINT64_MAX / 1000) */
		{ 200000000000000, 1000, 20000000000000000 },
		/* 2e14 + 7 in 3 s: 20000000000000700000 / 3000 */
		{ 200000000000007, 3000, 6666666666666900 },
		/* either side of UINT64_MAX / 100000 (184467440737095) */
		{ 184467440737095, 7, 2635249153387071428 },
		{ 184467440737096, 7, 2635249153387085714 },
		/* the largest quotient that is not cut: 92233720368547 * 1e5 */
		{ 92233720368547000, 1000, 9223372036854700000 },
		/* its fraction .999 takes it past INT64_MAX: saturated */
		{ 92233720368547999, 1000, INT64_MAX },
		{ 92233720368548000, 1000, INT64_MAX },
		{ UINT64_MAX, 1, INT64_MAX },
		/* UINT64_MAX over 10^10 ms: 1844674407370955161500000 / 10^10 */
		{ UINT64_MAX, 10000000000, 184467440737095 },
	};
	size_t i;

	for (i = 0; i < N(c); i++)
		ck_assert_msg(rate_per_second(c[i].delta, c[i].ms) == c[i].want,
		    "%zu: %" PRIu64, i, rate_per_second(c[i].delta, c[i].ms));
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("trigger");
	TCase *tc = tcase_create("trigger");

	tcase_add_test(tc, test_parse);
	tcase_add_test(tc, test_psi_rises);
	tcase_add_test(tc, test_alloc_fail);
	tcase_add_test(tc, test_stall);
	tcase_add_test(tc, test_options);
	tcase_add_test(tc, test_rate_per_second);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

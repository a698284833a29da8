/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_sets.c - --compare of two sets of runs made here: what is kept, how alike runs read, worked by hand */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sets.h"
#include "testutil.h"

#define NRUNS	3

/* Set run R's counter NAME to go from 0 to LAST. */
static void
counter(struct replay *r, const char *name, uint64_t last)
{
	struct rcounter *c = &r->counters[r->ncounters++];

	snprintf(c->name, sizeof(c->name), "%s", name);
	c->first = 0;
	c->last = last;
}

/*
 * Two sides of NRUNS runs: in every run compact_stall goes from 0 to 5,
 * compact_fail to 0 but in A's third run (1); recorded with --events,
 * A's runs stall in direct compaction 2, 4 and 6 times for 1, 2 and 3 ms
 * (900 us the longest) and fail 1, 2 and 3 order-3 allocations, B's none;
 * A's runs count no 64 KiB size (mTHP off), B's count 10, 20 and 30
 * anon_fault allocations of it.
 */
static void
build(struct sets *x)
{
	struct replay *r;
	size_t i;
	int k;

	memset(x, 0, sizeof(*x));
	for (k = 0; k < 2; k++) {
		x->side[k].path = k ? "b" : "a";
		x->side[k].n = NRUNS;
		ck_assert_ptr_nonnull(x->side[k].runs = calloc(NRUNS,
		    sizeof(*x->side[k].runs)));
		ck_assert_ptr_nonnull(x->side[k].maps = calloc(NRUNS,
		    sizeof(*x->side[k].maps)));
		for (i = 0; i < NRUNS; i++) {
			r = &x->side[k].runs[i];
			counter(r, "compact_stall", 5);
			/* A's last run failed one direct compaction. */
			counter(r, "compact_fail", k == 0 && i == 2);
			/* Recorded with --events: A stalls, B does not. */
			r->stalls[EV_STALL_COMPACTION].seen = true;
			r->has_alloc = true;
			r->alloc_min_order = 1;
			if (k == 0) {
				r->stalls[EV_STALL_COMPACTION].count =
				    2 * (i + 1);
				r->stalls[EV_STALL_COMPACTION].total_us =
				    1000 * (i + 1);
				r->stalls[EV_STALL_COMPACTION].max_us = 900;
				r->alloc[3].failed = i + 1;
				continue;
			}
			r->outcomes[0].size_kb = 64;
			r->outcomes[0].order = 4;
			r->outcomes[0].kind = OUTCOME_ANON;
			r->outcomes[0].d.alloc = 10 * (i + 1);
			r->noutcomes = 1;
		}
	}
}

/* Returns the metric of X named NAME, failing without one. */
static const struct sets_metric *
metric(const struct sets *x, const char *name)
{
	size_t i;

	for (i = 0; i < x->nm; i++)
		if (strcmp(x->m[i].name, name) == 0)
			return &x->m[i];
	ck_abort_msg("no metric %s", name);
	return NULL;
}

/*
 * The 64 KiB size only B has is kept (6ffc2a0 took the sizes from A's
 * first run and dropped it): A has no value in its 3 runs, which lack it;
 * B's mean is (10 + 20 + 30) / 3 = 20, its sd sqrt((10^2 + 0 + 10^2) /
 * 2) = 10. compact_stall is 5 in every run: the same in every run, no
 * test, no difference.
 */
START_TEST(test_one_side)
{
	const struct sets_metric *s;
	struct ferr e = { .path = "" };
	struct sets x;
	double d;
	size_t i;

	build(&x);
	ck_assert_int_eq(sets_compute(&x, &e), 0);
	s = metric(&x, "hugepages-64kB/anon_fault_alloc");
	ck_assert_str_eq(s->abbr, "64k-anon-alloc");
	ck_assert_uint_eq(s->s[0].n, 0);
	ck_assert_uint_eq(s->lacking[0], 3);
	ck_assert_uint_eq(s->lacking[1], 0);
	ck_assert_uint_eq(s->s[1].n, 3);
	ck_assert(s->s[1].mean == 20);
	ck_assert(s->s[1].sd == 10);
	ck_assert(!sets_flat(s));
	ck_assert(!sets_mean_diff(s, &d));
	/* B's fallbacks are 0 in every run, A has none: nothing to show. */
	for (i = 0; i < x.nm; i++)
		ck_assert_str_ne(x.m[i].name,
		    "hugepages-64kB/anon_fault_fallback");
	s = metric(&x, "compact_stall");
	ck_assert(sets_flat(s));
	ck_assert(!s->w.tested);
	ck_assert(sets_mean_diff(s, &d) && d == 0);
	sets_free(&x);
}
END_TEST

/*
 * A counter's mean shows the digits its spread needs: A's compact_fail is
 * 0, 0, 1: mean 1/3, sd sqrt(((1/3)^2 + (1/3)^2 + (2/3)^2) / 2) =
 * sqrt(1/3) = 0.577, whose first digit is the first decimal: 1 decimal,
 * "0.3" (6ffc2a0: 0 decimals, a mean of "0" changing by -100%).
 */
START_TEST(test_digits)
{
	const struct sets_metric *s;
	struct ferr e = { .path = "" };
	struct sets x;

	build(&x);
	ck_assert_int_eq(sets_compute(&x, &e), 0);
	s = metric(&x, "compact_fail");
	ck_assert_int_eq(s->digits, 1);
	ck_assert(fabs(s->s[0].sd - sqrt(1.0 / 3)) < 1e-12);
	ck_assert(s->s[1].mean == 0 && s->s[1].sd == 0);
	/* No spread, a whole mean: no decimal. */
	s = metric(&x, "compact_stall");
	ck_assert_int_eq(s->digits, 0);
	sets_free(&x);
}
END_TEST

/*
 * The stalls and failures of --events: A's direct compaction stalls 2, 4,
 * 6: mean 4, sd 2; their time 1, 2, 3 ms: mean 2 ms; the longest 0.9 ms
 * in each; B none: 0. Order-3 failures A 1, 2, 3 (mean 2), B 0; order 2
 * failed nowhere (left out), order 0 is below min_order 1 (not counted:
 * no metric). 6ffc2a0 had none of these metrics.
 */
START_TEST(test_stalls)
{
	const struct sets_metric *s;
	struct ferr e = { .path = "" };
	struct sets x;
	size_t i;

	build(&x);
	ck_assert_int_eq(sets_compute(&x, &e), 0);
	s = metric(&x, "stalls_compaction_count");
	ck_assert(s->s[0].mean == 4 && s->s[0].sd == 2);
	ck_assert(s->s[1].mean == 0 && s->s[1].n == 3);
	s = metric(&x, "stalls_compaction_total_ms");
	ck_assert(s->s[0].mean == 2);
	s = metric(&x, "stalls_compaction_max_ms");
	ck_assert(s->s[0].mean == 0.9 && s->s[0].sd == 0);
	s = metric(&x, "alloc_failed_order3");
	ck_assert(s->s[0].mean == 2 && s->s[1].mean == 0);
	ck_assert_str_eq(s->group, "Allocation failures");
	for (i = 0; i < x.nm; i++) {
		ck_assert_str_ne(x.m[i].name, "alloc_failed_order2");
		ck_assert_str_ne(x.m[i].name, "alloc_failed_order0");
	}
	/* kcompactd's and reclaim's stalls were not recorded: no metric. */
	for (i = 0; i < x.nm; i++)
		ck_assert_str_ne(x.m[i].name, "stalls_reclaim_count");
	sets_free(&x);
}
END_TEST

/*
 * Rates and direct compaction's scanning, A's runs only (B's lack the
 * counters: n/a, lacking 3). Successes 6, 0, 4 and build()'s failures 0,
 * 0, 1: a rate of 100%, none (no attempt: n/a, not 0%), 80%: n 2, mean
 * 90. Each
 * run scans 1000 pages to migrate (400 by kcompactd) and 3000 for free
 * pages (1000 by kcompactd): direct 600 and 2000; per success 2600 / 6 =
 * 433.33, n/a, 2600 / 4 = 650: mean 541.67.
 */
START_TEST(test_rates)
{
	static const uint64_t ok[NRUNS] = { 6, 0, 4 };
	const struct sets_metric *s;
	struct ferr e = { .path = "" };
	struct replay *r;
	struct sets x;
	size_t i;

	build(&x);
	for (i = 0; i < NRUNS; i++) {
		r = &x.side[0].runs[i];
		counter(r, "compact_success", ok[i]);
		counter(r, "compact_migrate_scanned", 1000);
		counter(r, "compact_daemon_migrate_scanned", 400);
		counter(r, "compact_free_scanned", 3000);
		counter(r, "compact_daemon_free_scanned", 1000);
	}
	ck_assert_int_eq(sets_compute(&x, &e), 0);
	s = metric(&x, "compact_success_rate");
	ck_assert_uint_eq(s->s[0].n, 2);
	ck_assert(s->na[0][1]);
	ck_assert(fabs(s->s[0].mean - 90) < 1e-9);
	ck_assert_uint_eq(s->lacking[1], 3);
	ck_assert_uint_eq(s->s[1].n, 0);
	s = metric(&x, "direct_migrate_scanned");
	ck_assert(s->s[0].mean == 600 && s->s[0].sd == 0);
	s = metric(&x, "direct_free_scanned");
	ck_assert(s->s[0].mean == 2000);
	s = metric(&x, "direct_scanned_per_success");
	ck_assert_uint_eq(s->s[0].n, 2);
	ck_assert(fabs(s->s[0].mean - (2600.0 / 6 + 650) / 2) < 1e-9);
	sets_free(&x);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("sets");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_one_side);
	tcase_add_test(tc, test_digits);
	tcase_add_test(tc, test_stalls);
	tcase_add_test(tc, test_rates);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

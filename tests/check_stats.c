/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_stats.c - the statistics of --compare of sets against published values */
#include "config.h"

#include <math.h>

#include "stats.h"
#include "testutil.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))

/* Fails unless GOT is within TOL of WANT. */
#define NEAR(got, want, tol) \
	ck_assert_msg(fabs((got) - (want)) <= (tol), "%s: %.6f, want %.6f", \
	    #got, (double)(got), (double)(want))

/*
 * The three examples of Wikipedia's "Welch's t-test" article (as of 2024):
 * the samples and the t and degrees of freedom it publishes, rounded as
 * published (t to 0.01, df to 0.1); examples 1 and 3 are significant at
 * 95% (p 0.021 and 0.036), example 2 is not (p 0.149).
 */
static const double ex1a[] = { 27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1,
	21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4 };
static const double ex1b[] = { 27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0,
	24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4 };
static const double ex2a[] = { 17.2, 20.9, 22.6, 18.1, 21.7, 21.4, 23.5, 24.2,
	14.7, 21.8 };
static const double ex2b[] = { 21.5, 22.8, 21.0, 23.0, 21.6, 23.6, 22.5, 20.7,
	23.4, 21.8, 20.7, 21.7, 21.5, 22.5, 23.6, 21.5, 22.5, 23.5, 21.5, 21.8 };
static const double ex3a[] = { 19.8, 20.4, 19.6, 17.8, 18.5, 18.9, 18.3, 18.9,
	19.5, 22.0 };
static const double ex3b[] = { 28.2, 26.6, 20.1, 23.3, 25.2, 22.1, 17.7, 27.6,
	20.6, 13.7, 23.2, 17.5, 20.6, 18.0, 23.9, 21.6, 24.3, 20.4, 23.9, 13.3 };

START_TEST(test_welch_published)
{
	static const struct {
		const double *a, *b;
		size_t na, nb;
		double t, df;
		bool significant;
	} ex[] = {
		{ ex1a, ex1b, N(ex1a), N(ex1b), 2.46, 25.0, true },
		{ ex2a, ex2b, N(ex2a), N(ex2b), 1.57, 9.9, false },
		{ ex3a, ex3b, N(ex3a), N(ex3b), 2.22, 24.5, true },
	};
	struct stats a, b;
	struct welch w;
	size_t i;

	for (i = 0; i < N(ex); i++) {
		stats_of(ex[i].a, ex[i].na, &a);
		stats_of(ex[i].b, ex[i].nb, &b);
		stats_welch(&a, &b, &w);
		ck_assert(w.tested);
		/* Within the published rounding (2.2255 is printed 2.22). */
		NEAR(w.t, ex[i].t, 0.01);
		NEAR(w.df, ex[i].df, 0.05);
		ck_assert_int_eq(w.significant, ex[i].significant);
		/* B against A or A against B: the same test, t negated. */
		stats_welch(&b, &a, &w);
		NEAR(w.t, -ex[i].t, 0.01);
	}
}
END_TEST

/* The standard deviation article's example: mean 5, population sd 2. */
START_TEST(test_mean_sd)
{
	static const double x[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	static const double one[] = { 42 };
	struct stats s;

	stats_of(x, N(x), &s);
	ck_assert_uint_eq(s.n, 8);
	NEAR(s.mean, 5, 1e-12);
	/* The sample sd: population variance 4 times 8/7. */
	NEAR(s.sd, sqrt(32.0 / 7), 1e-12);
	NEAR(s.min, 2, 0);
	NEAR(s.max, 9, 0);
	stats_of(one, 1, &s);
	NEAR(s.mean, 42, 0);
	NEAR(s.sd, 0, 0);
	/* Large counters: no precision lost to the sum of squares. */
	{
		static const double big[] = { 3227380279.0, 3227380281.0,
			3227380283.0 };

		stats_of(big, 3, &s);
		NEAR(s.mean, 3227380281.0, 1e-6);
		NEAR(s.sd, 2, 1e-6);
	}
}
END_TEST

/* Below three runs a side, or with no spread, there is no test. */
START_TEST(test_no_test)
{
	static const double two[] = { 1, 2 }, three[] = { 1, 2, 3 };
	static const double same[] = { 5, 5, 5 }, other[] = { 6, 6, 6 };
	struct stats a, b;
	struct welch w;

	stats_of(two, 2, &a);
	stats_of(three, 3, &b);
	stats_welch(&a, &b, &w);
	ck_assert(!w.tested);
	stats_of(same, 3, &a);
	stats_of(other, 3, &b);
	stats_welch(&a, &b, &w);
	ck_assert(!w.tested);
	ck_assert(w.significant);	/* every run differs alike */
	stats_welch(&a, &a, &w);
	ck_assert(!w.tested);
	ck_assert(!w.significant);
}
END_TEST

/*
 * Runs a side for significance at the observed spread: means 2 and 3, sd 1
 * each, give t = sqrt(n / 2) at df 2(n - 1); by the table, n 8 (t 2.000,
 * df 14: 2.145) is not enough and n 9 (t 2.121, df 16: 2.120) is.
 */
START_TEST(test_runs_needed)
{
	static const double a3[] = { 1, 2, 3 }, b3[] = { 2, 3, 4 };
	static const double c3[] = { 2.0, 2.001, 1.999 }, d3[] = { 1, 100, 50 };
	struct stats a, b;

	stats_of(a3, 3, &a);
	stats_of(b3, 3, &b);
	ck_assert_uint_eq(stats_runs_needed(&a, &b), 9);
	ck_assert_uint_eq(stats_runs_needed(&b, &a), 9);
	/* Equal means: no number of runs. */
	ck_assert_uint_eq(stats_runs_needed(&a, &a), 0);
	/* A difference of 0.001 against a spread of 50: none up to the most. */
	stats_of(c3, 3, &a);
	stats_of(d3, 3, &b);
	b.mean = 2.0005;
	ck_assert_uint_eq(stats_runs_needed(&a, &b), 0);
}
END_TEST

/* The critical values of a printed t table (two-sided 0.05). */
/*
 * Identical runs are alike, exactly: three runs of 0.1 sum to
 * 0.30000000000000004, a mean of 0.1 + 1.4e-17 and (6ffc2a0) an sd of
 * 1.7e-17 that had Welch's test run on two identical sets (t = 0). Now
 * the mean is 0.1, the sd 0, and there is no test.
 */
START_TEST(test_identical_runs)
{
	static const double tenth[] = { 0.1, 0.1, 0.1 };
	struct stats a, b;
	struct welch w;

	stats_of(tenth, N(tenth), &a);
	stats_of(tenth, N(tenth), &b);
	ck_assert(a.mean == 0.1);
	ck_assert(a.sd == 0);
	ck_assert(a.min == 0.1 && a.max == 0.1);
	stats_welch(&a, &b, &w);
	ck_assert(!w.tested);
	ck_assert(!w.significant);
}
END_TEST

START_TEST(test_t95)
{
	NEAR(stats_t95(1), 12.706, 0);
	NEAR(stats_t95(2), 4.303, 0);
	NEAR(stats_t95(4), 2.776, 0);
	NEAR(stats_t95(9.9), 2.262, 0);		/* df 9: rounded down */
	NEAR(stats_t95(10), 2.228, 0);
	NEAR(stats_t95(30), 2.042, 0);
	NEAR(stats_t95(45), 2.021, 0);
	NEAR(stats_t95(1e9), 1.960, 0);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("stats");
	TCase *tc = tcase_create("stats");

	tcase_add_test(tc, test_welch_published);
	tcase_add_test(tc, test_runs_needed);
	tcase_add_test(tc, test_mean_sd);
	tcase_add_test(tc, test_no_test);
	tcase_add_test(tc, test_t95);
	tcase_add_test(tc, test_identical_runs);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

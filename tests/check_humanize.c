/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_humanize.c - sizes, percentages and indices, against the printf formats they replace */
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "humanize.h"
#include "testutil.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))

/* The printf formulation of hum_size(), the reference. */
static void
ref_size(char *buf, size_t size, uint64_t pages, unsigned long page_size)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB",
	    "PiB", "EiB" };
	uint64_t v, rem = 0;
	int u = 0;

	if (pages != 0 && page_size > UINT64_MAX / pages) {
		snprintf(buf, size, "%" PRIu64 " pages", pages);
		return;
	}
	v = pages * page_size;
	while (v >= 1024 && u < 6) {
		rem = v % 1024;
		v /= 1024;
		u++;
	}
	if (rem == 0)
		snprintf(buf, size, "%" PRIu64 " %s", v, unit[u]);
	else
		snprintf(buf, size, "%" PRIu64 ".%02" PRIu64 " %s", v,
		    rem * 100 / 1024, unit[u]);
}

static const uint64_t counts[] = {
	0, 1, 2, 3, 5, 10, 100, 255, 256, 257, 511, 512, 1000, 1023, 1024,
	1025, 4095, 4096, 65535, 65536, 100000, 262144, 1000000, 16777216,
	4294967295ULL, 4294967296ULL, 1ULL << 40, (1ULL << 52) + 3,
	UINT64_MAX / 4096, UINT64_MAX / 4096 + 1, UINT64_MAX / 65536 + 1,
	UINT64_MAX - 1, UINT64_MAX,
};

START_TEST(test_size)
{
	static const unsigned long ps[] = { 1, 512, 4096, 16384, 65536,
	    1UL << 24 };
	static const size_t sizes[] = { 32, 8, 2, 1 };
	char got[32], want[32];
	size_t i, j, k;

	for (i = 0; i < N(counts); i++)
		for (j = 0; j < N(ps); j++)
			for (k = 0; k < N(sizes); k++) {
				memset(got, 'x', sizeof(got));
				memset(want, 'x', sizeof(want));
				hum_size(got, sizes[k], counts[i], ps[j]);
				ref_size(want, sizes[k], counts[i], ps[j]);
				ck_assert_int_eq(memcmp(got, want, sizeof(got)),
				    0);
			}
}
END_TEST

START_TEST(test_pct)
{
	char got[32], want[32];
	size_t i, j;

	for (i = 0; i < N(counts); i++)
		for (j = 0; j < N(counts); j++) {
			uint64_t part = counts[i], whole = counts[j], pm;

			/* The precondition: PART <= WHOLE <= 2^64 / 1001. */
			if (part > whole || whole > UINT64_MAX / 1001)
				continue;
			pm = whole ? (part * 1000 + whole / 2) / whole : 0;
			snprintf(want, sizeof(want), "%" PRIu64 ".%" PRIu64 "%%",
			    pm / 10, pm % 10);
			ck_assert_str_eq(hum_pct(got, sizeof(got), part, whole),
			    want);
		}
	/*
	 * By hand, rounded half up to 0.1%: 1/6 = 16.666..% is 16.7% (it
	 * was cut to 16.6%), 1/8 = 12.5%, 1/16 = 6.25% is 6.3%, 1/3 =
	 * 33.33..% is 33.3%, 2/3 = 66.66..% is 66.7%, 1/2001 = 0.04998% is
	 * 0.0%, 1/1999 = 0.05003% is 0.1%.
	 */
	ck_assert_str_eq(hum_pct(got, sizeof(got), 1, 6), "16.7%");
	ck_assert_str_eq(hum_pct(got, sizeof(got), 1, 8), "12.5%");
	ck_assert_str_eq(hum_pct(got, sizeof(got), 1, 16), "6.3%");
	ck_assert_str_eq(hum_pct(got, sizeof(got), 1, 3), "33.3%");
	ck_assert_str_eq(hum_pct(got, sizeof(got), 2, 3), "66.7%");
	ck_assert_str_eq(hum_pct(got, sizeof(got), 1, 2001), "0.0%");
	ck_assert_str_eq(hum_pct(got, sizeof(got), 1, 1999), "0.1%");
}
END_TEST

START_TEST(test_index_centi)
{
	static const int idx[] = { 0, 1, -1, 5, -5, 66, 200, 999, -999, 1000,
	    -1000, 1001, -500, -250, 12345, INT_MAX, INT_MIN, INT_MIN + 1 };
	static const uint32_t centi[] = { 0, 1, 9, 10, 99, 100, 101, 1025,
	    10000, UINT32_MAX };
	char got[32], want[32];
	long long a;
	size_t i;

	for (i = 0; i < N(idx); i++) {
		a = idx[i] < 0 ? -(long long)idx[i] : idx[i];
		snprintf(want, sizeof(want), "%s%lld.%03lld", idx[i] < 0 ? "-" :
		    "", a / 1000, a % 1000);
		ck_assert_str_eq(hum_index(got, sizeof(got), idx[i]), want);
	}
	for (i = 0; i < N(centi); i++) {
		snprintf(want, sizeof(want), "%u.%02u%%", centi[i] / 100,
		    centi[i] % 100);
		ck_assert_str_eq(hum_centi(got, sizeof(got), centi[i]), want);
	}
}
END_TEST

/* A count that is only an upper bound reads "<=N" in every view. */
START_TEST(test_bound)
{
	char got[HUM_INT_LEN + 2];

	ck_assert_str_eq(hum_bound(got, sizeof(got), 1485, false), "1485");
	ck_assert_str_eq(hum_bound(got, sizeof(got), 1485, true), "<=1485");
	ck_assert_str_eq(hum_bound(got, sizeof(got), UINT64_MAX, true),
	    "<=18446744073709551615");
}
END_TEST

/* The one fixed-point formatter, at every sign, size and digit count it may see. */
START_TEST(test_fixed)
{
	static const long long ints[] = { 0, 1, -1, 5, -5, 50, -50, 500, -500,
	    999, -999, 1000, -1000, 1234, -1234, 100000, -100000, LLONG_MAX,
	    LLONG_MIN, LLONG_MIN + 1 };
	static const int dg[] = { 0, 1, 2, 3, 4, 6, 19 };
	unsigned long long a, scale;
	char got[64], want[64];
	size_t i, j;
	int k;

	for (i = 0; i < N(ints); i++)
		for (j = 0; j < N(dg); j++) {
			a = ints[i] < 0 ? 0ULL - (unsigned long long)ints[i] :
			    (unsigned long long)ints[i];
			for (scale = 1, k = 0; k < dg[j]; k++)
				scale *= 10;
			snprintf(want, sizeof(want), "%s%llu.%0*llu",
			    ints[i] < 0 ? "-" : "", a / scale, dg[j], a % scale);
			ck_assert_str_eq(hum_fixed(got, sizeof(got), ints[i],
			    dg[j]), want);
		}
}
END_TEST

/* Every index value and beyond it: the sign before the integer part, not the kernel's "0.-500". */
START_TEST(test_fixed_indices)
{
	char got[32], want[32];
	long long v;

	for (v = -20000; v <= 20000; v++) {
		snprintf(want, sizeof(want), "%s%lld.%03lld", v < 0 ? "-" : "",
		    llabs(v) / 1000, llabs(v) % 1000);
		hum_fixed(got, sizeof(got), v, 3);
		if (strcmp(got, want) != 0)
			ck_abort_msg("hum_fixed(%lld, 3): '%s', want '%s'", v,
			    got, want);
	}
}
END_TEST

/* The one integer formatter, against printf at every length and both ends. */
START_TEST(test_int)
{
	char got[HUM_INT_LEN], want[32];
	unsigned long long u;
	long long v;
	int k;

	for (u = 1, k = 0; k < 20; k++, u *= 10) {
		for (v = -1; v <= 1; v++) {
			snprintf(want, sizeof(want), "%llu", u + (unsigned long long)v);
			ck_assert_str_eq(hum_u64(got, u + (unsigned long long)v), want);
			snprintf(want, sizeof(want), "%lld", -(long long)(u / 10) + v);
			ck_assert_str_eq(hum_int(got, -(long long)(u / 10) + v), want);
		}
	}
	snprintf(want, sizeof(want), "%llu", (unsigned long long)UINT64_MAX);
	ck_assert_str_eq(hum_u64(got, UINT64_MAX), want);
	snprintf(want, sizeof(want), "%lld", LLONG_MIN);
	ck_assert_str_eq(hum_int(got, LLONG_MIN), want);
	snprintf(want, sizeof(want), "%lld", LLONG_MAX);
	ck_assert_str_eq(hum_int(got, LLONG_MAX), want);
}
END_TEST

/* A buffer too small cuts hum_fixed()'s text as snprintf() cuts it. */
START_TEST(test_fixed_cut)
{
	char got[8];

	ck_assert_str_eq(hum_fixed(got, 4, 12345, 2), "123");
	ck_assert_str_eq(hum_fixed(got, 1, -5, 3), "");
	ck_assert_str_eq(hum_fixed(got, sizeof(got), -5, 3), "-0.005");
}
END_TEST

/* hum_fit(): the mailing-list table's numbers in 9 columns (render_sets_mail.c). */
START_TEST(test_fit)
{
	char got[32];

	ck_assert_str_eq(hum_fit(got, sizeof(got), 12.345, 2, 9), "12.35");
	ck_assert_str_eq(hum_fit(got, sizeof(got), 1234567.5, 2, 9),
	    "1234567.5");
	ck_assert_str_eq(hum_fit(got, sizeof(got), 123456789.4, 2, 9),
	    "123456789");
	ck_assert_str_eq(hum_fit(got, sizeof(got), 123456789, 0, 8),
	    "123.46M");
	ck_assert_str_eq(hum_fit(got, sizeof(got), 1234567890, 0, 9),
	    "1234.57M");
	ck_assert_str_eq(hum_fit(got, sizeof(got), -98765432109.0, 0, 9),
	    "-98.77G");
	ck_assert_str_eq(hum_fit(got, sizeof(got), 1e30, 0, 9),
	    "1000000000000.00E");
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("humanize");
	TCase *tc = tcase_create("humanize");

	tcase_add_test(tc, test_size);
	tcase_add_test(tc, test_pct);
	tcase_add_test(tc, test_index_centi);
	tcase_add_test(tc, test_bound);
	tcase_add_test(tc, test_fixed);
	tcase_add_test(tc, test_fixed_indices);
	tcase_add_test(tc, test_int);
	tcase_add_test(tc, test_fixed_cut);
	tcase_add_test(tc, test_fit);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_futile.c - kcompactd woken again and again for nothing: the window rules */
#include "config.h"

#include <string.h>

#include "futile.h"
#include "testutil.h"

/*
 * One run: compact_daemon_wake and the thousandths of free memory outside
 * whole pageblocks, sample by sample (wake -1: /proc/vmstat not read), and
 * whether the finding holds after the last sample.
 */
struct run {
	const char	*name;
	long long	 wake[8];
	uint32_t	 frag[8];
	size_t		 n;
	bool		 found;
	unsigned long	 woke;
};

static const struct run runs[] = {
	{ "woken every interval, nothing gained", { 10, 20, 30, 40 },
	    { 500, 500, 510, 505 }, 4, true, 3 },
	{ "two wakeup intervals are not again and again", { 10, 20, 30, 30 },
	    { 500, 500, 500, 500 }, 4, false, 2 },
	{ "fragmentation fell: kcompactd achieved something",
	    { 10, 20, 30, 40, 50 }, { 500, 500, 500, 499, 499 }, 5, false, 1 },
	{ "fell, then woken three more times for nothing",
	    { 10, 20, 30, 40, 50, 60 }, { 500, 500, 400, 400, 400, 400 }, 6,
	    true, 3 },
	{ "quiet for three intervals: it stopped",
	    { 10, 20, 30, 40, 40, 40, 40 }, { 500, 500, 500, 500, 500, 500,
	    500 }, 7, false, 0 },
	{ "the counter went back (a reboot)", { 10, 20, 30, 5, 15 },
	    { 500, 500, 500, 500, 500 }, 5, false, 1 },
	{ "no vmstat in one sample", { 10, 20, -1, 30, 40 },
	    { 500, 500, 500, 500, 500 }, 5, false, 1 },
	{ "no wakeup at all", { 7, 7, 7, 7, 7 }, { 900, 900, 900, 900, 900 },
	    5, false, 0 },
};

START_TEST(test_window)
{
	const struct run *r = &runs[_i];
	struct futile f;
	size_t i;

	memset(&f, 0, sizeof(f));
	for (i = 0; i < r->n; i++)
		futile_add(&f, r->wake[i] >= 0, r->wake[i] >= 0 ?
		    (uint64_t)r->wake[i] : 0, r->frag[i]);
	ck_assert_msg(futile_found(&f) == r->found, "%s: found %d", r->name,
	    futile_found(&f));
	ck_assert_msg(f.woke == r->woke, "%s: %lu intervals woken, want %lu",
	    r->name, f.woke, r->woke);
}
END_TEST

/* The share outside whole pageblocks: (F - S 2^pb) 1000 / F, truncated. */
START_TEST(test_frag)
{
	ck_assert_uint_eq(futile_frag(0, 0, 9), 0);
	ck_assert_uint_eq(futile_frag(1024, 2, 9), 0);
	ck_assert_uint_eq(futile_frag(1024, 1, 9), 500);
	ck_assert_uint_eq(futile_frag(1000, 0, 9), 1000);
	/* The recording fixture's first and last samples, 3 zones summed. */
	ck_assert_uint_eq(futile_frag(3840 + 772850 + 1577048,
	    7 + 1507 + 2846, 9), 51);
	ck_assert_uint_eq(futile_frag(3840 + 772850 + 1577048,
	    7 + 1507 + 2836, 9), 53);
	/* Huge counts neither wrap nor divide by zero. */
	ck_assert_uint_eq(futile_frag(UINT64_MAX, 1, 9), 999);
	/* Half of 2^64 whole, one page less outside: 499.99..., not 500. */
	ck_assert_uint_eq(futile_frag(UINT64_MAX, 1ULL << 54, 9), 499);
	ck_assert_uint_eq(futile_frag(UINT64_MAX / 1000 * 3 + 7, 0, 9), 1000);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("futile");
	TCase *tc = tcase_create("futile");

	tcase_add_loop_test(tc, test_window, 0, sizeof(runs) / sizeof(runs[0]));
	tcase_add_test(tc, test_frag);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

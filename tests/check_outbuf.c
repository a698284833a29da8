/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_outbuf.c - the output buffer and its printf-compatible numbers, against snprintf */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "outbuf.h"
#include "testutil.h"

/* A writer over a memory stream, for one test. */
struct mem {
	struct outbuf	 ob;
	FILE		*fp;
	char		*buf;
	size_t		 len;
};

static struct mem *
mem_open(void)
{
	struct mem *m = calloc(1, sizeof(*m));

	ck_assert_ptr_nonnull(m);
	m->fp = open_memstream(&m->buf, &m->len);
	ck_assert_ptr_nonnull(m->fp);
	ob_init(&m->ob, m->fp);
	return m;
}

/* Flush and close M; returns the malloc'd text it received. */
static char *
mem_close(struct mem *m)
{
	char *s;

	ob_flush(&m->ob);
	ck_assert_int_eq(fclose(m->fp), 0);
	s = m->buf;
	free(m);
	return s;
}

static const unsigned long long u64s[] = {
	0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 1001, 9999, 10000, 65535,
	99999, 100000, 123456789, 4294967295ULL, 4294967296ULL,
	999999999999ULL, 1000000000000ULL, 9999999999999999999ULL,
	10000000000000000000ULL, 18446744073709551615ULL,
};

static const long long ints[] = {
	0, 1, -1, 5, -5, 50, -50, 500, -500, 999, -999, 1000, -1000, 1234,
	-1234, 100000, -100000, LLONG_MAX, LLONG_MIN, LLONG_MIN + 1,
};

static const int widths[] = { 0, 1, 2, 3, 4, 6, 9, 12, 13, 25 };

#define N(a)	(sizeof(a) / sizeof((a)[0]))

START_TEST(test_u64)
{
	char want[64], *got;
	struct mem *m;
	size_t i, j;

	for (i = 0; i < N(u64s); i++) {
		for (j = 0; j < N(widths); j++) {
			m = mem_open();
			ob_u64(&m->ob, u64s[i]);
			ob_putc(&m->ob, '|');
			ob_u64w(&m->ob, u64s[i], widths[j]);
			got = mem_close(m);
			snprintf(want, sizeof(want), "%llu|%*llu", u64s[i],
			    widths[j], u64s[i]);
			ck_assert_str_eq(got, want);
			free(got);
		}
	}
}
END_TEST

START_TEST(test_int)
{
	char want[64], *got;
	struct mem *m;
	size_t i, j;

	for (i = 0; i < N(ints); i++)
		for (j = 0; j < N(widths); j++) {
			m = mem_open();
			ob_intw(&m->ob, ints[i], widths[j], false);
			ob_putc(&m->ob, '|');
			ob_intw(&m->ob, ints[i], widths[j], true);
			got = mem_close(m);
			snprintf(want, sizeof(want), "%*lld|%0*lld", widths[j],
			    ints[i], widths[j], ints[i]);
			ck_assert_str_eq(got, want);
			free(got);
		}
}
END_TEST

START_TEST(test_str)
{
	static const char *const strs[] = { "", "DMA", "Normal", "HighAtomic",
	    "a name longer than the width" };
	static const int sw[] = { 0, 3, 8, 12, -1, -12, -20 };
	char want[128], *got;
	struct mem *m;
	size_t i, j;

	for (i = 0; i < N(strs); i++)
		for (j = 0; j < N(sw); j++) {
			m = mem_open();
			ob_str(&m->ob, strs[i], sw[j]);
			got = mem_close(m);
			snprintf(want, sizeof(want), "%*s", sw[j], strs[i]);
			ck_assert_str_eq(got, want);
			free(got);
		}
}
END_TEST

START_TEST(test_fixed)
{
	static const int dg[] = { 0, 1, 2, 3, 6, 19 };
	char want[96], *got;
	unsigned long long a, scale;
	struct mem *m;
	size_t i, j;
	int k;

	for (i = 0; i < N(ints); i++)
		for (j = 0; j < N(dg); j++) {
			a = ints[i] < 0 ? 0ULL - (unsigned long long)ints[i] :
			    (unsigned long long)ints[i];
			for (scale = 1, k = 0; k < dg[j]; k++)
				scale *= 10;
			m = mem_open();
			ob_fixed(&m->ob, ints[i], dg[j]);
			got = mem_close(m);
			snprintf(want, sizeof(want), "%s%llu.%0*llu",
			    ints[i] < 0 ? "-" : "", a / scale, dg[j], a % scale);
			ck_assert_str_eq(got, want);
			free(got);
		}
}
END_TEST

/* Every power of ten and its neighbours, where the digit count changes. */
START_TEST(test_u64_digits)
{
	char want[32 * 3 * 21], *got;
	struct mem *m = mem_open();
	unsigned long long p = 1;
	size_t len = 0;
	int i, d;

	for (i = 0; i < 20; i++, p *= 10)
		for (d = -1; d <= 1; d++) {
			ob_u64(&m->ob, p + (unsigned long long)d);
			ob_putc(&m->ob, ' ');
			len += (size_t)snprintf(want + len, sizeof(want) - len,
			    "%llu ", p + (unsigned long long)d);
		}
	got = mem_close(m);
	ck_assert_str_eq(got, want);
	free(got);
}
END_TEST

/* Every index value and beyond it. */
START_TEST(test_fixed_indices)
{
	size_t cap = 41000 * 8, len = 0;
	char *want = malloc(cap), *got;
	struct mem *m = mem_open();
	long long v;

	ck_assert_ptr_nonnull(want);
	for (v = -20000; v <= 20000; v++) {
		ob_fixed(&m->ob, v, 3);
		ob_putc(&m->ob, ' ');
		len += (size_t)snprintf(want + len, cap - len, "%s%lld.%03lld ",
		    v < 0 ? "-" : "", llabs(v) / 1000, llabs(v) % 1000);
	}
	got = mem_close(m);
	ck_assert_str_eq(got, want);
	free(got);
	free(want);
}
END_TEST

/* Fixed-point numbers that straddle the end of the buffer. */
START_TEST(test_fixed_edge)
{
	struct mem *m = mem_open();
	char *got;
	size_t i;

	ob_fill(&m->ob, '.', OUTBUF_SIZE - 5);
	for (i = 0; i < 8; i++)
		ob_fixed(&m->ob, -123456, 3);
	got = mem_close(m);
	for (i = 0; i < 8; i++)
		ck_assert_int_eq(memcmp(got + OUTBUF_SIZE - 5 + i * 8,
		    "-123.456", 8), 0);
	free(got);
}
END_TEST

/* Writes larger than the buffer, and across its end, arrive whole and in order. */
START_TEST(test_large)
{
	size_t n = 3 * OUTBUF_SIZE + 17, i, k = 0;
	char *src = malloc(n), *got, *dash;
	struct mem *m = mem_open();

	ck_assert_ptr_nonnull(src);
	for (i = 0; i < n; i++)
		src[i] = (char)('a' + i % 26);
	ob_write(&m->ob, "x", 1);
	ob_write(&m->ob, src, n);
	ob_fill(&m->ob, '-', OUTBUF_SIZE + 3);
	for (i = 0; i < 20000; i++)
		ob_u64(&m->ob, i);
	got = mem_close(m);
	ck_assert_int_eq(got[0], 'x');
	ck_assert_int_eq(memcmp(got + 1, src, n), 0);
	/* One comparison each: every ck_assert is a message to Check's parent. */
	dash = malloc(OUTBUF_SIZE + 3);
	ck_assert_ptr_nonnull(dash);
	memset(dash, '-', OUTBUF_SIZE + 3);
	ck_assert_int_eq(memcmp(got + 1 + n, dash, OUTBUF_SIZE + 3), 0);
	free(dash);
	k = 1 + n + OUTBUF_SIZE + 3;
	for (i = 0; i < 20000; i++) {
		char want[32];
		size_t len = (size_t)snprintf(want, sizeof(want), "%zu", i);

		if (memcmp(got + k, want, len) != 0)
			ck_abort_msg("ob_u64(%zu) at %zu", i, k);
		k += len;
	}
	ck_assert_int_eq(got[k], '\0');
	free(got);
	free(src);
}
END_TEST

/* Nothing reaches the FILE before a flush. */
START_TEST(test_flush)
{
	struct mem *m = mem_open();
	char *got;

	ob_puts(&m->ob, "held");
	fflush(m->fp);
	ck_assert_int_eq(m->len, 0);
	ob_flush(&m->ob);
	fflush(m->fp);
	ck_assert_int_eq(m->len, 4);
	got = mem_close(m);
	ck_assert_str_eq(got, "held");
	free(got);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("outbuf");
	TCase *tc = tcase_create("outbuf");

	tcase_add_test(tc, test_u64);
	tcase_add_test(tc, test_int);
	tcase_add_test(tc, test_str);
	tcase_add_test(tc, test_fixed);
	tcase_add_test(tc, test_u64_digits);
	tcase_add_test(tc, test_fixed_indices);
	tcase_add_test(tc, test_fixed_edge);
	tcase_add_test(tc, test_large);
	tcase_add_test(tc, test_flush);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

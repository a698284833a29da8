/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_text.c - lines, tokens, strict numbers and their messages */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "testutil.h"

/* Returns a token over the N bytes at S. */
static struct tok
mktok(const char *s, size_t n)
{
	struct tok t;

	t.s = s;
	t.n = n;
	return t;
}

/* Assert that the next line of L is WANT, numbered NO. */
static void
want_line(struct lines *l, const char *want, unsigned long no)
{
	struct ferr e = { .path = "t" };
	const char *s;
	size_t n;

	ck_assert_int_eq(lines_next(l, &s, &n, &e), 1);
	ck_assert_uint_eq(n, strlen(want));
	ck_assert_int_eq(memcmp(s, want, n), 0);
	ck_assert_uint_eq(l->no, no);
}

/* Assert that L has no more lines and still counts LAST lines. */
static void
want_end(struct lines *l, unsigned long last)
{
	struct ferr e = { .path = "t" };
	const char *s;
	size_t n;

	ck_assert_int_eq(lines_next(l, &s, &n, &e), 0);
	ck_assert_uint_eq(l->no, last);
	/* The end is sticky. */
	ck_assert_int_eq(lines_next(l, &s, &n, &e), 0);
	ck_assert_uint_eq(l->no, last);
}

/* Lines come without their newline, empty ones included, the last one with or without. */
START_TEST(test_lines_basic)
{
	static const char buf[] = "a\nbb\n\nccc";
	struct lines l;

	lines_init(&l, buf, sizeof(buf) - 1);
	ck_assert_uint_eq(l.no, 0);
	want_line(&l, "a", 1);
	want_line(&l, "bb", 2);
	want_line(&l, "", 3);
	want_line(&l, "ccc", 4);
	want_end(&l, 4);
}
END_TEST

/* A final newline does not make an extra empty line; only a second one does. */
START_TEST(test_lines_final_newline)
{
	static const char one[] = "x y\n", two[] = "x y\n\n";
	struct lines l;

	lines_init(&l, one, sizeof(one) - 1);
	want_line(&l, "x y", 1);
	want_end(&l, 1);
	lines_init(&l, two, sizeof(two) - 1);
	want_line(&l, "x y", 1);
	want_line(&l, "", 2);
	want_end(&l, 2);
}
END_TEST

/* An empty buffer has no lines at all, and "\n" has one empty line. */
START_TEST(test_lines_empty)
{
	struct lines l;

	lines_init(&l, "", 0);
	want_end(&l, 0);
	lines_init(&l, "\n", 1);
	want_line(&l, "", 1);
	want_end(&l, 1);
}
END_TEST

/* Only LEN bytes are lines: what lies beyond, even a newline, is not read. */
START_TEST(test_lines_len)
{
	static const char buf[] = "abc\ndef\n";
	struct lines l;

	lines_init(&l, buf, 6);
	want_line(&l, "abc", 1);
	want_line(&l, "de", 2);
	want_end(&l, 2);
}
END_TEST

/* A NUL byte is an error for its line, with its 1-based column. */
START_TEST(test_lines_nul)
{
	static const char buf[] = "ok\nab\0c\nnext\n";
	struct ferr e = { .path = "t" };
	struct lines l;
	const char *s;
	size_t n;

	lines_init(&l, buf, sizeof(buf) - 1);
	want_line(&l, "ok", 1);
	ck_assert_int_eq(lines_next(&l, &s, &n, &e), -1);
	ck_assert_uint_eq(e.line, 2);
	ck_assert_str_eq(e.msg, "NUL byte in column 3: binary data, not a "
	    "kernel text file");
}
END_TEST

/* A NUL byte alone after the last newline is a line of its own. */
START_TEST(test_lines_nul_last)
{
	static const char buf[] = "a\nb\n\0";
	struct ferr e = { .path = "t" };
	struct lines l;
	const char *s;
	size_t n;

	lines_init(&l, buf, sizeof(buf) - 1);
	want_line(&l, "a", 1);
	want_line(&l, "b", 2);
	ck_assert_int_eq(lines_next(&l, &s, &n, &e), -1);
	ck_assert_uint_eq(e.line, 3);
	ck_assert_str_eq(e.msg, "NUL byte in column 1: binary data, not a "
	    "kernel text file");
}
END_TEST

/* A carriage return is an error for its line, with its column. */
START_TEST(test_lines_cr)
{
	static const char buf[] = "x\ny\r\nz\n";
	struct ferr e = { .path = "t" };
	struct lines l;
	const char *s;
	size_t n;

	lines_init(&l, buf, sizeof(buf) - 1);
	want_line(&l, "x", 1);
	ck_assert_int_eq(lines_next(&l, &s, &n, &e), -1);
	ck_assert_uint_eq(e.line, 2);
	ck_assert_str_eq(e.msg, "carriage return in column 2: DOS line "
	    "endings are not what the kernel writes");
}
END_TEST

/* A carriage return ending a last line without newline is caught too. */
START_TEST(test_lines_cr_last)
{
	static const char buf[] = "one\ntwo\nabc\r";
	struct ferr e = { .path = "t" };
	struct lines l;
	const char *s;
	size_t n;

	lines_init(&l, buf, sizeof(buf) - 1);
	want_line(&l, "one", 1);
	want_line(&l, "two", 2);
	ck_assert_int_eq(lines_next(&l, &s, &n, &e), -1);
	ck_assert_uint_eq(e.line, 3);
	ck_assert_str_eq(e.msg, "carriage return in column 4: DOS line "
	    "endings are not what the kernel writes");
}
END_TEST

/* On a line with both, the NUL byte is the one reported, even when later. */
START_TEST(test_lines_nul_before_cr)
{
	static const char buf[] = "a\rb\0c";
	struct ferr e = { .path = "t" };
	struct lines l;
	const char *s;
	size_t n;

	lines_init(&l, buf, sizeof(buf) - 1);
	ck_assert_int_eq(lines_next(&l, &s, &n, &e), -1);
	ck_assert_uint_eq(e.line, 1);
	ck_assert_str_eq(e.msg, "NUL byte in column 4: binary data, not a "
	    "kernel text file");
}
END_TEST

/* Spaces and tabs, in runs and at either end, separate tokens. */
START_TEST(test_tok_split)
{
	static const char s[] = "  Node 0,\tzone \t DMA  \t";
	struct tok t[8];

	ck_assert_uint_eq(tok_split(s, sizeof(s) - 1, t, 8), 4);
	ck_assert_uint_eq(t[0].n, 4);
	ck_assert_int_eq(memcmp(t[0].s, "Node", 4), 0);
	ck_assert_ptr_eq(t[0].s, s + 2);
	ck_assert_uint_eq(t[1].n, 2);
	ck_assert_int_eq(memcmp(t[1].s, "0,", 2), 0);
	ck_assert_uint_eq(t[2].n, 4);
	ck_assert_int_eq(memcmp(t[2].s, "zone", 4), 0);
	ck_assert_uint_eq(t[3].n, 3);
	ck_assert_ptr_eq(t[3].s, s + 17);
}
END_TEST

/* Empty and blank lines have no tokens; other whitespace is not a separator. */
START_TEST(test_tok_split_blank)
{
	struct tok t[4];

	ck_assert_uint_eq(tok_split("", 0, t, 4), 0);
	ck_assert_uint_eq(tok_split(" \t \t", 4, t, 4), 0);
	ck_assert_uint_eq(tok_split("a\vb\fc", 5, t, 4), 1);
	ck_assert_uint_eq(t[0].n, 5);
	/* N bounds the split, not a NUL. */
	ck_assert_uint_eq(tok_split("ab cd", 4, t, 4), 2);
	ck_assert_uint_eq(t[1].n, 1);
}
END_TEST

/* MAX tokens fit; one more returns MAX + 1 without writing beyond T[MAX - 1]. */
START_TEST(test_tok_split_overflow)
{
	static const char s[] = "a b c";
	struct tok t[4];

	ck_assert_uint_eq(tok_split(s, 5, t, 3), 3);
	t[2].s = NULL;
	t[2].n = 99;
	ck_assert_uint_eq(tok_split(s, 5, t, 2), 3);
	ck_assert_ptr_null(t[2].s);
	ck_assert_uint_eq(t[2].n, 99);
	ck_assert_uint_eq(tok_split("a b c ", 6, t, 2), 3);
	ck_assert_uint_eq(tok_split("a", 1, t, 0), 1);
	ck_assert_uint_eq(tok_split("  ", 2, t, 0), 0);
}
END_TEST

/*
 * tok_split() agrees with a byte-by-byte split on random lines, bytes next
 * to a space or a tab in value included (it reads eight bytes at a time).
 */
START_TEST(test_tok_split_random)
{
	static const unsigned char alpha[] = { ' ', ' ', ' ', '\t', 'a', '0',
	    0x08, 0x0a, 0x1f, 0x21, 0x29, 0x89, 0xa0, 0xa9, 0xff, 0x00 };
	struct tok got[72], want[72];
	unsigned seed = 4242;
	size_t i, j, n, k, g, w;
	char line[70];

	for (i = 0; i < 100000; i++) {
		seed = seed * 1103515245u + 12345u;
		n = (seed >> 16) % sizeof(line);
		for (j = 0; j < n; j++) {
			seed = seed * 1103515245u + 12345u;
			line[j] = (char)alpha[(seed >> 16) % sizeof(alpha)];
		}
		for (w = 0, j = 0; j < n; w++) {
			while (j < n && (line[j] == ' ' || line[j] == '\t'))
				j++;
			if (j == n)
				break;
			want[w].s = line + j;
			while (j < n && line[j] != ' ' && line[j] != '\t')
				j++;
			want[w].n = (size_t)(line + j - want[w].s);
		}
		g = tok_split(line, n, got, 72);
		ck_assert_uint_eq(g, w);
		for (k = 0; k < w; k++) {
			ck_assert_ptr_eq(got[k].s, want[k].s);
			ck_assert_uint_eq(got[k].n, want[k].n);
		}
	}
}
END_TEST

/* tok_is matches the whole token, not a prefix either way. */
START_TEST(test_tok_is)
{
	struct tok t = mktok("Nodes", 4);

	ck_assert(tok_is(&t, "Node"));
	ck_assert(!tok_is(&t, "Nod"));
	ck_assert(!tok_is(&t, "Nodes"));
	ck_assert(!tok_is(&t, "node"));
	t = mktok("", 0);
	ck_assert(tok_is(&t, ""));
	ck_assert(!tok_is(&t, "x"));
}
END_TEST

/* One num_u64 case: the text, the return, and the value when 0. */
struct numcase {
	const char	*s;
	int		 rc;
	uint64_t	 v;
};

static const struct numcase numcases[] = {
	{ "0", 0, 0 },
	{ "7", 0, 7 },
	{ "100000", 0, 100000 },
	{ "007", 0, 7 },
	{ "4294967296", 0, 4294967296ULL },
	{ "1844674407370955161", 0, 1844674407370955161ULL },
	{ "18446744073709551615", 0, UINT64_MAX },
	{ "18446744073709551616", -ERANGE, 0 },
	{ "18446744073709551620", -ERANGE, 0 },
	{ "99999999999999999999", -ERANGE, 0 },
	{ "123456789012345678901", -ERANGE, 0 },
	{ "184467440737095516150", -ERANGE, 0 },
	{ "", -EINVAL, 0 },
	{ "-1", -EINVAL, 0 },
	{ "-0", -EINVAL, 0 },
	{ "+1", -EINVAL, 0 },
	{ " 1", -EINVAL, 0 },
	{ "1 ", -EINVAL, 0 },
	{ "1x", -EINVAL, 0 },
	{ "0x10", -EINVAL, 0 },
	{ "1.0", -EINVAL, 0 },
	{ "1e3", -EINVAL, 0 },
	{ "1,", -EINVAL, 0 },
	{ "/", -EINVAL, 0 },
	{ ":", -EINVAL, 0 },
	{ "1\xff", -EINVAL, 0 },
	{ ">100000", -EINVAL, 0 },
	/* Digits are read left to right: the overflow is seen first. */
	{ "99999999999999999999x", -ERANGE, 0 },
};

/* Each case gives its return code, and a value only on success. */
START_TEST(test_num_u64)
{
	const struct numcase *c = &numcases[_i];
	struct tok t = mktok(c->s, strlen(c->s));
	uint64_t v = 12345;
	int rc = num_u64(&t, &v);

	ck_assert_msg(rc == c->rc, "'%s': rc %d, want %d", c->s, rc, c->rc);
	ck_assert_uint_eq(v, c->rc == 0 ? c->v : 12345);
	/* num_u64 is num_u64_suffix without a suffix. */
	v = 12345;
	ck_assert_int_eq(num_u64_suffix(&t, '\0', &v), c->rc);
	ck_assert_uint_eq(v, c->rc == 0 ? c->v : 12345);
}
END_TEST

/* The suffix must be there exactly once, after at least one digit. */
START_TEST(test_num_u64_suffix)
{
	static const struct numcase cases[] = {
		{ "0,", 0, 0 },
		{ "1023,", 0, 1023 },
		{ "18446744073709551615,", 0, UINT64_MAX },
		{ "18446744073709551616,", -ERANGE, 0 },
		{ ",", -EINVAL, 0 },
		{ "", -EINVAL, 0 },
		{ "12", -EINVAL, 0 },
		{ "12,,", -EINVAL, 0 },
		{ ",12", -EINVAL, 0 },
		{ "-1,", -EINVAL, 0 },
		{ "1 ,", -EINVAL, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct tok t = mktok(cases[i].s, strlen(cases[i].s));
		uint64_t v = 12345;
		int rc = num_u64_suffix(&t, ',', &v);

		ck_assert_msg(rc == cases[i].rc, "'%s': rc %d, want %d",
		    cases[i].s, rc, cases[i].rc);
		ck_assert_uint_eq(v, rc == 0 ? cases[i].v : 12345);
	}
}
END_TEST

/* Names are 1 to 31 bytes from '!' to '~'. */
START_TEST(test_tok_is_name)
{
	static const char n31[] = "abcdefghijklmnopqrstuvwxyz01234";
	static const char n32[] = "abcdefghijklmnopqrstuvwxyz012345";
	struct tok t;

	t = mktok("DMA32", 5);
	ck_assert(tok_is_name(&t));
	t = mktok("!~,", 3);
	ck_assert(tok_is_name(&t));
	t = mktok(n31, 31);
	ck_assert(tok_is_name(&t));
	t = mktok(n32, 32);
	ck_assert(!tok_is_name(&t));
	t = mktok("", 0);
	ck_assert(!tok_is_name(&t));
	t = mktok("a b", 3);
	ck_assert(!tok_is_name(&t));
	t = mktok("a\tb", 3);
	ck_assert(!tok_is_name(&t));
	t = mktok("a\x7f", 2);
	ck_assert(!tok_is_name(&t));
	t = mktok("Norm\xc3\xa4l", 7);
	ck_assert(!tok_is_name(&t));
	t = mktok("\x01", 1);
	ck_assert(!tok_is_name(&t));
	t = mktok("a\0b", 3);
	ck_assert(!tok_is_name(&t));
}
END_TEST

/* Returns E's message after num_error on S with the rc num_u64 gives it. */
static const char *
num_msg(struct ferr *e, const char *s, size_t n, unsigned long line)
{
	struct tok t = mktok(s, n);
	uint64_t v;
	int rc = num_u64(&t, &v);

	ck_assert_int_ne(rc, 0);
	ck_assert_int_eq(num_error(e, line, &t, rc, "free count"), -1);
	ck_assert_uint_eq(e->line, line);
	return e->msg;
}

/* Overflow, a sign and anything else each have their own words. */
START_TEST(test_num_error)
{
	struct ferr e = { .path = "t" };

	ck_assert_str_eq(num_msg(&e, "18446744073709551616", 20, 3),
	    "free count '18446744073709551616' does not fit in 64 bits");
	ck_assert_str_eq(num_msg(&e, "123456789012345678901", 21, 4),
	    "free count '123456789012345678901' does not fit in 64 bits");
	ck_assert_str_eq(num_msg(&e, "-1", 2, 5),
	    "free count '-1' is negative");
	ck_assert_str_eq(num_msg(&e, "-18446744073709551616", 21, 5),
	    "free count '-18446744073709551616' is negative");
	ck_assert_str_eq(num_msg(&e, "+1", 2, 6),
	    "free count '+1' is not a decimal number");
	ck_assert_str_eq(num_msg(&e, "0x10", 4, 7),
	    "free count '0x10' is not a decimal number");
	ck_assert_str_eq(num_msg(&e, "", 0, 8),
	    "free count '' is not a decimal number");
	ck_assert_str_eq(num_msg(&e, "-", 1, 9),
	    "free count '-' is not a decimal number");
	ck_assert_str_eq(num_msg(&e, "-x", 2, 9),
	    "free count '-x' is not a decimal number");
	ck_assert_str_eq(num_msg(&e, "-1x", 3, 9),
	    "free count '-1x' is negative");
	ck_assert_str_eq(num_msg(&e, "-0,", 3, 9),
	    "free count '-0,' is negative");
	ck_assert_str_eq(num_msg(&e, "--1", 3, 9),
	    "free count '--1' is not a decimal number");
}
END_TEST

/* Bytes outside printable ASCII are quoted as \xNN; long tokens are cut with "...". */
START_TEST(test_num_error_quoting)
{
	static const char longtok[] =
	    "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklm";
	struct ferr e = { .path = "t" };

	ck_assert_str_eq(num_msg(&e, "1\x01\xff", 3, 1),
	    "free count '1\\x01\\xff' is not a decimal number");
	ck_assert_str_eq(num_msg(&e, "7\0", 2, 1),
	    "free count '7\\x00' is not a decimal number");
	ck_assert_str_eq(num_msg(&e, longtok, sizeof(longtok) - 1, 2),
	    "free count 'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz"
	    "abcd...' is not a decimal number");
}
END_TEST

/*
 * What nums_u64() must return for S (N bytes), by the token path the
 * parsers fall back to: tok_split(), a '>' prefix when CAPPED, num_u64().
 */
static size_t
nums_ref(const char *s, size_t n, uint64_t *v, size_t max, uint32_t *capped)
{
	struct tok t[128], c;
	size_t nt = tok_split(s, n, t, 127), i;

	ck_assert_uint_le(nt, 127);
	if (capped)
		*capped = 0;
	for (i = 0; i < nt; i++) {
		if (i == max)
			return max + 1;
		c = t[i];
		if (capped && c.n > 0 && c.s[0] == '>') {
			*capped |= 1u << i;
			c.s++;
			c.n--;
		}
		if (num_u64(&c, &v[i]) != 0)
			return SIZE_MAX;
	}
	return nt;
}

/* nums_u64() agrees with the token path on random lines of counts. */
START_TEST(test_nums_u64)
{
	static const char alpha[] = "0123456789012345678901234567899    \t>a";
	static const char *fixed[] = {
		"18446744073709551615", "18446744073709551616",
		" 99999999 100000000 12345678 1234567 ", ">100000 >7 > 5",
		"00000000000000000000000000001", "1 2 3 4 5 6 7 8 9",
		"      1      0      0", "7\t8", "12345678x", "1234567x",
	};
	uint64_t got[40], want[40];
	uint32_t gc, wc;
	size_t i, n, max, g, w;
	unsigned seed = 12345;
	char line[64];
	int cap;

	for (i = 0; i < 200000 + sizeof(fixed) / sizeof(fixed[0]); i++) {
		if (i < sizeof(fixed) / sizeof(fixed[0])) {
			n = strlen(fixed[i]);
			memcpy(line, fixed[i], n);
		} else {
			seed = seed * 1103515245u + 12345u;
			n = (seed >> 16) % sizeof(line);
			for (g = 0; g < n; g++) {
				seed = seed * 1103515245u + 12345u;
				line[g] = alpha[(seed >> 16) % (sizeof(alpha) - 1)];
			}
		}
		max = 1 + i % 32;
		for (cap = 0; cap < 2; cap++) {
			w = nums_ref(line, n, want, max, cap ? &wc : NULL);
			g = nums_u64(line, n, got, max, cap ? &gc : NULL);
			ck_assert_msg(g == w, "'%.*s' max %zu: %zu numbers, want "
			    "%zu", (int)n, line, max, g, w);
			if (w <= max) {
				ck_assert_int_eq(memcmp(got, want, w *
				    sizeof(got[0])), 0);
				if (cap)
					ck_assert_uint_eq(gc, wc);
			}
		}
	}
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("text");
	TCase *tl = tcase_create("lines");
	TCase *tt = tcase_create("tokens");
	TCase *tn = tcase_create("numbers");

	tcase_add_test(tl, test_lines_basic);
	tcase_add_test(tl, test_lines_final_newline);
	tcase_add_test(tl, test_lines_empty);
	tcase_add_test(tl, test_lines_len);
	tcase_add_test(tl, test_lines_nul);
	tcase_add_test(tl, test_lines_nul_last);
	tcase_add_test(tl, test_lines_cr);
	tcase_add_test(tl, test_lines_cr_last);
	tcase_add_test(tl, test_lines_nul_before_cr);
	suite_add_tcase(s, tl);
	tcase_add_test(tt, test_tok_split);
	tcase_add_test(tt, test_tok_split_blank);
	tcase_add_test(tt, test_tok_split_overflow);
	tcase_add_test(tt, test_tok_split_random);
	tcase_add_test(tt, test_tok_is);
	tcase_add_test(tt, test_tok_is_name);
	suite_add_tcase(s, tt);
	tcase_add_loop_test(tn, test_num_u64, 0,
	    (int)(sizeof(numcases) / sizeof(numcases[0])));
	tcase_add_test(tn, test_num_u64_suffix);
	tcase_add_test(tn, test_nums_u64);
	tcase_add_test(tn, test_num_error);
	tcase_add_test(tn, test_num_error_quoting);
	suite_add_tcase(s, tn);
	return tu_run(s);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_text.c - lines, tokens, strict numbers and their messages */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bounds.h"
#include "escape.h"
#include "grow.h"
#include "slurp.h"
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

/*
 * A NUL byte on a later line than a carriage return waits for its line:
 * the first bad line is the one reported, and the lines before are read.
 */
START_TEST(test_lines_cr_line_before_nul_line)
{
	static const char buf[] = "ok\nx\r\ny\0\n";
	struct ferr e = { .path = "t" };
	struct lines l;
	const char *s;
	size_t n;

	lines_init(&l, buf, sizeof(buf) - 1);
	ck_assert_int_eq(lines_next(&l, &s, &n, &e), 1);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(lines_next(&l, &s, &n, &e), -1);
	ck_assert_uint_eq(e.line, 2);
	ck_assert_str_eq(e.msg, "carriage return in column 2: DOS line "
	    "endings are not what the kernel writes");
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
 * Only spaces and tabs separate: control bytes, DEL, bytes >= 0x80 and the
 * neighbours of ' ' and '\t' in value belong to their token.
 */
START_TEST(test_tok_split_bytes)
{
	static const char s[] = "\x08\x0a\x1f\x21 \x89\xa0\t\xa9\xff\x7f\x00 \x09\x20x";
	struct tok t[8];

	ck_assert_uint_eq(tok_split(s, sizeof(s) - 1, t, 8), 4);
	ck_assert_ptr_eq(t[0].s, s);
	ck_assert_uint_eq(t[0].n, 4);
	ck_assert_ptr_eq(t[1].s, s + 5);
	ck_assert_uint_eq(t[1].n, 2);
	ck_assert_ptr_eq(t[2].s, s + 8);
	ck_assert_uint_eq(t[2].n, 4);
	ck_assert_ptr_eq(t[3].s, s + 15);
	ck_assert_uint_eq(t[3].n, 1);
}
END_TEST

/* A token may run to the last byte, and a lone byte is a token. */
START_TEST(test_tok_split_ends)
{
	struct tok t[4];

	ck_assert_uint_eq(tok_split("x", 1, t, 4), 1);
	ck_assert_uint_eq(t[0].n, 1);
	ck_assert_uint_eq(tok_split("\tab cd", 6, t, 4), 2);
	ck_assert_uint_eq(t[1].n, 2);
	ck_assert_uint_eq(tok_split("a \t b\t", 6, t, 4), 2);
	ck_assert_uint_eq(t[1].n, 1);
	ck_assert_uint_eq(t[1].s[0], 'b');
}
END_TEST

/* tok_chop takes off one trailing byte, only when it is the one asked for. */
START_TEST(test_tok_chop)
{
	struct tok t = mktok("12,,", 4);

	ck_assert(tok_chop(&t, ','));
	ck_assert_uint_eq(t.n, 3);
	ck_assert(tok_chop(&t, ','));
	ck_assert_uint_eq(t.n, 2);
	ck_assert(!tok_chop(&t, ','));
	ck_assert_uint_eq(t.n, 2);
	t = mktok(",", 1);
	ck_assert(tok_chop(&t, ','));
	ck_assert_uint_eq(t.n, 0);
	ck_assert(!tok_chop(&t, ','));
	ck_assert_uint_eq(t.n, 0);
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
	{ "9999999999999999999", 0, 9999999999999999999ULL },
	{ "10000000000000000000", 0, 10000000000000000000ULL },
	{ "18446744073709551610", 0, 18446744073709551610ULL },
	{ "18446744073709551614", 0, UINT64_MAX - 1 },
	{ "18446744073709551615", 0, UINT64_MAX },
	{ "000000000000000000000018446744073709551615", 0, UINT64_MAX },
	{ "18446744073709551619", -ERANGE, 0 },
	{ "18446744073709551700", -ERANGE, 0 },
	{ "18446744073709552615", -ERANGE, 0 },
	{ "28446744073709551615", -ERANGE, 0 },
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
	{ "1\t", -EINVAL, 0 },
	{ "\xb1", -EINVAL, 0 },
	{ "\xef\xbc\x91", -EINVAL, 0 },
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
	/* num_str() is num_u64() of a string. */
	v = 12345;
	ck_assert_int_eq(num_str(c->s, &v), c->rc);
	ck_assert_uint_eq(v, c->rc == 0 ? c->v : 12345);
}
END_TEST

/* Decimals in hundredths: up to two digits, or exactly two when asked. */
START_TEST(test_num_centi)
{
	static const struct {
		const char	*s;
		int		 rc, exact_rc;
		uint64_t	 v;
	} cases[] = {
		{ "0", 0, -EINVAL, 0 },
		{ "2", 0, -EINVAL, 200 },
		{ "2.5", 0, -EINVAL, 250 },
		{ "2.05", 0, 0, 205 },
		{ "0.00", 0, 0, 0 },
		{ "100.00", 0, 0, 10000 },
		{ "86400", 0, -EINVAL, 8640000 },
		{ "184467440737095516.15", 0, 0, UINT64_MAX },
		{ "184467440737095516.16", -ERANGE, -ERANGE, 0 },
		{ "184467440737095517", -ERANGE, -EINVAL, 0 },
		{ "", -EINVAL, -EINVAL, 0 },
		{ ".", -EINVAL, -EINVAL, 0 },
		{ ".25", -EINVAL, -EINVAL, 0 },
		{ "2.", -EINVAL, -EINVAL, 0 },
		{ "2.255", -EINVAL, -EINVAL, 0 },
		{ "2.2.5", -EINVAL, -EINVAL, 0 },
		{ "2,25", -EINVAL, -EINVAL, 0 },
		{ "-1.00", -EINVAL, -EINVAL, 0 },
		{ "1.-1", -EINVAL, -EINVAL, 0 },
		{ "1.+1", -EINVAL, -EINVAL, 0 },
		{ "1e2", -EINVAL, -EINVAL, 0 },
	};
	size_t i;
	int exact, want;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		for (exact = 0; exact < 2; exact++) {
			struct tok t = mktok(cases[i].s, strlen(cases[i].s));
			uint64_t v = 12345;
			int rc = num_centi(&t, exact, &v);

			want = exact ? cases[i].exact_rc : cases[i].rc;
			ck_assert_msg(rc == want, "'%s' exact %d: rc %d, want %d",
			    cases[i].s, exact, rc, want);
			ck_assert_uint_eq(v, rc == 0 ? cases[i].v : 12345);
		}
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
	ck_assert(tok_is_name(&t, FRAG_NAME_SIZE - 1));
	t = mktok("!~,", 3);
	ck_assert(tok_is_name(&t, FRAG_NAME_SIZE - 1));
	t = mktok(n31, 31);
	ck_assert(tok_is_name(&t, FRAG_NAME_SIZE - 1));
	t = mktok(n32, 32);
	ck_assert(!tok_is_name(&t, FRAG_NAME_SIZE - 1));
	t = mktok("", 0);
	ck_assert(!tok_is_name(&t, FRAG_NAME_SIZE - 1));
	t = mktok("a b", 3);
	ck_assert(!tok_is_name(&t, FRAG_NAME_SIZE - 1));
	t = mktok("a\tb", 3);
	ck_assert(!tok_is_name(&t, FRAG_NAME_SIZE - 1));
	t = mktok("a\x7f", 2);
	ck_assert(!tok_is_name(&t, FRAG_NAME_SIZE - 1));
	t = mktok("Norm\xc3\xa4l", 7);
	ck_assert(!tok_is_name(&t, FRAG_NAME_SIZE - 1));
	t = mktok("\x01", 1);
	ck_assert(!tok_is_name(&t, FRAG_NAME_SIZE - 1));
	t = mktok("a\0b", 3);
	ck_assert(!tok_is_name(&t, FRAG_NAME_SIZE - 1));
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
	ck_assert_int_eq(num_error(e, line, &t, rc, 10, "free count"), -1);
	ck_assert_uint_eq(e->line, line);
	return e->msg;
}

/* Overflow, a sign and anything else each have their own words. */
/* Words for POSIX sh: single quotes only, a quote as '\'', any other byte as it is. */
START_TEST(test_sh_quote)
{
	char *const argv[] = { "ls", "-l", "a b", "it's", "x\ny", "\t",
	    "\xff", "", "$HOME", "a=b", NULL };
	char *const none[] = { NULL };
	char buf[128];

	ck_assert_int_eq(text_sh_quote(buf, sizeof(buf), argv), 0);
	ck_assert_str_eq(buf, "ls -l 'a b' 'it'\\''s' 'x\ny' '\t' '\xff' '' "
	    "'$HOME' a=b");
	ck_assert_int_eq(text_sh_quote(buf, sizeof(buf), none), 0);
	ck_assert_str_eq(buf, "");
	/* Exactly the room for "ls -l" and its NUL, and one byte less. */
	ck_assert_int_eq(text_sh_quote(buf, 6, (char *const[]){ "ls", "-l",
	    NULL }), 0);
	ck_assert_int_eq(text_sh_quote(buf, 5, (char *const[]){ "ls", "-l",
	    NULL }), -1);
}
END_TEST

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

/* base/grow: an array doubles up to its bound, and is kept when full. */
START_TEST(test_grow_room)
{
	size_t cap = 0, n;
	int *a = NULL, *g;

	for (n = 0; n < 40; n++) {
		ck_assert_ptr_nonnull(g = grow_room(a, &cap, n, sizeof(*a), 40));
		a = g;
		a[n] = (int)n;
	}
	/* 16, 32, then 40: never past the bound. */
	ck_assert_uint_eq(cap, 40);
	ck_assert_ptr_null(grow_room(a, &cap, n, sizeof(*a), 40));
	ck_assert_uint_eq(cap, 40);
	ck_assert_int_eq(a[39], 39);
	free(a);
}
END_TEST

/*
 * esc_text(): what a terminal is shown of text read from a file. ESC ] 0
 * retitles a window, ESC [ 2 J clears it, BEL rings, U+009B is CSI to some
 * terminals; UTF-8 stays, a byte that starts nothing valid is quoted.
 */
START_TEST(test_esc_text)
{
	char *out = NULL;
	size_t len;
	FILE *fp = open_memstream(&out, &len);

	ck_assert_ptr_nonnull(fp);
	esc_text(fp, "vm\x1b]0;t\x07 6.18\x1b[2J \x7f\xc2\x9b[1m caf\xc3\xa9 "
	    "\xff\xe2\x82 a\\b \"<&>'");
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_str_eq(out, "vm\\x1b]0;t\\x07 6.18\\x1b[2J \\x7f\\xc2\\x9b[1m "
	    "caf\xc3\xa9 \\xff\\xe2\\x82 a\\b \"<&>'");
	free(out);
}
END_TEST

/* Returns the path of a new temporary file holding the N bytes at S. */
static char *
temp_file(const char *s, size_t n)
{
	static char path[] = "/tmp/check_text.XXXXXX";
	int fd;

	strcpy(path, "/tmp/check_text.XXXXXX");
	ck_assert_int_ne(fd = mkstemp(path), -1);
	ck_assert_int_eq(write(fd, s, n), (ssize_t)n);
	close(fd);
	return path;
}

/* Assert that L's next record is WANT (WHOLE: its empty line followed), from line NO. */
static void
want_record(struct slurp_lines *l, const char *want, bool whole,
    unsigned long no)
{
	struct ferr e = { .path = "t" };
	const char *s;
	size_t n;
	bool w;

	ck_assert_int_eq(slurp_lines_next(l, &s, &n, &w, &e), 1);
	ck_assert_uint_eq(n, strlen(want));
	ck_assert_int_eq(memcmp(s, want, n), 0);
	ck_assert_int_eq(w, whole);
	ck_assert_uint_eq(l->no, no);
}

/*
 * Records of at most 4 bytes: room for 6, so the empty line after "bc"
 * starts in the last byte of the first read and ends in the next; the
 * lines are counted through each record's own ("d\ne"), and the last,
 * cut before its empty line, starts on line 8 with the empty line 8.
 */
START_TEST(test_slurp_records)
{
	static const char text[] = "a\n\nbc\n\nd\ne\n\n\nend";
	struct ferr e = { .path = "t" };
	struct slurp_lines l;
	char *path = temp_file(S(text));
	const char *s;
	size_t n;
	bool w;

	ck_assert_int_eq(slurp_records_open(path, &l, 4, &e), 0);
	want_record(&l, "a", true, 1);
	want_record(&l, "bc", true, 3);
	want_record(&l, "d\ne", true, 5);
	want_record(&l, "\nend", false, 8);
	ck_assert_int_eq(slurp_lines_next(&l, &s, &n, &w, &e), 0);
	slurp_lines_close(&l);
	unlink(path);
}
END_TEST

/* A record past its limit is said as a record, from the line it starts on. */
START_TEST(test_slurp_records_long)
{
	static const char text[] = "a\n\nbcdef\n\n";
	struct ferr e = { .path = "t" };
	struct slurp_lines l;
	char *path = temp_file(S(text));
	const char *s;
	size_t n;
	bool w;

	ck_assert_int_eq(slurp_records_open(path, &l, 4, &e), 0);
	want_record(&l, "a", true, 1);
	ck_assert_int_eq(slurp_lines_next(&l, &s, &n, &w, &e), -EFBIG);
	ck_assert_str_eq(e.msg, "a record longer than 4 bytes");
	ck_assert_uint_eq(e.line, 3);
	slurp_lines_close(&l);
	unlink(path);
}
END_TEST

/* Lines read as before: numbered one by one, the limit said of a line. */
START_TEST(test_slurp_lines_long)
{
	static const char text[] = "ab\n\ncdefg\n";
	struct ferr e = { .path = "t" };
	struct slurp_lines l;
	char *path = temp_file(S(text));
	const char *s;
	size_t n;
	bool w;

	ck_assert_int_eq(slurp_lines_open(path, &l, 4, &e), 0);
	want_record(&l, "ab", true, 1);
	want_record(&l, "", true, 2);
	ck_assert_int_eq(slurp_lines_next(&l, &s, &n, &w, &e), -EFBIG);
	ck_assert_str_eq(e.msg, "a line longer than 4 bytes");
	ck_assert_uint_eq(e.line, 3);
	slurp_lines_close(&l);
	unlink(path);
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
	tcase_add_test(tl, test_lines_cr_line_before_nul_line);
	tcase_add_test(tl, test_slurp_records);
	tcase_add_test(tl, test_slurp_records_long);
	tcase_add_test(tl, test_slurp_lines_long);
	suite_add_tcase(s, tl);
	tcase_add_test(tt, test_tok_split);
	tcase_add_test(tt, test_sh_quote);
	tcase_add_test(tt, test_tok_split_blank);
	tcase_add_test(tt, test_tok_split_overflow);
	tcase_add_test(tt, test_tok_split_bytes);
	tcase_add_test(tt, test_tok_split_ends);
	tcase_add_test(tt, test_tok_chop);
	tcase_add_test(tt, test_tok_is);
	tcase_add_test(tt, test_tok_is_name);
	tcase_add_test(tt, test_esc_text);
	suite_add_tcase(s, tt);
	tcase_add_loop_test(tn, test_num_u64, 0,
	    (int)(sizeof(numcases) / sizeof(numcases[0])));
	tcase_add_test(tn, test_num_centi);
	tcase_add_test(tn, test_num_error);
	tcase_add_test(tn, test_num_error_quoting);
	tcase_add_test(tn, test_grow_room);
	suite_add_tcase(s, tn);
	return tu_run(s);
}

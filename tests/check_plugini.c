/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check_plugini.c - the monitoring plugins' ini file of --extra-opts: each
 * line kind against the words lib/parse_ini.c makes of it (by hand below),
 * and each error with its line
 */
#include "config.h"

#include <string.h>

#include "plugini.h"
#include "testutil.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))

/* An ini file, a section, its words joined by '|' (NULL: an error at LINE). */
static const struct {
	const char	*ini;
	const char	*section;
	const char	*words;
	unsigned long	 line;
} cases[] = {
	/* KEY=VALUE is --KEY=VALUE, blanks around either go. */
	{ "[fragstat]\nwarn=2000x2M\n  crit \t=  10x2M  \n", "fragstat",
	    "--warn=2000x2M|--crit=10x2M", 0 },
	/* KEY= alone: the option without a value. */
	{ "[fragstat]\nquiet=\n", "fragstat", "--quiet", 0 },
	/* A letter: -K and VALUE, as getopt reads -K VALUE. */
	{ "[fragstat]\nc = 5\nq=\n", "fragstat", "-c|5|-q", 0 },
	/* Comments, blank lines, other sections, blanks in the brackets. */
	{ "# a\n; b\n\n[other]\nwarn=1\n[ fragstat ]\n# c\nwarn=2\n[x]\n"
	    "crit=3\n", "fragstat", "--warn=2", 0 },
	/* The section twice: both parts, in order. */
	{ "[fragstat]\nwarn=1\n[x]\n[fragstat]\ncrit=2\n", "fragstat",
	    "--warn=1|--crit=2", 0 },
	/* An empty section is a section: no words. */
	{ "[fragstat]\n", "fragstat", "", 0 },
	/* A value keeps its inner blanks and '=': one word. */
	{ "[fragstat]\nsysroot = /a b=c\n", "fragstat", "--sysroot=/a b=c", 0 },
	/* Errors and their lines. */
	{ "[fragstat]\nwarn 1\n", "fragstat", NULL, 2 },
	{ "[fragstat]\n=1\n", "fragstat", NULL, 2 },
	{ "[fragstat]\nwa rn=1\n", "fragstat", NULL, 2 },
	{ "warn=1\n[fragstat]\n", "fragstat", NULL, 1 },
	{ "[fragstat\nwarn=1\n", "fragstat", NULL, 1 },
	{ "[other]\nwarn=1\n", "fragstat", NULL, 0 },
	/* "-" as a key, "--" as a letter's value: "--", the end of the options. */
	{ "[fragstat]\n- = x\n", "fragstat", NULL, 2 },
	{ "[fragstat]\nc = --\n", "fragstat", NULL, 2 },
	/* A letter's value may start with dashes: getopt takes it as the value. */
	{ "[fragstat]\nc = --x\nq=\n", "fragstat", "-c|--x|-q", 0 },
};

START_TEST(test_cases)
{
	char got[256];
	struct ferr e = { .path = "plugins.ini" };
	struct plugini p;
	const char *w;
	int rc;

	rc = plugini_parse(cases[_i].ini, strlen(cases[_i].ini),
	    cases[_i].section, &p, &e);
	if (cases[_i].words == NULL) {
		ck_assert_int_eq(rc, -1);
		ck_assert_uint_eq(e.line, cases[_i].line);
		ck_assert_ptr_null(p.buf);
		return;
	}
	ck_assert_int_eq(rc, 0);
	got[0] = '\0';
	for (w = p.buf; w && w < p.buf + p.len; w += strlen(w) + 1)
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%s",
		    got[0] ? "|" : "", w);
	ck_assert_str_eq(got, cases[_i].words);
	plugini_free(&p);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("plugini");
	TCase *tc = tcase_create("lines");

	tcase_add_loop_test(tc, test_cases, 0, (int)N(cases));
	suite_add_tcase(s, tc);
	return tu_run(s);
}

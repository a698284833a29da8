/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_svgw.c - the SVG writer: whole documents, exact escaping, misuse reported */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "svgw.h"
#include "testutil.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))

/* Returns the malloc'd text svg_escape() writes for S. */
static char *
escaped(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	svg_escape(fp, s);
	fclose(fp);
	return buf;
}

START_TEST(test_escape)
{
	static const struct {
		const char	*in, *out;
	} cases[] = {
		{ "Normal", "Normal" },
		{ "", "" },
		{ "<a&b>", "&lt;a&amp;b&gt;" },
		{ "\"q't\"", "&quot;q&apos;t&quot;" },
		{ "&amp;", "&amp;amp;" },
		{ "a\tb\nc\rd", "a&#9;b&#10;c&#13;d" },
		/* Control bytes XML has no reference for. */
		{ "\x01x\x1f\x7f", "\xef\xbf\xbdx\xef\xbf\xbd\x7f" },
		/* UTF-8 passes; broken, overlong or surrogate sequences do not. */
		{ "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80",
		  "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80" },
		{ "Z\xe9ro", "Z\xef\xbf\xbdro" },
		{ "\xc0\xaf", "\xef\xbf\xbd\xef\xbf\xbd" },
		{ "\xed\xa0\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd" },
		{ "\xef\xbf\xbe", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd" },
		{ "\xf4\x90\x80\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
		  "\xef\xbf\xbd" },
		{ "\xe2\x82", "\xef\xbf\xbd\xef\xbf\xbd" },
	};
	char *got;
	size_t i;

	for (i = 0; i < N(cases); i++) {
		got = escaped(cases[i].in);
		ck_assert_msg(strcmp(got, cases[i].out) == 0,
		    "case %zu: got '%s', want '%s'", i, got, cases[i].out);
		free(got);
	}
}
END_TEST

START_TEST(test_document)
{
	static const char want[] =
	    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg width=\"-12\" x=\"0.500\" id=\"a&lt;&quot;&apos;\">\n"
	    "<g/>\n"
	    "<text y=\"18446744073709551615\">n &amp; -1.000 -9223372036854775808"
	    "<tspan>x</tspan></text>\n"
	    "<title>t</title>\n"
	    "</svg>\n";
	struct svgw w;
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	svg_init(&w, fp);
	svg_open(&w, "svg");
	svg_attr_int(&w, "width", -12);
	svg_attr_fixed(&w, "x", 500, 3);
	svg_attr(&w, "id", "a<\"'");
	svg_open(&w, "g");
	svg_close(&w);
	svg_open(&w, "text");
	svg_attr(&w, "y", "18446744073709551615");
	svg_text(&w, "n & ");
	svg_text_fixed(&w, -1000, 3);
	svg_text(&w, " ");
	svg_text_int(&w, -9223372036854775807LL - 1);
	svg_open(&w, "tspan");
	svg_text(&w, "x");
	svg_close(&w);
	svg_close(&w);
	svg_element_text(&w, "title", "t");
	svg_close(&w);
	ck_assert_int_eq(svg_finish(&w), 0);
	fclose(fp);
	ck_assert_str_eq(buf, want);
	free(buf);
}
END_TEST

START_TEST(test_misuse)
{
	struct svgw w;
	FILE *fp = fopen("/dev/null", "w");
	int i;

	ck_assert_ptr_nonnull(fp);
	/* An element left open. */
	svg_init(&w, fp);
	svg_open(&w, "svg");
	ck_assert_int_eq(svg_finish(&w), -1);
	/* An attribute after content. */
	svg_init(&w, fp);
	svg_open(&w, "svg");
	svg_text(&w, "x");
	svg_attr(&w, "a", "b");
	svg_close(&w);
	ck_assert_int_eq(svg_finish(&w), -1);
	/* One close too many, and text outside every element. */
	svg_init(&w, fp);
	svg_close(&w);
	ck_assert_int_eq(svg_finish(&w), -1);
	svg_init(&w, fp);
	svg_text(&w, "x");
	ck_assert_int_eq(svg_finish(&w), -1);
	/* Deeper than the writer tracks. */
	svg_init(&w, fp);
	for (i = 0; i <= SVGW_MAX_DEPTH; i++)
		svg_open(&w, "g");
	for (i = 0; i < SVGW_MAX_DEPTH; i++)
		svg_close(&w);
	ck_assert_int_eq(svg_finish(&w), -1);
	fclose(fp);
}
END_TEST

/* A polyline's points as the fleet's picture writes them: "x,y " each, negatives too. */
START_TEST(test_points)
{
	static const long xy[] = { 90, 250, 90, -3, 0, 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);
	struct svgw w;

	ck_assert_ptr_nonnull(fp);
	svg_init(&w, fp);
	svg_open(&w, "polyline");
	svg_attr_points(&w, "points", xy, 3);
	svg_close(&w);
	ck_assert_int_eq(svg_finish(&w), 0);
	fclose(fp);
	ck_assert_ptr_nonnull(strstr(buf,
	    "<polyline points=\"90,250 90,-3 0,0 \"/>"));
	free(buf);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("svgw");
	TCase *tc = tcase_create("svgw");

	tcase_add_test(tc, test_escape);
	tcase_add_test(tc, test_document);
	tcase_add_test(tc, test_misuse);
	tcase_add_test(tc, test_points);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_psi.c - /proc/pressure/memory: every captured file, then a catalogue of bad ones */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "psi.h"
#include "testutil.h"

/* One line's expected values: averages in hundredths, total in microseconds. */
struct want_line {
	bool		 present;
	uint32_t	 avg10, avg60, avg300;
	uint64_t	 total_us;
};

/* Assert that line GOT of file PATH holds exactly W. */
static void
check_line(const char *path, const char *which, const struct psi_line *got,
    const struct want_line *w)
{
	ck_assert_msg(got->present == w->present &&
	    got->avg10 == w->avg10 && got->avg60 == w->avg60 &&
	    got->avg300 == w->avg300 && got->total_us == w->total_us,
	    "%s: %s: got %d %u %u %u %llu, want %d %u %u %u %llu", path, which,
	    got->present, got->avg10, got->avg60, got->avg300,
	    (unsigned long long)got->total_us, w->present, w->avg10, w->avg60,
	    w->avg300, (unsigned long long)w->total_us);
}

/* Parse the LEN bytes at BUF, asserting success. */
static void
parse_ok(const char *buf, size_t len, struct psi *p)
{
	struct ferr e = { .path = "memory" };
	int rc = psi_parse(buf, len, p, &e);

	ck_assert_msg(rc == 0, "memory:%lu: %s", e.line, e.msg);
}

/* A captured pressure file and the values read off it by eye. */
static const struct pfix {
	const char		*path;
	struct want_line	 some, full;
} pfixes[] = {
	/* Real pressure: 45.49% of the last 10 s with a task stalled. */
	{ "corpus/blog-plantegg-psi-memory-under-pressure/pressure/memory",
	  { true, 4549, 1023, 541, 76464318 },
	  { true, 4087, 905, 429, 58141082 } },
	{ "corpus/issue-beats-41054-psi-irq/pressure/memory",
	  { true, 0, 0, 0, 2107930 }, { true, 0, 0, 0, 1986722 } },
	{ "corpus/issue-flatcar-638-psi-cpu-some-only/pressure/memory",
	  { true, 0, 0, 0, 0 }, { true, 0, 0, 0, 0 } },
	{ "corpus/issue-sos-2677-rhel8.4-psi/pressure/memory",
	  { true, 0, 0, 31, 4121665 }, { true, 0, 0, 6, 1394483 } },
	{ "corpus/node-exporter-fixture-x86/pressure/memory",
	  { true, 0, 0, 0, 0 }, { true, 0, 0, 0, 0 } },
	{ "corpus/pcp-qa-pressure-002-irq/pressure/memory",
	  { true, 0, 0, 0, 168828 }, { true, 0, 0, 0, 154404 } },
	{ "corpus/vm-6.18-x86-64-holes/proc/pressure/memory",
	  { true, 0, 0, 0, 0 }, { true, 0, 0, 0, 0 } },
	/*
	 * The same format read from other resources: cpu before 5.13 has
	 * no 'full' line, and totals beyond 32 bits occur.
	 */
	{ "corpus/issue-flatcar-638-psi-cpu-some-only/pressure/cpu",
	  { true, 13, 68, 28, 1195993 }, { false, 0, 0, 0, 0 } },
	{ "corpus/issue-node-exporter-3051-debian11-psi/pressure/cpu",
	  { true, 265, 278, 292, 111749368752ULL }, { false, 0, 0, 0, 0 } },
	{ "corpus/issue-node-exporter-2379-5.15-psi/pressure/cpu",
	  { true, 312, 415, 286, 106973143 }, { true, 0, 0, 0, 14379320 } },
	{ "corpus/issue-flatcar-638-psi-cpu-some-only/pressure/io",
	  { true, 0, 111, 68, 2828208 }, { true, 0, 91, 56, 2334731 } },
	{ "corpus/node-exporter-fixture-x86/pressure/io",
	  { true, 18, 34, 10, 159886802 }, { true, 18, 34, 10, 159229614 } },
};

/* Every captured file parses to the exact values it prints. */
START_TEST(test_fixture)
{
	const struct pfix *f = &pfixes[_i];
	struct psi p;
	size_t len;
	char *buf = tu_read(f->path, &len);

	parse_ok(buf, len, &p);
	check_line(f->path, "some", &p.some, &f->some);
	check_line(f->path, "full", &p.full, &f->full);
	free(buf);
}
END_TEST

/* /proc/pressure/irq (6.1+) has only a 'full' line: not a memory file. */
START_TEST(test_irq_fixture)
{
	struct ferr e = { .path = "irq" };
	struct psi p;
	size_t len;
	char *buf = tu_read("corpus/pcp-qa-pressure-002-irq/pressure/irq",
	    &len);

	ck_assert_int_eq(psi_parse(buf, len, &p, &e), -1);
	ck_assert_uint_eq(e.line, 1);
	ck_assert_str_eq(e.msg, "no 'some avg10=... total=...' line");
	free(buf);
}
END_TEST

/* A file with only a 'some' line parses, with full.present false and full zeroed. */
START_TEST(test_some_only)
{
	static const struct want_line some = { true, 1234, 5, 10000, 42 };
	static const struct want_line none = { false, 0, 0, 0, 0 };
	struct psi p;

	parse_ok(S("some avg10=12.34 avg60=0.05 avg300=100.00 total=42\n"), &p);
	check_line("inline", "some", &p.some, &some);
	check_line("inline", "full", &p.full, &none);
}
END_TEST

/* Line order, blank lines, runs of spaces and tabs do not matter. */
START_TEST(test_layout)
{
	static const struct want_line some = { true, 100, 200, 300,
	    UINT64_MAX };
	static const struct want_line full = { true, 0, 0, 0, 0 };
	struct psi p;

	parse_ok(S("\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n\n"
	    "some\tavg10=1.00  avg60=2.00 avg300=3.00 "
	    "total=18446744073709551615 \n\n"), &p);
	check_line("inline", "some", &p.some, &some);
	check_line("inline", "full", &p.full, &full);
}
END_TEST

/* One input that must be rejected, with the line and message the user sees. */
struct bad {
	const char	*name;
	const char	*buf;
	size_t		 len;
	unsigned long	 line;
	const char	*msg;
};

#define SOME	"some avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"
#define FULL	"full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"

static const struct bad bads[] = {
	{ "empty input", S(""), 1, "no 'some avg10=... total=...' line" },
	/* The cut-file rule (issue #44): total=5 may be the start of 52. */
	{ "the last line without its newline",
	  S("some avg10=0.01 avg60=0.02 avg300=0.03 total=4\n"
	    "full avg10=99.99 avg60=0.10 avg300=0.00 total=5"), 2,
	  "the last line ends without a newline: the file is cut short" },
	{ "cut mid-line", S("some avg10=0.01 avg60=0.0"), 1,
	  "the last line ends without a newline: the file is cut short" },
	{ "blank lines only", S("\n\n"), 2,
	  "no 'some avg10=... total=...' line" },
	{ "only a full line", S(FULL), 1,
	  "no 'some avg10=... total=...' line" },
	{ "missing total field",
	  S("some avg10=0.00 avg60=0.00 avg300=0.00\n"), 1,
	  "expected 5 fields 'some avg10= avg60= avg300= total=', found "
	  "fewer" },
	{ "missing field on the full line",
	  S(SOME "full avg10=0.00 avg60=0.00 total=0\n"), 2,
	  "expected 5 fields 'full avg10= avg60= avg300= total=', found "
	  "fewer" },
	{ "keyword alone", S("some\n"), 1,
	  "expected 5 fields 'some avg10= avg60= avg300= total=', found "
	  "fewer" },
	{ "extra field", S("some avg10=0.00 avg60=0.00 avg300=0.00 total=0 "
	    "avg600=0.00\n"), 1,
	  "expected 5 fields 'some avg10= avg60= avg300= total=', found "
	  "more" },
	{ "one decimal",
	  S("some avg10=1.5 avg60=0.00 avg300=0.00 total=0\n"), 1,
	  "avg10 '1.5' is not a percentage 0.00 to 100.00" },
	{ "three decimals",
	  S("some avg10=0.00 avg60=1.500 avg300=0.00 total=0\n"), 1,
	  "avg60 '1.500' is not a percentage 0.00 to 100.00" },
	{ "no decimals", S("some avg10=0.00 avg60=0.00 avg300=7 total=0\n"), 1,
	  "avg300 '7' is not a percentage 0.00 to 100.00" },
	{ "no integer part",
	  S("some avg10=.50 avg60=0.00 avg300=0.00 total=0\n"), 1,
	  "avg10 '.50' is not a percentage 0.00 to 100.00" },
	{ "decimal comma",
	  S("some avg10=1,50 avg60=0.00 avg300=0.00 total=0\n"), 1,
	  "avg10 '1,50' is not a percentage 0.00 to 100.00" },
	{ "above 100", S("some avg10=101.00 avg60=0.00 avg300=0.00 total=0\n"),
	  1, "avg10 '101.00' is not a percentage 0.00 to 100.00" },
	{ "just above 100",
	  S(SOME "full avg10=100.01 avg60=0.00 avg300=0.00 total=0\n"), 2,
	  "avg10 '100.01' is not a percentage 0.00 to 100.00" },
	{ "negative average",
	  S("some avg10=-1.00 avg60=0.00 avg300=0.00 total=0\n"), 1,
	  "avg10 '-1.00' is not a percentage 0.00 to 100.00" },
	{ "negative fraction",
	  S("some avg10=1.-5 avg60=0.00 avg300=0.00 total=0\n"), 1,
	  "avg10 '1.-5' is not a percentage 0.00 to 100.00" },
	{ "empty average", S("some avg10= avg60=0.00 avg300=0.00 total=0\n"), 1,
	  "avg10 '' is not a percentage 0.00 to 100.00" },
	{ "averages out of order",
	  S("some avg60=0.00 avg10=0.00 avg300=0.00 total=0\n"), 1,
	  "expected 'avg10=', found 'avg60=0.00'" },
	{ "average without '='",
	  S("some avg10:0.00 avg60=0.00 avg300=0.00 total=0\n"), 1,
	  "expected 'avg10=', found 'avg10:0.00'" },
	{ "negative total",
	  S("some avg10=0.00 avg60=0.00 avg300=0.00 total=-1\n"), 1,
	  "total '-1' is negative" },
	{ "total without its key",
	  S("some avg10=0.00 avg60=0.00 avg300=0.00 1234\n"), 1,
	  "expected 'total=', found '1234'" },
	{ "total misspelt", S("some avg10=0.00 avg60=0.00 avg300=0.00 "
	    "totals=1\n"), 1, "expected 'total=', found 'totals=1'" },
	{ "empty total", S("some avg10=0.00 avg60=0.00 avg300=0.00 total=\n"),
	  1, "total '' is not a decimal number" },
	{ "fractional total",
	  S("some avg10=0.00 avg60=0.00 avg300=0.00 total=12.5\n"), 1,
	  "total '12.5' is not a decimal number" },
	{ "total beyond 64 bits", S("some avg10=0.00 avg60=0.00 avg300=0.00 "
	    "total=18446744073709551616\n"), 1,
	  "total '18446744073709551616' does not fit in 64 bits" },
	{ "second some line", S(SOME SOME), 2, "second 'some' line" },
	{ "second full line", S(SOME FULL FULL), 3, "second 'full' line" },
	{ "cpu keyword", S("cpu avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"),
	  1, "expected 'some' or 'full', found 'cpu'" },
	{ "capitalised keyword", S(SOME "Full avg10=0.00 avg60=0.00 "
	    "avg300=0.00 total=0\n"), 2,
	  "expected 'some' or 'full', found 'Full'" },
	{ "a buddyinfo given as PSI", S("Node 0, zone DMA 1 2 3\n"), 1,
	  "expected 'some' or 'full', found 'Node'" },
	{ "NUL byte", S(SOME "full\0\n"), 2,
	  "NUL byte in column 5: binary data, not a kernel text file" },
	{ "CR line ending",
	  S("some avg10=0.00 avg60=0.00 avg300=0.00 total=0\r\n"), 1,
	  "carriage return in column 47: DOS line endings are not what the "
	  "kernel writes" },
};

/* Each malformed input fails with its own line and message. */
START_TEST(test_bad)
{
	const struct bad *b = &bads[_i];
	struct ferr e = { .path = "memory" };
	struct psi p;

	ck_assert_msg(psi_parse(b->buf, b->len, &p, &e) == -1,
	    "%s: parsed", b->name);
	ck_assert_msg(strcmp(e.msg, b->msg) == 0 && e.line == b->line,
	    "%s: got %lu: '%s', want %lu: '%s'", b->name, e.line, e.msg,
	    b->line, b->msg);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("psi");
	TCase *tf = tcase_create("fixtures");
	TCase *tg = tcase_create("accepted");
	TCase *tb = tcase_create("malformed");

	tcase_add_loop_test(tf, test_fixture, 0,
	    (int)(sizeof(pfixes) / sizeof(pfixes[0])));
	tcase_add_test(tf, test_irq_fixture);
	suite_add_tcase(s, tf);
	tcase_add_test(tg, test_some_only);
	tcase_add_test(tg, test_layout);
	suite_add_tcase(s, tg);
	tcase_add_loop_test(tb, test_bad, 0,
	    (int)(sizeof(bads) / sizeof(bads[0])));
	suite_add_tcase(s, tb);
	return tu_run(s);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_buddyinfo.c - /proc/buddyinfo: every captured file, then a catalogue of bad ones */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buddyinfo.h"
#include "testutil.h"
#include "validate.h"

/* Writes "NODE:NAME NODE:NAME ..." for BI's zones into BUF. */
static const char *
zone_list(const struct buddyinfo *bi, char *buf, size_t size)
{
	size_t i, o = 0;

	buf[0] = '\0';
	for (i = 0; i < bi->nzones; i++)
		o += (size_t)snprintf(buf + o, size - o, "%s%u:%s",
		    i ? " " : "", bi->zones[i].node, bi->zones[i].name);
	ck_assert_uint_lt(o, size);
	return buf;
}

/* Returns the free pages of all of BI's zones, counted independently of frag.c. */
static uint64_t
total_pages(const struct buddyinfo *bi)
{
	uint64_t sum = 0;
	size_t i;
	unsigned k;

	for (i = 0; i < bi->nzones; i++)
		for (k = 0; k < bi->norders; k++)
			sum += bi->zones[i].free[k] << k;
	return sum;
}

/* Parse the LEN bytes at BUF, asserting success; the caller frees BI. */
static void
parse_ok(const char *buf, size_t len, struct buddyinfo *bi)
{
	struct ferr e = { .path = "buddyinfo" };
	int rc = buddyinfo_parse(buf, len, bi, &e);

	ck_assert_msg(rc == 0, "buddyinfo:%lu: %s", e.line, e.msg);
}

/*
 * One captured buddyinfo: its zones in order, the number of orders, the
 * free pages over all zones (Σ n_k 2^k, worked out with awk from the file),
 * and two counts read off the file by eye: (zone index, order, count).
 */
struct bfix {
	const char	*path;
	size_t		 nzones;
	unsigned	 norders;
	const char	*zones;
	uint64_t	 pages;
	struct {
		size_t		 zone;
		unsigned	 order;
		uint64_t	 count;
	}		 pin[2];
};

static const struct bfix bfixes[] = {
	{ "corpus/android-goclever-i5-arm32-3.4-highmem/buddyinfo", 2, 11,
	  "0:Normal 0:HighMem", 53285, { { 0, 0, 183 }, { 1, 10, 6 } } },
	{ "corpus/arm720t-2.6.16-dma-only/buddyinfo", 1, 11,
	  "0:DMA", 5410, { { 0, 0, 8 }, { 0, 10, 4 } } },
	{ "corpus/blog-plantegg-hygon-8node-gt100000/buddyinfo", 10, 11,
	  "0:DMA 0:DMA32 0:Normal 1:Normal 2:Normal 3:Normal 4:Normal "
	  "5:Normal 6:Normal 7:Normal", 78304213,
	  { { 4, 1, 538670 }, { 9, 10, 280 } } },
	{ "corpus/debian-5.10-vm-empty-pagetypeinfo/buddyinfo", 2, 11,
	  "0:DMA 0:DMA32", 368296, { { 0, 0, 1 }, { 1, 10, 351 } } },
	{ "corpus/embedded-4.1-reserve-cma/buddyinfo", 1, 11,
	  "0:Normal", 385, { { 0, 0, 31 }, { 0, 8, 1 } } },
	{ "corpus/insights-core-test-2node/buddyinfo", 4, 11,
	  "0:DMA 0:DMA32 0:Normal 1:Normal", 15224657,
	  { { 0, 8, 1 }, { 3, 10, 6723 } } },
	{ "corpus/insights-core-test-fragmented/buddyinfo", 3, 11,
	  "0:DMA 0:DMA32 0:Normal", 151832,
	  { { 1, 0, 890 }, { 2, 0, 19340 } } },
	{ "corpus/jc-fixture-x86-vm/buddyinfo", 3, 11,
	  "0:DMA 0:DMA32 0:Normal", 660254, { { 1, 10, 629 }, { 2, 8, 13 } } },
	{ "corpus/lkml-2010-aarcange-thp-after-compact/buddyinfo", 3, 11,
	  "0:DMA 0:DMA32 0:Normal", 907536,
	  { { 1, 10, 685 }, { 2, 0, 1046 } } },
	{ "corpus/lkml-2010-aarcange-thp-before-compact/buddyinfo", 3, 11,
	  "0:DMA 0:DMA32 0:Normal", 346788, { { 1, 1, 32864 }, { 2, 9, 2 } } },
	{ "corpus/lkml-2016-hannes-fb-3.10-2node/buddyinfo", 4, 11,
	  "0:DMA 0:DMA32 0:Normal 1:Normal", 324612,
	  { { 2, 6, 1298 }, { 3, 0, 5956 } } },
	{ "corpus/lkml-2016-hannes-fb-4.0-2node/buddyinfo", 4, 11,
	  "0:DMA 0:DMA32 0:Normal 1:Normal", 618161,
	  { { 2, 0, 130376 }, { 3, 0, 190988 } } },
	{ "corpus/lkml-2016-xqiu-8node/buddyinfo", 10, 11,
	  "0:DMA 0:DMA32 0:Normal 1:Normal 2:Normal 3:Normal 4:Normal "
	  "5:Normal 6:Normal 7:Normal", 125021144,
	  { { 2, 10, 15147 }, { 9, 10, 15500 } } },
	{ "corpus/lkml-2018-rharris-dma-1/buddyinfo", 1, 11,
	  "0:DMA", 1, { { 0, 0, 1 }, { 0, 10, 0 } } },
	{ "corpus/lkml-2018-rharris-dma-1983/buddyinfo", 1, 11,
	  "0:DMA", 1983, { { 0, 0, 1983 }, { 0, 1, 0 } } },
	{ "corpus/node-exporter-fixture-x86/buddyinfo", 3, 11,
	  "0:DMA 0:DMA32 0:Normal", 50291, { { 1, 2, 791 }, { 2, 3, 1530 } } },
	{ "corpus/pcp-qa-meminfo-001-x86/buddyinfo", 3, 11,
	  "0:DMA 0:DMA32 0:Normal", 725051, { { 1, 10, 681 }, { 2, 10, 1 } } },
	{ "corpus/rhel9-5.14-vm-cma-nonormal/buddyinfo", 2, 11,
	  "0:DMA 0:DMA32", 63022, { { 0, 5, 1 }, { 1, 0, 5372 } } },
	{ "corpus/sosreport-rhel8-4.18-x86/buddyinfo", 3, 11,
	  "0:DMA 0:DMA32 0:Normal", 138017, { { 1, 10, 111 }, { 2, 2, 571 } } },
	{ "corpus/ubuntu-3.2-x86_64-reserve/buddyinfo", 3, 11,
	  "0:DMA 0:DMA32 0:Normal", 1435029,
	  { { 1, 10, 800 }, { 2, 1, 19812 } } },
	{ "corpus/xilinx-arm32-4.4-cma/buddyinfo", 1, 11,
	  "0:Normal", 34682, { { 0, 0, 42 }, { 0, 10, 32 } } },
	/* Order-0 counts of seven digits widen the kernel's %6lu field. */
	{ "corpus/vm-6.18-x86-64-holes/proc/buddyinfo", 3, 11,
	  "0:DMA 0:DMA32 0:Normal", 3007913,
	  { { 1, 0, 270149 }, { 2, 0, 2116320 } } },
};

/* Every captured buddyinfo parses to the zones, orders and counts in the file. */
START_TEST(test_fixture)
{
	const struct bfix *f = &bfixes[_i];
	struct buddyinfo bi;
	char names[256];
	size_t len, i;
	char *buf = tu_read(f->path, &len);

	parse_ok(buf, len, &bi);
	ck_assert_msg(bi.nzones == f->nzones, "%s: %zu zones, want %zu",
	    f->path, bi.nzones, f->nzones);
	ck_assert_uint_eq(bi.norders, f->norders);
	ck_assert_str_eq(zone_list(&bi, names, sizeof(names)), f->zones);
	ck_assert_uint_eq(total_pages(&bi), f->pages);
	for (i = 0; i < 2; i++) {
		const struct bzone *z = &bi.zones[f->pin[i].zone];

		ck_assert_uint_eq(z->free[f->pin[i].order], f->pin[i].count);
	}
	/* No fixture has blank lines: zone I is on line I + 1. */
	for (i = 0; i < bi.nzones; i++)
		ck_assert_uint_eq(bi.zones[i].line, i + 1);
	buddyinfo_free(&bi);
	ck_assert_ptr_null(bi.zones);
	ck_assert_uint_eq(bi.nzones, 0);
	free(buf);
}
END_TEST

/* Every count of one whole line, to catch a shifted or skipped column. */
START_TEST(test_fixture_row)
{
	static const uint64_t want[11] = {
		38337, 145731, 222145, 199776, 151452, 91969, 38086, 10037,
		1762, 104, 1
	};
	struct buddyinfo bi;
	size_t len;
	unsigned k;
	char *buf = tu_read("corpus/blog-plantegg-hygon-8node-gt100000/"
	    "buddyinfo", &len);

	parse_ok(buf, len, &bi);
	ck_assert_uint_eq(bi.zones[2].node, 0);
	ck_assert_str_eq(bi.zones[2].name, "Normal");
	for (k = 0; k < 11; k++)
		ck_assert_uint_eq(bi.zones[2].free[k], want[k]);
	buddyinfo_free(&bi);
	free(buf);
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

#define ORDERS32 \
	"0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1"

static const struct bad bads[] = {
	{ "cut short: the last line without its newline",
	  S("Node 0, zone DMA 1 2 3\nNode 0, zone Normal 4 5 6"), 2,
	  "the last line ends without a newline: the file is cut short" },
	{ "cut short inside the first line (head -c 50)",
	  S("Node 0, zone      DMA      0      0      0      1"), 1,
	  "the last line ends without a newline: the file is cut short" },
	{ "cut short inside a later line's zone name (head -c 120)",
	  S("Node 0, zone DMA 1 2 3\nNode 0, zone    DMA3"), 2,
	  "the last line ends without a newline: the file is cut short" },
	{ "cut short inside a later line's counts",
	  S("Node 0, zone DMA 1 2 3\nNode 0, zone DMA32 1"), 2,
	  "the last line ends without a newline: the file is cut short" },
	{ "cut short inside a later line's head",
	  S("Node 0, zone DMA 1 2 3\nNode 0, zo"), 2,
	  "the last line ends without a newline: the file is cut short" },
	{ "empty input", S(""), 1,
	  "no zones: expected lines 'Node N, zone NAME' with free counts per "
	  "order" },
	{ "blank lines only", S("\n  \n\t\n"), 3,
	  "no zones: expected lines 'Node N, zone NAME' with free counts per "
	  "order" },
	{ "garbage, few words", S("hello world\n"), 1,
	  "expected 'Node N, zone NAME' and free counts per order" },
	{ "garbage, many words", S("this is not buddyinfo at all\n"), 1,
	  "expected 'Node N, zone NAME', found 'this'" },
	{ "misspelt zone keyword", S("Node 0, zona DMA 1 2\n"), 1,
	  "expected 'Node N, zone NAME', found 'zona'" },
	{ "lower-case node keyword", S("node 0, zone DMA 1 2\n"), 1,
	  "expected 'Node N, zone NAME', found 'node'" },
	{ "negative count",
	  S("Node 0, zone DMA 1 2\nNode 0, zone Normal 1 -2\n"), 2,
	  "free count '-2' is negative" },
	{ "count with '+'", S("Node 0, zone DMA 1 +2 3\n"), 1,
	  "free count '+2' is not a decimal number" },
	{ "hex count", S("Node 0, zone DMA 0x10 2\n"), 1,
	  "free count '0x10' is not a decimal number" },
	{ "count with trailing junk", S("Node 0, zone DMA 1 2k\n"), 1,
	  "free count '2k' is not a decimal number" },
	{ "21-digit count", S("Node 0, zone DMA 123456789012345678901 0\n"), 1,
	  "free count '123456789012345678901' does not fit in 64 bits" },
	{ "count beyond 64 bits", S("Node 0, zone DMA 18446744073709551616\n"),
	  1, "free count '18446744073709551616' does not fit in 64 bits" },
	{ "fewer orders on a later row",
	  S("Node 0, zone DMA 1 2 3\nNode 0, zone DMA32 1 2 3\n"
	    "Node 0, zone Normal 1 2\n"), 3,
	  "2 orders, but line 1 has 3" },
	{ "more orders on a later row, after a blank line",
	  S("\nNode 0, zone DMA 1 2 3\nNode 0, zone Normal 1 2 3 4\n"), 3,
	  "4 orders, but line 2 has 3" },
	{ "duplicate zone",
	  S("Node 0, zone DMA 1\nNode 1, zone DMA 1\nNode 0, zone DMA 2\n"), 3,
	  "duplicate zone: node 0, zone DMA" },
	{ "node id 1024", S("Node 1024, zone Normal 1 2\n"), 1,
	  "node id 1024 is out of range (at most 1023)" },
	{ "node id beyond 64 bits",
	  S("Node 18446744073709551616, zone Normal 1\n"), 1,
	  "node id '18446744073709551616,' does not fit in 64 bits" },
	{ "negative node id", S("Node -1, zone Normal 1\n"), 1,
	  "node id '-1,' is negative" },
	{ "node id not a number", S("Node x, zone Normal 1\n"), 1,
	  "node id 'x,' is not a decimal number" },
	{ "node id only a comma", S("Node , zone Normal 1\n"), 1,
	  "node id ',' is not a decimal number" },
	{ "missing comma after the node id", S("Node 0 zone DMA 1 2\n"), 1,
	  "expected ',' after the node id" },
	{ "zone name with a non-ASCII byte",
	  S("Node 0, zone Norm\xc3\xa4l 1 2\n"), 1,
	  "zone name 'Norm\\xc3\\xa4l' is not 1 to 31 printable ASCII "
	  "characters" },
	{ "zone name of 32 characters",
	  S("Node 0, zone ABCDEFGHIJKLMNOPQRSTUVWXYZ012345 1\n"), 1,
	  "zone name 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345' is not 1 to 31 "
	  "printable ASCII characters" },
	{ "only the zone prefix", S("Node 0, zone DMA 1\nNode 0, zone DMA32\n"),
	  2, "zone DMA32 has no free counts" },
	{ "only the zone prefix, trailing space",
	  S("Node 0, zone DMA32 \n"), 1, "zone DMA32 has no free counts" },
	{ "prefix without a zone name", S("Node 0, zone\n"), 1,
	  "expected 'Node N, zone NAME' and free counts per order" },
	{ "33 orders", S("Node 0, zone DMA " ORDERS32 " 0\n"), 1,
	  "more than 32 orders" },
	{ "NUL byte",
	  S("Node 0, zone DMA 1 2\nNode 0, zone DMA32 1\0 2\n"), 2,
	  "NUL byte in column 21: binary data, not a kernel text file" },
	{ "CR line ending",
	  S("Node 0, zone DMA 1 2\r\nNode 0, zone DMA32 1 2\r\n"), 1,
	  "carriage return in column 21: DOS line endings are not what the "
	  "kernel writes" },
	{ "9 zones in one node",
	  S("Node 0, zone Z1 1\nNode 0, zone Z2 1\nNode 0, zone Z3 1\n"
	    "Node 1, zone Z1 1\n"
	    "Node 0, zone Z4 1\nNode 0, zone Z5 1\nNode 0, zone Z6 1\n"
	    "Node 0, zone Z7 1\nNode 0, zone Z8 1\nNode 0, zone Z9 1\n"), 10,
	  "node 0 has more than 8 zones" },
	{ "free pages beyond 64 bits in one order",
	  S("Node 0, zone DMA 0 9223372036854775808\n"), 1,
	  "free pages add up to more than 64 bits" },
	{ "free pages beyond 64 bits in the sum",
	  S("Node 0, zone DMA 18446744073709551615 1\n"), 1,
	  "free pages add up to more than 64 bits" },
	{ "free pages times 1000 beyond 64 bits",
	  S("Node 0, zone DMA 1 2\nNode 0, zone Normal 18446744073709552 0\n"),
	  2, "free pages times 1000 overflow the kernel's 64-bit arithmetic" },
	{ "free pages a multiple of 2^32",
	  S("Node 0, zone Normal 0 2147483648\n"), 1,
	  "free pages are a multiple of 2^32: the kernel's 32-bit divisor "
	  "would be zero" },
	{ "a pagetypeinfo given as buddyinfo",
	  S("Page block order: 9\nPages per block:  512\n"), 1,
	  "expected 'Node N, zone NAME', found 'Page'" },
};

/* Each malformed input fails with its own line and message and leaves nothing to free. */
START_TEST(test_bad)
{
	const struct bad *b = &bads[_i];
	struct ferr e = { .path = "buddyinfo" };
	struct buddyinfo bi;
	int rc;

	/* The parser's errors, then the model's check of the counts. */
	rc = buddyinfo_parse(b->buf, b->len, &bi, &e);
	if (rc == 0 && (rc = buddyinfo_check(&bi, &e)) != 0)
		buddyinfo_free(&bi);
	ck_assert_msg(rc == -1, "%s: parsed", b->name);
	ck_assert_msg(strcmp(e.msg, b->msg) == 0 && e.line == b->line,
	    "%s: got %lu: '%s', want %lu: '%s'", b->name, e.line, e.msg,
	    b->line, b->msg);
	ck_assert_str_eq(e.path, "buddyinfo");
	ck_assert_ptr_null(bi.zones);
	ck_assert_uint_eq(bi.nzones, 0);
	ck_assert_uint_eq(bi.norders, 0);
}
END_TEST

/* The kernel ends every line with a space; more spaces do not matter either. */
START_TEST(test_trailing_spaces)
{
	struct buddyinfo bi;

	parse_ok(S("Node 0, zone      DMA      1      0      2 \n"
	    "Node 0, zone   Normal      7      8      9   \t \n"), &bi);
	ck_assert_uint_eq(bi.nzones, 2);
	ck_assert_uint_eq(bi.norders, 3);
	ck_assert_str_eq(bi.zones[0].name, "DMA");
	ck_assert_uint_eq(bi.zones[0].free[0], 1);
	ck_assert_uint_eq(bi.zones[0].free[1], 0);
	ck_assert_uint_eq(bi.zones[0].free[2], 2);
	ck_assert_uint_eq(bi.zones[1].free[2], 9);
	buddyinfo_free(&bi);
}
END_TEST

/* Tabs separate fields like spaces. */
START_TEST(test_tabs)
{
	struct buddyinfo bi;

	parse_ok(S("Node\t3,\tzone\tDMA32\t10\t20\n"), &bi);
	ck_assert_uint_eq(bi.nzones, 1);
	ck_assert_uint_eq(bi.zones[0].node, 3);
	ck_assert_str_eq(bi.zones[0].name, "DMA32");
	ck_assert_uint_eq(bi.norders, 2);
	ck_assert_uint_eq(bi.zones[0].free[0], 10);
	ck_assert_uint_eq(bi.zones[0].free[1], 20);
	buddyinfo_free(&bi);
}
END_TEST

/* Node ids may be sparse (0 and 2), and a zone name may repeat across nodes. */
START_TEST(test_sparse_nodes)
{
	struct buddyinfo bi;
	char names[64];

	parse_ok(S("Node 0, zone DMA 1 1\nNode 0, zone Normal 2 2\n"
	    "Node 2, zone Normal 3 3\n"), &bi);
	ck_assert_str_eq(zone_list(&bi, names, sizeof(names)),
	    "0:DMA 0:Normal 2:Normal");
	ck_assert_uint_eq(bi.zones[2].free[1], 3);
	ck_assert_uint_eq(bi.zones[2].line, 3);
	buddyinfo_free(&bi);
}
END_TEST

/* Blank lines are skipped but still counted for the line numbers. */
START_TEST(test_blank_lines)
{
	struct buddyinfo bi;

	parse_ok(S("\nNode 0, zone DMA 1\n\n  \nNode 0, zone Normal 2\n\n"),
	    &bi);
	ck_assert_uint_eq(bi.nzones, 2);
	ck_assert_uint_eq(bi.zones[0].line, 2);
	ck_assert_uint_eq(bi.zones[1].line, 5);
	buddyinfo_free(&bi);
}
END_TEST

/* The limits themselves are accepted: 32 orders, node 1023, 8 zones, a 31-byte name. */
START_TEST(test_limits)
{
	struct buddyinfo bi;

	parse_ok(S("Node 1023, zone ABCDEFGHIJKLMNOPQRSTUVWXYZ01234 "
	    ORDERS32 "\n"), &bi);
	ck_assert_uint_eq(bi.norders, 32);
	ck_assert_uint_eq(bi.zones[0].node, 1023);
	ck_assert_str_eq(bi.zones[0].name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ01234");
	ck_assert_uint_eq(bi.zones[0].free[30], 0);
	ck_assert_uint_eq(bi.zones[0].free[31], 1);
	buddyinfo_free(&bi);
	parse_ok(S("Node 0, zone Z1 1\nNode 0, zone Z2 1\nNode 0, zone Z3 1\n"
	    "Node 0, zone Z4 1\nNode 0, zone Z5 1\nNode 0, zone Z6 1\n"
	    "Node 0, zone Z7 1\nNode 0, zone Z8 1\nNode 1, zone Z9 1\n"), &bi);
	ck_assert_uint_eq(bi.nzones, 9);
	ck_assert_str_eq(bi.zones[8].name, "Z9");
	ck_assert_uint_eq(bi.zones[8].node, 1);
	buddyinfo_free(&bi);
}
END_TEST

/* The largest counts frag_check allows are kept exactly. */
START_TEST(test_big_counts)
{
	struct buddyinfo bi;

	parse_ok(S("Node 0, zone Normal 18446744073709551 0\n"), &bi);
	ck_assert_uint_eq(bi.zones[0].free[0], 18446744073709551ULL);
	buddyinfo_free(&bi);
}
END_TEST

/* Many zones over many nodes grow the zone array correctly. */
START_TEST(test_many_zones)
{
	char *buf = NULL, names[64];
	size_t len = 0;
	struct buddyinfo bi;
	unsigned i;
	FILE *fp = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(fp);
	for (i = 0; i < 1024; i++)
		fprintf(fp, "Node %u, zone DMA %u 0\n"
		    "Node %u, zone Normal 0 %u\n", i, i, i, i);
	ck_assert_int_eq(fclose(fp), 0);
	parse_ok(buf, len, &bi);
	ck_assert_uint_eq(bi.nzones, 2048);
	for (i = 0; i < 1024; i++) {
		ck_assert_uint_eq(bi.zones[2 * i].node, i);
		ck_assert_uint_eq(bi.zones[2 * i].free[0], i);
		ck_assert_uint_eq(bi.zones[2 * i + 1].free[1], i);
		ck_assert_uint_eq(bi.zones[2 * i + 1].line, 2 * i + 2);
	}
	snprintf(names, sizeof(names), "%u:%s", bi.zones[2047].node,
	    bi.zones[2047].name);
	ck_assert_str_eq(names, "1023:Normal");
	buddyinfo_free(&bi);
	free(buf);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("buddyinfo");
	TCase *tf = tcase_create("fixtures");
	TCase *tb = tcase_create("malformed");
	TCase *tg = tcase_create("accepted");

	tcase_add_loop_test(tf, test_fixture, 0,
	    (int)(sizeof(bfixes) / sizeof(bfixes[0])));
	tcase_add_test(tf, test_fixture_row);
	suite_add_tcase(s, tf);
	tcase_add_loop_test(tb, test_bad, 0,
	    (int)(sizeof(bads) / sizeof(bads[0])));
	suite_add_tcase(s, tb);
	tcase_add_test(tg, test_trailing_spaces);
	tcase_add_test(tg, test_tabs);
	tcase_add_test(tg, test_sparse_nodes);
	tcase_add_test(tg, test_blank_lines);
	tcase_add_test(tg, test_limits);
	tcase_add_test(tg, test_big_counts);
	tcase_add_test(tg, test_many_zones);
	suite_add_tcase(s, tg);
	return tu_run(s);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_hugetlb.c - the hugetlb pools: a hand-written root, malformed counts, no hugetlb */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "avail.h"
#include "capmeta.h"
#include "hugetlb.h"
#include "testutil.h"

/* Read fixture root REL with pages of PAGE_SIZE into H, asserting RC. */
static void
read_root(const char *rel, unsigned long page_size, struct hugetlb *h,
    int want)
{
	struct ferr e = { .path = "" };
	char *root = tu_path(rel);
	int rc = hugetlb_read(root, page_size, h, &e);

	ck_assert_msg(rc == want, "%s: returned %d, want %d: %s:%lu: %s", rel,
	    rc, want, e.path, e.line, e.msg);
	free(root);
}

/* Assert that node pool GOT is node NODE holding NR, NFREE and SURPLUS. */
static void
check_node(const struct hugetlb_node *got, unsigned node, uint64_t nr,
    uint64_t nfree, uint64_t surplus)
{
	ck_assert_msg(got->node == node && got->nr == nr && got->free == nfree &&
	    got->surplus == surplus, "node %u: got node %u %llu %llu %llu, want "
	    "%llu %llu %llu", node, got->node, (unsigned long long)got->nr,
	    (unsigned long long)got->free, (unsigned long long)got->surplus,
	    (unsigned long long)nr, (unsigned long long)nfree,
	    (unsigned long long)surplus);
}

/* Both sizes, ascending, machine-wide and on nodes 0 and 1; node2 has no memory. */
START_TEST(test_two_nodes)
{
	const struct hugetlb_size *z;
	struct hugetlb h;

	read_root("hugetlb/two-nodes", 4096, &h, 1);
	ck_assert_uint_eq(h.nsizes, 2);

	z = &h.sizes[0];
	ck_assert_uint_eq(z->bytes, 2097152);
	ck_assert_int_eq(z->order, 9);
	ck_assert_uint_eq(z->nr, 512);
	ck_assert_uint_eq(z->free, 300);
	ck_assert_uint_eq(z->resv, 20);
	ck_assert_uint_eq(z->surplus, 4);
	ck_assert_uint_eq(z->overcommit, 8);
	ck_assert_uint_eq(z->nnodes, 2);
	check_node(&z->nodes[0], 0, 256, 100, 4);
	check_node(&z->nodes[1], 1, 256, 200, 0);

	z = &h.sizes[1];
	ck_assert_uint_eq(z->bytes, 1073741824);
	ck_assert_int_eq(z->order, 18);
	ck_assert_uint_eq(z->nr, 4);
	ck_assert_uint_eq(z->free, 3);
	ck_assert_uint_eq(z->resv, 1);
	ck_assert_uint_eq(z->surplus, 0);
	ck_assert_uint_eq(z->overcommit, 0);
	ck_assert_uint_eq(z->nnodes, 2);
	check_node(&z->nodes[0], 0, 1, 0, 0);
	check_node(&z->nodes[1], 1, 3, 3, 0);
	hugetlb_free(&h);
}
END_TEST

/* The order counts pages of the page size given; none makes 2 MiB of 3 KiB. */
START_TEST(test_orders)
{
	struct hugetlb h;

	read_root("hugetlb/two-nodes", 65536, &h, 1);
	ck_assert_int_eq(h.sizes[0].order, 5);
	ck_assert_int_eq(h.sizes[1].order, 14);
	hugetlb_free(&h);
	read_root("hugetlb/two-nodes", 3072, &h, 1);
	ck_assert_int_eq(h.sizes[0].order, -1);
	hugetlb_free(&h);
	read_root("hugetlb/two-nodes", 0, &h, 1);
	ck_assert_int_eq(h.sizes[1].order, -1);
	hugetlb_free(&h);
}
END_TEST

/* A count that is not a number: the file, line 1 and what is wrong with it. */
START_TEST(test_malformed_root)
{
	static const char rel[] = "hugetlb/malformed";
	static const char file[] = "/sys/devices/system/node/node0/hugepages/"
	    "hugepages-2048kB/surplus_hugepages";
	struct ferr e = { .path = "" };
	struct hugetlb h;
	char *root = tu_path(rel), *want, got[8192];

	ck_assert_int_eq(hugetlb_read(root, 4096, &h, &e), -1);
	ck_assert_int_ge(asprintf(&want, "fragstat: %s%s:1: huge page count "
	    "'12x' is not a decimal number", root, file), 0);
	/* What ferr_print() writes. */
	snprintf(got, sizeof(got), "fragstat: %s:%lu: %s", e.path, e.line,
	    e.msg);
	ck_assert_str_eq(got, want);
	hugetlb_free(&h);
	free(want);
	free(root);
}
END_TEST

/* A root without sys/kernel/mm/hugepages has no hugetlb, and that is no error. */
START_TEST(test_none)
{
	struct hugetlb h;

	read_root("hugetlb/none", 4096, &h, 0);
	ck_assert_uint_eq(h.nsizes, 0);
	hugetlb_free(&h);
	/* Nor is a root that does not exist at all. */
	read_root("hugetlb/no-such-root", 4096, &h, 0);
	ck_assert_uint_eq(h.nsizes, 0);
	hugetlb_free(&h);
}
END_TEST

/*
 * Whether 1 GiB pages (order 18 of 4 KiB pages) can be had above the 11
 * buddy orders: with the hstate, without it, and where the sizes were not
 * read; every order within the buddy allocator's can.
 */
START_TEST(test_possible)
{
	struct hugetlb h;

	read_root("hugetlb/two-nodes", 4096, &h, 1);
	ck_assert_int_eq(avail_possible(&h, true, 18, 11), AVAIL_POSSIBLE);
	hugetlb_free(&h);
	read_root("hugetlb/no-1g", 4096, &h, 1);
	ck_assert_int_eq(avail_possible(&h, true, 18, 11), AVAIL_IMPOSSIBLE);
	ck_assert_int_eq(avail_possible(&h, true, 9, 11), AVAIL_POSSIBLE);
	/* 2 MiB is gigantic with 9 orders (ppc64), and this root has it. */
	ck_assert_int_eq(avail_possible(&h, true, 9, 9), AVAIL_POSSIBLE);
	ck_assert_int_eq(avail_possible(&h, true, 10, 9), AVAIL_IMPOSSIBLE);
	hugetlb_free(&h);
	ck_assert_int_eq(avail_possible(NULL, true, 18, 11), AVAIL_IMPOSSIBLE);
	ck_assert_int_eq(avail_possible(NULL, false, 18, 11),
	    AVAIL_POSSIBLE_UNKNOWN);
	ck_assert_int_eq(avail_possible(NULL, false, 10, 11), AVAIL_POSSIBLE);
}
END_TEST

/* A capture says when the kernel had no hugetlb; older ones say nothing. */
START_TEST(test_capture_no_hugetlb)
{
	struct ferr e = { .path = "fragstat-capture" };
	struct capture_meta m;

	ck_assert_int_eq(capmeta_parse(S("page_size 4096\nabsent "
	    "sys/kernel/mm/hugepages\n"), &m, &e), 0);
	ck_assert(m.no_hugetlb);
	ck_assert_uint_eq(m.page_size, 4096);
	ck_assert_int_eq(capmeta_parse(S("page_size 4096\nabsent "
	    "sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages\n"), &m,
	    &e), 0);
	ck_assert(!m.no_hugetlb);
}
END_TEST

/* A value too long for its field is refused at its line, not cut short. */
START_TEST(test_capmeta_too_long)
{
	struct ferr e = { .path = "fragstat-capture" };
	struct capture_meta m;
	char buf[64];

	ck_assert_int_eq(capmeta_parse(S("time_utc 2026-12-05T06:00:00Z\n"),
	    &m, &e), 0);
	ck_assert_str_eq(m.time_utc, "2026-12-05T06:00:00Z");
	snprintf(buf, sizeof(buf), "page_size 4096\ntime_utc %032d\n", 0);
	ck_assert_int_eq(capmeta_parse(buf, strlen(buf), &m, &e), -1);
	ck_assert_uint_eq(e.line, 2);
	ck_assert_str_eq(e.msg, "time_utc is longer than 31 bytes");
	snprintf(buf, sizeof(buf), "time_utc %031d\n", 0);
	ck_assert_int_eq(capmeta_parse(buf, strlen(buf), &m, &e), 0);
	ck_assert_uint_eq(strlen(m.time_utc), 31);
	ck_assert_int_eq(capmeta_parse(S("page_size unknown\n"), &m, &e), 0);
	ck_assert_uint_eq(m.page_size, 0);
}
END_TEST

/* One count file's contents and what it parses to. */
static const struct good {
	const char	*buf;
	size_t		 len;
	uint64_t	 v;
} goods[] = {
	{ S("0\n"), 0 },
	{ S("512\n"), 512 },
	{ S("18446744073709551615\n"), UINT64_MAX },
};

START_TEST(test_parse_good)
{
	const struct good *g = &goods[_i];
	struct ferr e = { .path = "nr_hugepages" };
	uint64_t v = 1;

	ck_assert_msg(hugetlb_parse_count(g->buf, g->len, &v, &e) == 0,
	    "'%s': %s", g->buf, e.msg);
	ck_assert_uint_eq(v, g->v);
}
END_TEST

/* One malformed count file and its message (always line 1). */
static const struct bad {
	const char	*buf;
	size_t		 len;
	const char	*msg;
} bads[] = {
	{ S("12x\n"), "huge page count '12x' is not a decimal number" },
	/* A copy cut short: "5120\n" may have lost digits. */
	{ S("512"), "the last line ends without a newline: the file is cut "
	  "short" },
	{ S(""), "huge page count '' is not a decimal number" },
	{ S("\n"), "huge page count '' is not a decimal number" },
	{ S("-1\n"), "huge page count '-1' is negative" },
	{ S(" 5\n"), "huge page count ' 5' is not a decimal number" },
	{ S("5\n\n"), "huge page count '5\\x0a' is not a decimal number" },
	{ S("5\r\n"), "huge page count '5\\x0d' is not a decimal number" },
	{ S("18446744073709551616\n"),
	  "huge page count '18446744073709551616' does not fit in 64 bits" },
};

START_TEST(test_parse_bad)
{
	const struct bad *b = &bads[_i];
	struct ferr e = { .path = "nr_hugepages" };
	uint64_t v = 7;

	ck_assert_int_eq(hugetlb_parse_count(b->buf, b->len, &v, &e), -1);
	ck_assert_str_eq(e.msg, b->msg);
	ck_assert_uint_eq(e.line, 1);
	ck_assert_uint_eq(v, 7);
}
END_TEST

/* Size directories as the kernel names them, and names that are not. */
START_TEST(test_dir_kb)
{
	uint64_t kb = 0;

	ck_assert_int_eq(hugetlb_dir_kb("hugepages-2048kB", &kb), 0);
	ck_assert_uint_eq(kb, 2048);
	ck_assert_int_eq(hugetlb_dir_kb("hugepages-1048576kB", &kb), 0);
	ck_assert_uint_eq(kb, 1048576);
	ck_assert_int_eq(hugetlb_dir_kb("hugepages-02048kB", &kb), -1);
	ck_assert_int_eq(hugetlb_dir_kb("hugepages-kB", &kb), -1);
	ck_assert_int_eq(hugetlb_dir_kb("hugepages-2048KB", &kb), -1);
	ck_assert_int_eq(hugetlb_dir_kb("hugepages-2M", &kb), -1);
	ck_assert_int_eq(hugetlb_dir_kb("enabled", &kb), -1);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("hugetlb");
	TCase *tr = tcase_create("roots");
	TCase *tp = tcase_create("parse");

	tcase_add_test(tr, test_two_nodes);
	tcase_add_test(tr, test_orders);
	tcase_add_test(tr, test_malformed_root);
	tcase_add_test(tr, test_none);
	tcase_add_test(tr, test_possible);
	tcase_add_test(tr, test_capture_no_hugetlb);
	tcase_add_test(tr, test_capmeta_too_long);
	suite_add_tcase(s, tr);
	tcase_add_loop_test(tp, test_parse_good, 0,
	    (int)(sizeof(goods) / sizeof(goods[0])));
	tcase_add_loop_test(tp, test_parse_bad, 0,
	    (int)(sizeof(bads) / sizeof(bads[0])));
	tcase_add_test(tp, test_dir_kb);
	suite_add_tcase(s, tp);
	return tu_run(s);
}

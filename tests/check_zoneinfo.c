/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_zoneinfo.c - /proc/zoneinfo and /proc/vmstat: every capture, then bad input */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buddyinfo.h"
#include "testutil.h"
#include "vmstat.h"
#include "zoneinfo.h"

/* A captured zoneinfo and values read off it by eye (grep). */
static const struct zfix {
	const char	*path;
	size_t		 nzones;
	const char	*first_name, *last_name;
	uint64_t	 first_min, first_present;
	unsigned	 nprotection;
	uint64_t	 prot1;		/* first zone's protection[1], 0 if none */
} zfixes[] = {
	{ "corpus/android-goclever-i5-arm32-3.4-highmem/zoneinfo", 2,
	  "Normal", "HighMem", 696, 121412, 3, 4038 },
	{ "corpus/arm720t-2.6.16-dma-only/zoneinfo", 1, "DMA", "DMA", 181,
	  8192, 4, 0 },
	{ "corpus/debian-5.10-vm-empty-pagetypeinfo/zoneinfo", 5, "DMA",
	  "Device", 89, 3998, 5, 1932 },
	{ "corpus/embedded-4.1-reserve-cma/zoneinfo", 1, "Normal", "Normal",
	  306, 32768, 2, 0 },
	{ "corpus/jc-fixture-x86-vm/zoneinfo", 5, "DMA", "Device", 68, 3997,
	  5, 2871 },
	{ "corpus/pcp-qa-meminfo-002-2node/zoneinfo", 4, "DMA", "Normal", 2,
	  3997, 4, 1754 },
	{ "corpus/pcp-qa-meminfo-007-2node-movable-device/zoneinfo", 10, "DMA",
	  "Device", 42, 3998, 5, 1934 },
	{ "corpus/ubuntu-3.2-x86_64-reserve/zoneinfo", 3, "DMA", "Normal", 32,
	  3900, 4, 3237 },
	{ "corpus/xilinx-arm32-4.4-cma/zoneinfo", 1, "Normal", "Normal", 502,
	  65536, 3, 0 },
	{ "corpus/vm-6.18-x86-64-holes/proc/zoneinfo", 5, "DMA", "Device", 10,
	  3998, 5, 3018 },
};

START_TEST(test_zoneinfo_corpus)
{
	const struct zfix *f = &zfixes[_i];
	struct ferr e = { .path = f->path };
	struct zoneinfo zi;
	size_t len;
	char *buf = tu_read(f->path, &len);

	ck_assert_msg(zoneinfo_parse(buf, len, &zi, &e) == 0, "%s:%lu: %s",
	    f->path, e.line, e.msg);
	/* Every release's zones have what zoneinfo_whole() asks. */
	ck_assert_msg(zoneinfo_whole(&zi, &e) == 0, "%s:%lu: %s", f->path,
	    e.line, e.msg);
	ck_assert_uint_eq(zi.nzones, f->nzones);
	ck_assert_str_eq(zi.zones[0].name, f->first_name);
	ck_assert_str_eq(zi.zones[zi.nzones - 1].name, f->last_name);
	ck_assert_uint_eq(zi.zones[0].min, f->first_min);
	ck_assert_uint_eq(zi.zones[0].present, f->first_present);
	ck_assert_uint_eq(zi.zones[0].nprotection, f->nprotection);
	ck_assert_uint_eq(zi.zones[0].protection[1], f->prot1);
	ck_assert_uint_eq(zi.zones[0].index, 0);
	zoneinfo_free(&zi);
	free(buf);
}
END_TEST

/* The second node's zones count their index from 0 again; CMA is kept. */
START_TEST(test_zoneinfo_fields)
{
	static const char z[] =
	    "Node 0, zone      DMA\n  pages free     3\n        min      1\n"
	    "        low      2\n        high     3\n        present  4\n"
	    "        managed  4\n        protection: (0, 7)\n"
	    "      nr_free_cma  2\n  pagesets\n    cpu: 0\n"
	    "              count: 0\n              high:  6\n"
	    "Node 1, zone   Normal\n        min 5\n        protection: (9)\n";
	struct ferr e = { .path = "z" };
	struct zoneinfo zi;
	const struct zizone *n;

	ck_assert_int_eq(zoneinfo_parse(S(z), &zi, &e), 0);
	ck_assert_uint_eq(zi.nzones, 2);
	ck_assert_uint_eq(zi.zones[0].free, 3);
	ck_assert_uint_eq(zi.zones[0].high, 3);	/* not the pageset's high: */
	ck_assert_uint_eq(zi.zones[0].free_cma, 2);
	ck_assert_uint_eq(zi.zones[0].protection[1], 7);
	ck_assert_uint_eq(zi.zones[0].have & (ZI_FREE | ZI_MIN | ZI_LOW |
	    ZI_HIGH | ZI_PRESENT | ZI_MANAGED | ZI_PROTECTION | ZI_FREE_CMA),
	    ZI_FREE | ZI_MIN | ZI_LOW | ZI_HIGH | ZI_PRESENT | ZI_MANAGED |
	    ZI_PROTECTION | ZI_FREE_CMA);
	n = zoneinfo_find(&zi, 1, "Normal");
	ck_assert_ptr_nonnull(n);
	ck_assert_uint_eq(n->index, 0);
	ck_assert_uint_eq(n->nprotection, 1);
	ck_assert_uint_eq(n->protection[0], 9);
	ck_assert_ptr_null(zoneinfo_find(&zi, 0, "Normal"));
	zoneinfo_free(&zi);
}
END_TEST

static const struct bad {
	const char	*text;
	size_t		 len;
	unsigned long	 line;
	const char	*msg;
} zbad[] = {
	{ S(""), 1, "no zones" },
	{ S("  pages free 1\n"), 1,
	  "expected 'Node N, zone NAME' before the zone's fields" },
	{ S("Node 0, zone DMA\n        min -1\n"), 2, "min '-1' is negative" },
	{ S("Node 0, zone DMA\n        min 1\n        min 2\n"), 3,
	  "second 'min' line in node 0, zone DMA" },
	{ S("Node 0, zone DMA\nNode 0, zone DMA\n"), 2,
	  "duplicate zone: node 0, zone DMA" },
	{ S("Node 0, zone DMA\n        protection: 0, 1)\n"), 2,
	  "expected '(' after 'protection:'" },
	{ S("Node 0, zone DMA\n        protection: (0 1)\n"), 2,
	  "expected ',' after protection value 1" },
	{ S("Node 0, zone DMA\n        protection: (0, 1\n"), 2,
	  "expected ')' after protection value 2" },
	{ S("Node 0, zone DMA\n        protection: (0, 1, 2, 3, 4, 5, 6, 7, 8)\n"),
	  2, "expected 'protection: (N, ...)' with 1 to 8 values" },
	{ S("Node 0, zone DMA\n  pages free 99999999999999999999\n"), 2,
	  "pages free '99999999999999999999' does not fit in 64 bits" },
	{ S("Node 0, zone DMA\n\0\n"), 2,
	  "NUL byte in column 1: binary data, not a kernel text file" },
};

/*
 * nr_free_pages_blocks (6.15+, a211c6550efc): __add_to_free_list() and
 * __del_page_from_free_list() count the pages of every free block of
 * pageblock_order or more, Isolate excepted, so on the 6.18 machine the
 * counter equals sum(n_k 2^k, k >= 9) over the buddyinfo read beside it,
 * zone by zone, and vmstat prints the zones' sum. The kernel's own output
 * (advise/defrag-on, captured live) against that sum.
 */
START_TEST(test_free_pages_blocks)
{
	char *z = tu_read("advise/defrag-on/proc/zoneinfo", NULL);
	char *b = tu_read("advise/defrag-on/proc/buddyinfo", NULL);
	char *v = tu_read("advise/defrag-on/proc/vmstat", NULL);
	struct ferr e = { .path = "t" };
	const struct zizone *zz;
	struct buddyinfo bi;
	struct zoneinfo zi;
	struct vmstat vm;
	uint64_t sum, all = 0;
	size_t i;
	unsigned k;

	ck_assert_int_eq(zoneinfo_parse(z, strlen(z), &zi, &e), 0);
	ck_assert_int_eq(buddyinfo_parse(b, strlen(b), &bi, &e), 0);
	ck_assert_int_eq(vmstat_parse(v, strlen(v), &vm, &e), 0);
	for (i = 0; i < bi.nzones; i++) {
		zz = zoneinfo_find(&zi, bi.zones[i].node, bi.zones[i].name);
		ck_assert_ptr_nonnull(zz);
		ck_assert(zz->have & ZI_FREE_BLOCKS);
		for (sum = 0, k = 9; k < bi.norders; k++)
			sum += bi.zones[i].free[k] << k;
		ck_assert_uint_eq(zz->free_blocks, sum);
		all += sum;
	}
	ck_assert(vm.have & (1u << VM_NR_FREE_PAGES_BLOCKS));
	ck_assert_uint_eq(vm.v[VM_NR_FREE_PAGES_BLOCKS], all);
	/* Before 6.15 the line is not there. */
	zoneinfo_free(&zi);
	free(z);
	z = tu_read("corpus/jc-fixture-x86-vm/zoneinfo", NULL);
	ck_assert_int_eq(zoneinfo_parse(z, strlen(z), &zi, &e), 0);
	ck_assert(!(zi.zones[0].have & ZI_FREE_BLOCKS));
	zoneinfo_free(&zi);
	buddyinfo_free(&bi);
	free(z);
	free(b);
	free(v);
}
END_TEST

START_TEST(test_zoneinfo_bad)
{
	struct ferr e = { .path = "z" };
	struct zoneinfo zi;

	ck_assert_int_eq(zoneinfo_parse(zbad[_i].text, zbad[_i].len, &zi, &e),
	    -1);
	ck_assert_str_eq(e.msg, zbad[_i].msg);
	ck_assert_uint_eq(e.line, zbad[_i].line);
}
END_TEST

/*
 * The 6.18 capture cut with head -c after N bytes: where the cut shows
 * (line) and what is said, from the parser or else zoneinfo_whole().
 */
static const struct cut {
	size_t		 n;
	unsigned long	 line;
	const char	*msg;
} zcuts[] = {
	/* Mid-line: "  pages free     38" of "3840". */
	{ 1499, 54, "the last line ends without a newline: the file is cut "
	  "short" },
	/* After the DMA zone's "  pages free     3840\n": no watermarks. */
	{ 1502, 54, "node 0, zone DMA ends before its 'min' line: the file is "
	  "cut short" },
	/* Inside the per-CPU lists of the Normal zone, after "    cpu: 1\n". */
	{ 4683, 182, "node 0, zone Normal ends before its 'start_pfn:' line: "
	  "the file is cut short" },
	/* In the Movable zone, after "        cma      0\n". */
	{ 5127, 201, "node 0, zone Movable ends before its 'protection:' line: "
	  "the file is cut short" },
};

START_TEST(test_zoneinfo_cut)
{
	const struct cut *c = &zcuts[_i];
	struct ferr e = { .path = "z" };
	struct zoneinfo zi;
	size_t len;
	char *buf = tu_read("corpus/vm-6.18-x86-64-holes/proc/zoneinfo", &len);
	int rc;

	ck_assert_uint_lt(c->n, len);
	if ((rc = zoneinfo_parse(buf, c->n, &zi, &e)) == 0) {
		rc = zoneinfo_whole(&zi, &e);
		zoneinfo_free(&zi);
	}
	ck_assert_int_eq(rc, -1);
	ck_assert_str_eq(e.msg, c->msg);
	ck_assert_uint_eq(e.line, c->line);
	free(buf);
}
END_TEST

/*
 * A whole protection line may lack its newline (node_exporter's fixture
 * was stored so); a zone between two others that ends early is named.
 */
START_TEST(test_zoneinfo_whole)
{
	static const char end[] =
	    "Node 0, zone  Movable\n  pages free     0\n        min      0\n"
	    "        low      0\n        high     0\n        spanned  0\n"
	    "        present  0\n        protection: (0, 0)";
	static const char mid[] =
	    "Node 0, zone      DMA\n  pages free     3\n        min      1\n"
	    "        low      2\n        high     3\n        spanned  4\n"
	    "        present  4\n        protection: (0, 7)\n"
	    "Node 0, zone  Movable\n  pages free     0\n        min      0\n"
	    "        low      0\n        high     0\n        spanned  0\n"
	    "        present  0\n        protection: (0, 0)\n";
	struct ferr e = { .path = "z" };
	struct zoneinfo zi;

	ck_assert_int_eq(zoneinfo_parse(end, sizeof(end) - 1, &zi, &e), 0);
	ck_assert_int_eq(zoneinfo_whole(&zi, &e), 0);
	zoneinfo_free(&zi);
	/* Without its ')', the line may have lost values. */
	ck_assert_int_eq(zoneinfo_parse(end, sizeof(end) - 2, &zi, &e), -1);
	ck_assert_uint_eq(e.line, 8);
	ck_assert_int_eq(zoneinfo_parse(mid, sizeof(mid) - 1, &zi, &e), 0);
	ck_assert_int_eq(zoneinfo_whole(&zi, &e), -1);
	ck_assert_str_eq(e.msg, "node 0, zone DMA ends before its 'start_pfn:' "
	    "line");
	ck_assert_uint_eq(e.line, 9);
	zoneinfo_free(&zi);
}
END_TEST

/* Captured vmstat files with the values grep shows; -1: not printed. */
static const struct vfix {
	const char	*path;
	long long	 compact_stall, thp_fault_alloc, nr_free_pages;
} vfixes[] = {
	{ "corpus/android-goclever-i5-arm32-3.4-highmem/vmstat", -1, -1, 51698 },
	{ "corpus/arm720t-2.6.16-dma-only/vmstat", -1, -1, -1 },
	{ "corpus/embedded-4.1-reserve-cma/vmstat", 0, -1, 504 },
	{ "corpus/pcp-qa-meminfo-002-2node/vmstat", 0, 514958, 21821632 },
	{ "corpus/rhel8.8-4.18-zoneinfo-movable-device/vmstat", 0, 1346, 744407 },
	{ "corpus/vm-6.18-x86-64-holes/proc/vmstat", 0, 0, 3007913 },
};

/* Assert that counter C of V is W (-1: absent). */
static void
counter(const struct vmstat *v, enum vm_counter c, long long w)
{
	if (w < 0) {
		ck_assert_msg(!(v->have & (1u << c)), "%s present",
		    vmstat_name(c));
		return;
	}
	ck_assert_msg(v->have & (1u << c), "%s absent", vmstat_name(c));
	ck_assert_uint_eq(v->v[c], (uint64_t)w);
}

START_TEST(test_vmstat_corpus)
{
	const struct vfix *f = &vfixes[_i];
	struct ferr e = { .path = f->path };
	struct vmstat v;
	size_t len;
	char *buf = tu_read(f->path, &len);

	ck_assert_msg(vmstat_parse(buf, len, &v, &e) == 0, "%s:%lu: %s",
	    f->path, e.line, e.msg);
	counter(&v, VM_COMPACT_STALL, f->compact_stall);
	counter(&v, VM_THP_FAULT_ALLOC, f->thp_fault_alloc);
	counter(&v, VM_NR_FREE_PAGES, f->nr_free_pages);
	free(buf);
}
END_TEST

static const struct bad vbad[] = {
	{ S(""), 1, "empty: no counters" },
	{ S("compact_stall\n"), 1,
	  "expected 'counter_name value', found 'compact_stall'" },
	{ S("compact_stall 1 2\n"), 1,
	  "expected 'counter_name value', found 'compact_stall 1 2'" },
	{ S("Compact_Stall 1\n"), 1,
	  "expected 'counter_name value', found 'Compact_Stall 1'" },
	{ S("compact_stall -1\n"), 1, "counter value '-1' is negative" },
	{ S("nr_free_pages 1\ncompact_stall 1\ncompact_stall 2\n"), 3,
	  "second 'compact_stall' line" },
	/* "compact_stall 12\n" cut short reads as 1: refused. */
	{ S("nr_free_pages 1\ncompact_stall 1"), 2,
	  "the last line ends without a newline: the file is cut short" },
	{ S("compact_stall 1\r\n"), 1,
	  "carriage return in column 16: DOS line endings are not what the "
	  "kernel writes" },
};

START_TEST(test_vmstat_bad)
{
	struct ferr e = { .path = "v" };
	struct vmstat v;

	ck_assert_int_eq(vmstat_parse(vbad[_i].text, vbad[_i].len, &v, &e), -1);
	ck_assert_str_eq(e.msg, vbad[_i].msg);
	ck_assert_uint_eq(e.line, vbad[_i].line);
}
END_TEST

/* Unknown counters are skipped. */
START_TEST(test_vmstat_unknown)
{
	struct ferr e = { .path = "v" };
	struct vmstat v;

	ck_assert_int_eq(vmstat_parse(S("nr_new_thing 5\ncompact_fail 3\n"), &v,
	    &e), 0);
	ck_assert_uint_eq(v.have, 1u << VM_COMPACT_FAIL);
	ck_assert_uint_eq(v.v[VM_COMPACT_FAIL], 3);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("zoneinfo");
	TCase *tc = tcase_create("zoneinfo");

	tcase_add_loop_test(tc, test_zoneinfo_corpus, 0,
	    (int)(sizeof(zfixes) / sizeof(zfixes[0])));
	tcase_add_test(tc, test_zoneinfo_fields);
	tcase_add_test(tc, test_free_pages_blocks);
	tcase_add_loop_test(tc, test_zoneinfo_bad, 0,
	    (int)(sizeof(zbad) / sizeof(zbad[0])));
	tcase_add_loop_test(tc, test_zoneinfo_cut, 0,
	    (int)(sizeof(zcuts) / sizeof(zcuts[0])));
	tcase_add_test(tc, test_zoneinfo_whole);
	suite_add_tcase(s, tc);
	tc = tcase_create("vmstat");
	tcase_add_loop_test(tc, test_vmstat_corpus, 0,
	    (int)(sizeof(vfixes) / sizeof(vfixes[0])));
	tcase_add_loop_test(tc, test_vmstat_bad, 0,
	    (int)(sizeof(vbad) / sizeof(vbad[0])));
	tcase_add_test(tc, test_vmstat_unknown);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

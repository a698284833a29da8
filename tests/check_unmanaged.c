/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_unmanaged.c - /proc/meminfo, and memory present but not managed with its cause */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "availability.h"
#include "capture.h"
#include "meminfo.h"
#include "pageorder.h"
#include "testutil.h"
#include "unmanaged.h"
#include "zoneinfo.h"

/* This machine's meminfo, memory initialised lazily: the values read by eye. */
START_TEST(test_meminfo_fixture)
{
	struct ferr e = { .path = "meminfo" };
	struct meminfo m;
	size_t len;
	char *buf = tu_read("unmanaged/lazy/proc/meminfo", &len);

	ck_assert_msg(meminfo_parse(buf, len, &m, &e) == 0, "%lu: %s",
	    e.line, e.msg);
	ck_assert_uint_eq(m.total_kb, 24683792);
	ck_assert_uint_eq(m.free_kb, 23366464);
	ck_assert_uint_eq(m.balloon_kb, 0);
	/* And the lines --map's explanation reads. */
	ck_assert_uint_eq(m.have, MI_TOTAL | MI_FREE | MI_BALLOON | MI_VMALLOC |
	    MI_PERCPU | MI_HUGETLB);
	ck_assert_uint_eq(m.vmalloc_kb, 14988);
	ck_assert_uint_eq(m.percpu_kb, 768);
	free(buf);
	buf = tu_read("unmanaged/unaccepted/proc/meminfo", &len);
	ck_assert_int_eq(meminfo_parse(buf, len, &m, &e), 0);
	ck_assert_uint_eq(m.unaccepted_kb, 8388608);
	ck_assert(m.have & MI_UNACCEPTED);
	free(buf);
}
END_TEST

/* One malformed meminfo and the message it must give. */
static const struct bad {
	const char	*name, *buf;
	unsigned long	 line;
	const char	*msg;
} bads[] = {
	{ "empty", "", 1, "empty: no MemTotal line" },
	{ "no MemTotal", "MemFree: 1 kB\n", 1, "no MemTotal line" },
	{ "no colon", "MemTotal 1 kB\n", 1,
	  "expected 'Name: value kB', found 'MemTotal 1 kB'" },
	{ "other unit", "MemTotal: 1 MB\n", 1,
	  "expected 'Name: value kB', found 'MemTotal: 1 MB'" },
	{ "no unit", "MemTotal: 1\n", 1, "'MemTotal' has no unit: expected kB" },
	{ "negative", "MemTotal: 1 kB\nUnaccepted: -1 kB\n", 2,
	  "value '-1' is negative" },
	{ "twice", "MemTotal: 1 kB\nBalloon: 0 kB\nBalloon: 0 kB\n", 3,
	  "second 'Balloon' line" },
	{ "bytes past 64 bits", "MemTotal: 18014398509481984 kB\n", 1,
	  "'MemTotal' is beyond 64 bits of bytes" },
	{ "cut name", "MemTotal: 1 kB\nMemFr", 2,
	  "expected 'Name: value kB', found 'MemFr'" },
};

/* Every malformed meminfo fails with its message at its line. */
START_TEST(test_meminfo_bad)
{
	const struct bad *b = &bads[_i];
	struct ferr e = { .path = "meminfo" };
	struct meminfo m;

	ck_assert_msg(meminfo_parse(b->buf, strlen(b->buf), &m, &e) == -1,
	    "%s: parsed", b->name);
	ck_assert_msg(strcmp(e.msg, b->msg) == 0 && e.line == b->line,
	    "%s: got %lu: '%s', want %lu: '%s'", b->name, e.line, e.msg,
	    b->line, b->msg);
}
END_TEST

/*
 * A zoneinfo of two zones: DMA32 (1 GiB present, 1% reserved) and Normal
 * (8 GiB present, NORMAL_MANAGED managed), in 4 KiB pages.
 */
static void
zones(struct zoneinfo *zi, uint64_t normal_managed)
{
	char buf[512];
	struct ferr e = { .path = "zoneinfo" };

	snprintf(buf, sizeof(buf), "Node 0, zone    DMA32\n"
	    "  pages free     1000\n        spanned  262144\n"
	    "        present  262144\n        managed  259523\n"
	    "Node 0, zone   Normal\n  pages free     1000\n"
	    "        spanned  2097152\n        present  2097152\n"
	    "        managed  %llu\n", (unsigned long long)normal_managed);
	ck_assert_msg(zoneinfo_parse(buf, strlen(buf), zi, &e) == 0, "%lu: %s",
	    e.line, e.msg);
}

/* One case of the cause: Normal's managed pages, meminfo, vmstat's balloon. */
static const struct ucase {
	const char	*name;
	uint64_t	 normal_managed;
	bool		 meminfo;
	uint64_t	 total_kb, unaccepted_kb;
	long long	 balloon;	/* nr_balloon_pages, -1: no line */
	enum unm_cause	 cause;
	uint64_t	 said, uninit, unaccepted;
} ucases[] = {
	/* 2% of Normal reserved (memmap, kernel): nothing to say. */
	{ "usual reservations", 2055209, true, (259523 + 2055209) * 4, 0, 0,
	  UNM_NONE, 0, 0, 0 },
	/* Just above 1/16 of present: said; MemTotal = managed: unknown. */
	{ "reserved at boot", 2097152 - 131073, true,
	  (259523 + 2097152 - 131073) * 4, 0, 0, UNM_UNKNOWN, 131073, 0, 0 },
	{ "at 1/16 exactly", 2097152 - 131072, true,
	  (259523 + 2097152 - 131072) * 4, 0, 0, UNM_NONE, 0, 0, 0 },
	/* 6 GiB not initialised: MemTotal counts it, no zone does. */
	{ "lazily initialised", 524288, true, (259523 + 2097152 - 30000) * 4,
	  0, 0, UNM_UNINIT, 2097152 - 524288, 2097152 - 30000 - 524288, 0 },
	{ "no meminfo", 524288, false, 0, 0, -1, UNM_UNKNOWN,
	  2097152 - 524288, 0, 0 },
	/* A balloon of 4 GiB: managed and MemTotal both went down. */
	{ "balloon", 2097152 - 1048576 - 30000, true,
	  (259523 + 2097152 - 1048576 - 30000) * 4, 0, 1048576, UNM_BALLOON,
	  1048576 + 30000, 0, 0 },
	/* Both at once: the inputs cannot split them. */
	{ "balloon and lazy", 524288, true, (259523 + 524288 + 786432) * 4,
	  0, 786432, UNM_UNKNOWN, 2097152 - 524288, 786432, 0 },
	/* Unaccepted memory is managed: said beside, never as a zone's. */
	{ "unaccepted", 2055209, true, (259523 + 2055209) * 4, 4194304, 0,
	  UNM_NONE, 0, 0, 1048576 },
};

/* unm_build() finds the share said, its cause and the meminfo counts. */
START_TEST(test_cause)
{
	const struct ucase *c = &ucases[_i];
	struct zoneinfo zi;
	struct meminfo mi;
	struct vmstat vm;
	struct unmanaged u;
	uint64_t present, pages;

	zones(&zi, c->normal_managed);
	memset(&mi, 0, sizeof(mi));
	mi.total_kb = c->total_kb;
	mi.unaccepted_kb = c->unaccepted_kb;
	mi.have = MI_TOTAL | (c->unaccepted_kb ? MI_UNACCEPTED : 0);
	memset(&vm, 0, sizeof(vm));
	if (c->balloon >= 0) {
		vm.v[VM_NR_BALLOON_PAGES] = (uint64_t)c->balloon;
		vm.have = 1u << VM_NR_BALLOON_PAGES;
	}
	ck_assert_int_eq(unm_build(&u, &zi, c->meminfo ? &mi : NULL, &vm,
	    4096), 0);
	ck_assert_msg(u.cause == c->cause, "%s: cause %s, want %s", c->name,
	    unm_cause_name(u.cause), unm_cause_name(c->cause));
	ck_assert_msg(u.said == c->said && u.uninit == c->uninit &&
	    u.unaccepted == c->unaccepted, "%s: said %llu uninit %llu "
	    "unaccepted %llu", c->name, (unsigned long long)u.said,
	    (unsigned long long)u.uninit, (unsigned long long)u.unaccepted);
	/* The DMA32 zone's 1% is never said; Normal's cause is the machine's. */
	ck_assert(u.zones[0].cause == UNM_NONE && u.zones[0].pages == 2621);
	ck_assert(u.zones[1].cause == (c->said ? c->cause : UNM_NONE));
	ck_assert_uint_eq(unm_sum(&u, 0, false, &present, &pages), 2);
	ck_assert_uint_eq(present, 262144 + 2097152);
	ck_assert_uint_eq(pages, 2621 + 2097152 - c->normal_managed);
	ck_assert_uint_eq(unm_sum(&u, 1, false, &present, &pages), 0);
	ck_assert_int_eq(unm_any(&u), c->said > 0 || c->unaccepted > 0);
	unm_free(&u);
	zoneinfo_free(&zi);
}
END_TEST

/*
 * meminfo's kB in pages, by hand: 100 kB of 4 KiB pages are 100 / 4 = 25,
 * 101 kB 25 too (rounded down), of 64 KiB pages 100 / 64 = 1; of 512-byte
 * pages 100 * 1024 / 512 = 200 (where PAGE_SIZE / 1024 is 0: the divisor
 * of a division by zero before), at most UINT64_MAX.
 */
START_TEST(test_kb_pages)
{
	ck_assert_uint_eq(pageorder_kb_pages(100, 4096), 25);
	ck_assert_uint_eq(pageorder_kb_pages(101, 4096), 25);
	ck_assert_uint_eq(pageorder_kb_pages(100, 65536), 1);
	ck_assert_uint_eq(pageorder_kb_pages(100, 1024), 100);
	ck_assert_uint_eq(pageorder_kb_pages(100, 512), 200);
	ck_assert_uint_eq(pageorder_kb_pages(UINT64_MAX / 2 + 1, 512),
	    UINT64_MAX);
}
END_TEST

/*
 * Pages of 512 bytes: MemTotal 1000 kB is 2000 pages; with 1500 managed
 * (zoneinfo, in pages) 2000 - 1500 = 500 are not initialised.
 */
START_TEST(test_small_pages)
{
	struct zizone z = { .node = 0, .name = "Normal", .present = 2000,
	    .managed = 1500, .have = ZI_PRESENT | ZI_MANAGED };
	struct zoneinfo zi = { .zones = &z, .nzones = 1 };
	struct meminfo mi = { .total_kb = 1000, .have = MI_TOTAL };
	struct unmanaged u;

	ck_assert_int_eq(unm_build(&u, &zi, &mi, NULL, 512), 0);
	ck_assert_uint_eq(u.uninit, 500);
	ck_assert_uint_eq(u.said, 500);
	ck_assert_int_eq(u.cause, UNM_UNINIT);
	unm_free(&u);
}
END_TEST

/* --need's answer reclaim: the pages not managed cover it, or not. */
START_TEST(test_need_cover)
{
	struct unm_zone z = { .node = 0, .present = 1000, .pages = 300,
	    .cause = UNM_UNINIT };
	struct unmanaged u = { .zones = &z, .nzones = 1, .said = 300,
	    .cause = UNM_UNINIT, .unaccepted = 50 };
	struct avail row = { .free_pages = 100 };
	struct need nd = { .count = 100, .order = 2, .node = -1 };
	struct need_answer ans = { .verdict = VERDICT_RECLAIM, .row = &row };

	/* 400 pages wanted, 100 free, 300 + 50 unaccepted machine-wide. */
	ck_assert_uint_eq(unm_need_cover(&u, &nd, &ans), 350);
	/* On node 0 unaccepted memory does not count: 400 <= 100 + 300. */
	nd.node = 0;
	ck_assert_uint_eq(unm_need_cover(&u, &nd, &ans), 300);
	nd.count = 101;
	ck_assert_uint_eq(unm_need_cover(&u, &nd, &ans), 0);
	/* Only when the answer is reclaim, and the count fits in 64 bits. */
	nd.count = 1;
	ans.verdict = VERDICT_COMPACT;
	ck_assert_uint_eq(unm_need_cover(&u, &nd, &ans), 0);
	ans.verdict = VERDICT_RECLAIM;
	nd.order = 64;
	ck_assert_uint_eq(unm_need_cover(&u, &nd, &ans), 0);
	ck_assert_uint_eq(unm_need_cover(NULL, &nd, &ans), 0);
	/* The cause unknown: reserved, unless meminfo is missing. */
	ck_assert_int_eq(unm_unknown_why(&u), UNM_UNKNOWN_NO_MEMINFO);
	u.have_meminfo = true;
	ck_assert_int_eq(unm_unknown_why(&u), UNM_UNKNOWN_RESERVED);
	u.uninit = u.balloon = 150;
	ck_assert_int_eq(unm_unknown_why(&u), UNM_UNKNOWN_BOTH);
}
END_TEST

/* --capture stores meminfo, byte for byte: snapshots carry the cause. */
START_TEST(test_capture_keeps_meminfo)
{
	char tmp[] = "/tmp/check_unmanaged.XXXXXX", dir[64], path[80];
	char *src = tu_path("unmanaged/lazy"), *want, *got, rm[80];
	struct ferr e = { .path = "" };
	size_t wn, gn;
	FILE *fp;

	ck_assert_ptr_nonnull(mkdtemp(tmp));
	snprintf(dir, sizeof(dir), "%s/c", tmp);
	ck_assert_msg(capture_run(src, dir, 4096, NULL, NULL, NULL, &e) == 0,
	    "%s: %s", e.path, e.msg);
	want = tu_read("unmanaged/lazy/proc/meminfo", &wn);
	snprintf(path, sizeof(path), "%s/proc/meminfo", dir);
	ck_assert_ptr_nonnull(fp = fopen(path, "rb"));
	got = calloc(1, wn + 2);
	gn = fread(got, 1, wn + 1, fp);
	fclose(fp);
	ck_assert(gn == wn && memcmp(got, want, wn) == 0);
	free(got);
	free(want);
	free(src);
	snprintf(rm, sizeof(rm), "rm -rf %s", tmp);
	ck_assert_int_eq(system(rm), 0);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("unmanaged");
	TCase *tm = tcase_create("meminfo");
	TCase *tc = tcase_create("cause");

	tcase_add_test(tm, test_meminfo_fixture);
	tcase_add_test(tm, test_capture_keeps_meminfo);
	tcase_add_test(tm, test_need_cover);
	tcase_add_test(tm, test_kb_pages);
	tcase_add_test(tm, test_small_pages);
	tcase_add_loop_test(tm, test_meminfo_bad, 0,
	    (int)(sizeof(bads) / sizeof(bads[0])));
	suite_add_tcase(s, tm);
	tcase_add_loop_test(tc, test_cause, 0,
	    (int)(sizeof(ucases) / sizeof(ucases[0])));
	suite_add_tcase(s, tc);
	return tu_run(s);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_cma.c - CMA by every source: agreement and disagreement, worked by hand, and the areas read from a root */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cma_read.h"
#include "cmacheck.h"
#include "meminfo.h"
#include "pagetypeinfo.h"
#include "testutil.h"
#include "zoneinfo.h"

/*
 * pagetypeinfo as a 6.x kernel with CONFIG_CMA prints it
 * (pagetypeinfo_showblockcount_print(), migratetype_names[]: CMA before
 * Isolate), pageblocks of order 9: Normal has CMA pageblocks BLOCKS.
 */
static char *
pti_text(unsigned long blocks)
{
	char *s;

	ck_assert_int_ge(asprintf(&s, "Page block order: 9\n"
	    "Pages per block:  512\n\n"
	    "Free pages count per migrate type at order      0      1 \n"
	    "Node    0, zone   Normal, type    Unmovable      1      0 \n"
	    "Node    0, zone   Normal, type      Movable      2      1 \n"
	    "Node    0, zone   Normal, type  Reclaimable      0      0 \n"
	    "Node    0, zone   Normal, type   HighAtomic      0      0 \n"
	    "Node    0, zone   Normal, type          CMA      0      0 \n"
	    "Node    0, zone   Normal, type      Isolate      0      0 \n\n"
	    "Number of blocks type     Unmovable      Movable  Reclaimable"
	    "   HighAtomic          CMA      Isolate \n"
	    "Node 0, zone   Normal %12d %12d %12d %12d %12lu %12d \n", 10,
	    20000, 5, 0, blocks, 0), 0);
	return s;
}

/* zoneinfo of zone Normal with CMA pages CMA and NR_FREE_CMA free. */
static char *
zi_text(unsigned long cma, unsigned long free_cma)
{
	char *s;

	ck_assert_int_ge(asprintf(&s, "Node 0, zone   Normal\n"
	    "  pages free     100\n        min      1\n        low      1\n"
	    "        high     2\n        spanned  12582912\n"
	    "        present  12582912\n        managed  12000000\n"
	    "        cma      %lu\n        protection: (0, 0)\n"
	    "      nr_free_cma  %lu\n  start_pfn:           1048576\n", cma,
	    free_cma), 0);
	return s;
}

/* Check C against PTI_BLOCKS, ZONE_CMA, free and meminfo MI_TEXT. */
static void
checked(struct cma_check *c, unsigned long blocks, unsigned long zone_cma,
    unsigned long free_cma, const char *mi_text, const struct cma_areas *a)
{
	struct ferr e = { .path = "" };
	struct pagetypeinfo pti;
	struct zoneinfo zi;
	struct meminfo mi;
	char *p = pti_text(blocks), *z = zi_text(zone_cma, free_cma);

	ck_assert_msg(pagetypeinfo_parse(p, strlen(p), &pti, &e) == 0,
	    "pagetypeinfo:%lu: %s", e.line, e.msg);
	ck_assert_msg(zoneinfo_parse(z, strlen(z), &zi, &e) == 0,
	    "zoneinfo:%lu: %s", e.line, e.msg);
	ck_assert_int_eq(meminfo_parse(mi_text, strlen(mi_text), &mi, &e), 0);
	cma_check(c, &pti, &zi, &mi, a, 4096);
	pagetypeinfo_free(&pti);
	zoneinfo_free(&zi);
	free(p);
	free(z);
}

/* 64 MiB of CMA: 32 pageblocks of 512 pages = 16384 pages = 65536 kB. */
START_TEST(test_agree)
{
	struct cma_check c;
	struct cma_areas a;

	memset(&a, 0, sizeof(a));
	a.n = 1;
	strcpy(a.a[0].name, "reserved");
	a.a[0].v[CMA_TOTAL] = 16384;
	a.a[0].v[CMA_AVAILABLE] = 16000;
	a.a[0].have = 1u << CMA_TOTAL | 1u << CMA_AVAILABLE |
	    1u << CMA_ALLOC_FAIL;
	checked(&c, 32, 16384, 300, "MemTotal: 1 kB\nCmaTotal: 65536 kB\n"
	    "CmaFree: 1200 kB\n", &a);
	ck_assert_uint_eq(c.blocks, 32);
	ck_assert_uint_eq(c.pages[CMA_SRC_BLOCKS], 16384);
	ck_assert_uint_eq(c.pages[CMA_SRC_TOTAL], 16384);
	ck_assert_uint_eq(c.pages[CMA_SRC_FREE], 300);
	ck_assert_uint_eq(c.pages[CMA_SRC_AVAILABLE], 16000);
	ck_assert_uint_eq(c.bad, 0);
	ck_assert(c.any);
}
END_TEST

/*
 * The host of the issue: 4697 CMA pageblocks (4697 x 512 pages = 2404864
 * pages, 9.17 GiB) while CmaTotal says 32 MiB (8192 pages) and the zone
 * 8192 too; nr_free_cma 100 against CmaFree 404 kB (101 pages).
 */
START_TEST(test_disagree)
{
	struct cma_check c;

	checked(&c, 4697, 8192, 100, "MemTotal: 1 kB\nCmaTotal: 32768 kB\n"
	    "CmaFree: 404 kB\n", NULL);
	ck_assert_uint_eq(c.pages[CMA_SRC_BLOCKS], 2404864);
	ck_assert_uint_eq(c.pages[CMA_SRC_TOTAL], 8192);
	ck_assert_uint_eq(c.bad, CMA_BAD_BLOCKS | CMA_BAD_FREE);
	ck_assert(!c.have[CMA_SRC_SYSFS_TOTAL]);
}
END_TEST

/* No CMA: no column, no line: nothing says there is any. */
START_TEST(test_none)
{
	static const char zi[] = "Node 0, zone   Normal\n  pages free     1\n"
	    "        present  8\n  start_pfn:           0\n";
	struct ferr e = { .path = "" };
	struct zoneinfo z;
	struct cma_check c;

	ck_assert_int_eq(zoneinfo_parse(S(zi), &z, &e), 0);
	cma_check(&c, NULL, &z, NULL, NULL, 4096);
	ck_assert(!c.any);
	ck_assert_uint_eq(c.bad, 0);
	zoneinfo_free(&z);
}
END_TEST

/* The areas of the fixture root: sysfs's counts, debugfs's range. */
START_TEST(test_read)
{
	struct ferr e = { .path = "" };
	struct cma_areas a;
	char *root = tu_path("cma/disagree");

	ck_assert_msg(cma_read(root, &a, &e) == 0, "%s", e.msg);
	ck_assert(a.sysfs);
	ck_assert_uint_eq(a.n, 1);
	ck_assert_str_eq(a.a[0].name, "reserved");
	ck_assert_uint_eq(a.a[0].have, (1u << CMA_NFILES) - 1);
	ck_assert_uint_eq(a.a[0].v[CMA_ALLOC_FAIL], 3);
	ck_assert_uint_eq(a.a[0].v[CMA_TOTAL], 8);
	ck_assert_uint_eq(a.a[0].v[CMA_BASE_PFN], 48);
	ck_assert_uint_eq(a.a[0].v[CMA_COUNT], 8);
	free(root);
	/* A root without the directory: no areas, no error. */
	root = tu_path("map/capture");
	ck_assert_int_eq(cma_read(root, &a, &e), 0);
	ck_assert(!a.sysfs);
	ck_assert_uint_eq(a.n, 0);
	free(root);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("cma");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_agree);
	tcase_add_test(tc, test_disagree);
	tcase_add_test(tc, test_none);
	tcase_add_test(tc, test_read);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_pollution.c - polluted pageblocks, reserved memory apart, and the amplification on constructed flag arrays */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"
#include "pins.h"
#include "pollution.h"
#include "regions.h"
#include "memblock_parse.h"
#include "testutil.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))
#define F(b)	((uint64_t)1 << (b))

/*
 * One zone of pageblocks of 4 pages (order 2), from PFN 0, with 1
 * per-CPU free page: the page flags of each pageblock, in order.
 */
#define B	F(KPF_BUDDY)
#define L	F(KPF_LRU)
#define SL	F(KPF_SLAB)
#define P	F(KPF_PGTABLE)
#define R	(F(KPF_RESERVED) | F(KPF_PRIVATE))
#define H	F(KPF_NOPAGE)
#define HH	(F(KPF_HUGE) | F(KPF_COMPOUND_HEAD))
#define HT	(F(KPF_HUGE) | F(KPF_COMPOUND_TAIL))
static const uint64_t zone_flags[] = {
	B, B, B, B,	/* 0: all free */
	SL, P, L, L,	/* 1: slab and pagetable: polluted, 2 pages */
	R, R, L, L,	/* 2: reserved alone: apart, not polluted */
	0, L, B, L,	/* 3: one ambiguous page: admitted (per-CPU 1) */
	0, 0, L, L,	/* 4: two ambiguous: kernel, polluted */
	L, L, L, L,	/* 5: movable */
	SL, SL, SL, SL,	/* 6: slab only: polluted, 4 pages */
	H, B, B, B,	/* 7: a hole: not counted at all */
	R, SL, L, L,	/* 8: reserved and slab: polluted by the slab page */
	HH, HT, HT, HT,	/* 9: a hugetlb folio: apart, not polluted */
	HH, HT, HT, HT,	/* 10: another */
};

/* Build M of ZONE_FLAGS, computed, with its pins P and pollution PL. */
static void
build(struct map *m, struct pins *p, struct pollution *pl)
{
	static uint64_t suitable[4];
	struct frag fr;
	struct map_zone *z;
	size_t k;

	memset(m, 0, sizeof(*m));
	memset(&fr, 0, sizeof(fr));
	fr.suitable = suitable;
	m->pageblock_order = 2;
	m->norders = 4;
	m->nzones = 1;
	ck_assert_ptr_nonnull(z = m->zones = calloc(2, sizeof(*m->zones)));
	z->nblocks = N(zone_flags) / 4;
	ck_assert_ptr_nonnull(m->blocks = calloc(z->nblocks, sizeof(*m->blocks)));
	z->blocks = m->blocks;
	strcpy(z->name, "Normal");
	z->spanned = N(zone_flags);
	z->free_pages = 16;
	z->pcp_free = 1;
	for (k = 0; k < z->nblocks; k++)
		m->blocks[k].n[MAP_HOLE] = 4;
	map_pages(m, z, 0, zone_flags, N(zone_flags));
	ck_assert_int_eq(map_compute(m, &fr), 0);
	ck_assert_int_eq(pins_compute(p, m), 0);
	ck_assert_int_eq(pollution_compute(pl, m, p), 0);
}

/*
 * Worked by hand: 10 pageblocks count (7 holds a hole), 40 pages. The
 * unmovable pages but reserved and hugetlb ones: 2 (block 1) + 2 (4) + 4
 * (6) + 1 (8) = 9, 22.50% of the 40 pages; they pollute blocks 1, 4, 6
 * and 8: 4 of 10, 40.00%. Amplification 40 / 22.5 = 1.78 = 4 blocks * 4
 * pages / 9 (counting the 8 hugetlb pages, as 6ffc2a0 did, gave 6 * 4 /
 * 17 = 1.41). Slab: 6 pages in 3 blocks (1, 6, 8), 3 * 4 / 6 = 2.00;
 * page tables: 1 page in 1 block, 4.00; kernel: 2 pages in 1 block,
 * 2.00. Reserved: 3 pages in blocks 2 and 8, block 2 pinned by them
 * alone; hugetlb: 8 pages in blocks 9 and 10, both by them alone.
 */
START_TEST(test_amplification)
{
	const struct pollution_zone *pz;
	struct pollution pl;
	struct map m;
	struct pins p;

	build(&m, &p, &pl);
	pz = &pl.zones[0];
	ck_assert_uint_eq(pz->blocks, 10);
	ck_assert_uint_eq(pz->unmovable_pages, 9);
	ck_assert_uint_eq(pz->polluted_blocks, 4);
	ck_assert_uint_eq(pz->reserved_pages, 3);
	ck_assert_uint_eq(pz->reserved_blocks, 1);
	ck_assert_uint_eq(pz->hugetlb_blocks, 2);
	ck_assert_uint_eq(pz->pages_by_kind[MAP_PIN_HUGETLB], 8);
	ck_assert_uint_eq(pz->blocks_by_kind[MAP_PIN_HUGETLB], 2);
	ck_assert_uint_eq(pz->admitted_blocks, 1);
	ck_assert_uint_eq(pz->pages_by_kind[MAP_PIN_SLAB], 6);
	ck_assert_uint_eq(pz->blocks_by_kind[MAP_PIN_SLAB], 3);
	ck_assert_uint_eq(pz->blocks_by_kind[MAP_PIN_RESERVED], 2);
	/* The admitted page of block 3 is per-CPU free, not a kernel page. */
	ck_assert_uint_eq(pz->pages_by_kind[MAP_PIN_KERNEL], 2);
	ck_assert_int_eq(pollution_amplification(pz, 2, MAP_NPINS), 178);
	ck_assert_int_eq(pollution_amplification(pz, 2, MAP_PIN_SLAB), 200);
	ck_assert_int_eq(pollution_amplification(pz, 2, MAP_PIN_PAGETABLE),
	    400);
	ck_assert_int_eq(pollution_amplification(pz, 2, MAP_PIN_KERNEL), 200);
	ck_assert_int_eq(pollution_amplification(pz, 2, MAP_PIN_ZERO), -1);
	ck_assert_uint_eq(pollution_share(pz, 2, 1), 2250);
	ck_assert_uint_eq(pollution_share(pz, 2, 0), 4000);
	/* One node, the machine: the same counts. */
	ck_assert_uint_eq(pl.nnodes, 1);
	ck_assert_uint_eq(pl.nodes[0].polluted_blocks, 4);
	ck_assert_uint_eq(pl.machine.unmovable_pages, 9);
	pollution_free(&pl);
	pins_free(&p);
	map_free(&m);
}
END_TEST

/*
 * Regions of order 4 (16 pages: 4 pageblocks of 4), from PFN 0, with 1
 * per-CPU free page, each filled with one flag but for its first pages.
 */
static const struct {
	uint64_t	 first;		/* the flags of its first N pages */
	size_t		 n;
	uint64_t	 rest;		/* and of the others */
	enum region_state want;
} regs[] = {
	{ B, 0, B, REGION_FREE },		/* 0: every page free */
	{ L, 0, L, REGION_CLEAN },		/* 1: movable */
	{ SL, 1, L, REGION_TAINTED },		/* 2: one slab page */
	{ 0, 1, L, REGION_CLEAN },		/* 3: one ambiguous, admitted */
	{ 0, 2, L, REGION_TAINTED },		/* 4: two: beyond the per-CPU page */
	{ R, 1, B, REGION_TAINTED },		/* 5: a reserved page alone */
	{ F(KPF_HUGE), 4, B, REGION_TAINTED },	/* 6: a hugetlb page (2^2) */
};

/*
 * Each region's state and keepers, the tainted ones fewest first (2 and
 * 5 keep 1 page, 4 keeps 2, 6 keeps 4), and the counts equal to the
 * gigantic ceiling's: clean 0, 1, 3; all free 0. An in-use or free
 * hugetlb page keeps its region: pfn_range_valid_contig() refuses a range
 * with PageHuge().
 */
START_TEST(test_regions)
{
	static uint64_t suitable[4], flags[N(regs) * 16];
	static const size_t want_order[] = { 2, 5, 4, 6 };
	struct regions rg;
	struct map_zone *z;
	struct frag fr;
	struct map m;
	size_t i, k;

	for (i = 0; i < N(regs); i++)
		for (k = 0; k < 16; k++)
			flags[i * 16 + k] = k < regs[i].n ? regs[i].first :
			    regs[i].rest;
	memset(&m, 0, sizeof(m));
	memset(&fr, 0, sizeof(fr));
	fr.suitable = suitable;
	m.pageblock_order = 2;
	m.norders = 4;
	m.gigantic_order = 4;
	m.nzones = 1;
	ck_assert_ptr_nonnull(z = m.zones = calloc(2, sizeof(*m.zones)));
	z->nblocks = N(flags) / 4;
	ck_assert_ptr_nonnull(m.blocks = calloc(z->nblocks, sizeof(*m.blocks)));
	z->blocks = m.blocks;
	strcpy(z->name, "Normal");
	z->spanned = N(flags);
	z->free_pages = N(flags);
	z->pcp_free = 1;
	for (k = 0; k < z->nblocks; k++)
		m.blocks[k].n[MAP_HOLE] = 4;
	map_pages(&m, z, 0, flags, N(flags));
	ck_assert_int_eq(map_compute(&m, &fr), 0);
	ck_assert_int_eq(regions_compute(&rg, &m), 0);
	ck_assert_uint_eq(rg.order, 4);
	ck_assert_uint_eq(rg.n, N(regs));
	for (i = 0; i < N(regs); i++) {
		ck_assert_uint_eq(rg.r[i].pfn, i * 16);
		ck_assert_int_eq(rg.r[i].state, regs[i].want);
	}
	ck_assert_uint_eq(rg.r[2].by_kind[MAP_PIN_SLAB], 1);
	ck_assert_uint_eq(rg.r[4].by_kind[MAP_PIN_KERNEL], 2);
	ck_assert_uint_eq(rg.r[5].by_kind[MAP_PIN_RESERVED], 1);
	ck_assert_uint_eq(rg.r[6].by_kind[MAP_PIN_HUGETLB], 4);
	ck_assert_uint_eq(rg.ntainted, N(want_order));
	for (i = 0; i < N(want_order); i++)
		ck_assert_uint_eq(rg.tainted[i], want_order[i]);
	/* The same classification as the gigantic ceiling's (--need 8x1G). */
	ck_assert_uint_eq(rg.zones[0][REGION_FREE], z->all_free[4]);
	ck_assert_uint_eq(rg.zones[0][REGION_FREE] + rg.zones[0][REGION_CLEAN],
	    z->clean[4]);
	ck_assert_uint_eq(z->clean[4], 3);
	regions_free(&rg);
	map_free(&m);
}
END_TEST

/* The one-value files of a memory block, good and bad, with the message. */
START_TEST(test_memblock_parse)
{
	struct ferr e = { .path = "f" };
	enum memblock_state s;
	char z[64];
	uint64_t v;
	int r;

	ck_assert_int_eq(memblock_parse_size("8000000\n", 8, &v, &e), 0);
	ck_assert_uint_eq(v, 128 << 20);
	ck_assert_int_eq(memblock_parse_size("6000\n", 5, &v, &e), -1);
	ck_assert_str_eq(e.msg, "block size 0x6000 is not a power of two");
	ck_assert_int_eq(memblock_parse_size("8000", 4, &v, &e), -1);
	/* The size is hexadecimal: the message must not say "decimal". */
	ck_assert_int_eq(memblock_parse_size("80g0\n", 5, &v, &e), -1);
	ck_assert_str_eq(e.msg,
	    "block size '80g0' is not a hexadecimal number");
	ck_assert_int_eq(memblock_parse_state("going-offline\n", 14, &s, &e), 0);
	ck_assert_int_eq(s, MB_GOING_OFFLINE);
	ck_assert_int_eq(memblock_parse_state("on\n", 3, &s, &e), -1);
	ck_assert_str_eq(e.msg, "'on' is not online, offline or going-offline");
	ck_assert_int_eq(memblock_parse_zones("Normal  Movable\n", 16, z,
	    sizeof(z), &e), 0);
	ck_assert_str_eq(z, "Normal Movable");
	ck_assert_int_eq(memblock_parse_zones("\n", 1, z, sizeof(z), &e), -1);
	ck_assert_str_eq(e.msg, "expected 1 to 8 zone names");
	ck_assert_int_eq(memblock_parse_zones("a b c d e f g h i\n", 18, z,
	    sizeof(z), &e), -1);
	ck_assert_str_eq(e.msg, "expected 1 to 8 zone names");
	/* A control byte in a message is quoted, never printed raw. */
	ck_assert_int_eq(memblock_parse_state("on\033[2J\n", 7, &s, &e), -1);
	ck_assert_str_eq(e.msg,
	    "'on\\x1b[2J' is not online, offline or going-offline");
	ck_assert_int_eq(memblock_parse_zones("Normal Mov\001able\n", 16, z,
	    sizeof(z), &e), -1);
	ck_assert_str_eq(e.msg, "'Mov\\x01able' is not a zone name");
	ck_assert_int_eq(memblock_parse_removable("1\n", 2, &r, &e), 0);
	ck_assert_int_eq(r, 1);
	ck_assert_int_eq(memblock_parse_removable("2\n", 2, &r, &e), -1);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("pollution");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_amplification);
	tcase_add_test(tc, test_regions);
	tcase_add_test(tc, test_memblock_parse);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

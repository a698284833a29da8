/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_offline.c - which memory blocks could be offlined, on a constructed map, worked by hand */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"
#include "offline.h"
#include "pins.h"
#include "testutil.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))
#define F(b)	((uint64_t)1 << (b))

/*
 * One Normal zone of 12 pageblocks of 4 pages (order 2) from PFN 0, in
 * memory blocks of 8 pages (2 pageblocks each); PFN 24 and 25 are not
 * read (holes). The flags of each pageblock, in order:
 */
#define B	F(KPF_BUDDY)
#define L	F(KPF_LRU)
#define SL	F(KPF_SLAB)
#define P	F(KPF_PGTABLE)
#define HH	(F(KPF_HUGE) | F(KPF_COMPOUND_HEAD))
#define HT	(F(KPF_HUGE) | F(KPF_COMPOUND_TAIL))
static const uint64_t below_hole[] = {
	B, B, B, B,	/* memory0: free, */
	L, L, L, L,	/* movable: offlinable */
	HH, HT, HT, HT,	/* memory1: a hugetlb folio, */
	L, L, B, B,	/* movable and free: offlinable, it migrates */
	SL, L, L, L,	/* memory2: 1 slab, */
	HH, HT, HT, HT,	/* a hugetlb folio: kept by 1 page */
};
static const uint64_t above_hole[] = {
	L, L,		/* memory3: PFN 24, 25 a hole: never */
	L, L, L, L,
	P, L, L, L,	/* memory4: 3 page tables: kept by 3 */
	P, P, L, L,
	L, L, L, L,	/* memory5: valid_zones "DMA Normal": spans */
	L, L, L, L,
};

/* Build M and P of those flags, computed, and MB's 6 blocks of 8 pages. */
static void
build(struct map *m, struct pins *p, struct memblocks *mb)
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
	ck_assert_ptr_nonnull(z = m->zones = calloc(1, sizeof(*m->zones)));
	z->nblocks = 12;
	ck_assert_ptr_nonnull(m->blocks = calloc(z->nblocks,
	    sizeof(*m->blocks)));
	z->blocks = m->blocks;
	strcpy(z->name, "Normal");
	z->spanned = 48;
	z->free_pages = 6;	/* memory0's 4 and memory1's 2 */
	for (k = 0; k < z->nblocks; k++)
		m->blocks[k].n[MAP_HOLE] = 4;
	map_pages(m, z, 0, below_hole, N(below_hole));
	map_pages(m, z, 26, above_hole, N(above_hole));
	ck_assert_int_eq(map_compute(m, &fr), 0);
	ck_assert_int_eq(pins_compute(p, m), 0);

	memset(mb, 0, sizeof(*mb));
	mb->read = true;
	mb->block_bytes = 8 * 4096;
	mb->n = 6;
	ck_assert_ptr_nonnull(mb->b = calloc(mb->n, sizeof(*mb->b)));
	for (k = 0; k < mb->n; k++) {
		mb->b[k].id = k;
		mb->b[k].state = MB_ONLINE;
		mb->b[k].removable = -1;
		strcpy(mb->b[k].zones, k == 5 ? "DMA Normal" : "Normal");
	}
}

/*
 * has_unmovable_pages() skips hugetlb folios (migrated or dissolved by
 * offline_pages() since 3.12) and offline_pages() refuses memory holes:
 * memory0 and memory1 offlinable, memory2 kept by its 1 slab page (not
 * 1 + 4 hugetlb), memory4 by 1 + 2 page tables, memory3 never (a hole
 * of 2 pages) and not among the kept, memory5 spans zones. Kept, fewest
 * pages first: memory2 (1), memory4 (3).
 */
START_TEST(test_offline)
{
	struct memblocks mb;
	struct offline of;
	struct map m;
	struct pins p;

	build(&m, &p, &mb);
	ck_assert_int_eq(offline_compute(&of, &mb, &m, &p, 4096), 0);
	ck_assert_uint_eq(of.block_pages, 8);
	ck_assert_uint_eq(of.n, 6);
	ck_assert_int_eq(of.o[0].state, OFF_OFFLINABLE);
	ck_assert_int_eq(of.o[1].state, OFF_OFFLINABLE);
	ck_assert_uint_eq(of.o[1].keep, 0);
	ck_assert_int_eq(of.o[2].state, OFF_KEPT);
	ck_assert_uint_eq(of.o[2].keep, 1);
	ck_assert_uint_eq(of.o[2].by_kind[MAP_PIN_SLAB], 1);
	ck_assert_uint_eq(of.o[2].by_kind[MAP_PIN_HUGETLB], 0);
	ck_assert_int_eq(of.o[3].state, OFF_HOLE);
	ck_assert_uint_eq(of.o[3].hole, 2);
	ck_assert_int_eq(of.o[4].state, OFF_KEPT);
	ck_assert_uint_eq(of.o[4].keep, 3);
	ck_assert_uint_eq(of.o[4].by_kind[MAP_PIN_PAGETABLE], 3);
	ck_assert_int_eq(of.o[5].state, OFF_SPANS);
	ck_assert_int_eq(of.o[5].zone, -1);
	ck_assert_uint_eq(of.states[OFF_OFFLINABLE], 2);
	ck_assert_uint_eq(of.states[OFF_KEPT], 2);
	ck_assert_uint_eq(of.states[OFF_HOLE], 1);
	ck_assert_uint_eq(of.states[OFF_SPANS], 1);
	ck_assert_uint_eq(of.zones[0][OFF_OFFLINABLE], 2);
	ck_assert_uint_eq(of.zones[0][OFF_KEPT], 2);
	ck_assert_uint_eq(of.zones[0][OFF_HOLE], 1);
	ck_assert_uint_eq(of.nkept, 2);
	ck_assert_uint_eq(of.kept[0], 2);
	ck_assert_uint_eq(of.kept[1], 4);
	offline_free(&of);
	free(mb.b);
	pins_free(&p);
	map_free(&m);
}
END_TEST

/* A block smaller than a pageblock (4 pages of 4): none to show. */
START_TEST(test_small_blocks)
{
	struct memblocks mb;
	struct offline of;
	struct map m;
	struct pins p;

	build(&m, &p, &mb);
	mb.block_bytes = 2 * 4096;
	ck_assert_int_eq(offline_compute(&of, &mb, &m, &p, 4096), 0);
	ck_assert_uint_eq(of.block_pages, 0);
	offline_free(&of);
	free(mb.b);
	pins_free(&p);
	map_free(&m);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("offline");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_offline);
	tcase_add_test(tc, test_small_blocks);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

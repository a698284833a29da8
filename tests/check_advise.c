/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_advise.c - the kernel's compact-or-reclaim rules on hand-built zones, and kcompactd's score */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advise.h"
#include "kcompactd.h"
#include "buddyinfo.h"
#include "kver.h"
#include "pagetypeinfo.h"
#include "vmstat.h"
#include "zoneinfo.h"
#include "testutil.h"

/* Parsed inputs for one case. */
struct world {
	struct buddyinfo	 bi;
	struct frag		*frag;
	struct zoneinfo		 zi;
	struct pagetypeinfo	 pti;
	long			 pti_zone[8];
	struct advise_in	 in;
};

/*
 * Build W from buddyinfo text B, zoneinfo text Z (NULL: none) and
 * pagetypeinfo text P (NULL: none), for kernel KVER, THRESHOLD and GFP.
 */
static void
world(struct world *w, const char *b, const char *z, const char *p, long kver,
    int threshold, enum advise_gfp gfp)
{
	struct ferr e = { .path = "t" };
	size_t i;

	memset(w, 0, sizeof(*w));
	ck_assert_msg(buddyinfo_parse(b, strlen(b), &w->bi, &e) == 0, "%s",
	    e.msg);
	ck_assert_uint_le(w->bi.nzones, 8);
	w->frag = frag_compute_all(&w->bi);
	ck_assert_ptr_nonnull(w->frag);
	w->in.bi = &w->bi;
	w->in.frag = w->frag;
	if (z) {
		ck_assert_msg(zoneinfo_parse(z, strlen(z), &w->zi, &e) == 0,
		    "%s", e.msg);
		w->in.zi = &w->zi;
	}
	if (p) {
		ck_assert_msg(pagetypeinfo_parse(p, strlen(p), &w->pti, &e) == 0,
		    "%lu: %s", e.line, e.msg);
		for (i = 0; i < w->bi.nzones; i++)
			w->pti_zone[i] = pagetypeinfo_find(&w->pti,
			    w->bi.zones[i].node, w->bi.zones[i].name);
		w->in.pti = &w->pti;
		w->in.pti_zone = w->pti_zone;
	}
	w->in.kver = kver;
	w->in.threshold = threshold;
	w->in.gfp = gfp;
}

static void
world_free(struct world *w)
{
	buddyinfo_free(&w->bi);
	free(w->frag);
	zoneinfo_free(&w->zi);
	pagetypeinfo_free(&w->pti);
}

/* Assert zone Z at ORDER gets verdict V for reason R (and, when FI > -2000, index FI). */
static void
expect(struct world *w, size_t z, unsigned order, enum verdict v,
    enum reason r, int fi)
{
	struct zadvice a;

	ck_assert_msg(advise_zone(&w->in, z, order, &a), "zone %zu not eligible",
	    z);
	ck_assert_msg(a.verdict == v && a.reason == r,
	    "zone %zu order %u: verdict %s reason %d, want %s reason %d", z,
	    order, advise_verdict_name(a.verdict), a.reason,
	    advise_verdict_name(v), r);
	if (fi > -2000)
		ck_assert_int_eq(a.fragindex, fi);
}

/* A zoneinfo for node 0 zone NAME with watermarks MIN/LOW and protection (0, RES). */
#define ZI(name, free, min, low, res) \
	"Node 0, zone " name "\n  pages free     " #free "\n        min      " \
	#min "\n        low      " #low "\n        high     " #low "\n" \
	"        present  4096\n        managed  4096\n" \
	"        protection: (0, " #res ")\n"

START_TEST(test_single_free_block)
{
	struct world w;

	/* One free 2 MiB block: order 9 succeeds; order 10 does not and
	 * the index is the kernel's -500 (negative: compaction goes on). */
	world(&w, "Node 0, zone Normal 0 0 0 0 0 0 0 0 0 1 0\n",
	    ZI("Normal", 512, 0, 0, 0), NULL, 6018, 500, ADVISE_MOVABLE);
	expect(&w, 0, 9, VERDICT_OK, R_FREE_BLOCK, -1000);
	expect(&w, 0, 10, VERDICT_RECLAIM, R_LOW_ORDER0, -500);
	world_free(&w);
	/* With min 10 the same block is not enough: __zone_watermark_ok()
	 * leaves 512 - 511 = 1 page, not above min; nor is compaction. */
	world(&w, "Node 0, zone Normal 0 0 0 0 0 0 0 0 0 1 0\n",
	    ZI("Normal", 512, 10, 12, 0), NULL, 6018, 500, ADVISE_MOVABLE);
	expect(&w, 0, 9, VERDICT_RECLAIM, R_LOW_ORDER0, -1000);
	world_free(&w);
	/* Without watermarks the same block is enough for compaction to
	 * start at order 7 (512 > gap 256) and the index is negative. */
	world(&w, "Node 0, zone Normal 0 0 0 0 0 0 1 0 0 0 0\n", NULL, NULL,
	    6018, 500, ADVISE_MOVABLE);
	expect(&w, 0, 6, VERDICT_OK, R_FREE_BLOCK, -1000);
	expect(&w, 0, 7, VERDICT_RECLAIM, R_LOW_ORDER0, -500);
	world_free(&w);
	world(&w, "Node 0, zone Normal 0 0 0 0 0 0 0 0 1 0 0\n", NULL, NULL,
	    6018, 500, ADVISE_MOVABLE);
	expect(&w, 0, 7, VERDICT_OK, R_FREE_BLOCK, -1000);
	world_free(&w);
}
END_TEST

START_TEST(test_only_order0)
{
	struct world w;

	/* 100000 free pages, all order 0: index 0.998 at order 9. */
	world(&w, "Node 0, zone Normal 100000 0 0 0 0 0 0 0 0 0 0\n",
	    ZI("Normal", 100000, 1000, 1200, 0), NULL, 6018, 500,
	    ADVISE_MOVABLE);
	expect(&w, 0, 9, VERDICT_COMPACT, R_INDEX_HIGH, 999);
	expect(&w, 0, 2, VERDICT_COMPACT, R_NOT_COSTLY, 750);
	expect(&w, 0, 0, VERDICT_OK, R_FREE_BLOCK, -1000);
	world_free(&w);
}
END_TEST

START_TEST(test_few_free_blocks)
{
	struct world w;

	/* Ten free 1 MiB blocks: F = 2560, T = 10, index(9) =
	 * 1000 - (1000 + 2560000/512) / 10 = 400: lack of memory. */
	world(&w, "Node 0, zone Normal 0 0 0 0 0 0 0 0 10 0 0\n",
	    ZI("Normal", 2560, 50, 100, 0), NULL, 6018, 500, ADVISE_MOVABLE);
	expect(&w, 0, 9, VERDICT_RECLAIM, R_INDEX_LOW, 400);
	world_free(&w);
	world(&w, "Node 0, zone Normal 0 0 0 0 0 0 0 0 10 0 0\n",
	    ZI("Normal", 2560, 50, 100, 0), NULL, 6018, 0, ADVISE_MOVABLE);
	expect(&w, 0, 9, VERDICT_COMPACT, R_INDEX_HIGH, 400);
	world_free(&w);
	world(&w, "Node 0, zone Normal 0 0 0 0 0 0 0 0 10 0 0\n",
	    ZI("Normal", 2560, 50, 100, 0), NULL, 6018, 1000, ADVISE_MOVABLE);
	expect(&w, 0, 9, VERDICT_RECLAIM, R_INDEX_LOW, 400);
	world_free(&w);
	/* Two 1 MiB blocks: index exactly 0, at threshold 0 still reclaim. */
	world(&w, "Node 0, zone Normal 0 0 0 0 0 0 0 0 2 0 0\n", NULL, NULL,
	    6018, 0, ADVISE_MOVABLE);
	expect(&w, 0, 8, VERDICT_OK, R_FREE_BLOCK, -1000);
	world_free(&w);
	world(&w, "Node 0, zone Normal 0 0 0 0 0 2 0 0 0 0 0\n", NULL, NULL,
	    6018, 0, ADVISE_MOVABLE);
	/* F = 64, T = 2: index(6) = 1000 - (1000 + 1000) / 2 = 0, but an
	 * index of 0 always comes with too little memory for the gap. */
	expect(&w, 0, 6, VERDICT_RECLAIM, R_LOW_ORDER0, 0);
	expect(&w, 0, 4, VERDICT_OK, R_FREE_BLOCK, -1000);
	world_free(&w);
}
END_TEST

START_TEST(test_order3_vs_order4)
{
	struct world w;

	/* At threshold 1000 every non-negative index means reclaim, but
	 * orders up to 3 never consult it (since 4.9). */
	world(&w, "Node 0, zone Normal 5000 0 0 0 0 0 0 0 0 0 0\n",
	    ZI("Normal", 5000, 100, 120, 0), NULL, 6018, 1000, ADVISE_MOVABLE);
	expect(&w, 0, 3, VERDICT_COMPACT, R_NOT_COSTLY, 875);
	expect(&w, 0, 4, VERDICT_RECLAIM, R_INDEX_LOW, 938);
	world_free(&w);
	/* Before 4.9 the index was consulted at every order. */
	world(&w, "Node 0, zone Normal 5000 0 0 0 0 0 0 0 0 0 0\n",
	    ZI("Normal", 5000, 100, 120, 0), NULL, 4004, 1000, ADVISE_MOVABLE);
	expect(&w, 0, 3, VERDICT_RECLAIM, R_INDEX_LOW, 875);
	world_free(&w);
}
END_TEST

START_TEST(test_watermarks)
{
	struct world w;
	struct zadvice a;

	/* 1000 free pages, min 600: order 9 needs min + 1024 (order <= 3
	 * would use min, costly orders low). */
	world(&w, "Node 0, zone Normal 1000 0 0 0 0 0 0 0 0 0 0\n",
	    ZI("Normal", 1000, 600, 700, 0), NULL, 6018, 500, ADVISE_MOVABLE);
	ck_assert(advise_zone(&w.in, 0, 9, &a));
	ck_assert_int_eq(a.verdict, VERDICT_RECLAIM);
	ck_assert_int_eq(a.reason, R_LOW_ORDER0);
	ck_assert_uint_eq(a.wmark, 700);
	ck_assert(a.wmark_low);
	ck_assert_uint_eq(a.gap, 1024);
	ck_assert_uint_eq(a.need, 1724);
	/* Order 3: min 600 + gap 16 < 1000: compaction has targets. */
	expect(&w, 0, 3, VERDICT_COMPACT, R_NOT_COSTLY, 874);
	ck_assert(advise_zone(&w.in, 0, 3, &a));
	ck_assert_uint_eq(a.wmark, 600);
	ck_assert(!a.wmark_low);
	/* Before 4.9 the low watermark at every order. */
	w.in.kver = 4008;
	ck_assert(advise_zone(&w.in, 0, 3, &a));
	ck_assert(a.wmark_low);
	/* Order 0 exists but the zone is at its min watermark + reserve. */
	world_free(&w);
	world(&w, "Node 0, zone Normal 1000 0 0 0 0 0 0 0 0 0 0\n",
	    ZI("Normal", 1000, 1000, 1100, 0), NULL, 6018, 500,
	    ADVISE_MOVABLE);
	expect(&w, 0, 0, VERDICT_RECLAIM, R_LOW_ORDER0, -1000);
	world_free(&w);
	/*
	 * The lowmem reserve holds it all back now: 1000 free, min 10,
	 * reserve 2000. __zone_watermark_ok() fails (free <= min +
	 * lowmem_reserve[highest_zoneidx]) and so does compaction_suitable()'s
	 * order-0 check, which adds the same reserve: compaction is skipped
	 * and the kernel reclaims. Its 4096 managed pages could pass once
	 * freed, so the zone is not skipped for good (issue 23).
	 */
	world(&w, "Node 0, zone DMA32 1000 0 0 0 0 0 0 0 0 0 0\n",
	    ZI("DMA32", 1000, 10, 20, 2000), NULL, 6018, 500, ADVISE_MOVABLE);
	expect(&w, 0, 0, VERDICT_RECLAIM, R_RESERVE_RECLAIM, -1000);
	ck_assert(advise_zone(&w.in, 0, 0, &a));
	ck_assert_uint_eq(a.reserve, 2000);
	ck_assert(a.managed_known);
	ck_assert_uint_eq(a.managed, 4096);
	/* compaction_suitable() at order 0: min + compact_gap() + reserve. */
	ck_assert_uint_eq(a.need, 10 + 2 + 2000);
	/* At order 9 the allocation counts 511 pages fewer: still passes. */
	expect(&w, 0, 9, VERDICT_RECLAIM, R_RESERVE_RECLAIM, -2000);
	world_free(&w);
	/* A reserve of 4086 + min 10 = 4096: not even its 4096 managed pages,
	 * all free, are above it. The x86 DMA zone's case: not used. */
	world(&w, "Node 0, zone DMA 1000 0 0 0 0 0 0 0 0 0 0\n",
	    ZI("DMA", 1000, 10, 20, 4086), NULL, 6018, 500, ADVISE_MOVABLE);
	expect(&w, 0, 0, VERDICT_UNUSABLE, R_LOWMEM_RESERVE, -1000);
	world_free(&w);
	/* One page less of reserve and a wholly free zone passes at order 0,
	 * but not at order 1 (__zone_watermark_unusable_free(): 2^1 - 1). */
	world(&w, "Node 0, zone DMA 1000 0 0 0 0 0 0 0 0 0 0\n",
	    ZI("DMA", 1000, 10, 20, 4085), NULL, 6018, 500, ADVISE_MOVABLE);
	expect(&w, 0, 0, VERDICT_RECLAIM, R_RESERVE_RECLAIM, -1000);
	expect(&w, 0, 1, VERDICT_UNUSABLE, R_LOWMEM_RESERVE, -2000);
	world_free(&w);
	/* Below its own min watermark the zone is short, reserve or not. */
	world(&w, "Node 0, zone DMA32 5 0 0 0 0 0 0 0 0 0 0\n",
	    ZI("DMA32", 5, 10, 20, 2000), NULL, 6018, 500, ADVISE_MOVABLE);
	expect(&w, 0, 0, VERDICT_RECLAIM, R_LOW_ORDER0, -1000);
	world_free(&w);
}
END_TEST

/*
 * Returns the best verdict of the N zone advices A for order 9 on NODE
 * (-1: the machine), through advise_tally() as advise_build() does.
 */
static enum verdict
best9(struct zadvice *a, size_t n, const struct buddyinfo *bi, int node)
{
	struct advice adv;
	enum verdict v;

	memset(&adv, 0, sizeof(adv));
	adv.zones = a;
	adv.nzones = n;
	adv.orders[0] = 9;
	adv.norders = 1;
	ck_assert_int_eq(advise_tally(&adv, bi), 0);
	v = advise_best(&adv, node, 0);
	free(adv.best);
	return v;
}

START_TEST(test_kernel_gfp_movable_zone)
{
	static const char b[] =
	    "Node 0, zone Normal 10 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Movable 0 0 0 0 0 0 0 0 0 0 500\n";
	static const char z[] =
	    "Node 0, zone Normal\n  pages free 10\n        min 5\n        low 6\n"
	    "        protection: (0, 0)\n"
	    "Node 0, zone Movable\n  pages free 512000\n        min 5\n"
	    "        low 6\n        protection: (0, 0)\n";
	struct world w;
	struct zadvice a[4];
	size_t n = 0;

	world(&w, b, z, NULL, 6018, 500, ADVISE_KERNEL);
	ck_assert(!advise_zone(&w.in, 1, 9, &a[0]));
	ck_assert(advise_zone(&w.in, 0, 9, &a[n++]));
	ck_assert_int_eq(best9(a, n, &w.bi, -1), VERDICT_RECLAIM);
	ck_assert_int_eq(best9(a, n, &w.bi, 0), VERDICT_RECLAIM);
	world_free(&w);
	world(&w, b, z, NULL, 6018, 500, ADVISE_MOVABLE);
	n = 0;
	ck_assert(advise_zone(&w.in, 0, 9, &a[n++]));
	ck_assert(advise_zone(&w.in, 1, 9, &a[n++]));
	ck_assert_int_eq(a[1].verdict, VERDICT_OK);
	ck_assert_int_eq(best9(a, n, &w.bi, -1), VERDICT_OK);
	/* No zone of node 1: nothing can serve, reclaim. */
	ck_assert_int_eq(best9(a, n, &w.bi, 1), VERDICT_RECLAIM);
	world_free(&w);
}
END_TEST

START_TEST(test_cma_and_highatomic)
{
	static const char z[] =
	    "Node 0, zone Normal\n  pages free 3000\n        min 100\n"
	    "        low 120\n        protection: (0, 0)\n"
	    "      nr_free_cma  2600\n";
	static const char p[] =
	    "Page block order: 9\nPages per block:  512\n\n"
	    "Free pages count per migrate type at order 0 1 2 3 4 5 6 7 8 9 10\n"
	    "Node 0, zone Normal, type Unmovable 400 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Normal, type Movable 0 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Normal, type HighAtomic 0 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Normal, type CMA 0 0 0 0 0 0 0 0 0 5 0\n"
	    "\nNumber of blocks type Unmovable Movable HighAtomic CMA\n"
	    "Node 0, zone Normal 1 0 1 5\n";
	static const char b[] = "Node 0, zone Normal 400 0 0 0 0 0 0 0 0 5 0\n";
	struct world w;
	struct zadvice a;

	/* Movable allocations may use CMA: the free order-9 CMA blocks do. */
	world(&w, b, z, p, 6018, 500, ADVISE_MOVABLE);
	expect(&w, 0, 9, VERDICT_OK, R_FREE_BLOCK, -1000);
	ck_assert(advise_zone(&w.in, 0, 9, &a));
	ck_assert_int_eq(a.own_free, 0);	/* no Movable block */
	world_free(&w);
	/* Kernel allocations may not: 2960 - 2600 CMA - 511 < min, but
	 * compaction can make room (index -1000 is not <= threshold). */
	world(&w, b, z, p, 6018, 500, ADVISE_KERNEL);
	expect(&w, 0, 9, VERDICT_COMPACT, R_BLOCK_UNUSABLE, -1000);
	ck_assert(advise_zone(&w.in, 0, 0, &a));
	ck_assert_int_eq(a.own_free, 1);	/* Unmovable order-0 pages */
	world_free(&w);
	/* 4.4 to 6.11 hold back the reserved HighAtomic pageblock (512
	 * pages), 6.12+ only the free HighAtomic pages (none here); both
	 * from NR_FREE_PAGES, zoneinfo's 3000, not buddyinfo's 2960. */
	world(&w, b, z, p, 6011, 500, ADVISE_MOVABLE);
	ck_assert(advise_zone(&w.in, 0, 9, &a));
	ck_assert_uint_eq(a.usable, 3000 - 512);
	ck_assert(a.free_known);
	world_free(&w);
	world(&w, b, z, p, 6012, 500, ADVISE_MOVABLE);
	ck_assert(advise_zone(&w.in, 0, 9, &a));
	ck_assert_uint_eq(a.usable, 3000);
	world_free(&w);
}
END_TEST

/* Issue 11's flat file: DMA has three free 4 MiB blocks, DMA32 and Normal nothing above 256 KiB. */
static const char flat_dma[] =
    "Node 0, zone DMA 1 1 0 0 2 1 1 0 1 1 3\n"
    "Node 0, zone DMA32 1000 800 600 400 200 100 50 0 0 0 0\n"
    "Node 0, zone Normal 50000 20000 10000 5000 2000 1000 500 0 0 0 0\n";

START_TEST(test_lowmem_reserve_bound)
{
	struct zadvice a[3];
	struct world w;
	size_t z;

	/* DMA's 3971 free pages are above (17800 + 266000) / 256 = 1108:
	 * usable unless the higher zones manage more than they have free;
	 * ok is then only a maybe. */
	world(&w, flat_dma, NULL, NULL, -1, 500, ADVISE_MOVABLE);
	for (z = 0; z < 3; z++)
		advise_zone(&w.in, z, 9, &a[z]);
	ck_assert_int_eq(a[0].verdict, VERDICT_UNKNOWN);
	ck_assert_int_eq(a[0].reason, R_RESERVE_UNKNOWN);
	ck_assert(!a[0].reserve_known);
	ck_assert_uint_eq(a[0].ratio, 256);
	ck_assert_uint_eq(a[0].reserve, (17800 + 266000) / 256);
	ck_assert_uint_eq(a[1].reserve, 266000 / 256);
	/* Normal has nothing above it: its reserve is known to be 0. */
	ck_assert(a[2].reserve_known);
	ck_assert_uint_eq(a[2].reserve, 0);
	ck_assert_int_eq(a[1].verdict, VERDICT_COMPACT);
	ck_assert_int_eq(a[2].verdict, VERDICT_COMPACT);
	ck_assert_int_eq(best9(a, 3, &w.bi, -1), VERDICT_UNKNOWN);
	world_free(&w);
	/* Kernel allocations stop at Normal: the same bound. */
	world(&w, flat_dma, NULL, NULL, -1, 500, ADVISE_KERNEL);
	ck_assert(advise_zone(&w.in, 0, 9, &a[0]));
	ck_assert_uint_eq(a[0].reserve, (17800 + 266000) / 256);
	world_free(&w);
	/* A Normal with 1100000 free pages gives a bound of 4296 > 3971:
	 * DMA fails its watermark now, so the kernel reclaims; whether it
	 * could ever pass needs its managed pages (zoneinfo). The machine
	 * is not ok. */
	world(&w, "Node 0, zone DMA 1 1 0 0 2 1 1 0 1 1 3\n"
	    "Node 0, zone Normal 1100000 0 0 0 0 0 0 0 0 0 0\n", NULL, NULL,
	    -1, 500, ADVISE_MOVABLE);
	advise_zone(&w.in, 0, 9, &a[0]);
	advise_zone(&w.in, 1, 9, &a[1]);
	ck_assert_int_eq(a[0].verdict, VERDICT_RECLAIM);
	ck_assert_int_eq(a[0].reason, R_RESERVE_RECLAIM);
	ck_assert(!a[0].managed_known);
	ck_assert_uint_eq(a[0].reserve, 1100000 / 256);
	ck_assert_int_eq(best9(a, 2, &w.bi, -1), VERDICT_COMPACT);
	world_free(&w);
	/* HighMem kept 1/32 back from Movable until 4.16, nothing since. */
	world(&w, "Node 0, zone HighMem 0 0 0 0 0 0 0 0 0 1 0\n"
	    "Node 0, zone Movable 64000 0 0 0 0 0 0 0 0 0 0\n", NULL, NULL,
	    4015, 500, ADVISE_MOVABLE);
	advise_zone(&w.in, 0, 9, &a[0]);
	ck_assert_int_eq(a[0].verdict, VERDICT_RECLAIM);
	ck_assert_int_eq(a[0].reason, R_RESERVE_RECLAIM);
	ck_assert_uint_eq(a[0].ratio, 32);
	w.in.kver = 4016;
	advise_zone(&w.in, 0, 9, &a[0]);
	ck_assert_int_eq(a[0].verdict, VERDICT_OK);
	ck_assert(a[0].reserve_known);
	world_free(&w);
}
END_TEST

START_TEST(test_lowmem_reserve_read)
{
	/* With zoneinfo the kernel's own reserve: DMA keeps 7812 pages
	 * from movable allocations, more than its 3976 managed pages could
	 * ever hold free: not used. */
	static const char z[] =
	    "Node 0, zone DMA\n  pages free 3971\n        min 8\n"
	    "        low 10\n        high 12\n        managed 3976\n"
	    "        protection: (0, 7812, 7812, 7812, 7812)\n"
	    "Node 0, zone DMA32\n  pages free 17800\n        min 1000\n"
	    "        low 1250\n        high 1500\n"
	    "        protection: (0, 0, 5859, 5859, 5859)\n"
	    "Node 0, zone Normal\n  pages free 266000\n        min 3000\n"
	    "        low 3750\n        high 4500\n"
	    "        protection: (0, 0, 0, 0, 0)\n";
	struct zadvice a[3];
	struct world w;
	size_t i;

	world(&w, flat_dma, z, NULL, 6018, 500, ADVISE_MOVABLE);
	for (i = 0; i < 3; i++)
		advise_zone(&w.in, i, 9, &a[i]);
	ck_assert_int_eq(a[0].verdict, VERDICT_UNUSABLE);
	ck_assert(a[0].reserve_known);
	ck_assert_uint_eq(a[0].reserve, 7812);
	ck_assert_int_eq(best9(a, 3, &w.bi, -1), VERDICT_COMPACT);
	world_free(&w);
	/* A Movable zone is never used by kernel allocations, and says so. */
	world(&w, "Node 0, zone Movable 0 0 0 0 0 0 0 0 0 1 0\n", NULL, NULL,
	    6018, 500, ADVISE_KERNEL);
	ck_assert(!advise_zone(&w.in, 0, 9, &a[0]));
	ck_assert_int_eq(a[0].verdict, VERDICT_UNUSABLE);
	ck_assert_int_eq(a[0].reason, R_ZONE_TYPE);
	ck_assert_int_eq(best9(a, 1, &w.bi, -1), VERDICT_RECLAIM);
	world_free(&w);
}
END_TEST

START_TEST(test_free_lists)
{
	/* The only free 2 MiB block is HighAtomic: the allocation may not
	 * take it (__zone_watermark_ok() since 4.4), compaction may run. */
	static const char p[] =
	    "Page block order: 9\nPages per block:  512\n\n"
	    "Free pages count per migrate type at order 0 1 2 3 4 5 6 7 8 9 10\n"
	    "Node 0, zone Normal, type Unmovable 2000 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Normal, type Movable 0 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Normal, type Reclaimable 0 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Normal, type HighAtomic 0 0 0 0 0 0 0 0 0 1 0\n"
	    "Node 0, zone Normal, type Isolate 0 0 0 0 0 0 0 0 0 0 1\n";
	static const char b[] = "Node 0, zone Normal 2000 0 0 0 0 0 0 0 0 1 1\n";
	struct zadvice a;
	struct world w;

	world(&w, b, NULL, p, 6018, 500, ADVISE_MOVABLE);
	ck_assert(advise_zone(&w.in, 0, 9, &a));
	ck_assert_int_eq(a.usable_block, 0);
	ck_assert_int_eq(a.verdict, VERDICT_COMPACT);
	ck_assert_int_eq(a.reason, R_BLOCK_UNUSABLE);
	/* Order 0 is on the Unmovable list. */
	expect(&w, 0, 0, VERDICT_OK, R_FREE_BLOCK, -1000);
	/* Before 4.4 any list would do. */
	w.in.kver = 4003;
	expect(&w, 0, 9, VERDICT_OK, R_FREE_BLOCK, -1000);
	world_free(&w);
	/* Without pagetypeinfo every block counts, as assumed. */
	world(&w, b, NULL, NULL, 6018, 500, ADVISE_MOVABLE);
	ck_assert(advise_zone(&w.in, 0, 9, &a));
	ck_assert_int_eq(a.usable_block, -1);
	ck_assert_int_eq(a.verdict, VERDICT_OK);
	world_free(&w);
}
END_TEST

/*
 * vm.defrag_mode (6.15, e3aa7df331bc "mm: page_alloc: defrag_mode", as
 * mailed 2025-03-13 and merged for 6.15 with "fix defrag_mode's retry &
 * OOM path"): ALLOC_NOFRAGMENT on the fast path (alloc_flags_nofragment()
 * returns it at once) and the slow path (gfp_to_alloc_flags()); with it
 * __rmqueue_claim() raises min_order to pageblock_order and
 * __rmqueue_steal() is skipped, and get_page_from_freelist() no longer
 * retries without it; __alloc_pages_slowpath() drops it only after reclaim
 * and compaction failed. wake_all_kswapds() wakes kswapd with
 * max(order, pageblock_order) (101f9d666e4d). The watermark check itself
 * (__zone_watermark_ok()) still accepts a block on any Unmovable, Movable
 * or Reclaimable list.
 */
START_TEST(test_defrag_mode)
{
	static const char p[] =
	    "Page block order: 9\nPages per block:  512\n\n"
	    "Free pages count per migrate type at order 0 1 2 3 4 5 6 7 8 9 10\n"
	    "Node 0, zone Normal, type Unmovable 0 0 0 0 10 0 0 0 0 0 0\n"
	    "Node 0, zone Normal, type Movable 2000 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Normal, type Reclaimable 0 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Normal, type HighAtomic 0 0 0 0 0 0 0 0 0 0 0\n";
	static const char p9[] =
	    "Page block order: 9\nPages per block:  512\n\n"
	    "Free pages count per migrate type at order 0 1 2 3 4 5 6 7 8 9 10\n"
	    "Node 0, zone Normal, type Unmovable 0 0 0 0 10 0 0 0 0 1 0\n"
	    "Node 0, zone Normal, type Movable 2000 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Normal, type Reclaimable 0 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Normal, type HighAtomic 0 0 0 0 0 0 0 0 0 0 0\n";
	struct zadvice a;
	struct world w;

	/* 2160 free: 2000 Movable order-0 pages, ten Unmovable order-4 blocks. */
	world(&w, "Node 0, zone Normal 2000 0 0 0 10 0 0 0 0 0 0\n",
	    ZI("Normal", 2160, 100, 200, 0), p, 6015, 500, ADVISE_MOVABLE);
	/* Without defrag_mode the fast path falls back at once: ok, twenty
	 * order-3 allocations from the Unmovable blocks. */
	ck_assert(advise_zone(&w.in, 0, 3, &a));
	ck_assert_int_eq(a.verdict, VERDICT_OK);
	ck_assert_uint_eq(a.now, 20);
	ck_assert(!a.nofragment);
	/* With it the allocation may take them only after reclaim and
	 * compaction, which kswapd and kcompactd do at order 9: order-0 free
	 * 2160 is above low 200 + gap 1024, and the index at order 9 is
	 * 1000 - (1000 + 2160000 / 512) / 2010 = 998 > 500: compact. */
	w.in.defrag_mode = 1;
	ck_assert(advise_zone(&w.in, 0, 3, &a));
	ck_assert(a.nofragment);
	ck_assert_uint_eq(a.rules_order, 9);
	ck_assert_int_eq(a.verdict, VERDICT_COMPACT);
	ck_assert_int_eq(a.reason, R_INDEX_HIGH);
	ck_assert_int_eq(a.fragindex, 998);
	ck_assert_uint_eq(a.need, 200 + 1024);
	ck_assert_uint_eq(a.now, 0);
	/* Order 0 is on the allocation's own list. */
	expect(&w, 0, 0, VERDICT_OK, R_FREE_BLOCK, -2000);
	/* The sysctl set under older rules (--kernel 6.14) changes nothing. */
	w.in.kver = 6014;
	expect(&w, 0, 3, VERDICT_OK, R_FREE_BLOCK, -2000);
	world_free(&w);
	/* A whole free Unmovable pageblock is claimed whole: ok, and its
	 * 64 order-3 units count, the order-4 blocks do not. */
	world(&w, "Node 0, zone Normal 2000 0 0 0 10 0 0 0 0 1 0\n",
	    ZI("Normal", 2672, 100, 200, 0), p9, 6018, 500, ADVISE_MOVABLE);
	w.in.defrag_mode = 1;
	ck_assert(advise_zone(&w.in, 0, 3, &a));
	ck_assert_int_eq(a.verdict, VERDICT_OK);
	ck_assert(!a.nofragment);
	ck_assert_uint_eq(a.now, 64);
	world_free(&w);
}
END_TEST

/* Build W's advice into ADV for one allocation of order 9 under vm.defrag_mode. */
static void
defrag_build(struct advice *adv, struct world *w)
{
	w->in.defrag_mode = 1;
	memset(adv, 0, sizeof(*adv));
	adv->orders[0] = 9;
	adv->norders = 1;
	ck_assert_int_eq(advise_build(adv, &w->in), 0);
}

/*
 * kswapd and kcompactd under vm.defrag_mode: pgdat_balanced() and
 * __compact_finished() ask __zone_watermark_ok(zone, pageblock_order,
 * high, highest_zoneidx, 0, nr_free_pages_blocks) (a211c6550efc; the
 * 6.15 fix "mm: vmscan: fix kswapd exit condition in defrag_mode" keeps
 * the blocks for orders above 0 only, and a pageblock wakeup has order 9).
 */
START_TEST(test_defrag_blocks)
{
	static const char z[] =
	    "Node 0, zone Normal\n  pages free     2672\n        min      100\n"
	    "        low      200\n        high     300\n        managed  4096\n"
	    "        protection: (0, 0)\n      nr_free_pages_blocks 512\n";
	struct advice adv;
	struct world w;

	world(&w, "Node 0, zone Normal 2000 0 0 0 10 0 0 0 0 1 0\n", z, NULL,
	    6018, 500, ADVISE_MOVABLE);
	defrag_build(&adv, &w);
	ck_assert(adv.defrag_rules);
	/* Without pagetypeinfo the pageblock order is unknown: no view. */
	ck_assert_int_eq(adv.kc[0].blocks_balanced, -1);
	advise_free(&adv);
	world_free(&w);
	world(&w, "Node 0, zone Normal 2000 0 0 0 10 0 0 0 0 1 0\n", z,
	    "Page block order: 9\nPages per block:  512\n\n"
	    "Free pages count per migrate type at order 0 1 2 3 4 5 6 7 8 9 10\n"
	    "Node 0, zone Normal, type Unmovable 0 0 0 0 10 0 0 0 0 1 0\n"
	    "Node 0, zone Normal, type Movable 2000 0 0 0 0 0 0 0 0 0 0\n",
	    6018, 500, ADVISE_MOVABLE);
	defrag_build(&adv, &w);
	/* 512 - 511 = 1 page in whole blocks, not above high 300. */
	ck_assert_int_eq(adv.kc[0].blocks_balanced, 0);
	ck_assert_uint_eq(adv.kc[0].blocks_free, 1);
	ck_assert_uint_eq(adv.kc[0].blocks_need, 300);
	advise_free(&adv);
	world_free(&w);
}
END_TEST

/*
 * The zone nearest to passing pgdat_balanced() when none passes: free /
 * need in thousandths, also for a free count whose thousandfold does not
 * fit 64 bits (zoneinfo's numbers come unchecked).
 */
START_TEST(test_defrag_blocks_nearest)
{
	static const char z[] =
	    "Node 0, zone DMA32\n  pages free     2672\n        min      100\n"
	    "        low      200\n        high     1000000000000000000\n"
	    "        managed  4096\n        protection: (0, 0, 0)\n"
	    "      nr_free_pages_blocks 20000000000000511\n"
	    "Node 0, zone Normal\n  pages free     2672\n        min      100\n"
	    "        low      200\n        high     10000\n"
	    "        managed  4096\n        protection: (0, 0, 0)\n"
	    "      nr_free_pages_blocks 611\n";
	struct advice adv;
	struct world w;

	world(&w, "Node 0, zone DMA32 2000 0 0 0 10 0 0 0 0 1 0\n"
	    "Node 0, zone Normal 2000 0 0 0 10 0 0 0 0 1 0\n", z,
	    "Page block order: 9\nPages per block:  512\n\n"
	    "Free pages count per migrate type at order 0 1 2 3 4 5 6 7 8 9 10\n"
	    "Node 0, zone DMA32, type Unmovable 0 0 0 0 10 0 0 0 0 1 0\n"
	    "Node 0, zone DMA32, type Movable 2000 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Normal, type Unmovable 0 0 0 0 10 0 0 0 0 1 0\n"
	    "Node 0, zone Normal, type Movable 2000 0 0 0 0 0 0 0 0 0 0\n",
	    6018, 500, ADVISE_MOVABLE);
	defrag_build(&adv, &w);
	ck_assert_int_eq(adv.kc[0].blocks_balanced, 0);
	/*
	 * DMA32: 2e16 free (less the 511 of a part block) of 1e18 + 1 is 19
	 * thousandths (2e19 wrapped to 1.55e18: 1); Normal: 100 of 10001 is
	 * 9. DMA32 is nearer.
	 */
	ck_assert_str_eq(adv.kc[0].blocks_zone, "DMA32");
	ck_assert_uint_eq(adv.kc[0].blocks_free, 20000000000000000);
	ck_assert_uint_eq(adv.kc[0].blocks_need, 1000000000000000000);
	advise_free(&adv);
	world_free(&w);
}
END_TEST

/*
 * How many allocations succeed one after another (count()), worked out by
 * hand: the n-th passes while free - (n - 1) 2^o - (2^o - 1) - CMA >
 * min + reserve and a block of order o or more is left on a usable list.
 */
START_TEST(test_counts)
{
	static const char z[] =
	    "Node 0, zone Normal\n  pages free 3000\n        min 100\n"
	    "        low 120\n        protection: (0, 0)\n"
	    "      nr_free_cma  2600\n";
	static const char p[] =
	    "Page block order: 9\nPages per block:  512\n\n"
	    "Free pages count per migrate type at order 0 1 2 3 4 5 6 7 8 9 10\n"
	    "Node 0, zone Normal, type Unmovable 400 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Normal, type Movable 0 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Normal, type HighAtomic 0 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Normal, type CMA 0 0 0 0 0 0 0 0 0 5 0\n";
	static const char b[] = "Node 0, zone Normal 400 0 0 0 0 0 0 0 0 5 0\n";
	static const char capped[] =
	    "Page block order: 9\nPages per block:  512\n\n"
	    "Free pages count per migrate type at order 0 1 2 3 4 5 6 7 8 9 10\n"
	    "Node 0, zone Normal, type Unmovable 0 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 0, zone Normal, type Movable >100000 0 0 0 0 0 0 0 0 3 0\n";
	struct world w;
	struct zadvice a;

	/* Movable, 6.18: C = 511 + 100 = 611; (3000 - 612) >> 9 = 4, + 1:
	 * 5 by the watermark, and the 5 CMA blocks may be used: 5, exact. */
	world(&w, b, z, p, 6018, 500, ADVISE_MOVABLE);
	ck_assert(advise_zone(&w.in, 0, 9, &a));
	ck_assert_uint_eq(a.now, 5);
	ck_assert_uint_eq(a.after, 5);
	ck_assert(!a.now_is_bound);
	world_free(&w);
	/* Kernel, order 0: the 2600 free CMA pages do not count: C = 2700,
	 * 300 by the watermark, of the 400 Unmovable pages. Order 9: the
	 * CMA blocks may not be used: 0 now, (3000 - 3212) < 0: 0 after. */
	world(&w, b, z, p, 6018, 500, ADVISE_KERNEL);
	ck_assert(advise_zone(&w.in, 0, 0, &a));
	ck_assert_uint_eq(a.now, 300);
	ck_assert(advise_zone(&w.in, 0, 9, &a));
	ck_assert_uint_eq(a.now, 0);
	ck_assert_uint_eq(a.after, 0);
	world_free(&w);
	/* A lowmem reserve of 2000 and min 1000: C = 3511 of 5120 free:
	 * the 4th leaves 5120 - 1536 - 511 = 3073 > 3000, the 5th 2561: 4,
	 * of 10 blocks, a bound without pagetypeinfo. */
	world(&w, "Node 0, zone Normal 0 0 0 0 0 0 0 0 0 10 0\n",
	    ZI("Normal", 5120, 1000, 1100, 2000), NULL, 6018, 500,
	    ADVISE_MOVABLE);
	ck_assert(advise_zone(&w.in, 0, 9, &a));
	ck_assert_uint_eq(a.now, 4);
	ck_assert_uint_eq(a.after, 4);
	ck_assert(a.now_is_bound);
	world_free(&w);
	/* Before 4.4: 1000 order-0 pages and 4 order-9 blocks, 3048 free,
	 * min 600. The 3rd sees 2024 - 511 = 1513 > 600 and, less the
	 * order-0 pages, 513 > 300; the 4th 1001 > 600 but 1 <= 300: 3
	 * now; the watermark alone allows 4 after compaction. */
	world(&w, "Node 0, zone Normal 1000 0 0 0 0 0 0 0 0 4 0\n",
	    ZI("Normal", 3048, 600, 700, 0), NULL, 4003, 500, ADVISE_MOVABLE);
	ck_assert(advise_zone(&w.in, 0, 9, &a));
	ck_assert_uint_eq(a.now, 3);
	ck_assert_uint_eq(a.after, 4);
	world_free(&w);
	/* A count printed as >100000 below the order does not matter: 3
	 * Movable blocks, exact; at order 0 neither: __zone_watermark_ok()
	 * looks at no free list there, the count alone decides, exact. */
	world(&w, "Node 0, zone Normal 100000 0 0 0 0 0 0 0 0 3 0\n",
	    ZI("Normal", 101536, 10, 20, 0), capped, 6018, 500,
	    ADVISE_MOVABLE);
	ck_assert(advise_zone(&w.in, 0, 9, &a));
	ck_assert_uint_eq(a.now, 3);
	ck_assert(!a.now_is_bound);
	ck_assert(advise_zone(&w.in, 0, 0, &a));
	ck_assert_uint_eq(a.now, 101526);
	ck_assert(!a.now_is_bound);
	world_free(&w);
}
END_TEST

START_TEST(test_watermark_before_4_4)
{
	/* Before 4.4, order by order below the request the free pages of
	 * that order are taken away and min halves: 1000 order-0 pages and
	 * one order-9 block, min 600: 1512 - 511 = 1001 > 600, but after
	 * order 0 only 1 page is left, not above 300; nor is 1512 above
	 * low + gap. */
	struct world w;

	world(&w, "Node 0, zone Normal 1000 0 0 0 0 0 0 0 0 1 0\n",
	    ZI("Normal", 1512, 600, 700, 0), NULL, 4003, 500, ADVISE_MOVABLE);
	expect(&w, 0, 9, VERDICT_RECLAIM, R_LOW_ORDER0, -1000);
	/* 4.4+ only asks for the block. */
	w.in.kver = 4004;
	expect(&w, 0, 9, VERDICT_OK, R_FREE_BLOCK, -1000);
	world_free(&w);
	/* Four blocks leave 1537 after order 0, above 300, 150, ... */
	world(&w, "Node 0, zone Normal 1000 0 0 0 0 0 0 0 0 4 0\n",
	    ZI("Normal", 3048, 600, 700, 0), NULL, 4003, 500, ADVISE_MOVABLE);
	expect(&w, 0, 9, VERDICT_OK, R_FREE_BLOCK, -1000);
	world_free(&w);
}
END_TEST

START_TEST(test_nr_free_pages)
{
	/* compaction_suitable() reads NR_FREE_PAGES: zoneinfo's 1800 pass
	 * low 700 + gap 1024 where buddyinfo's 1000 would not. */
	struct world w;

	world(&w, "Node 0, zone Normal 1000 0 0 0 0 0 0 0 0 0 0\n",
	    ZI("Normal", 1800, 600, 700, 0), NULL, 6018, 500, ADVISE_MOVABLE);
	expect(&w, 0, 9, VERDICT_COMPACT, R_INDEX_HIGH, 998);
	world_free(&w);
	world(&w, "Node 0, zone Normal 1000 0 0 0 0 0 0 0 0 0 0\n",
	    ZI("Normal", 1000, 600, 700, 0), NULL, 6018, 500, ADVISE_MOVABLE);
	expect(&w, 0, 9, VERDICT_RECLAIM, R_LOW_ORDER0, 998);
	world_free(&w);
}
END_TEST

START_TEST(test_kver_infer)
{
	static const char p_old[] =
	    "Page block order: 9\nPages per block:  512\n\n"
	    "Free pages count per migrate type at order 0 1\n"
	    "Node 0, zone Normal, type Unmovable 1 0\n"
	    "Node 0, zone Normal, type Reserve 0 0\n";
	static const char z_boost[] =
	    "Node 0, zone Normal\n  pages free 1\n        boost 0\n";
	struct pagetypeinfo pti;
	struct zoneinfo zi;
	struct ferr e = { .path = "t" };
	struct psi psi;
	char text[96];
	bool found;

	ck_assert_int_eq(pagetypeinfo_parse(p_old, strlen(p_old), &pti, &e), 0);
	ck_assert_int_eq(kver_infer(&pti, NULL, NULL, text, sizeof(text),
	    &found), 4003);
	ck_assert(found);
	ck_assert_str_eq(text, "kernel before 4.4 (pagetypeinfo lists Reserve): "
	    "4.3 rules");
	pagetypeinfo_free(&pti);
	ck_assert_int_eq(zoneinfo_parse(z_boost, strlen(z_boost), &zi, &e), 0);
	memset(&psi, 0, sizeof(psi));
	ck_assert_int_eq(kver_infer(NULL, &zi, &psi, text, sizeof(text),
	    &found), -1);
	ck_assert_str_eq(text, "kernel 5.16+ (zoneinfo prints boost): newest "
	    "rules");
	zoneinfo_free(&zi);
	ck_assert_int_eq(kver_infer(NULL, NULL, &psi, text, sizeof(text),
	    &found), -1);
	ck_assert_str_eq(text, "kernel 4.20+ (pressure file read): newest rules");
	ck_assert_int_eq(kver_infer(NULL, NULL, NULL, text, sizeof(text),
	    &found), -1);
	ck_assert(!found);
	ck_assert_str_eq(text, "kernel unknown: newest rules");
}
END_TEST

/* kcompactd on the 6.18 VM capture: scores worked out by hand in the commit. */
START_TEST(test_kcompactd_vm)
{
	char *b = tu_read("corpus/vm-6.18-x86-64-holes/proc/buddyinfo", NULL);
	char *z = tu_read("corpus/vm-6.18-x86-64-holes/proc/zoneinfo", NULL);
	struct kcompactd k[2];
	struct world w;

	world(&w, b, z, NULL, 6018, 500, ADVISE_MOVABLE);
	/* DMA 6% x 3998, DMA32 73% x 782336, Normal 80% x 5505024 over
	 * 6291358 + 1 present pages: 0 + 9 + 70. */
	ck_assert_uint_eq(kcompactd_scores(&w.bi, w.frag, &w.zi, 9, 20, 6018, k,
	    2), 1);
	ck_assert_uint_eq(k[0].node, 0);
	ck_assert_uint_eq(k[0].score, 79);
	ck_assert_uint_eq(k[0].low, 80);
	ck_assert_uint_eq(k[0].high, 90);
	ck_assert(!k[0].proactive);
	/* 5.9 to 6.15: the low watermark stops at 5, the leeway is 10. */
	kcompactd_scores(&w.bi, w.frag, &w.zi, 9, 100, 6015, k, 2);
	ck_assert_uint_eq(k[0].low, 5);
	ck_assert_uint_eq(k[0].high, 15);
	ck_assert(k[0].proactive);
	/* 6.16+: no floor, leeway min(10, low / 2). */
	kcompactd_scores(&w.bi, w.frag, &w.zi, 9, 100, 6016, k, 2);
	ck_assert_uint_eq(k[0].low, 0);
	ck_assert_uint_eq(k[0].high, 0);
	kcompactd_scores(&w.bi, w.frag, &w.zi, 9, 90, -1, k, 2);
	ck_assert_uint_eq(k[0].low, 10);
	ck_assert_uint_eq(k[0].high, 15);
	kcompactd_scores(&w.bi, w.frag, &w.zi, 9, 0, 6018, k, 2);
	ck_assert_uint_eq(k[0].low, 100);
	ck_assert_uint_eq(k[0].high, 100);
	ck_assert(!k[0].proactive);
	/* Score 79 is not above 79. */
	kcompactd_scores(&w.bi, w.frag, &w.zi, 9, 31, 6018, k, 2);
	ck_assert_uint_eq(k[0].high, 79);
	ck_assert(!k[0].proactive);
	kcompactd_scores(&w.bi, w.frag, &w.zi, 9, 32, 6018, k, 2);
	ck_assert(k[0].proactive);
	world_free(&w);
	free(b);
	free(z);
}
END_TEST

/* Parse tests/fixtures/kcompactd/NAME into V. */
static void
vm_fixture(const char *name, struct vmstat *v)
{
	struct ferr e = { .path = name };
	char rel[64];
	size_t len;
	char *buf;

	snprintf(rel, sizeof(rel), "kcompactd/%s", name);
	buf = tu_read(rel, &len);
	ck_assert_msg(vmstat_parse(buf, len, v, &e) == 0, "%s: %lu: %s", name,
	    e.line, e.msg);
	free(buf);
}

/*
 * kcompactd seen from two reads of vmstat (the fixtures' README gives the
 * counters): its scanners moved (+1024 migrate, +4096 free), only its
 * wakeups (0 -> 1), nothing (the same file twice), or no counter of it
 * in one of the reads (before 4.6): unseen, never "still".
 */
START_TEST(test_kcompactd_seen)
{
	struct vmstat first, scanned, woken, old;

	vm_fixture("vmstat-first", &first);
	vm_fixture("vmstat-scanned", &scanned);
	vm_fixture("vmstat-woken", &woken);
	vm_fixture("vmstat-4.5", &old);
	ck_assert_int_eq(kcompactd_seen(&first, &scanned), KCOMPACTD_MOVED);
	ck_assert_int_eq(kcompactd_seen(&first, &woken), KCOMPACTD_MOVED);
	ck_assert_int_eq(kcompactd_seen(&first, &first), KCOMPACTD_STILL);
	ck_assert_int_eq(kcompactd_seen(&scanned, &scanned), KCOMPACTD_STILL);
	/* Counters only fall across a reboot: not kcompactd at work. */
	ck_assert_int_eq(kcompactd_seen(&scanned, &first), KCOMPACTD_STILL);
	ck_assert_int_eq(kcompactd_seen(&old, &scanned), KCOMPACTD_UNSEEN);
	ck_assert_int_eq(kcompactd_seen(&first, &old), KCOMPACTD_UNSEEN);
	ck_assert_int_eq(kcompactd_seen(NULL, &first), KCOMPACTD_UNSEEN);
	ck_assert_int_eq(kcompactd_seen(&first, NULL), KCOMPACTD_UNSEEN);
}
END_TEST

/* One state per node, and the machine's: working when one node works. */
START_TEST(test_kcompactd_states)
{
	struct kcompactd k[2] = { { .proactive = false }, { .proactive = true } };
	struct advice adv = { .kc = k, .nkc = 2 };

	kcompactd_states(k, 2, true, 20);
	ck_assert_int_eq(k[0].state, KCOMPACTD_IDLE);
	ck_assert_int_eq(k[1].state, KCOMPACTD_WORKING);
	ck_assert_int_eq(kcompactd_machine(&adv), KCOMPACTD_WORKING);
	kcompactd_states(k, 2, true, 0);
	ck_assert_int_eq(kcompactd_machine(&adv), KCOMPACTD_OFF);
	/* Before 5.9 nothing starts, whatever the score. */
	k[1].proactive = true;
	kcompactd_states(k, 2, false, 20);
	ck_assert(!k[1].proactive);
	ck_assert_int_eq(kcompactd_machine(&adv), KCOMPACTD_NONE);
	adv.nkc = 0;
	ck_assert_int_eq(kcompactd_machine(&adv), KCOMPACTD_NONE);
}
END_TEST

START_TEST(test_kcompactd_empty_zone)
{
	/* extfrag_for_order() gives 0, not 100, for a zone with nothing free. */
	static const char b[] =
	    "Node 0, zone Normal 0 0 0 0 0 0 0 0 0 0 0\n"
	    "Node 1, zone Normal 64 0 0 0 0 0 0 0 0 0 0\n";
	static const char z[] =
	    "Node 0, zone Normal\n        present  1000\n"
	    "Node 1, zone Normal\n        present  1000\n";
	struct kcompactd k[2];
	struct world w;

	world(&w, b, z, NULL, 6018, 500, ADVISE_MOVABLE);
	ck_assert_uint_eq(kcompactd_scores(&w.bi, w.frag, &w.zi, 9, 20, 6018, k,
	    2), 2);
	ck_assert_uint_eq(k[0].score, 0);
	/* 1000 * 100 / 1001 = 99 */
	ck_assert_uint_eq(k[1].score, 99);
	ck_assert(k[1].proactive);
	world_free(&w);
}
END_TEST

START_TEST(test_urgency)
{
	struct psi p;

	memset(&p, 0, sizeof(p));
	ck_assert_int_eq(advise_urgency(NULL, 1000, 500), URGENCY_UNKNOWN);
	p.some.present = true;
	p.some.avg10 = 999;
	ck_assert_int_eq(advise_urgency(&p, 1000, 500), URGENCY_CALM);
	p.some.avg10 = 1000;
	ck_assert_int_eq(advise_urgency(&p, 1000, 500), URGENCY_ELEVATED);
	p.full.avg10 = 500;
	ck_assert_int_eq(advise_urgency(&p, 1000, 500), URGENCY_ELEVATED);
	p.full.present = true;
	ck_assert_int_eq(advise_urgency(&p, 1000, 500), URGENCY_SEVERE);
	ck_assert_str_eq(advise_urgency_name(URGENCY_SEVERE), "severe");
	ck_assert_str_eq(advise_verdict_name(VERDICT_COMPACT), "compact");
}
END_TEST

/* The pictures' pageblock order: advice, then pagetypeinfo, then a guess, within the orders. */
START_TEST(test_snapshot_block_order)
{
	struct buddyinfo bi;
	struct pagetypeinfo pti;
	struct advice adv;

	memset(&bi, 0, sizeof(bi));
	memset(&pti, 0, sizeof(pti));
	memset(&adv, 0, sizeof(adv));
	bi.norders = 11;
	ck_assert_uint_eq(advise_snapshot_block_order(&bi, NULL, NULL), 9);
	pti.pageblock_order = 10;
	ck_assert_uint_eq(advise_snapshot_block_order(&bi, &pti, NULL), 10);
	adv.hpage_order = 8;
	ck_assert_uint_eq(advise_snapshot_block_order(&bi, NULL, &adv), 8);
	ck_assert_uint_eq(advise_snapshot_block_order(&bi, &pti, &adv), 10);
	/* Five orders (0..4): the guess and a larger order count order 4. */
	bi.norders = 5;
	ck_assert_uint_eq(advise_snapshot_block_order(&bi, NULL, NULL), 4);
	ck_assert_uint_eq(advise_snapshot_block_order(&bi, &pti, &adv), 4);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("advise");
	TCase *tc = tcase_create("rules");

	tcase_add_test(tc, test_single_free_block);
	tcase_add_test(tc, test_only_order0);
	tcase_add_test(tc, test_few_free_blocks);
	tcase_add_test(tc, test_order3_vs_order4);
	tcase_add_test(tc, test_watermarks);
	tcase_add_test(tc, test_kernel_gfp_movable_zone);
	tcase_add_test(tc, test_cma_and_highatomic);
	tcase_add_test(tc, test_lowmem_reserve_bound);
	tcase_add_test(tc, test_lowmem_reserve_read);
	tcase_add_test(tc, test_free_lists);
	tcase_add_test(tc, test_defrag_mode);
	tcase_add_test(tc, test_defrag_blocks);
	tcase_add_test(tc, test_defrag_blocks_nearest);
	tcase_add_test(tc, test_watermark_before_4_4);
	tcase_add_test(tc, test_counts);
	tcase_add_test(tc, test_nr_free_pages);
	tcase_add_test(tc, test_kver_infer);
	suite_add_tcase(s, tc);
	tc = tcase_create("kcompactd");
	tcase_add_test(tc, test_kcompactd_vm);
	tcase_add_test(tc, test_kcompactd_empty_zone);
	tcase_add_test(tc, test_kcompactd_states);
	tcase_add_test(tc, test_kcompactd_seen);
	tcase_add_test(tc, test_urgency);
	tcase_add_test(tc, test_snapshot_block_order);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

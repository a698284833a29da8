/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_pins.c - who pins memory: kinds, the cost of each, few-pinned buckets, cgroups and page_owner on constructed maps */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "census.h"
#include "map.h"
#include "memcg.h"
#include "pageowner.h"
#include "memcg_names.h"
#include "mounts.h"
#include "owners_read.h"
#include "pins.h"
#include "testutil.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))
#define F(b)	((uint64_t)1 << (b))

/* Each telling flag gives its kind; none, or a compound page, is kernel. */
static const struct {
	uint64_t	 flags;
	enum map_pin	 want;
} kinds[] = {
	{ F(KPF_SLAB) | F(KPF_ANON), MAP_PIN_SLAB },
	{ F(KPF_PGTABLE), MAP_PIN_PAGETABLE },
	{ F(KPF_RESERVED) | F(KPF_PRIVATE), MAP_PIN_RESERVED },
	{ F(KPF_HUGE) | F(KPF_COMPOUND_HEAD), MAP_PIN_HUGETLB },
	{ F(KPF_ZERO_PAGE), MAP_PIN_ZERO },
	{ F(KPF_HWPOISON) | F(KPF_SLAB), MAP_PIN_POISONED },
	{ F(KPF_OFFLINE), MAP_PIN_OFFLINE },
	{ F(KPF_COMPOUND_TAIL), MAP_PIN_KERNEL },
	{ 0, MAP_PIN_KERNEL },
};

START_TEST(test_kind)
{
	ck_assert_int_eq(map_pin_kind(kinds[_i].flags), kinds[_i].want);
}
END_TEST

/*
 * One zone of pageblocks of 4 pages (order 2), from PFN 0, with 4 free
 * and 1 per-CPU page: the page flags of each pageblock, in order.
 */
#define B	F(KPF_BUDDY)
#define L	F(KPF_LRU)
#define SL	F(KPF_SLAB)
#define P	F(KPF_PGTABLE)
static const uint64_t zone_flags[] = {
	B, B, B, B,	/* 0: all free */
	SL, P, L, L,	/* 1: slab and pagetable: both kinds count it */
	SL, L, L, L,	/* 2: one slab page: few 1 */
	0, L, B, L,	/* 3: one ambiguous page: admitted (per-CPU 1) */
	0, 0, L, L,	/* 4: two ambiguous: kernel, few 2-8 */
	L, L, L, L,	/* 5: movable */
	SL, SL, SL, SL,	/* 6: slab only */
	B, B, B, B,	/* 7: all free */
};

/* Build M of the N page FLAGS of one zone, computed, with its pins P. */
static void
build_of(struct map *m, struct pins *p, const uint64_t *flags, size_t n,
    uint64_t free_pages)
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
	z->nblocks = n / 4;
	ck_assert_ptr_nonnull(m->blocks = calloc(z->nblocks, sizeof(*m->blocks)));
	z->blocks = m->blocks;
	strcpy(z->name, "Normal");
	z->spanned = n;
	z->free_pages = free_pages;
	z->pcp_free = 1;
	for (k = 0; k < z->nblocks; k++)
		m->blocks[k].n[MAP_HOLE] = 4;
	map_pages(m, z, 0, flags, n);
	ck_assert_int_eq(map_compute(m, &fr), 0);
	ck_assert_int_eq(pins_compute(p, m), 0);
}

/* Build M of ZONE_FLAGS, computed, with its pins P. */
static void
build(struct map *m, struct pins *p, uint64_t free_pages)
{
	build_of(m, p, zone_flags, N(zone_flags), free_pages);
}

/* Pinned blocks by kind, pages by kind, buckets and states, exactly. */
START_TEST(test_pins)
{
	static const uint8_t want_state[] = { PINS_CLEAN, PINS_PINNED,
	    PINS_PINNED, PINS_ADMITTED, PINS_PINNED, PINS_CLEAN, PINS_PINNED,
	    PINS_CLEAN };
	const struct pins_zone *pz;
	struct map m;
	struct pins p;

	build(&m, &p, 32);
	pz = &p.zones[0];
	ck_assert_mem_eq(p.state, want_state, sizeof(want_state));
	ck_assert_uint_eq(pz->blocks, 4);
	ck_assert_uint_eq(pz->pages, 2 + 1 + 2 + 4);
	ck_assert_uint_eq(pz->by_kind[MAP_PIN_SLAB], 3);
	ck_assert_uint_eq(pz->by_kind[MAP_PIN_PAGETABLE], 1);
	ck_assert_uint_eq(pz->by_kind[MAP_PIN_KERNEL], 1);
	ck_assert_uint_eq(pz->pages_by_kind[MAP_PIN_SLAB], 6);
	/* The admitted page is not a kernel page. */
	ck_assert_uint_eq(pz->pages_by_kind[MAP_PIN_KERNEL], 2);
	ck_assert_uint_eq(pz->few[PINS_FEW_1], 1);
	ck_assert_uint_eq(pz->few[PINS_FEW_8], 3);
	ck_assert_uint_eq(pz->few[PINS_FEW_64], 0);
	/* Clean: 0, 3 (admitted), 5, 7; the ceiling is pinned, not by free memory. */
	ck_assert_uint_eq(m.zones[0].ceiling[2], 4);
	ck_assert_int_eq(m.zones[0].limited_by[2], MAP_LIMIT_PINNED);
	/* Without slab: 2 and 6 (1 still has a page table). */
	ck_assert_uint_eq(pz->cost[MAP_PIN_SLAB], 2);
	ck_assert_uint_eq(pz->cost[MAP_PIN_PAGETABLE], 0);
	ck_assert_uint_eq(pz->cost[MAP_PIN_KERNEL], 1);
	ck_assert_uint_eq(pz->cost[MAP_PIN_ZERO], 0);
	pins_free(&p);
	map_free(&m);
}
END_TEST

/* Free memory bounds the cost as it bounds the ceiling. */
START_TEST(test_cost_bound)
{
	struct map m;
	struct pins p;

	/* 19 free + 1 per-CPU: 5 blocks at most, 4 now. */
	build(&m, &p, 19);
	ck_assert_uint_eq(m.zones[0].ceiling[2], 4);
	ck_assert_uint_eq(p.zones[0].cost[MAP_PIN_SLAB], 1);
	ck_assert_uint_eq(p.zones[0].cost[MAP_PIN_KERNEL], 1);
	pins_free(&p);
	map_free(&m);
}
END_TEST

/*
 * The kinds ranked, by hand. Pageblocks of 4 pages, 1 per-CPU free page:
 *
 *   0: B  B  B  B    free
 *   1: SL L  L  L    slab 1
 *   2: P  P  P  P    pagetable 4
 *   3: 0  0  L  L    2 ambiguous: kernel 2 (1 per-CPU page admits 1 only)
 *   4: L  L  L  L    movable
 *   5: SL SL L  L    slab 2
 *   6: B  B  B  B    free
 *
 * Pinned pages by kind: slab 1 + 2 = 3 in 2 pageblocks, pagetable 4 in 1,
 * kernel 2 in 1. Clean pageblocks: 0, 4, 6 = 3.
 *
 * Plenty free (100 + 1 per-CPU: (101 >> 2) = 25 blocks at most): the
 * ceiling is 3, set by the pinned pages. Without slab 1 and 5 are clean
 * too: 5, cost +2; without page tables 2: +1; without the kernel's pages
 * 3: +1. Ranked: slab (+2), then pagetable and kernel (+1 each) by pages,
 * 4 before 2: slab, pagetable, kernel.
 *
 * Free memory short (8 + 1: 9 >> 2 = 2 blocks at most): the ceiling is 2,
 * set by free memory, and every cost min(5 or 4, 2) - 2 = 0. Ranked by
 * pages: pagetable 4, slab 3, kernel 2. By pageblocks it would be slab
 * first (2), by kind order slab, pagetable, kernel: both wrong.
 */
static const uint64_t rank_flags[] = {
	B, B, B, B,
	SL, L, L, L,
	P, P, P, P,
	0, 0, L, L,
	L, L, L, L,
	SL, SL, L, L,
	B, B, B, B,
};

START_TEST(test_rank_kinds)
{
	static const unsigned by_cost[] = { MAP_PIN_SLAB, MAP_PIN_PAGETABLE,
	    MAP_PIN_KERNEL };
	static const unsigned by_pages[] = { MAP_PIN_PAGETABLE, MAP_PIN_SLAB,
	    MAP_PIN_KERNEL };
	const struct pins_zone *pz;
	unsigned kind[MAP_NPINS];
	struct map m;
	struct pins p;

	build_of(&m, &p, rank_flags, N(rank_flags), 100);
	pz = &p.zones[0];
	ck_assert_uint_eq(m.zones[0].ceiling[2], 3);
	ck_assert_int_eq(m.zones[0].limited_by[2], MAP_LIMIT_PINNED);
	ck_assert_uint_eq(pz->cost[MAP_PIN_SLAB], 2);
	ck_assert_uint_eq(pz->cost[MAP_PIN_PAGETABLE], 1);
	ck_assert_uint_eq(pz->cost[MAP_PIN_KERNEL], 1);
	ck_assert_uint_eq(pins_rank_kinds(pz, kind), 3);
	ck_assert_mem_eq(kind, by_cost, sizeof(by_cost));
	pins_free(&p);
	map_free(&m);

	build_of(&m, &p, rank_flags, N(rank_flags), 8);
	pz = &p.zones[0];
	ck_assert_uint_eq(m.zones[0].ceiling[2], 2);
	ck_assert_int_eq(m.zones[0].limited_by[2], MAP_LIMIT_FREE);
	ck_assert_uint_eq(pz->cost[MAP_PIN_SLAB], 0);
	ck_assert_uint_eq(pz->cost[MAP_PIN_PAGETABLE], 0);
	ck_assert_uint_eq(pz->cost[MAP_PIN_KERNEL], 0);
	ck_assert_uint_eq(pz->pages_by_kind[MAP_PIN_SLAB], 3);
	ck_assert_uint_eq(pz->pages_by_kind[MAP_PIN_PAGETABLE], 4);
	ck_assert_uint_eq(pz->pages_by_kind[MAP_PIN_KERNEL], 2);
	ck_assert_uint_eq(pz->by_kind[MAP_PIN_SLAB], 2);
	ck_assert_uint_eq(pins_rank_kinds(pz, kind), 3);
	ck_assert_mem_eq(kind, by_pages, sizeof(by_pages));
	pins_free(&p);
	map_free(&m);
}
END_TEST

/*
 * map_scan(), the reading the ceiling, the costs and the regions share:
 * what pins a run, with a kind left out, and a run past uninit_from.
 */
START_TEST(test_scan)
{
	struct map_run r;
	struct map m;
	struct pins p;
	struct map_zone *z;

	build(&m, &p, 32);
	z = &m.zones[0];
	/* Blocks 0-3: slab pins; 4 + 1 free, 1 ambiguous, 2 slab pages. */
	map_scan(z, 0, 4, MAP_NPINS, &r);
	ck_assert(r.pinned && !r.hole && !r.uninit);
	ck_assert_uint_eq(r.free, 5);
	ck_assert_uint_eq(r.amb, 1);
	ck_assert_uint_eq(r.pins[MAP_PIN_SLAB], 2);
	ck_assert_uint_eq(r.pins[MAP_PIN_PAGETABLE], 1);
	ck_assert_uint_eq(r.pins[MAP_PIN_KERNEL], 1);
	/* Without slab, block 2 can be emptied; 1 keeps its page table. */
	map_scan(z, 2, 1, MAP_PIN_SLAB, &r);
	ck_assert(!r.pinned);
	map_scan(z, 1, 1, MAP_PIN_SLAB, &r);
	ck_assert(r.pinned);
	/* Without kernel pages, block 4's ambiguous ones go too. */
	map_scan(z, 4, 1, MAP_PIN_KERNEL, &r);
	ck_assert(!r.pinned);
	ck_assert_uint_eq(r.amb, 0);
	/* From block 4 not initialised: pinned, its pages apart. */
	z->uninit_from = 4;
	map_scan(z, 3, 2, MAP_NPINS, &r);
	ck_assert(r.pinned && r.uninit && !r.hole);
	ck_assert_uint_eq(r.uninit_pages, 2);
	ck_assert_uint_eq(r.amb, 1);
	ck_assert_uint_eq(r.pins[MAP_PIN_KERNEL], 1);
	pins_free(&p);
	map_free(&m);
}
END_TEST

START_TEST(test_few_bucket)
{
	ck_assert_int_eq(pins_few_bucket(1), PINS_FEW_1);
	ck_assert_int_eq(pins_few_bucket(2), PINS_FEW_8);
	ck_assert_int_eq(pins_few_bucket(8), PINS_FEW_8);
	ck_assert_int_eq(pins_few_bucket(9), PINS_FEW_64);
	ck_assert_int_eq(pins_few_bucket(64), PINS_FEW_64);
	ck_assert_int_eq(pins_few_bucket(65), PINS_FEW_MORE);
}
END_TEST

/* Cgroups from a constructed kpagecgroup array: ranked, "-" last. */
START_TEST(test_cgroups)
{
	static const uint64_t ino[] = {
		0, 0, 0, 0,
		0, 7, 9, 9,	/* the page table charged to 7 */
		0, 9, 9, 9,
		5, 9, 0, 9,	/* admitted: 5's page is not pinned */
		7, 7, 9, 9,
		9, 9, 9, 9,
		0, 0, 0, 0,
		0, 0, 0, 0,
	};
	const struct memcg_group *g;
	struct memcg cg;
	struct map m;
	struct pins p;

	build(&m, &p, 32);
	memcg_init(&cg);
	ck_assert_int_eq(map_charge(&cg, &m, 0, 0, zone_flags, ino,
	    N(zone_flags)), 0);
	ck_assert_int_eq(pins_rank(&cg, &m, &p), 0);
	ck_assert_uint_eq(cg.ngroups, 4);
	/* 7: blocks 1 and 4 (3 pages); 9: none; 5: none; then "-". */
	g = &cg.groups[cg.rank[0]];
	ck_assert_uint_eq(g->ino, 7);
	ck_assert_uint_eq(g->pinned_blocks, 2);
	ck_assert_uint_eq(g->pinned_pages, 3);
	g = &cg.groups[cg.rank[1]];
	ck_assert_uint_eq(g->ino, 9);
	ck_assert_uint_eq(g->pinned_blocks, 0);
	ck_assert_uint_eq(g->movable_pages, 4 + 2);	/* blocks 5, 3 */
	g = &cg.groups[cg.rank[2]];
	ck_assert_uint_eq(g->ino, 5);
	ck_assert_uint_eq(g->pinned_pages, 0);
	g = &cg.groups[cg.rank[3]];
	ck_assert_uint_eq(g->ino, 0);
	ck_assert_uint_eq(g->pinned_blocks, 3);
	ck_assert_uint_eq(g->pinned_pages, 6);
	memcg_free(&cg);
	pins_free(&p);
	map_free(&m);
}
END_TEST

/* The memory controller: a v1 memory hierarchy before cgroup2. */
START_TEST(test_mounts)
{
	static const char hybrid[] =
	    "cgroup2 /sys/fs/cgroup/unified cgroup2 rw,nosuid 0 0\n"
	    "cgroup /sys/fs/cgroup/cpu cgroup rw,cpu,cpuacct 0 0\n"
	    "cgroup /sys/fs/cgroup/mem\\040ory cgroup rw,nosuid,memory 0 0\n";
	static const char v2[] = "proc /proc proc rw 0 0\n"
	    "cgroup2 /sys/fs/cgroup cgroup2 rw,nsdelegate 0 0\n";
	struct ferr e = { .path = "mounts" };
	bool is2;
	char *d;

	ck_assert_int_eq(mounts_memcg(S(hybrid), &d, &is2, &e), 0);
	ck_assert_str_eq(d, "/sys/fs/cgroup/mem ory");
	ck_assert(!is2);
	free(d);
	ck_assert_int_eq(mounts_memcg(S(v2), &d, &is2, &e), 0);
	ck_assert_str_eq(d, "/sys/fs/cgroup");
	ck_assert(is2);
	free(d);
	ck_assert_int_eq(mounts_memcg(S("proc /proc proc rw 0 0\n"), &d,
	    &is2, &e), 0);
	ck_assert_ptr_null(d);
}
END_TEST

/*
 * Hand each record of TEXT (each ended by an empty line) to EACH with ARG
 * through pageowner_parse(), as owners_read() splits a file. Returns 0,
 * or -1 with E set.
 */
static int
records(const char *text, int (*each)(void *arg, const struct po_record *r),
    void *arg, struct ferr *e)
{
	const char *end;

	for (; (end = strstr(text, "\n\n")) != NULL; text = end + 2)
		if (pageowner_parse(text, (size_t)(end - text), each, arg,
		    e) != 0)
			return -1;
	return 0;
}

/* page_owner records: pinning ones by stack, movable and unpinned ones left out. */
START_TEST(test_owners)
{
	static const char text[] =
	    "Page allocated via order 0, mask 0xcc0(GFP_KERNEL), pid 1, tgid 1 "
	    "(a), ts 1 ns\nPFN 0x4 type Unmovable Block 1 type Unmovable "
	    "Flags 0x0()\n f+0x1/0x2\n g+0x3/0x4\n\n"
	    "Page allocated via order 0, mask 0xcc0(GFP_KERNEL), pid 1, tgid 1 "
	    "(a), ts 1 ns\nPFN 0x5 type Unmovable Block 1 type Unmovable "
	    "Flags 0x0()\n f+0x1/0x2\n g+0x3/0x4\n\n"
	    "Page allocated via order 1, mask 0xcc0(GFP_KERNEL), pid 1, tgid 1 "
	    "(a), ts 1 ns, free_ts 0 ns\nPFN 24 type Unmovable Block 6 type "
	    "Unmovable Flags 0x0()\n f+0x1/0x2\n g+0x3/0x4\n\n"
	    "Page allocated via order 0, mask 0x140cca(GFP_HIGHUSER_MOVABLE), "
	    "pid 1, tgid 1 (a), ts 1 ns\nPFN 0x6 type Movable Block 1 type "
	    "Unmovable Flags 0x0()\n h+0x1/0x2\n\n"
	    "Page allocated via order 0, mask 0xcc0(GFP_KERNEL), pid 1, tgid 1 "
	    "(a), ts 1 ns\nPFN 0x14 type Unmovable Block 5 type Unmovable "
	    "Flags 0x0()\n i+0x1/0x2\n\n";
	struct ferr e = { .path = "" };
	struct owners ow;
	struct map m;
	struct pins p;

	build(&m, &p, 32);
	owners_init(&ow);
	ck_assert_int_eq(records(text, pins_owner_add,
	    &(struct pins_owners){ &ow, &m, &p }, &e), 0);
	owners_sort(&ow);
	ck_assert_uint_eq(ow.records, 5);
	ck_assert_uint_eq(ow.pinning, 3);
	ck_assert_uint_eq(ow.n, 1);
	ck_assert_str_eq(ow.o[0].stack, "f+0x1/0x2\ng+0x3/0x4");
	ck_assert_uint_eq(ow.o[0].pinned_blocks, 2);
	ck_assert_uint_eq(ow.o[0].pinned_pages, 4);
	owners_free(&ow);
	pins_free(&p);
	map_free(&m);
}
END_TEST

/* What test_census() counts the records into. */
struct census_arg {
	struct census	*c;
	const struct map *m;
};

/* census_add() of each record, for owners_read(). */
static int
census_each(void *arg, const struct po_record *r)
{
	struct census_arg *a = arg;

	census_add(a->c, a->m, r);
	return 0;
}

/* What test_owner_lines() keeps of the last record handed to it. */
struct seen {
	int		 n;
	uint64_t	 pfn;
	char		 frames[64];
};

/* Count R into ARG (a struct seen) and keep its PFN and frames. */
static int
seen_each(void *arg, const struct po_record *r)
{
	struct seen *sn = arg;

	sn->n++;
	sn->pfn = r->have_pfn ? r->pfn : 0;
	ck_assert_uint_lt(r->len, sizeof(sn->frames));
	memcpy(sn->frames, r->frames, r->len);
	sn->frames[r->len] = '\0';
	return 0;
}

/*
 * One record: an empty line before it skipped, its last line read
 * without a newline (the file's last record ends so), none of only empty
 * lines; binary bytes end it, with their line.
 */
START_TEST(test_owner_lines)
{
	static const char bad[] = "PFN 4 type Unmovable\nPFN 5\0 type";
	struct ferr e = { .path = "" };
	struct seen sn = { 0 };

	ck_assert_int_eq(pageowner_parse(S("\nPFN 4 type Unmovable\n "
	    "f+0x1/0x2\n g+0x3/0x4"), seen_each, &sn, &e), 0);
	ck_assert_int_eq(sn.n, 1);
	ck_assert_uint_eq(sn.pfn, 4);
	ck_assert_str_eq(sn.frames, "f+0x1/0x2\ng+0x3/0x4\n");
	ck_assert_int_eq(pageowner_parse(S("\n"), seen_each, &sn, &e), 0);
	ck_assert_int_eq(pageowner_parse(S(""), seen_each, &sn, &e), 0);
	ck_assert_int_eq(sn.n, 1);
	ck_assert_int_eq(pageowner_parse(S(bad), seen_each, &sn, &e), -1);
	ck_assert_int_eq(sn.n, 1);
	ck_assert_uint_eq(e.line, 2);
	ck_assert_str_eq(e.msg, "NUL byte in column 6: binary data, not a "
	    "kernel text file");
}
END_TEST

/*
 * The page_owner fixture (tests/fixtures/pageowner/census, see its
 * PROVENANCE) over build()'s zone of 8 pageblocks of 4 pages:
 *   block 1 Unmovable:   PFN 4, 5 Unmovable (slab)          clean
 *   block 2 Movable:     PFN 8 Movable order 1 (lru),
 *                        PFN 10 Unmovable (pipe)            mixed
 *   block 3 Movable:     PFN 12 Movable off the LRU (zsmalloc),
 *                        PFN 13 Movable (lru)               clean, non-LRU
 *   block 4 Reclaimable: PFN 16 Reclaimable, PFN 17 Movable mixed
 *   block 5 Movable:     PFN 20 Movable (pre-5.17 layout)   clean
 *   block 6 HighAtomic:  PFN 24 Unmovable                   mixed
 *   block 7 Unmovable:   PFN 28 Reclaimable                 mixed
 *   PFN 64: outside the zone.
 * So by block type: in use U 2, M 3, R 1, H 1; mixed 1 each; non-LRU M 1;
 * pageblocks holding [U][U] 1, [U][R] 1, [M][M] 3, [M][U] 1, [R][R] 1,
 * [R][M] 1, [H][U] 1; pages [M][M] 2 + 1 + 1 + 1 = 5, the others 1 a
 * block except [U][U] 2; 12 records, 1 outside.
 */
START_TEST(test_census)
{
	struct ferr e = { .path = "" };
	const struct census_zone *z;
	struct census c;
	struct owners ow;
	struct map m;
	struct pins p;
	char *path = tu_path("pageowner/census");
	int U, M, R, H;

	build(&m, &p, 32);
	owners_init(&ow);
	ck_assert_int_eq(census_init(&c, &m), 0);
	ck_assert_int_eq(owners_read(&ow, path, census_each,
	    &(struct census_arg){ &c, &m }, &e), 0);
	census_end(&c);
	ck_assert_uint_eq(c.ntypes, 4);
	U = census_type(&c, "Unmovable");
	M = census_type(&c, "Movable");
	R = census_type(&c, "Reclaimable");
	H = census_type(&c, "HighAtomic");
	ck_assert(U == 0 && M == 1 && R == 2 && H == 3);
	ck_assert_uint_eq(c.records, 12);
	ck_assert_uint_eq(c.outside, 1);
	ck_assert_uint_eq(c.unknown, 0);
	z = &c.zones[0];
	ck_assert_uint_eq(z->used[U], 2);
	ck_assert_uint_eq(z->used[M], 3);
	ck_assert_uint_eq(z->used[R], 1);
	ck_assert_uint_eq(z->used[H], 1);
	ck_assert_uint_eq(z->mixed[U], 1);
	ck_assert_uint_eq(z->mixed[M], 1);
	ck_assert_uint_eq(z->mixed[R], 1);
	ck_assert_uint_eq(z->mixed[H], 1);
	ck_assert_uint_eq(z->nonlru[M], 1);
	ck_assert_uint_eq(z->nonlru[U] + z->nonlru[R] + z->nonlru[H], 0);
	ck_assert_uint_eq(z->holding[U][U], 1);
	ck_assert_uint_eq(z->holding[U][R], 1);
	ck_assert_uint_eq(z->holding[U][M], 0);
	ck_assert_uint_eq(z->holding[M][M], 3);
	ck_assert_uint_eq(z->holding[M][U], 1);
	ck_assert_uint_eq(z->holding[M][R], 0);
	ck_assert_uint_eq(z->holding[R][R], 1);
	ck_assert_uint_eq(z->holding[R][M], 1);
	ck_assert_uint_eq(z->holding[H][U], 1);
	ck_assert_uint_eq(z->pages[U][U], 2);
	ck_assert_uint_eq(z->pages[M][M], 5);
	ck_assert_uint_eq(z->pages[M][U], 1);
	ck_assert_uint_eq(z->pages[R][M], 1);
	ck_assert_uint_eq(z->pages[U][R], 1);
	census_free(&c);
	owners_free(&ow);
	free(path);
	pins_free(&p);
	map_free(&m);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("pins");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_kind, 0, (int)N(kinds));
	tcase_add_test(tc, test_pins);
	tcase_add_test(tc, test_cost_bound);
	tcase_add_test(tc, test_rank_kinds);
	tcase_add_test(tc, test_scan);
	tcase_add_test(tc, test_few_bucket);
	tcase_add_test(tc, test_cgroups);
	tcase_add_test(tc, test_mounts);
	tcase_add_test(tc, test_owners);
	tcase_add_test(tc, test_census);
	tcase_add_test(tc, test_owner_lines);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_pagetypeinfo.c - /proc/pagetypeinfo: every captured file, then a catalogue of bad ones */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "buddyinfo.h"
#include "frag.h"
#include "pagetypeinfo.h"
#include "testutil.h"
#include "validate.h"

/* Writes "NODE:NAME NODE:NAME ..." for P's zones into BUF. */
static const char *
zone_list(const struct pagetypeinfo *p, char *buf, size_t size)
{
	size_t i, o = 0;

	buf[0] = '\0';
	for (i = 0; i < p->nzones; i++)
		o += (size_t)snprintf(buf + o, size - o, "%s%u:%s",
		    i ? " " : "", p->zones[i].node, p->zones[i].name);
	ck_assert_uint_lt(o, size);
	return buf;
}

/* Writes P's migratetype names, space-separated, into BUF. */
static const char *
type_list(const struct pagetypeinfo *p, char *buf, size_t size)
{
	size_t o = 0;
	unsigned i;

	buf[0] = '\0';
	for (i = 0; i < p->ntypes; i++)
		o += (size_t)snprintf(buf + o, size - o, "%s%s", i ? " " : "",
		    p->types[i]);
	ck_assert_uint_lt(o, size);
	return buf;
}

/* Returns the index of migratetype NAME in P; fails the test when absent. */
static unsigned
type_of(const struct pagetypeinfo *p, const char *name)
{
	unsigned i;

	for (i = 0; i < p->ntypes; i++)
		if (strcmp(p->types[i], name) == 0)
			return i;
	ck_abort_msg("no migratetype %s", name);
	return 0;
}

/* Returns zone (NODE, NAME) of P; fails the test when absent. */
static const struct ptzone *
zone_of(const struct pagetypeinfo *p, unsigned node, const char *name)
{
	long i = pagetypeinfo_find(p, node, name);

	ck_assert_msg(i >= 0, "no zone %u:%s", node, name);
	return &p->zones[i];
}

/* Parse the LEN bytes at BUF, asserting success; the caller frees P. */
static void
parse_ok(const char *buf, size_t len, struct pagetypeinfo *p)
{
	struct ferr e = { .path = "pagetypeinfo" };
	int rc = pagetypeinfo_parse(buf, len, p, &e);

	ck_assert_msg(rc == 0, "pagetypeinfo:%lu: %s", e.line, e.msg);
}

/*
 * Parse fixture REL, asserting success and that it is whole; the caller
 * frees P. A transcription that lost its final newline (beats-testdata's)
 * gets it back: as stored, it is refused as cut short (test_cut).
 */
static void
parse_fixture(const char *rel, struct pagetypeinfo *p)
{
	struct ferr e = { .path = rel };
	size_t len;
	char *buf = tu_read(rel, &len);

	if (len > 0 && buf[len - 1] != '\n') {
		ck_assert_ptr_nonnull(buf = realloc(buf, len + 1));
		buf[len++] = '\n';
	}
	parse_ok(buf, len, p);
	ck_assert_msg(pagetypeinfo_whole(p, &e) == 0, "%s:%lu: %s", rel,
	    e.line, e.msg);
	free(buf);
}

/*
 * One captured pagetypeinfo: its header numbers, migratetypes in order,
 * zones in order, the free pages over all lists (capped cells counted as
 * 100000) and the pageblocks over all zones, both summed with awk from the
 * file; then one free count and one pageblock count read off it by eye.
 */
struct pfix {
	const char	*path;
	unsigned	 pageblock_order;
	uint64_t	 pages_per_block;
	unsigned	 norders;
	const char	*types;
	size_t		 nzones;
	const char	*zones;
	uint64_t	 pages, blocks;
	struct {
		size_t		 zone;
		const char	*type;
		unsigned	 order;
		uint64_t	 count;
	}		 free;
	struct {
		size_t		 zone;
		const char	*type;
		uint64_t	 count;
	}		 block;
};

#define T_OLD		"Unmovable Reclaimable Movable Reserve Isolate"
#define T_OLD_CMA	"Unmovable Reclaimable Movable Reserve CMA Isolate"
#define T_NEW		"Unmovable Movable Reclaimable HighAtomic Isolate"
#define T_NEW_CMA	"Unmovable Movable Reclaimable HighAtomic CMA Isolate"

static const struct pfix pfixes[] = {
	{ "corpus/android-goclever-i5-arm32-3.4-highmem/pagetypeinfo",
	  10, 1024, 11, T_OLD, 2, "0:Normal 0:HighMem", 55756, 248,
	  { 1, "Movable", 0, 1774 }, { 0, "Movable", 101 } },
	{ "corpus/beats-meta-x86-cma/pagetypeinfo",
	  9, 512, 11, T_NEW_CMA, 3, "0:DMA 0:DMA32 0:Normal", 1519005, 7630,
	  { 2, "Reclaimable", 5, 534 }, { 2, "Movable", 5408 } },
	{ "corpus/beats-testdata-gt100000/pagetypeinfo",
	  9, 512, 11, T_NEW, 3, "0:DMA 0:DMA32 0:Normal", 640259, 32768,
	  { 1, "Movable", 0, 12157 }, { 2, "Movable", 29689 } },
	{ "corpus/blog-plantegg-hygon-8node-gt100000/pagetypeinfo",
	  9, 512, 11, T_NEW, 10, "0:DMA 0:DMA32 0:Normal 1:Normal 2:Normal "
	  "3:Normal 4:Normal 5:Normal 6:Normal 7:Normal", 64209453, 262138,
	  { 9, "Reclaimable", 10, 32 }, { 9, "Unmovable", 1262 } },
	{ "corpus/embedded-4.1-reserve-cma/pagetypeinfo",
	  10, 1024, 11, T_OLD_CMA, 1, "0:Normal", 434, 32,
	  { 0, "Reserve", 2, 5 }, { 0, "Reserve", 1 } },
	{ "corpus/jc-fixture-x86-vm/pagetypeinfo",
	  9, 512, 11, T_NEW, 3, "0:DMA 0:DMA32 0:Normal", 660065, 2048,
	  { 1, "Movable", 10, 629 }, { 2, "Unmovable", 120 } },
	{ "corpus/lkml-2016-hannes-fb-3.10-2node/pagetypeinfo",
	  9, 512, 11, T_OLD, 4, "0:DMA 0:DMA32 0:Normal 1:Normal", 43024, 65536,
	  { 1, "Reclaimable", 1, 725 }, { 2, "Movable", 30140 } },
	{ "corpus/lkml-2016-hannes-fb-4.0-2node/pagetypeinfo",
	  9, 512, 11, T_OLD_CMA, 4, "0:DMA 0:DMA32 0:Normal 1:Normal", 471432,
	  65536, { 3, "Unmovable", 0, 58723 }, { 3, "Reclaimable", 3518 } },
	{ "corpus/rhel9-5.14-vm-cma-nonormal/pagetypeinfo",
	  9, 512, 11, T_NEW_CMA, 2, "0:DMA 0:DMA32", 63022, 512,
	  { 1, "Movable", 0, 5371 }, { 1, "Movable", 309 } },
	{ "corpus/sosreport-rhel8-4.18-x86/pagetypeinfo",
	  9, 512, 11, T_NEW, 3, "0:DMA 0:DMA32 0:Normal", 213027, 4096,
	  { 2, "Movable", 2, 368 }, { 1, "Unmovable", 1654 } },
	{ "corpus/ubuntu-3.2-x86_64-reserve/pagetypeinfo",
	  9, 512, 11, T_OLD, 3, "0:DMA 0:DMA32 0:Normal", 1435029, 4080,
	  { 2, "Movable", 1, 19732 }, { 1, "Reserve", 2 } },
	{ "corpus/ubuntu-5.4-highatomic/pagetypeinfo",
	  9, 512, 11, T_NEW_CMA, 2, "0:DMA 0:DMA32", 17913, 512,
	  { 1, "HighAtomic", 0, 34 }, { 1, "HighAtomic", 1 } },
	{ "corpus/xilinx-arm32-4.4-cma/pagetypeinfo",
	  10, 1024, 11, T_NEW_CMA, 1, "0:Normal", 34683, 64,
	  { 0, "CMA", 10, 3 }, { 0, "CMA", 4 } },
	{ "corpus/vm-6.18-x86-64-holes/proc/pagetypeinfo",
	  9, 512, 11, T_NEW, 3, "0:DMA 0:DMA32 0:Normal", 821550, 12288,
	  { 2, "Movable", 10, 482 }, { 2, "Movable", 10669 } },
};

/* The cells of the corpus printed as ">100000": (file, zone, type, order bits). */
static const struct cap {
	const char	*path;
	unsigned	 node;
	const char	*zone;
	const char	*type;
	uint32_t	 bits;
} caps[] = {
	{ "corpus/beats-testdata-gt100000/pagetypeinfo",
	  0, "Normal", "Movable", 0x2 },
	{ "corpus/blog-plantegg-hygon-8node-gt100000/pagetypeinfo",
	  0, "Normal", "Movable", 0x1e },
	{ "corpus/blog-plantegg-hygon-8node-gt100000/pagetypeinfo",
	  1, "Normal", "Movable", 0x1e },
	{ "corpus/blog-plantegg-hygon-8node-gt100000/pagetypeinfo",
	  2, "Normal", "Movable", 0x1e },
	{ "corpus/blog-plantegg-hygon-8node-gt100000/pagetypeinfo",
	  3, "Normal", "Movable", 0xc },
	{ "corpus/blog-plantegg-hygon-8node-gt100000/pagetypeinfo",
	  4, "Normal", "Movable", 0x18 },
	{ "corpus/blog-plantegg-hygon-8node-gt100000/pagetypeinfo",
	  5, "Normal", "Movable", 0x1c },
	{ "corpus/blog-plantegg-hygon-8node-gt100000/pagetypeinfo",
	  6, "Normal", "Movable", 0x6 },
	{ "corpus/blog-plantegg-hygon-8node-gt100000/pagetypeinfo",
	  7, "Normal", "Movable", 0x6 },
	{ "corpus/vm-6.18-x86-64-holes/proc/pagetypeinfo",
	  0, "DMA32", "Movable", 0x1 },
	{ "corpus/vm-6.18-x86-64-holes/proc/pagetypeinfo",
	  0, "Normal", "Movable", 0x1 },
};

/* Returns the capped bits the table expects for type TYPE of zone Z in PATH. */
static uint32_t
want_capped(const char *path, const struct pagetypeinfo *p,
    const struct ptzone *z, unsigned type)
{
	size_t i;

	for (i = 0; i < sizeof(caps) / sizeof(caps[0]); i++)
		if (strcmp(caps[i].path, path) == 0 &&
		    caps[i].node == z->node &&
		    strcmp(caps[i].zone, z->name) == 0 &&
		    strcmp(caps[i].type, p->types[type]) == 0)
			return caps[i].bits;
	return 0;
}

/* Every captured pagetypeinfo parses to the headers, types, zones and counts in the file. */
START_TEST(test_fixture)
{
	const struct pfix *f = &pfixes[_i];
	struct pagetypeinfo p;
	char buf[256];
	uint64_t pages = 0, blocks = 0;
	size_t i;
	unsigned t;

	parse_fixture(f->path, &p);
	ck_assert_uint_eq(p.pageblock_order, f->pageblock_order);
	ck_assert_uint_eq(p.pages_per_block, f->pages_per_block);
	ck_assert_uint_eq(p.norders, f->norders);
	ck_assert_str_eq(type_list(&p, buf, sizeof(buf)), f->types);
	ck_assert_uint_eq(p.nzones, f->nzones);
	ck_assert_str_eq(zone_list(&p, buf, sizeof(buf)), f->zones);
	for (i = 0; i < p.nzones; i++) {
		const struct ptzone *z = &p.zones[i];

		for (t = 0; t < p.ntypes; t++) {
			/* Every type has both a free list row and a pageblock count. */
			ck_assert(z->has_free[t]);
			ck_assert(z->has_blocks[t]);
			ck_assert(!z->has_mixed[t]);
			ck_assert_msg(z->capped[t] ==
			    want_capped(f->path, &p, z, t),
			    "%s: %u:%s %s capped %#x", f->path, z->node,
			    z->name, p.types[t], z->capped[t]);
			pages += frag_pages(z->free[t], p.norders);
			blocks += z->blocks[t];
		}
	}
	ck_assert_uint_eq(pages, f->pages);
	ck_assert_uint_eq(blocks, f->blocks);
	ck_assert_uint_eq(p.zones[f->free.zone].free[type_of(&p,
	    f->free.type)][f->free.order], f->free.count);
	ck_assert_uint_eq(p.zones[f->block.zone].blocks[type_of(&p,
	    f->block.type)], f->block.count);
	pagetypeinfo_free(&p);
	ck_assert_ptr_null(p.zones);
	ck_assert_uint_eq(p.nzones, 0);
}
END_TEST

/* The empty capture (read without root) is an error, not an empty model. */
START_TEST(test_empty_fixture)
{
	struct ferr e = { .path = "pagetypeinfo" };
	struct pagetypeinfo p;
	size_t len;
	char *buf = tu_read("corpus/debian-5.10-vm-empty-pagetypeinfo/"
	    "pagetypeinfo", &len);

	ck_assert_uint_eq(len, 0);
	ck_assert_int_eq(pagetypeinfo_parse(buf, len, &p, &e), -1);
	ck_assert_uint_eq(e.line, 1);
	ck_assert_str_eq(e.msg, "no zones");
	ck_assert_ptr_null(p.zones);
	ck_assert_uint_eq(p.nzones, 0);
	free(buf);
}
END_TEST

/* ">100000" (5.4+, no space before the digits) is a lower bound with its order bit set. */
START_TEST(test_capped_beats)
{
	static const uint64_t want[11] = {
		10, 100000, 70473, 3338, 115, 109, 14, 60, 55, 1, 0
	};
	struct pagetypeinfo p;
	const struct ptzone *z;
	unsigned mov, k;

	/* This transcription has no trailing spaces (nor a final newline). */
	parse_fixture("corpus/beats-testdata-gt100000/pagetypeinfo", &p);
	z = zone_of(&p, 0, "Normal");
	mov = type_of(&p, "Movable");
	ck_assert_uint_eq(z->capped[mov], 0x2);
	for (k = 0; k < 11; k++)
		ck_assert_uint_eq(z->free[mov][k], want[k]);
	ck_assert_uint_eq(frag_pages(z->free[mov], p.norders), 537102);
	/* The last line, without its newline, still counts. */
	ck_assert_uint_eq(z->blocks[type_of(&p, "Unmovable")], 841);
	ck_assert_uint_eq(z->blocks[type_of(&p, "Isolate")], 0);
	ck_assert_uint_eq(z->line, 15);
	pagetypeinfo_free(&p);
}
END_TEST

/* Eight nodes, each with its own headers, and a different set of capped orders each. */
START_TEST(test_capped_hygon)
{
	static const uint64_t n3[11] = {
		23396, 48450, 100000, 100000, 99802, 77850, 47910, 20587, 4796,
		428, 5
	};
	static const uint64_t blocks7[5] = { 1262, 31265, 241, 0, 0 };
	struct pagetypeinfo p;
	const struct ptzone *z;
	unsigned mov, k;

	parse_fixture("corpus/blog-plantegg-hygon-8node-gt100000/pagetypeinfo",
	    &p);
	mov = type_of(&p, "Movable");
	z = zone_of(&p, 3, "Normal");
	ck_assert_uint_eq(z->capped[mov], 0xc);
	for (k = 0; k < 11; k++)
		ck_assert_uint_eq(z->free[mov][k], n3[k]);
	/* 99802 is below the cap and printed as is. */
	ck_assert_uint_eq(frag_pages(z->free[mov], p.norders), 12561736);
	ck_assert_uint_eq(z->line, 53);
	z = zone_of(&p, 0, "Normal");
	ck_assert_uint_eq(z->capped[mov], 0x1e);
	ck_assert_uint_eq(z->free[mov][0], 21088);
	ck_assert_uint_eq(z->free[mov][4], 100000);
	ck_assert_uint_eq(z->free[mov][5], 90231);
	z = zone_of(&p, 1, "Normal");
	ck_assert_uint_eq(z->line, 29);
	z = zone_of(&p, 7, "Normal");
	for (k = 0; k < 5; k++)
		ck_assert_uint_eq(z->blocks[k], blocks7[k]);
	ck_assert_int_eq(pagetypeinfo_find(&p, 1, "DMA"), -1);
	ck_assert_int_eq(pagetypeinfo_find(&p, 8, "Normal"), -1);
	ck_assert_int_eq(pagetypeinfo_find(&p, 7, "Normal"), 9);
	pagetypeinfo_free(&p);
}
END_TEST

/* The 6.18 VM caps order 0 of the Movable lists of DMA32 and Normal. */
START_TEST(test_capped_vm618)
{
	struct pagetypeinfo p;
	const struct ptzone *z;
	unsigned mov;

	parse_fixture("corpus/vm-6.18-x86-64-holes/proc/pagetypeinfo", &p);
	mov = type_of(&p, "Movable");
	z = zone_of(&p, 0, "DMA32");
	ck_assert_uint_eq(z->capped[mov], 0x1);
	ck_assert_uint_eq(z->free[mov][0], 100000);
	ck_assert_uint_eq(z->free[mov][1], 57);
	ck_assert_uint_eq(frag_pages(z->free[mov], p.norders), 202882);
	z = zone_of(&p, 0, "Normal");
	ck_assert_uint_eq(z->capped[mov], 0x1);
	ck_assert_uint_eq(z->free[mov][0], 100000);
	ck_assert_uint_eq(z->free[mov][1], 998);
	ck_assert_uint_eq(z->capped[type_of(&p, "Unmovable")], 0);
	ck_assert_uint_eq(z->blocks[type_of(&p, "Unmovable")], 63);
	ck_assert_uint_eq(z->blocks[type_of(&p, "Reclaimable")], 20);
	pagetypeinfo_free(&p);
}
END_TEST

/* Before 4.4: Reserve after Movable, with CMA (3.5+) between it and Isolate. */
START_TEST(test_reserve_cma_old)
{
	static const uint64_t reserve[11] = { 1, 4, 5, 1, 2, 1, 0, 0, 1, 0, 0 };
	struct pagetypeinfo p;
	const struct ptzone *z;
	unsigned k;

	parse_fixture("corpus/embedded-4.1-reserve-cma/pagetypeinfo", &p);
	ck_assert_uint_eq(type_of(&p, "Reserve"), 3);
	ck_assert_uint_eq(type_of(&p, "CMA"), 4);
	z = zone_of(&p, 0, "Normal");
	for (k = 0; k < 11; k++)
		ck_assert_uint_eq(z->free[3][k], reserve[k]);
	ck_assert_uint_eq(frag_pages(z->free[3], p.norders), 357);
	ck_assert_uint_eq(z->blocks[0], 9);
	ck_assert_uint_eq(z->blocks[1], 1);
	ck_assert_uint_eq(z->blocks[2], 21);
	ck_assert_uint_eq(z->blocks[3], 1);
	ck_assert_uint_eq(z->blocks[4], 0);
	ck_assert_uint_eq(z->blocks[5], 0);
	pagetypeinfo_free(&p);

	/* 4.0, two nodes: Node 1's Reserve list holds one order-3 block. */
	parse_fixture("corpus/lkml-2016-hannes-fb-4.0-2node/pagetypeinfo", &p);
	z = zone_of(&p, 1, "Normal");
	ck_assert_uint_eq(z->free[type_of(&p, "Reserve")][3], 3);
	ck_assert_uint_eq(z->blocks[type_of(&p, "Reserve")], 2);
	ck_assert_uint_eq(z->blocks[type_of(&p, "CMA")], 0);
	ck_assert_uint_eq(z->blocks[type_of(&p, "Movable")], 25345);
	ck_assert_uint_eq(z->line, 32);
	pagetypeinfo_free(&p);
}
END_TEST

/* From 4.4 on CMA follows HighAtomic, and its pageblocks can hold free pages. */
START_TEST(test_cma_new)
{
	static const uint64_t cma[11] = { 0, 0, 1, 1, 1, 1, 0, 1, 1, 1, 3 };
	struct pagetypeinfo p;
	const struct ptzone *z;
	unsigned k, c;

	parse_fixture("corpus/xilinx-arm32-4.4-cma/pagetypeinfo", &p);
	c = type_of(&p, "CMA");
	ck_assert_uint_eq(c, 4);
	z = zone_of(&p, 0, "Normal");
	for (k = 0; k < 11; k++)
		ck_assert_uint_eq(z->free[c][k], cma[k]);
	ck_assert_uint_eq(z->blocks[c], 4);
	ck_assert_uint_eq(z->blocks[type_of(&p, "Movable")], 55);
	pagetypeinfo_free(&p);
}
END_TEST

/*
 * Where buddyinfo and pagetypeinfo were read together, each zone's free
 * counts summed over the migratetypes equal its buddyinfo row.
 */
START_TEST(test_sums_match_buddyinfo)
{
	static const char *dirs[] = {
		"corpus/rhel9-5.14-vm-cma-nonormal",
		"corpus/ubuntu-3.2-x86_64-reserve",
	};
	struct ferr e = { .path = "buddyinfo" };
	struct pagetypeinfo p;
	struct buddyinfo bi;
	char rel[128];
	size_t len, i;
	unsigned t, k;
	char *buf;

	snprintf(rel, sizeof(rel), "%s/buddyinfo", dirs[_i]);
	buf = tu_read(rel, &len);
	ck_assert_int_eq(buddyinfo_parse(buf, len, &bi, &e), 0);
	free(buf);
	snprintf(rel, sizeof(rel), "%s/pagetypeinfo", dirs[_i]);
	parse_fixture(rel, &p);
	ck_assert_uint_eq(p.nzones, bi.nzones);
	ck_assert_uint_eq(p.norders, bi.norders);
	for (i = 0; i < bi.nzones; i++) {
		const struct ptzone *z = zone_of(&p, bi.zones[i].node,
		    bi.zones[i].name);

		for (k = 0; k < p.norders; k++) {
			uint64_t sum = 0;

			for (t = 0; t < p.ntypes; t++)
				sum += z->free[t][k];
			ck_assert_uint_eq(sum, bi.zones[i].free[k]);
		}
	}
	pagetypeinfo_free(&p);
	buddyinfo_free(&bi);
}
END_TEST

/* A minimal file: one node, three orders, two types, one zone. */
#define HDR	"Page block order: 2\nPages per block:  4\n\n" \
		"Free pages count per migrate type at order 0 1 2\n"
#define FREE	"Node 0, zone DMA, type Unmovable 1 2 3\n" \
		"Node 0, zone DMA, type Movable 4 5 6\n"
#define BLOCKS	"\nNumber of blocks type Unmovable Movable\n" \
		"Node 0, zone DMA 7 8\n"

/* The mixed-block table of CONFIG_PAGE_OWNER kernels lands in mixed[], not blocks[]. */
START_TEST(test_mixed_blocks)
{
	struct pagetypeinfo p;
	const struct ptzone *z;

	parse_ok(S(HDR FREE BLOCKS
	    "\nNumber of mixed blocks Unmovable Movable\n"
	    "Node 0, zone DMA 2 1\n"), &p);
	z = zone_of(&p, 0, "DMA");
	ck_assert(z->has_blocks[0] && z->has_blocks[1]);
	ck_assert_uint_eq(z->blocks[0], 7);
	ck_assert_uint_eq(z->blocks[1], 8);
	ck_assert(z->has_mixed[0] && z->has_mixed[1]);
	ck_assert_uint_eq(z->mixed[0], 2);
	ck_assert_uint_eq(z->mixed[1], 1);
	pagetypeinfo_free(&p);
}
END_TEST

/* Columns are matched by name: a table may list the types in another order. */
START_TEST(test_columns_by_name)
{
	struct pagetypeinfo p;
	const struct ptzone *z;

	parse_ok(S(HDR FREE "Number of blocks type Movable Isolate Unmovable\n"
	    "Node 0, zone DMA 8 0 7\n"), &p);
	ck_assert_uint_eq(p.ntypes, 3);
	ck_assert_str_eq(p.types[2], "Isolate");
	z = zone_of(&p, 0, "DMA");
	ck_assert_uint_eq(z->blocks[type_of(&p, "Unmovable")], 7);
	ck_assert_uint_eq(z->blocks[type_of(&p, "Movable")], 8);
	ck_assert_uint_eq(z->blocks[type_of(&p, "Isolate")], 0);
	ck_assert(z->has_blocks[2]);
	ck_assert(!z->has_free[2]);
	ck_assert_uint_eq(z->free[1][2], 6);
	pagetypeinfo_free(&p);
}
END_TEST

/* The kernel's spacing, tabs, a missing final newline and no blank lines all parse. */
START_TEST(test_layout)
{
	struct pagetypeinfo p;

	parse_ok(S("Page block order: 2\nPages per block:  4\n"
	    "Free pages count per migrate type at order       0      1      2 \n"
	    "Node    0, zone      DMA, type    Unmovable >100000      0      1 \n"
	    "Node\t2,\tzone\tDMA,\ttype\tUnmovable\t1\t2\t3\n"
	    "Number of blocks type     Unmovable\n"
	    "Node 0, zone      DMA            1 \n"
	    "Node 2, zone DMA 3\n"), &p);
	ck_assert_uint_eq(p.nzones, 2);
	ck_assert_uint_eq(p.zones[0].capped[0], 0x1);
	ck_assert_uint_eq(p.zones[0].free[0][0], 100000);
	ck_assert_uint_eq(p.zones[1].node, 2);
	ck_assert_uint_eq(p.zones[1].free[0][2], 3);
	ck_assert_uint_eq(p.zones[1].blocks[0], 3);
	ck_assert_uint_eq(p.zones[1].line, 5);
	pagetypeinfo_free(&p);
}
END_TEST

/*
 * Files cut short: the beats transcription as stored (its last count may
 * have lost digits), and the 6.18 capture cut with head -c at a line's
 * end inside each table.
 */
START_TEST(test_cut)
{
	static const struct {
		const char	*path;
		size_t		 n;	/* bytes kept; 0: all */
		unsigned long	 line;
		const char	*msg;
	} cuts[] = {
		{ "corpus/beats-testdata-gt100000/pagetypeinfo", 0, 24,
		  "the last line ends without a newline: the file is cut "
		  "short" },
		{ "corpus/vm-6.18-x86-64-holes/proc/pagetypeinfo", 1200, 13,
		  "the last line ends without a newline: the file is cut "
		  "short" },
		/* After DMA32's Reclaimable free list. */
		{ "corpus/vm-6.18-x86-64-holes/proc/pagetypeinfo", 1142, 12,
		  "node 0, zone DMA has no row in the 'Number of blocks type' "
		  "table: the file is cut short" },
		/* After the pageblock rows of DMA and DMA32. */
		{ "corpus/vm-6.18-x86-64-holes/proc/pagetypeinfo", 2263, 23,
		  "node 0, zone Normal has no row in the 'Number of blocks "
		  "type' table: the file is cut short" },
	};
	struct ferr e = { .path = "pagetypeinfo" };
	struct pagetypeinfo p;
	size_t len;
	char *buf = tu_read(cuts[_i].path, &len);
	int rc;

	ck_assert_uint_le(cuts[_i].n, len);
	if ((rc = pagetypeinfo_parse(buf, cuts[_i].n ? cuts[_i].n : len, &p,
	    &e)) == 0) {
		rc = pagetypeinfo_whole(&p, &e);
		pagetypeinfo_free(&p);
	}
	ck_assert_int_eq(rc, -1);
	ck_assert_str_eq(e.msg, cuts[_i].msg);
	ck_assert_uint_eq(e.line, cuts[_i].line);
	free(buf);
}
END_TEST

/* Thirty-two orders and eight migratetypes are the limits, and fit. */
START_TEST(test_limits)
{
	struct pagetypeinfo p;
	const struct ptzone *z;

	parse_ok(S("Page block order: 31\nPages per block:  2147483648\n"
	    "Free pages count per migrate type at order 0 1 2 3 4 5 6 7 8 9 10 "
	    "11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31\n"
	    "Node 0, zone Z, type T1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 "
	    "0 0 0 0 0 0 0 0 0 0 0 >5\n"
	    "Number of blocks type T2 T3 T4 T5 T6 T7 T8\n"
	    "Node 0, zone Z 1 2 3 4 5 6 7\n"), &p);
	ck_assert_uint_eq(p.norders, 32);
	ck_assert_uint_eq(p.pageblock_order, 31);
	ck_assert_uint_eq(p.ntypes, 8);
	z = zone_of(&p, 0, "Z");
	ck_assert_uint_eq(z->capped[0], 0x80000000u);
	ck_assert_uint_eq(z->free[0][31], 5);
	ck_assert_uint_eq(frag_pages(z->free[0], p.norders), 5ULL << 31);
	ck_assert_uint_eq(z->blocks[7], 7);
	pagetypeinfo_free(&p);
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

static const struct bad bads[] = {
	{ "empty input", S(""), 1, "no zones" },
	{ "headers only", S("Page block order: 9\nPages per block:  512\n\n"),
	  3, "no zones" },
	{ "free row before the orders header",
	  S("Page block order: 2\nPages per block:  4\n"
	    "Node 0, zone DMA, type Unmovable 1 2 3\n"), 3,
	  "free list row before the 'Free pages count per migrate type at "
	  "order' header" },
	{ "free row first of all",
	  S("Node 0, zone DMA, type Unmovable 1 2 3\n"), 1,
	  "free list row before the 'Free pages count per migrate type at "
	  "order' header" },
	{ "block row before its header",
	  S(HDR FREE "\nNode 0, zone DMA 7 8\n"), 8,
	  "pageblock count row before a 'Number of blocks type' header" },
	{ "block row of a second node before its header",
	  S(HDR FREE BLOCKS HDR "Node 1, zone DMA, type Unmovable 1 2 3\n"
	    "Node 1, zone DMA 7 8\n"), 15,
	  "pageblock count row before a 'Number of blocks type' header" },
	{ "a buddyinfo given as pagetypeinfo",
	  S("Node 0, zone DMA 1 2 3 4 5 6 7 8 9 10 11\n"), 1,
	  "pageblock count row before a 'Number of blocks type' header" },
	{ "too few free counts",
	  S(HDR "Node 0, zone DMA, type Unmovable 1 2\n"), 5,
	  "2 free counts, but the header on line 4 has 3 orders" },
	{ "too many free counts",
	  S(HDR FREE "Node 0, zone DMA32, type Unmovable 1 2 3 4\n"), 7,
	  "4 free counts, but the header on line 4 has 3 orders" },
	{ "no free counts", S(HDR "Node 0, zone DMA, type Unmovable\n"), 5,
	  "0 free counts, but the header on line 4 has 3 orders" },
	{ "more free counts than fit",
	  S(HDR "Node 0, zone DMA, type Unmovable 0 1 2 3 4 5 6 7 8 9 10 11 12 "
	    "13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 "
	    "35 36 37 38 39\n"), 5,
	  "more than 34 free counts, but the header on line 4 has 3 orders" },
	{ "too few block counts", S(HDR FREE BLOCKS "Node 0, zone DMA32 1\n"),
	  10, "expected 2 counts, one per migratetype in the header" },
	{ "too many block counts",
	  S(HDR FREE "\nNumber of blocks type Unmovable Movable\n"
	    "Node 0, zone DMA 7 8 9\n"), 9,
	  "expected 2 counts, one per migratetype in the header" },
	{ "orders header skipping an order",
	  S("Free pages count per migrate type at order 0 1 3\n"), 1,
	  "orders must count 0, 1, 2, ...: column 3 is not 2" },
	{ "orders header from 1",
	  S("Free pages count per migrate type at order 1 2 3\n"), 1,
	  "orders must count 0, 1, 2, ...: column 1 is not 0" },
	{ "orders header with junk",
	  S("Free pages count per migrate type at order 0 x\n"), 1,
	  "orders must count 0, 1, 2, ...: column 2 is not 1" },
	{ "orders header without orders",
	  S("Free pages count per migrate type at order\n"), 1,
	  "no orders after 'at order'" },
	{ "orders header with 33 orders",
	  S("Free pages count per migrate type at order 0 1 2 3 4 5 6 7 8 9 10 "
	    "11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 "
	    "32\n"), 1, "more than 32 orders" },
	{ "nodes disagree on the page block order",
	  S(HDR FREE BLOCKS "Page block order: 3\nPages per block:  8\n"), 10,
	  "Page block order 3 differs from the earlier 2" },
	{ "nodes disagree on pages per block",
	  S(HDR FREE BLOCKS "Page block order: 2\nPages per block:  8\n"), 11,
	  "Pages per block 8 differs from the earlier 4" },
	{ "nodes disagree on the number of orders",
	  S(HDR FREE BLOCKS "Page block order: 2\nPages per block:  4\n\n"
	    "Free pages count per migrate type at order 0 1\n"), 13,
	  "2 orders, but line 4 has 3" },
	{ "pages per block not matching the order",
	  S("Page block order: 9\nPages per block:  256\n\n"
	    "Free pages count per migrate type at order 0 1 2\n" FREE), 2,
	  "256 pages per block does not match page block order 9" },
	{ "pages per block before a mismatching order",
	  S("Pages per block:  512\nPage block order: 10\n"), 2,
	  "512 pages per block does not match page block order 10" },
	{ "page block order out of range", S("Page block order: 32\n"), 1,
	  "page block order 32 is out of range" },
	{ "page block order not a number", S("Page block order: nine\n"), 1,
	  "Page block order 'nine' is not a decimal number" },
	{ "page block order missing", S("Page block order:\n"), 1,
	  "expected 'Page block order: N'" },
	{ "negative pages per block", S("Pages per block: -512\n"), 1,
	  "Pages per block '-512' is negative" },
	{ "pages per block with a unit", S("Pages per block: 512 pages\n"), 1,
	  "expected 'Pages per block: N'" },
	{ "no page block header",
	  S("Free pages count per migrate type at order 0 1 2\n" FREE "\n"), 4,
	  "no 'Page block order' and 'Pages per block' header" },
	{ "duplicate free row",
	  S(HDR FREE "Node 0, zone DMA, type Movable 0 0 0\n"), 7,
	  "second row for node 0, zone DMA, type Movable" },
	{ "duplicate block row",
	  S(HDR FREE BLOCKS "Node 0, zone DMA 7 8\n"), 10,
	  "second pageblock row for node 0, zone DMA" },
	{ "duplicate mixed-block row",
	  S(HDR FREE "Number of mixed blocks Unmovable Movable\n"
	    "Node 0, zone DMA 0 0\nNode 0, zone DMA 1 1\n"), 9,
	  "second mixed-block row for node 0, zone DMA" },
	{ "a type twice in the blocks header",
	  S(HDR FREE "Number of blocks type Unmovable Unmovable\n"), 7,
	  "migratetype Unmovable appears twice in the header" },
	{ "a 9th migratetype in the free rows",
	  S(HDR "Node 0, zone Z, type T1 0 0 0\nNode 0, zone Z, type T2 0 0 0\n"
	    "Node 0, zone Z, type T3 0 0 0\nNode 0, zone Z, type T4 0 0 0\n"
	    "Node 0, zone Z, type T5 0 0 0\nNode 0, zone Z, type T6 0 0 0\n"
	    "Node 0, zone Z, type T7 0 0 0\nNode 0, zone Z, type T8 0 0 0\n"
	    "Node 0, zone Z, type T9 0 0 0\n"), 13,
	  "more than 8 migratetypes" },
	{ "a 9th migratetype in the blocks header",
	  S(HDR FREE "Number of blocks type A B C D E F G\n"),
	  7, "more than 8 migratetypes" },
	{ "9 names in the blocks header",
	  S("Number of blocks type A B C D E F G H I\n"), 1,
	  "more than 8 migratetypes" },
	{ "blocks header without names", S(HDR FREE "Number of blocks type\n"),
	  7, "no migratetype names in the header" },
	{ "'>' without digits",
	  S(HDR "Node 0, zone DMA, type Unmovable 1 > 3\n"), 5,
	  "free count '>' is not a decimal number" },
	{ "'>' before a sign",
	  S(HDR "Node 0, zone DMA, type Unmovable 1 >-3 3\n"), 5,
	  "free count '>-3' is not a decimal number" },
	{ "'>' twice", S(HDR "Node 0, zone DMA, type Unmovable >>1 2 3\n"), 5,
	  "free count '>>1' is not a decimal number" },
	{ "'>' after the digits",
	  S(HDR "Node 0, zone DMA, type Unmovable 100000> 2 3\n"), 5,
	  "free count '100000>' is not a decimal number" },
	{ "capped count beyond 64 bits",
	  S(HDR "Node 0, zone DMA, type Unmovable >18446744073709551616 0 0\n"),
	  5, "free count '>18446744073709551616' does not fit in 64 bits" },
	{ "negative free count",
	  S(HDR "Node 0, zone DMA, type Unmovable 1 -2 3\n"), 5,
	  "free count '-2' is negative" },
	{ "free pages beyond 64 bits",
	  S(HDR "Node 0, zone DMA, type Unmovable 0 0 4611686018427387904\n"),
	  5, "free pages add up to more than 64 bits" },
	{ "negative block count", S(HDR FREE "Number of blocks type Unmovable "
	    "Movable\nNode 0, zone DMA 7 -8\n"), 8,
	  "pageblock count '-8' is negative" },
	{ "zone name without its comma",
	  S(HDR "Node 0, zone DMA type Unmovable 1 2 3\n"), 5,
	  "expected ',' after the zone name" },
	{ "migratetype with a non-ASCII byte",
	  S(HDR "Node 0, zone DMA, type Mov\xc3\xa4" "ble 1 2 3\n"), 5,
	  "migratetype 'Mov\\xc3\\xa4ble' is not 1 to 31 printable ASCII "
	  "characters" },
	{ "node id out of range",
	  S(HDR "Node 1024, zone DMA, type Unmovable 1 2 3\n"), 5,
	  "node id 1024 is out of range (at most 1023)" },
	{ "9 zones in one node",
	  S(HDR "Node 0, zone Z1, type U 0 0 0\nNode 0, zone Z2, type U 0 0 0\n"
	    "Node 0, zone Z3, type U 0 0 0\nNode 0, zone Z4, type U 0 0 0\n"
	    "Node 0, zone Z5, type U 0 0 0\nNode 0, zone Z6, type U 0 0 0\n"
	    "Node 0, zone Z7, type U 0 0 0\nNode 0, zone Z8, type U 0 0 0\n"
	    "Node 0, zone Z9, type U 0 0 0\n"), 13,
	  "node 0 has more than 8 zones" },
	{ "unrecognised line", S(HDR FREE "Hello there\n"), 7,
	  "unrecognised line starting 'Hello'" },
	{ "unrecognised line with a quoted byte", S("\x01 abc\n"), 1,
	  "unrecognised line starting '\\x01'" },
	{ "a short Node line", S(HDR "Node 0, zone\n"), 5,
	  "unrecognised line starting 'Node'" },
	{ "misspelt zone keyword",
	  S(HDR "Node 0, zona DMA, type Unmovable 1 2 3\n"), 5,
	  "expected 'Node N, zone NAME', found 'zona'" },
	{ "a PSI file given as pagetypeinfo",
	  S("some avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"), 1,
	  "unrecognised line starting 'some'" },
	{ "NUL byte", S(HDR "Node 0, zone DMA, type Unmovable 1 2\0 3\n"), 5,
	  "NUL byte in column 37: binary data, not a kernel text file" },
	{ "pageblock order at the orders (issue #44)",
	  S("Page block order: 3\nPages per block:  8\n\n"
	    "Free pages count per migrate type at order 0 1 2\n" FREE BLOCKS),
	  1, "page block order 3 is not below the 3 orders of the free lists" },
	{ "pageblock order 31 (issue #44: 'pageblock 4 GiB')",
	  S("Pages per block:  2147483648\nPage block order: 31\n\n"
	    "Free pages count per migrate type at order 0 1 2\n" FREE BLOCKS),
	  2, "page block order 31 is not below the 3 orders of the free lists" },
	{ "CR line ending", S("Page block order: 2\r\n"), 1,
	  "carriage return in column 20: DOS line endings are not what the "
	  "kernel writes" },
};

/* Each malformed input fails with its own line and message and leaves nothing to free. */
START_TEST(test_bad)
{
	const struct bad *b = &bads[_i];
	struct ferr e = { .path = "pagetypeinfo" };
	struct pagetypeinfo p;
	int rc;

	/* The parser's errors, then the model's check of the counts. */
	rc = pagetypeinfo_parse(b->buf, b->len, &p, &e);
	if (rc == 0 && (rc = pagetypeinfo_check(&p, &e)) != 0)
		pagetypeinfo_free(&p);
	ck_assert_msg(rc == -1, "%s: parsed", b->name);
	ck_assert_msg(strcmp(e.msg, b->msg) == 0 && e.line == b->line,
	    "%s: got %lu: '%s', want %lu: '%s'", b->name, e.line, e.msg,
	    b->line, b->msg);
	ck_assert_ptr_null(p.zones);
	ck_assert_uint_eq(p.nzones, 0);
	ck_assert_uint_eq(p.ntypes, 0);
	ck_assert_uint_eq(p.norders, 0);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("pagetypeinfo");
	TCase *tf = tcase_create("fixtures");
	TCase *tg = tcase_create("accepted");
	TCase *tb = tcase_create("malformed");

	tcase_add_loop_test(tf, test_fixture, 0,
	    (int)(sizeof(pfixes) / sizeof(pfixes[0])));
	tcase_add_test(tf, test_empty_fixture);
	tcase_add_test(tf, test_capped_beats);
	tcase_add_test(tf, test_capped_hygon);
	tcase_add_test(tf, test_capped_vm618);
	tcase_add_test(tf, test_reserve_cma_old);
	tcase_add_test(tf, test_cma_new);
	tcase_add_loop_test(tf, test_sums_match_buddyinfo, 0, 2);
	suite_add_tcase(s, tf);
	tcase_add_test(tg, test_mixed_blocks);
	tcase_add_test(tg, test_columns_by_name);
	tcase_add_test(tg, test_layout);
	tcase_add_test(tg, test_limits);
	tcase_add_loop_test(tg, test_cut, 0, 4);
	suite_add_tcase(s, tg);
	tcase_add_loop_test(tb, test_bad, 0,
	    (int)(sizeof(bads) / sizeof(bads[0])));
	suite_add_tcase(s, tb);
	return tu_run(s);
}

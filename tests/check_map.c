/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_map.c - --map: each class rule, each kpageflags pitfall and the ceiling, on generated roots */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buddyinfo.h"
#include "explain.h"
#include "folios.h"
#include "iomem.h"
#include "kpageflags.h"
#include "map.h"
#include "mapfile.h"
#include "mapfile_load.h"
#include "mapfile_write.h"
#include "meminfo.h"
#include "pins.h"
#include "render_map.h"
#include "testutil.h"
#include "zoneinfo.h"

/* The cgroups of a stored map: none in these, so nothing to free. */
static struct memcg cgs;

#define N(a)	(sizeof(a) / sizeof((a)[0]))
#define F(b)	((uint64_t)1 << (b))

/* One flag word and the class the rules give it. */
static const struct crule {
	uint64_t	 flags;
	bool		 balloon;
	enum map_class	 want;
} crules[] = {
	{ F(KPF_NOPAGE), false, MAP_HOLE },
	{ F(KPF_BUDDY), false, MAP_FREE },
	/* Slab pages with stray ANON or KSM bits: SLAB is tested first. */
	{ F(KPF_SLAB) | F(KPF_ANON), false, MAP_UNMOVABLE },
	{ F(KPF_SLAB) | F(KPF_ANON) | F(KPF_KSM), false, MAP_UNMOVABLE },
	{ F(KPF_SLAB) | F(KPF_COMPOUND_TAIL), false, MAP_UNMOVABLE },
	{ F(KPF_PGTABLE), false, MAP_UNMOVABLE },
	/* The memory map itself. */
	{ F(KPF_RESERVED) | F(KPF_PRIVATE), false, MAP_UNMOVABLE },
	{ F(KPF_HUGE) | F(KPF_COMPOUND_HEAD), false, MAP_UNMOVABLE },
	{ F(KPF_HWPOISON), false, MAP_UNMOVABLE },
	{ F(KPF_ZERO_PAGE) | F(KPF_THP), false, MAP_UNMOVABLE },
	{ F(KPF_OFFLINE), false, MAP_UNMOVABLE },
	{ F(KPF_OFFLINE), true, MAP_MOVABLE },
	{ F(KPF_LRU), false, MAP_MOVABLE },
	/* THP tails: THP is read from the folio. */
	{ F(KPF_THP) | F(KPF_COMPOUND_TAIL), false, MAP_MOVABLE },
	{ F(KPF_LRU) | F(KPF_COMPOUND_HEAD), false, MAP_MOVABLE },
	{ F(KPF_COMPOUND_HEAD), false, MAP_UNMOVABLE },
	{ F(KPF_COMPOUND_TAIL), false, MAP_UNMOVABLE },
	{ F(KPF_COMPOUND_TAIL) | F(KPF_ANON), false, MAP_UNMOVABLE },
	{ F(KPF_MMAP), false, MAP_MOVABLE },
	{ F(KPF_ANON), false, MAP_MOVABLE },
	{ F(KPF_UPTODATE), false, MAP_MOVABLE },
	{ F(KPF_DIRTY), false, MAP_MOVABLE },
	{ F(KPF_WRITEBACK), false, MAP_MOVABLE },
	{ F(KPF_SWAPBACKED), false, MAP_MOVABLE },
	{ F(KPF_SWAPCACHE), false, MAP_MOVABLE },
	{ F(KPF_OWNER_2), false, MAP_MOVABLE },
	{ F(KPF_PRIVATE), false, MAP_MOVABLE },
	{ F(KPF_UNEVICTABLE), false, MAP_MOVABLE },
	{ F(KPF_MLOCKED), false, MAP_MOVABLE },
	/* Per-CPU free pages and kernel allocations alike. */
	{ 0, false, MAP_AMBIGUOUS },
	{ F(KPF_REFERENCED) | F(KPF_IDLE), false, MAP_AMBIGUOUS },
	{ F(KPF_LOCKED), false, MAP_AMBIGUOUS },
	{ F(KPF_BUDDY) | F(KPF_NOPAGE), false, MAP_HOLE },
};

START_TEST(test_classify)
{
	const struct crule *c = &crules[_i];

	ck_assert_msg(map_classify(c->flags, c->balloon) == c->want,
	    "flags %#llx: %s, want %s", (unsigned long long)c->flags,
	    map_class_name(map_classify(c->flags, c->balloon)),
	    map_class_name(c->want));
}
END_TEST

/*
 * The generator: a root DIR with proc/iomem (IOMEM) and proc/kpageflags
 * (the N words FLAGS, one per page frame from 0), and the parsed
 * buddyinfo, zoneinfo and pageblock order a run takes from the other files.
 */
struct gen {
	char			 dir[64];
	struct inputs		 in;
};

/* Write the N bytes at S to DIR/REL. */
static void
put(const char *dir, const char *rel, const void *s, size_t n)
{
	char path[128];
	FILE *fp;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	ck_assert_ptr_nonnull(fp = fopen(path, "w"));
	ck_assert_uint_eq(fwrite(s, 1, n, fp), n);
	ck_assert_int_eq(fclose(fp), 0);
}

/* Make G's root and inputs for pageblock order PBO. */
static void
gen(struct gen *g, const char *buddyinfo, const char *zoneinfo,
    const char *iomem, const uint64_t *flags, size_t n, unsigned pbo)
{
	struct ferr e = { .path = "gen" };
	char proc[96];

	memset(g, 0, sizeof(*g));
	snprintf(g->dir, sizeof(g->dir), "/tmp/check_map.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(g->dir));
	snprintf(proc, sizeof(proc), "%s/proc", g->dir);
	ck_assert_int_eq(mkdir(proc, 0700), 0);
	put(g->dir, "proc/iomem", iomem, strlen(iomem));
	put(g->dir, "proc/kpageflags", flags, n * sizeof(*flags));
	ck_assert_msg(buddyinfo_parse(buddyinfo, strlen(buddyinfo), &g->in.bi,
	    &e) == 0, "buddyinfo:%lu: %s", e.line, e.msg);
	ck_assert_msg(zoneinfo_parse(zoneinfo, strlen(zoneinfo), &g->in.zi,
	    &e) == 0, "zoneinfo:%lu: %s", e.line, e.msg);
	ck_assert_ptr_nonnull(g->in.frag = frag_compute_all(&g->in.bi));
	g->in.have_zi = g->in.have_pti = true;
	g->in.pti.pageblock_order = pbo;
	g->in.zpath = (char *)"zoneinfo";
}

/* Remove G's root and free its inputs. */
static void
gen_free(struct gen *g)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/proc/iomem", g->dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/proc/kpageflags", g->dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/proc", g->dir);
	rmdir(path);
	rmdir(g->dir);
	buddyinfo_free(&g->in.bi);
	zoneinfo_free(&g->in.zi);
	free(g->in.frag);
}

/* Build and compute M from G; returns kpageflags_map()'s result with E. */
static int
run(struct gen *g, struct map *m, struct ferr *e)
{
	if (kpageflags_map(g->dir, &g->in, 4096, &map_rules, m, NULL, e) != 0)
		return -1;
	ck_assert_int_eq(map_compute(m, g->in.frag), 0);
	return 0;
}

#define B	F(KPF_BUDDY)

/*
 * Zone Normal spans PFNs 2..31, pageblocks of 4 pages (order 2), orders
 * 0..3. PFNs 20..23 are the PCI hole: flags 0 in the file, but not System
 * RAM. One page is on a per-CPU list.
 */
static const uint64_t zone_flags[32] = {
	0, 0, B, B,			/* block 0: 0, 1 outside the zone */
	B, B, B, B,			/* block 1: all free */
	B, B, F(KPF_LRU), F(KPF_THP) | F(KPF_COMPOUND_TAIL),	/* free + movable */
	B, F(KPF_SLAB) | F(KPF_ANON), B, B,	/* slab with a stray ANON */
	B, 0, B, B,			/* one ambiguous page */
	0, 0, 0, 0,			/* the PCI hole */
	0, 0, B, B,			/* two ambiguous pages */
	F(KPF_MMAP), B, B, B,		/* free + movable */
};

static const char zone_buddyinfo[] =
	"Node 0, zone   Normal      3      6      1      0 \n";

/* The zoneinfo of that zone with FREE pages free. */
static char *
zone_zoneinfo(unsigned free_pages)
{
	char *s;

	ck_assert_int_ge(asprintf(&s, "Node 0, zone   Normal\n"
	    "  pages free     %u\n"
	    "        min      1\n"
	    "        spanned  30\n"
	    "        present  26\n"
	    "  pagesets\n"
	    "    cpu: 0\n"
	    "              count:    1\n"
	    "              high:     6\n"
	    "    cpu: 1\n"
	    "              count:    0\n"
	    "  node_unreclaimable:  0\n"
	    "  start_pfn:           2\n", free_pages), 0);
	return s;
}

static const char zone_iomem[] =
	"00000000-00000fff : Reserved\n"
	"00001000-00013fff : System RAM\n"
	"  00002000-00002fff : Kernel code\n"
	"00014000-00017fff : PCI Bus 0000:00\n"
	"00018000-0001ffff : System RAM\n";

/* Every class, pageblock kind and ceiling of the zone, exactly. */
START_TEST(test_zone)
{
	struct ferr e = { .path = "" };
	const struct map_zone *z;
	char *zi = zone_zoneinfo(19);
	struct map m;
	struct gen g;

	gen(&g, zone_buddyinfo, zi, zone_iomem, zone_flags, N(zone_flags), 2);
	ck_assert_msg(run(&g, &m, &e) == 0, "%s:%lu: %s", e.path, e.line,
	    e.msg);
	ck_assert_uint_eq(m.nzones, 1);
	z = &m.zones[0];
	ck_assert_uint_eq(z->start_pfn, 2);
	ck_assert_uint_eq(z->pcp_free, 1);
	ck_assert(!m.buddy_head_only);
	ck_assert_uint_eq(m.buddy_pages, 19);
	ck_assert_uint_eq(z->pages[MAP_FREE], 19);
	ck_assert_uint_eq(z->pages[MAP_MOVABLE], 3);
	ck_assert_uint_eq(z->pages[MAP_UNMOVABLE], 1);
	/* PFN 17 follows a BUDDY page but this kernel flags every free page. */
	ck_assert_uint_eq(z->pages[MAP_AMBIGUOUS], 3);
	ck_assert_uint_eq(z->pages[MAP_HOLE], 4);
	ck_assert_uint_eq(z->kinds[MAP_BLOCK_HOLE], 2);
	ck_assert_uint_eq(z->kinds[MAP_BLOCK_UNMOVABLE], 1);
	ck_assert_uint_eq(z->kinds[MAP_BLOCK_AMBIGUOUS], 2);
	ck_assert_uint_eq(z->kinds[MAP_BLOCK_FREE], 1);
	ck_assert_uint_eq(z->kinds[MAP_BLOCK_MOVABLE], 2);
	/* Blocks 1, 2, 7 and block 4 (1 ambiguous page, 1 per-CPU page). */
	ck_assert_uint_eq(z->clean[2], 4);
	ck_assert_uint_eq(z->admitted[2], 1);
	ck_assert_uint_eq(z->ceiling[2], 4);
	ck_assert_int_eq(z->limited_by[2], MAP_LIMIT_PINNED);
	ck_assert_uint_eq(z->free_now[2], 1);
	/* Order 3: slab, the PCI hole, and 2 ambiguous pages > 1 per-CPU. */
	ck_assert_uint_eq(z->clean[3], 0);
	ck_assert_uint_eq(z->ceiling[3], 0);
	ck_assert_int_eq(z->limited_by[3], MAP_LIMIT_PINNED);
	ck_assert_uint_eq(z->free_now[3], 0);
	ck_assert_int_eq(z->limited_by[1], MAP_LIMIT_NONE);
	map_free(&m);
	gen_free(&g);
	free(zi);
}
END_TEST

/* Map G and compare VIEW's output with golden GVIEW and the JSON with GJSON. */
static void
goldens(struct gen *g, void (*view)(FILE *, const struct report *),
    const char *gview, const char *gjson)
{
	struct ferr e = { .path = "" };
	struct report r;
	struct map m;
	char *out;

	ck_assert_msg(run(g, &m, &e) == 0, "%s", e.msg);
	memset(&r, 0, sizeof(r));
	r.map = &m;
	r.page_size = 4096;
	out = tu_render(view, &r);
	tu_golden(gview, out);
	free(out);
	out = tu_render(render_map_json, &r);
	tu_golden(gjson, out);
	free(out);
	map_free(&m);
}

/* The table and the JSON of that zone, whole. */
START_TEST(test_render)
{
	char *zi = zone_zoneinfo(19);
	struct gen g;

	gen(&g, zone_buddyinfo, zi, zone_iomem, zone_flags, N(zone_flags), 2);
	goldens(&g, render_map_table, "render/map-table", "render/map-json");
	gen_free(&g);
	free(zi);
}
END_TEST

/*
 * The picture's input: zones D<&>'"A (PFNs 1..127) and Normal (128..597, its
 * last pageblock half outside), pageblocks of 4 pages, so that Normal's
 * rows wrap; PFNs 400..447 are not System RAM. Returns the flags of PFN P.
 */
static uint64_t
picture_flags(uint64_t p)
{
	uint64_t b = p >> 2;

	if (p == 0 || (p >= 400 && p < 448))
		return 0;
	if (p < 128)
		return p >= 40 && p < 44 ? F(KPF_SLAB) : p == 61 ? F(KPF_LRU) :
		    B;
	if (b % 7 == 0)
		return p % 4 == 1 ? F(KPF_LRU) : B;
	if (b % 11 == 3 && p % 4 == 2)
		return F(KPF_PGTABLE);
	if (b % 13 == 5 && p % 4 == 3)
		return 0;
	return b >= 60 && b < 80 ? B : b % 3 == 0 ? F(KPF_ANON) : B;
}

/* --map --format=svg of generated zones, and their JSON for tests/svg-map.sh. */
START_TEST(test_render_svg)
{
	static uint64_t flags[600];
	unsigned dma = 0, normal = 0;
	struct gen g;
	char *zi;
	size_t i;

	for (i = 0; i < N(flags); i++) {
		flags[i] = picture_flags(i);
		dma += i < 128 && flags[i] == B;
		normal += i >= 128 && flags[i] == B;
	}
	/* A zone name that XML must escape. */
	ck_assert_int_ge(asprintf(&zi, "Node 0, zone D<&>'\"A\n"
	    "  pages free     %u\n        spanned  127\n"
	    "  start_pfn:           1\n"
	    "Node 0, zone   Normal\n  pages free     %u\n"
	    "        spanned  470\n  pagesets\n    cpu: 0\n"
	    "              count:    3\n  start_pfn:           128\n",
	    dma, normal), 0);
	gen(&g, "Node 0, zone D<&>'\"A      5      4      3      2      1 \n"
	    "Node 0, zone   Normal     10      5     20      8      4 \n", zi,
	    "00001000-0018ffff : System RAM\n"
	    "001c0000-00257fff : System RAM\n", flags, N(flags), 2);
	goldens(&g, render_map_svg, "render/map-svg", "render/map-svg-json");
	gen_free(&g);
	free(zi);
}
END_TEST

/* Little free memory bounds the ceiling: (7 + 1 per-CPU) / 4. */
START_TEST(test_free_bound)
{
	struct ferr e = { .path = "" };
	char *zi = zone_zoneinfo(7);
	struct map m;
	struct gen g;

	gen(&g, zone_buddyinfo, zi, zone_iomem, zone_flags, N(zone_flags), 2);
	ck_assert_msg(run(&g, &m, &e) == 0, "%s", e.msg);
	ck_assert_uint_eq(m.zones[0].clean[2], 4);
	ck_assert_uint_eq(m.zones[0].ceiling[2], 2);
	ck_assert_int_eq(m.zones[0].limited_by[2], MAP_LIMIT_FREE);
	ck_assert_uint_eq(m.zones[0].ceiling[3], 0);
	map_free(&m);
	gen_free(&g);
	free(zi);
}
END_TEST

/*
 * An old kernel flags only the head of a free block: an order-3 block at
 * 0, a slab page, three flagless pages, an order-2 block at 12.
 */
START_TEST(test_buddy_head_only)
{
	static const uint64_t flags[16] = {
		B, 0, 0, 0, 0, 0, 0, 0,
		F(KPF_SLAB), 0, 0, 0, B, 0, 0, 0,
	};
	struct ferr e = { .path = "" };
	const struct map_zone *z;
	struct map m;
	struct gen g;

	gen(&g, "Node 0, zone   Normal 0 0 1 1\n",
	    "Node 0, zone   Normal\n  pages free     12\n"
	    "        spanned  16\n  start_pfn:           0\n",
	    "00000000-0000ffff : System RAM\n", flags, N(flags), 2);
	ck_assert_msg(run(&g, &m, &e) == 0, "%s", e.msg);
	z = &m.zones[0];
	ck_assert(m.buddy_head_only);
	ck_assert_uint_eq(m.buddy_pages, 2);
	ck_assert_uint_eq(m.nr_free_pages, 12);
	ck_assert_uint_eq(z->pages[MAP_FREE], 12);
	/* After the slab page, flagless pages are not a free block's. */
	ck_assert_uint_eq(z->pages[MAP_AMBIGUOUS], 3);
	ck_assert_uint_eq(z->pages[MAP_UNMOVABLE], 1);
	ck_assert_uint_eq(z->pages[MAP_HOLE], 0);
	ck_assert_uint_eq(z->kinds[MAP_BLOCK_FREE], 3);
	ck_assert_uint_eq(z->kinds[MAP_BLOCK_UNMOVABLE], 1);
	ck_assert_uint_eq(z->ceiling[2], 3);
	ck_assert_uint_eq(z->ceiling[3], 1);
	ck_assert_uint_eq(z->free_now[3], 1);
	ck_assert_uint_eq(z->blocks[0].buddy_tail, 0);
	map_free(&m);
	gen_free(&g);
}
END_TEST

/* Two zones, the second starting inside a pageblock of the first. */
START_TEST(test_two_zones)
{
	uint64_t flags[24];
	struct ferr e = { .path = "" };
	struct map m;
	struct gen g;
	size_t i;

	for (i = 0; i < N(flags); i++)
		flags[i] = B;
	gen(&g, "Node 0, zone      DMA 2 1 0 0\n"
	    "Node 0, zone   Normal 0 0 1 1\n",
	    "Node 0, zone      DMA\n  pages free     4\n"
	    "        spanned  6\n  start_pfn:           0\n"
	    "Node 0, zone   Normal\n  pages free     18\n"
	    "        spanned  18\n  start_pfn:           6\n",
	    "00000000-00017fff : System RAM\n", flags, N(flags), 2);
	ck_assert_msg(run(&g, &m, &e) == 0, "%s", e.msg);
	ck_assert_uint_eq(m.zones[0].nblocks, 2);
	ck_assert_uint_eq(m.zones[0].pages[MAP_FREE], 6);
	ck_assert_uint_eq(m.zones[0].pages[MAP_HOLE], 0);
	ck_assert_uint_eq(m.zones[0].kinds[MAP_BLOCK_HOLE], 1);
	ck_assert_uint_eq(m.zones[0].ceiling[2], 1);
	ck_assert_uint_eq(m.zones[1].first_block, 1);
	ck_assert_uint_eq(m.zones[1].nblocks, 5);
	ck_assert_uint_eq(m.zones[1].pages[MAP_FREE], 18);
	ck_assert_uint_eq(m.zones[1].pages[MAP_HOLE], 0);
	/* Blocks 2..5 of order 2; order 3: 8..15 and 16..23. */
	ck_assert_uint_eq(m.zones[1].ceiling[2], 4);
	ck_assert_uint_eq(m.zones[1].ceiling[3], 2);
	map_free(&m);
	gen_free(&g);
}
END_TEST

/*
 * Every page explained: two zones of node 0 (pageblocks of 4 pages),
 * every class, each counter's pages worked by hand below. DMA32 holds
 * PFNs 0..7, Normal 8..31; Normal's last pageblock is not initialised.
 */
static const uint64_t explain_flags[32] = {
	F(KPF_RESERVED), F(KPF_RESERVED), B, B,		/* DMA32 */
	F(KPF_SLAB), 0, F(KPF_LRU), B,
	B, B, B, B,					/* Normal */
	F(KPF_LRU), F(KPF_LRU) | F(KPF_ANON), F(KPF_MMAP), F(KPF_SLAB),
	F(KPF_PGTABLE), F(KPF_COMPOUND_HEAD), F(KPF_COMPOUND_TAIL),
	    F(KPF_HUGE) | F(KPF_COMPOUND_HEAD),
	F(KPF_ZERO_PAGE), F(KPF_HWPOISON), F(KPF_OFFLINE), 0,
	0, 0, 0, 0,
	0, 0, 0, 0,					/* not initialised */
};

static const char explain_zoneinfo[] =
	"Node 0, zone    DMA32\n"
	"  per-node stats\n"
	"      nr_isolated_anon 0\n"
	"      nr_isolated_file 1\n"
	"      nr_slab_reclaimable 2\n"
	"      nr_slab_unreclaimable 2\n"
	"      nr_kernel_stack 8\n"
	"      nr_page_table_pages 2\n"
	"      nr_sec_page_table_pages 0\n"
	"      nr_iommu_pages 0\n"
	"      nr_hugetlb 1\n"
	"      nr_balloon_pages 0\n"
	"  pages free     3\n"
	"        min      1\n"
	"        spanned  8\n"
	"        present  8\n"
	"        managed  6\n"
	"      nr_zone_inactive_file 1\n"
	"      nr_zspages   0\n"
	"  pagesets\n"
	"    cpu: 0\n"
	"              count:    0\n"
	"  start_pfn:           0\n"
	"Node 0, zone   Normal\n"
	"  pages free     3\n"
	"        min      1\n"
	"        spanned  24\n"
	"        present  24\n"
	"        managed  20\n"
	"      nr_zone_active_anon 1\n"
	"      nr_zone_inactive_file 1\n"
	"  pagesets\n"
	"    cpu: 0\n"
	"              count:    2\n"
	"  start_pfn:           8\n";

START_TEST(test_explain)
{
	static const char mi_text[] = "MemTotal: 128 kB\nVmallocUsed: 4 kB\n"
	    "Percpu: 0 kB\nHardwareCorrupted: 4 kB\n";
	struct ferr e = { .path = "" };
	struct vmstat vm = { .have = 1u << VM_NR_MEMMAP_BOOT_PAGES };
	const struct ex_zone *d, *n;
	struct meminfo mi;
	struct explain x;
	struct pins p;
	struct map m;
	struct gen g;

	gen(&g, "Node 0, zone    DMA32 1 1 0 0\n"
	    "Node 0, zone   Normal 0 0 1 0\n", explain_zoneinfo,
	    "00000000-0001ffff : System RAM\n", explain_flags,
	    N(explain_flags), 2);
	ck_assert_msg(run(&g, &m, &e) == 0, "%s", e.msg);
	m.zones[1].unmanaged = 4;
	ck_assert_int_eq(map_compute(&m, g.in.frag), 0);
	ck_assert_int_eq(meminfo_parse(mi_text, strlen(mi_text), &mi, &e), 0);
	vm.v[VM_NR_MEMMAP_BOOT_PAGES] = 2;
	ck_assert_int_eq(pins_compute(&p, &m), 0);
	ck_assert_int_eq(explain_compute(&x, &m, &p, &g.in.zi, &mi, &vm,
	    "6.18.2", 4096), 0);
	ck_assert_int_eq(x.regime, EX_REGIME_SNAPSHOT);
	d = &x.zones[0];
	n = &x.zones[1];
	/* DMA32: 3 free, 1 LRU, 2 reserved = present 8 - managed 6, 1 slab. */
	ck_assert_uint_eq(d->pages[EX_FREE], 3);
	ck_assert_uint_eq(d->explained[EX_FREE], 3);
	ck_assert_uint_eq(d->by_class[EXC_LRU][EX_MOVABLE], 1);
	ck_assert_uint_eq(d->by_class[EXC_UNMANAGED][EX_RESERVED], 2);
	ck_assert_uint_eq(d->by_class[EXC_SLAB][EX_SLAB], 1);
	/* Its flagless page: no counter left for it (iommu 0). */
	ck_assert_uint_eq(d->pages[EX_AMBIGUOUS], 1);
	ck_assert_uint_eq(d->explained[EX_AMBIGUOUS], 0);
	/* Normal: 4 free, its counter says 3: one left. */
	ck_assert_uint_eq(n->pages[EX_FREE], 4);
	ck_assert_uint_eq(n->explained[EX_FREE], 3);
	/* Movable 12, 13, 14: LRU 2, then 1 isolated (node). */
	ck_assert_uint_eq(n->pages[EX_MOVABLE], 3);
	ck_assert_uint_eq(n->by_class[EXC_LRU][EX_MOVABLE], 2);
	ck_assert_uint_eq(n->by_class[EXC_ISOLATED][EX_MOVABLE], 1);
	/*
	 * Slab 2 + 2 = 4 for the node: its 2 SLAB pages (one per zone),
	 * then the compound kernel pair 17, 18 (large kmalloc).
	 */
	ck_assert_uint_eq(n->by_class[EXC_SLAB][EX_SLAB], 1);
	ck_assert_uint_eq(n->pages[EX_KERNEL], 2);
	ck_assert_uint_eq(n->by_class[EXC_SLAB][EX_KERNEL], 2);
	ck_assert_uint_eq(x.beyond[EXC_SLAB], 0);
	/* Page tables: counter 2, one page flagged: 1 beyond. */
	ck_assert_uint_eq(n->by_class[EXC_PAGETABLE][EX_PAGETABLE], 1);
	ck_assert_uint_eq(x.beyond[EXC_PAGETABLE], 1);
	ck_assert_uint_eq(n->by_class[EXC_HUGETLB][EX_HUGETLB], 1);
	ck_assert_uint_eq(n->by_class[EXC_ZERO][EX_ZERO], 1);
	ck_assert_uint_eq(n->by_class[EXC_CORRUPTED][EX_POISONED], 1);
	/* No balloon: the OFFLINE page is left. */
	ck_assert_uint_eq(n->pages[EX_OFFLINE], 1);
	ck_assert_uint_eq(n->explained[EX_OFFLINE], 0);
	/*
	 * Flagless 23..27: per-CPU 2, vmalloc 4 kB = 1 page, stacks 8 kB =
	 * 2 pages (more than VmallocUsed: apart), all 5 explained, Normal
	 * before DMA32.
	 */
	ck_assert_uint_eq(n->pages[EX_AMBIGUOUS], 5);
	ck_assert_uint_eq(n->by_class[EXC_PCP][EX_AMBIGUOUS], 2);
	ck_assert_uint_eq(n->by_class[EXC_VMALLOC][EX_AMBIGUOUS], 1);
	ck_assert_uint_eq(n->by_class[EXC_STACKS][EX_AMBIGUOUS], 2);
	ck_assert_uint_eq(x.stacks_in_vmalloc, 0);
	/* 28..31: not initialised, within present 24 - managed 20. */
	ck_assert_uint_eq(n->pages[EX_UNINIT], 4);
	ck_assert_uint_eq(n->by_class[EXC_UNMANAGED][EX_UNINIT], 4);
	/* 32 pages, 29 explained: free 1, offline 1, ambiguous 1 left. */
	ck_assert_uint_eq(x.machine.explained[EX_FREE] +
	    x.machine.explained[EX_MOVABLE] + x.machine.explained[EX_SLAB] +
	    x.machine.explained[EX_PAGETABLE] +
	    x.machine.explained[EX_RESERVED] + x.machine.explained[EX_HUGETLB] +
	    x.machine.explained[EX_ZERO] + x.machine.explained[EX_POISONED] +
	    x.machine.explained[EX_OFFLINE] + x.machine.explained[EX_KERNEL] +
	    x.machine.explained[EX_AMBIGUOUS] + x.machine.explained[EX_UNINIT],
	    29);
	ck_assert_uint_eq(x.machine.pages[EX_AMBIGUOUS] -
	    x.machine.explained[EX_AMBIGUOUS], 1);
	ck_assert(x.have_memmap_boot);
	ck_assert_uint_eq(x.memmap_boot, 2);
	/*
	 * The kernel kind in pinned pageblocks: DMA32's flagless PFN 5;
	 * Normal's compound 17, 18, flagless 23 and 24..27 (4 flagless
	 * pages, more than its 2 per-CPU ones: not admitted); 28..31 are
	 * not initialised, not pinned.
	 */
	ck_assert_uint_eq(d->pinned_kernel, 0);
	ck_assert_uint_eq(d->pinned_ambiguous, 1);
	ck_assert_uint_eq(n->pinned_kernel, 2);
	ck_assert_uint_eq(n->pinned_ambiguous, 5);
	pins_free(&p);
	explain_free(&x);
	map_free(&m);
	gen_free(&g);
}
END_TEST

/* The kpageflags regime of a release (stable_page_flags() in fs/proc/page.c). */
START_TEST(test_explain_regime)
{
	ck_assert_int_eq(explain_regime(NULL), EX_REGIME_UNKNOWN);
	ck_assert_int_eq(explain_regime("5.15.0-91-generic"), EX_REGIME_PAGE);
	ck_assert_int_eq(explain_regime("6.8.12"), EX_REGIME_PAGE);
	ck_assert_int_eq(explain_regime("6.9.0"), EX_REGIME_FOLIO);
	ck_assert_int_eq(explain_regime("6.16.7"), EX_REGIME_FOLIO);
	ck_assert_int_eq(explain_regime("6.17"), EX_REGIME_SNAPSHOT);
	ck_assert_int_eq(explain_regime("7.0"), EX_REGIME_SNAPSHOT);
}
END_TEST

/*
 * The folio census from crafted head and tail runs: each run below, its
 * kind (the head's flags) and order (its length) worked by hand.
 */
START_TEST(test_folios)
{
	const uint64_t H = F(KPF_COMPOUND_HEAD), T = F(KPF_COMPOUND_TAIL);
	const uint64_t LRU = F(KPF_LRU), ANON = F(KPF_ANON);
	uint64_t flags[530];
	struct map_zone z;
	struct map m;
	size_t n = 0, k;

	memset(&z, 0, sizeof(z));
	/* 0..3: an anonymous order-2 folio, tails with the head's flags (6.9+). */
	flags[n++] = H | LRU | ANON;
	for (k = 0; k < 3; k++)
		flags[n++] = T | LRU | ANON;
	/* 4, 5: shmem of order 1: swap-backed page cache; tails flagless (< 6.9). */
	flags[n++] = H | LRU | F(KPF_SWAPBACKED);
	flags[n++] = T;
	/* 6: a single page-cache page; 7, 8: a kernel compound page: none. */
	flags[n++] = LRU | F(KPF_UPTODATE);
	flags[n++] = H;
	flags[n++] = T;
	/* 9: free, 10: slab: none. */
	flags[n++] = F(KPF_BUDDY);
	flags[n++] = F(KPF_SLAB);
	/* 11..522: a PMD-size anonymous THP, order 9, off the LRU (THP). */
	flags[n++] = H | F(KPF_THP) | ANON;
	for (k = 0; k < 511; k++)
		flags[n++] = T | F(KPF_THP) | ANON;
	/* 523..526: a file folio of order 2, read in two runs (2 + 2). */
	flags[n++] = H | LRU;
	flags[n++] = T | LRU;
	flags[n++] = T | LRU;
	flags[n++] = T | LRU;
	/* 527, then 529 after a gap at 528: two order-0 file folios. */
	flags[n++] = LRU;
	flags[n++] = T | LRU;	/* 528: not read */
	flags[n++] = T | LRU;	/* 529: a tail after a gap ends what was open */
	folios_pages(&z, 0, flags, 525);
	folios_pages(&z, 525, flags + 525, 3);
	folios_pages(&z, 529, flags + 529, 1);
	memset(&m, 0, sizeof(m));
	m.zones = &z;
	m.nzones = 1;
	folios_settle(&m);
	ck_assert_uint_eq(z.folios[MAP_FOLIO_ANON][2], 1);
	ck_assert_uint_eq(z.folios[MAP_FOLIO_ANON][9], 1);
	ck_assert_uint_eq(z.folios[MAP_FOLIO_SHMEM][1], 1);
	ck_assert_uint_eq(z.folios[MAP_FOLIO_FILE][0], 2);
	ck_assert_uint_eq(z.folios[MAP_FOLIO_FILE][2], 1);
	/* Nothing else: the kernel compound page, free and slab pages. */
	for (k = 0; k < FRAG_MAX_ORDERS; k++)
		n -= z.folios[MAP_FOLIO_ANON][k] + z.folios[MAP_FOLIO_SHMEM][k] +
		    z.folios[MAP_FOLIO_FILE][k];
	ck_assert_uint_eq(n, 530 - 6);
	ck_assert_int_eq(folios_max_order(&m), 9);
}
END_TEST

/*
 * The same page flags read as two releases write them: before 6.9 a
 * slab's and a page table's compound tails show only TAIL (PG_slab,
 * PageTable on the head), from 6.9 the folio's flags. A file written
 * the old way, read as 6.8, counts its tails under their head's kind;
 * read as 6.18 (whose tails would carry SLAB), flagless compound tails
 * are other kernel pages.
 */
START_TEST(test_regime_tails)
{
	static const uint64_t H = F(KPF_COMPOUND_HEAD), T = F(KPF_COMPOUND_TAIL);
	static const uint64_t flags[32] = {
		0, 0, B, B,
		F(KPF_SLAB) | H, T, T, T,	/* an order-2 slab, before 6.9 */
		F(KPF_PGTABLE) | H, T, B, B,	/* an order-1 page table */
		B, B, B, B,
		H, T, B, B,			/* a kernel compound page */
		0, 0, 0, 0,			/* the PCI hole */
		B, B, B, B,
		B, B, B, B,
	};
	static const struct { const char *release; uint64_t slab, pgtable,
	    kernel; } want[] = {
		{ "6.8.12", 4, 2, 2 },
		{ "6.18.0", 1, 1, 6 },
		{ "", 1, 1, 6 },	/* unknown: read as the newest */
	};
	char *zi = zone_zoneinfo(18);
	struct ferr e = { .path = "" };
	uint64_t pin[MAP_NPINS];
	struct map m;
	struct gen g;
	size_t i, k;
	unsigned p;

	for (i = 0; i < N(want); i++) {
		gen(&g, zone_buddyinfo, zi, zone_iomem, flags, N(flags), 2);
		snprintf(g.in.release, sizeof(g.in.release), "%s",
		    want[i].release);
		ck_assert_msg(run(&g, &m, &e) == 0, "%s", e.msg);
		memset(pin, 0, sizeof(pin));
		for (k = 0; k < m.zones[0].nblocks; k++)
			for (p = 0; p < MAP_NPINS; p++)
				pin[p] += m.zones[0].blocks[k].pin[p];
		ck_assert_uint_eq(m.tails_own, i == 0);
		ck_assert_uint_eq(pin[MAP_PIN_SLAB], want[i].slab);
		ck_assert_uint_eq(pin[MAP_PIN_PAGETABLE], want[i].pgtable);
		ck_assert_uint_eq(pin[MAP_PIN_KERNEL], want[i].kernel);
		map_free(&m);
		gen_free(&g);
	}
	free(zi);
}
END_TEST

/* What a run says when a file is wrong. */
static const struct bad {
	const char	*zoneinfo, *iomem;
	size_t		 nflags;
	const char	*msg;
} bads[] = {
	{ "Node 0, zone   Normal\n  pages free 1\n  spanned 8\n",
	  "00000000-00007fff : System RAM\n", 8,
	  "node 0, zone Normal: no 'start_pfn:', 'spanned' or 'pages free' "
	  "line (kernels before 4.14 do not print start_pfn)" },
	{ "Node 0, zone   Normal\n  pages free 1\n  spanned 8\n"
	  "  start_pfn: 18446744073709551615\n",
	  "00000000-00007fff : System RAM\n", 8,
	  "node 0, zone Normal: the span ends beyond 64 bits" },
	{ NULL, "00000000-00000000 : System RAM\n", 8,
	  "every address reads 0: the addresses need root" },
	{ NULL, "00000000-00007fff : Reserved\n", 8, "no 'System RAM' range" },
	{ NULL, "00000000-0000zfff : System RAM\n", 8,
	  "range end '0000zfff' is not a hexadecimal number" },
	{ NULL, "00000000 : System RAM\n", 8,
	  "expected 'START-END' in hexadecimal" },
	{ NULL, "00004000-00007fff : System RAM\n"
	  "00000000-00001fff : System RAM\n", 8,
	  "System RAM out of order or overlapping the range before" },
	{ NULL, "00000000-00007fff : System RAM\n", 5,
	  "ends before page frame 5 of node 0, zone Normal" },
};

START_TEST(test_bad)
{
	const struct bad *b = &bads[_i];
	static const uint64_t flags[8];
	struct ferr e = { .path = "" };
	struct map m;
	struct gen g;

	gen(&g, "Node 0, zone   Normal 0 0 0 1\n", b->zoneinfo ? b->zoneinfo :
	    "Node 0, zone   Normal\n  pages free 8\n  spanned 8\n"
	    "  start_pfn: 0\n", b->iomem, flags, b->nflags, 2);
	ck_assert_int_eq(run(&g, &m, &e), -1);
	ck_assert_str_eq(e.msg, b->msg);
	ck_assert_ptr_null(m.zones);
	gen_free(&g);
}
END_TEST

/* Without root the file cannot be opened: the message says so. */
START_TEST(test_missing)
{
	static const uint64_t flags[8];
	struct ferr e = { .path = "" };
	char path[128];
	struct map m;
	struct gen g;

	gen(&g, "Node 0, zone   Normal 0 0 0 1\n", "Node 0, zone   Normal\n"
	    "  pages free 8\n  spanned 8\n  start_pfn: 0\n",
	    "00000000-00007fff : System RAM\n", flags, 8, 2);
	snprintf(path, sizeof(path), "%s/proc/kpageflags", g.dir);
	unlink(path);
	ck_assert_int_eq(run(&g, &m, &e), -1);
	ck_assert_str_eq(e.msg, "No such file or directory");
	ck_assert_str_eq(e.path, path);
	ck_assert_ptr_null(m.zones);
	gen_free(&g);
}
END_TEST

/* Returns M written by mapfile_write() (malloc'd), and its length in *LEN. */
static char *
written(const struct map *m, size_t *len)
{
	char *buf = NULL;
	FILE *fp;

	ck_assert_ptr_nonnull(fp = open_memstream(&buf, len));
	mapfile_write(fp, m, NULL, 4096);
	ck_assert_int_eq(fclose(fp), 0);
	return buf;
}

/* The stored map parses back to what was written, and computes the same. */
START_TEST(test_mapfile_roundtrip)
{
	struct ferr e = { .path = "" };
	char *zi = zone_zoneinfo(19), *text, *again;
	unsigned long ps = 0;
	struct map m, back;
	struct gen g;
	size_t len, len2, k;

	gen(&g, zone_buddyinfo, zi, zone_iomem, zone_flags, N(zone_flags), 2);
	ck_assert_msg(run(&g, &m, &e) == 0, "%s", e.msg);
	text = written(&m, &len);
	/* The census: the LRU page at PFN 10 (the THP tail after it has no head). */
	ck_assert_str_eq(text, "fragstat-map 4\npage_size 4096\n"
	    "pageblock_order 2\norders 4\nballoon 0\nbuddy_head_only 0\n"
	    "buddy_pages 19\n"
	    "zone 0 Normal start_pfn 2 spanned 30 free 19 pcp 1\n"
	    "1 2 0 0 0 2 0 0 0 0 0 0 0 0\n1 4 0 0 0 0 0 0 0 0 0 0 0 0\n"
	    "1 2 2 0 0 0 0 0 0 0 0 0 0 0\n1 3 0 1 0 0 1 0 0 0 0 0 0 0\n"
	    "1 3 0 0 1 0 0 0 0 0 0 0 0 1\n1 0 0 0 0 4 0 0 0 0 0 0 0 0\n"
	    "1 2 0 0 2 0 0 0 0 0 0 0 0 2\n1 3 1 0 0 0 0 0 0 0 0 0 0 0\n"
	    "folios 1\nfolio file 0 1\nend\n");
	ck_assert_msg(mapfile_parse(text, len, &g.in.bi, NULL, NULL, &back,
	    &cgs, &ps, &e) == 0,
	    "%lu: %s", e.line, e.msg);
	ck_assert_uint_eq(ps, 4096);
	ck_assert(back.zones[0].have_folios);
	ck_assert_uint_eq(back.zones[0].folios[MAP_FOLIO_FILE][0], 1);
	ck_assert_int_eq(map_compute(&back, g.in.frag), 0);
	ck_assert_uint_eq(back.zones[0].nblocks, m.zones[0].nblocks);
	for (k = 0; k < m.zones[0].nblocks; k++)
		ck_assert_mem_eq(back.zones[0].blocks[k].n,
		    m.zones[0].blocks[k].n, sizeof(m.zones[0].blocks[k].n));
	ck_assert_mem_eq(back.zones[0].pages, m.zones[0].pages,
	    sizeof(m.zones[0].pages));
	ck_assert_mem_eq(back.zones[0].ceiling, m.zones[0].ceiling,
	    sizeof(m.zones[0].ceiling));
	ck_assert_mem_eq(back.zones[0].limited_by, m.zones[0].limited_by,
	    sizeof(m.zones[0].limited_by));
	again = written(&back, &len2);
	ck_assert_str_eq(again, text);
	free(again);
	free(text);
	map_free(&back);
	map_free(&m);
	gen_free(&g);
	free(zi);
}
END_TEST

/*
 * A run of alike pageblocks is one line; an old kernel's layout is kept;
 * a version 2 file, with its nr_free_pages (7: not what the zones add up
 * to, and not read), reads and is written back as version 3.
 */
START_TEST(test_mapfile_runs)
{
	static const char text[] = "fragstat-map 2\npage_size 4096\n"
	    "pageblock_order 2\norders 4\nballoon 1\nbuddy_head_only 1\n"
	    "buddy_pages 2\nnr_free_pages 7\n"
	    "zone 0 Normal start_pfn 6 spanned 18 free 18 pcp 0\n"
	    "1 2 0 0 0 2 0 0 0 0 0 0 0 0\n4 4 0 0 0 0 0 0 0 0 0 0 0 0\nend\n";
	/* Written back as version 4, without a census: none was read. */
	static const char v3[] = "fragstat-map 4\npage_size 4096\n"
	    "pageblock_order 2\norders 4\nballoon 1\nbuddy_head_only 1\n"
	    "buddy_pages 2\n"
	    "zone 0 Normal start_pfn 6 spanned 18 free 18 pcp 0\n"
	    "1 2 0 0 0 2 0 0 0 0 0 0 0 0\n4 4 0 0 0 0 0 0 0 0 0 0 0 0\nend\n";
	struct ferr e = { .path = "" };
	struct buddyinfo bi;
	unsigned long ps;
	struct map m;
	char *back;
	size_t len;

	ck_assert_int_eq(buddyinfo_parse(S("Node 0, zone   Normal 0 0 1 "
	    "2\n"), &bi, &e), 0);
	ck_assert_msg(mapfile_parse(S(text), &bi, NULL, NULL, &m, &cgs, &ps,
	    &e) == 0, "%lu: %s",
	    e.line, e.msg);
	ck_assert(m.balloon);
	ck_assert(m.buddy_head_only);
	ck_assert_uint_eq(m.zones[0].first_block, 1);
	ck_assert_uint_eq(m.zones[0].nblocks, 5);
	ck_assert_uint_eq(m.zones[0].blocks[4].n[MAP_FREE], 4);
	ck_assert_uint_eq(m.nr_free_pages, 18);
	back = written(&m, &len);
	ck_assert_str_eq(back, v3);
	free(back);
	map_free(&m);
	buddyinfo_free(&bi);
}
END_TEST

/* The buddyinfo of one zone with 16 orders: pageblocks of order 15 fit below them. */
static const char big_buddyinfo[] =
	"Node 0, zone   Normal 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n";

/*
 * Set IN as a capture's inputs for mapfile_load(): its zoneinfo has one
 * zone Normal spanning SPANNED pages from 0 with FREE pages free, and its
 * pagetypeinfo the pageblock order ORDER.
 */
static void
capture_inputs(struct inputs *in, uint64_t spanned, uint64_t free_pages,
    unsigned order)
{
	struct ferr e = { .path = "zoneinfo" };
	char zi[256];

	snprintf(zi, sizeof(zi), "Node 0, zone   Normal\n  pages free %llu\n"
	    "        min 1\n        low 1\n        high 2\n"
	    "        spanned %llu\n        present %llu\n"
	    "        managed %llu\n  start_pfn: 0\n",
	    (unsigned long long)free_pages, (unsigned long long)spanned,
	    (unsigned long long)spanned, (unsigned long long)spanned);
	ck_assert_msg(zoneinfo_parse(zi, strlen(zi), &in->zi, &e) == 0, "%lu: %s",
	    e.line, e.msg);
	in->have_zi = true;
	in->have_pti = true;
	in->pti.pageblock_order = order;
}

/*
 * A stored map over the kernel files' 16 MiB cap (2.4 TiB in order-15
 * pageblocks, no two neighbours alike, so no run shortens it) written
 * by mapfile_write() reads back whole: its limit comes from its zones.
 */
START_TEST(test_mapfile_big)
{
	enum { NB = 600000 };
	struct ferr e = { .path = "" };
	char path[] = "/tmp/check_map_big.XXXXXX";
	struct inputs in;
	struct map m, back;
	struct map_zone *z;
	unsigned long ps = 0;
	struct stat st;
	size_t k;
	FILE *fp;
	int fd, rc;

	memset(&m, 0, sizeof(m));
	memset(&in, 0, sizeof(in));
	ck_assert_int_eq(buddyinfo_parse(S(big_buddyinfo), &in.bi, &e), 0);
	m.pageblock_order = 15;
	m.norders = 16;
	m.nzones = 1;
	ck_assert_ptr_nonnull(z = m.zones = calloc(1, sizeof(*m.zones)));
	ck_assert_ptr_nonnull(m.blocks = calloc(NB, sizeof(*m.blocks)));
	strcpy(z->name, "Normal");
	z->spanned = (uint64_t)NB << 15;
	z->nblocks = NB;
	z->blocks = m.blocks;
	for (k = 0; k < NB; k++) {
		z->blocks[k] = (struct map_block){ .n = { (uint16_t)(10000 +
		    k % 2), 10000, 10000, 1000, (uint16_t)(1768 - k % 2) },
		    .pin = { [MAP_PIN_SLAB] = 10000, [MAP_PIN_KERNEL] = 1000 } };
		z->free_pages += 10000 + k % 2;
	}
	m.nr_free_pages = m.buddy_pages = z->free_pages;
	capture_inputs(&in, z->spanned, z->free_pages, 15);
	ck_assert_int_ne(fd = mkstemp(path), -1);
	ck_assert_ptr_nonnull(fp = fdopen(fd, "w"));
	mapfile_write(fp, &m, NULL, 4096);
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_gt(st.st_size, 16 << 20);
	/* Gone before any assertion can end the test. */
	rc = mapfile_load(path, &in, &back, &cgs, &ps, &e);
	unlink(path);
	ck_assert_msg(rc == 0, "%s:%lu: %s", e.path, e.line, e.msg);
	ck_assert_uint_eq(ps, 4096);
	ck_assert_uint_eq(back.nzones, 1);
	ck_assert_uint_eq(back.zones[0].nblocks, NB);
	ck_assert_uint_eq(back.zones[0].free_pages, z->free_pages);
	ck_assert_mem_eq(back.blocks, m.blocks, NB * sizeof(*m.blocks));
	map_free(&back);
	map_free(&m);
	buddyinfo_free(&in.bi);
	zoneinfo_free(&in.zi);
}
END_TEST

/* A map file longer than its zones' pageblocks can take is refused before it is all read. */
START_TEST(test_mapfile_too_long)
{
	static const char head[] = "fragstat-map 2\npage_size 4096\n"
	    "pageblock_order 1\norders 4\nballoon 0\nbuddy_head_only 0\n"
	    "buddy_pages 1\nnr_free_pages 2\n"
	    "zone 0 Normal start_pfn 0 spanned 4 free 2 pcp 0\n";
	struct ferr e = { .path = "" };
	char path[] = "/tmp/check_map_long.XXXXXX";
	struct inputs in;
	unsigned long ps;
	struct map m;
	size_t k;
	FILE *fp;
	int fd, rc;

	memset(&in, 0, sizeof(in));
	ck_assert_int_eq(buddyinfo_parse(S("Node 0, zone   Normal 0 1 0 "
	    "0\n"), &in.bi, &e), 0);
	capture_inputs(&in, 4, 2, 1);
	ck_assert_int_ne(fd = mkstemp(path), -1);
	ck_assert_ptr_nonnull(fp = fdopen(fd, "w"));
	fputs(head, fp);
	/* 2 pageblocks allow 80 bytes of them; 64 KiB follow. */
	for (k = 0; k < 4096; k++)
		fputs("1 2 0 0 0 0 0 0 0 0\n", fp);
	ck_assert_int_eq(fclose(fp), 0);
	rc = mapfile_load(path, &in, &m, &cgs, &ps, &e);
	unlink(path);
	ck_assert_int_eq(rc, -1);
	/* 512 + a zone's 192 + 16 + 3 * 32 * 48 (its census) + 2 * 80. */
	ck_assert_str_eq(e.msg, "larger than the 5488 bytes it may hold");
	ck_assert_ptr_null(m.zones);
	buddyinfo_free(&in.bi);
	zoneinfo_free(&in.zi);
}
END_TEST

/*
 * A map read with its capture's files (issue #44, finding 6): zoneinfo
 * spans Normal over SPANNED pages from 0 with FREE free, pagetypeinfo
 * says order 1, buddyinfo holds 2 free pages; what the map says of them.
 */
static const struct mcap {
	uint64_t	 spanned, free;
	const char	*text;
	unsigned long	 line;		/* 0: accepted */
	const char	*msg;
} mcaps[] = {
	{ 4, 2, "fragstat-map 3\npage_size 4096\npageblock_order 1\norders 4\n"
	  "balloon 0\nbuddy_head_only 0\nbuddy_pages 2\n"
	  "zone 0 Normal start_pfn 0 spanned 4 free 2 pcp 0\n"
	  "2 2 0 0 0 0 0 0 0 0 0 0 0 0\nend\n", 0, "" },
	{ 4, 2, "fragstat-map 3\npage_size 4096\npageblock_order 0\norders 4\n",
	  4, "pageblock_order 0, but the capture's pagetypeinfo says 1: not "
	  "this capture's map" },
	{ 4, 2, "fragstat-map 3\npage_size 4096\npageblock_order 1\norders 4\n"
	  "balloon 0\nbuddy_head_only 0\nbuddy_pages 2\n"
	  "zone 0 Normal start_pfn 0 spanned 4 free 3 pcp 0\n", 8,
	  "node 0, zone Normal: start_pfn, spanned, free, pcp 0, 4, 3, 0; the "
	  "capture's zoneinfo says 0, 4, 2, 0: not this capture's map" },
	{ 1, 2, "fragstat-map 3\npage_size 4096\npageblock_order 1\norders 4\n"
	  "balloon 0\nbuddy_head_only 0\nbuddy_pages 2\n"
	  "zone 0 Normal start_pfn 0 spanned 1 free 2 pcp 0\n", 8,
	  "node 0, zone Normal spans 1 pages, fewer than the 2 free that "
	  "buddyinfo gives it" },
};

START_TEST(test_mapfile_capture)
{
	const struct mcap *c = &mcaps[_i];
	struct ferr e = { .path = "" };
	struct inputs in;
	unsigned long ps;
	struct map m;
	int rc;

	memset(&in, 0, sizeof(in));
	ck_assert_int_eq(buddyinfo_parse(S("Node 0, zone   Normal 0 1 0 "
	    "0\n"), &in.bi, &e), 0);
	capture_inputs(&in, c->spanned, c->free, 1);
	rc = mapfile_parse(c->text, strlen(c->text), &in.bi, &in.zi, &in.pti,
	    &m, &cgs, &ps, &e);
	ck_assert_msg(rc == (c->line ? -1 : 0), "%lu: %s", e.line, e.msg);
	if (rc == 0)
		map_free(&m);
	else {
		ck_assert_str_eq(e.msg, c->msg);
		ck_assert_uint_eq(e.line, c->line);
	}
	buddyinfo_free(&in.bi);
	zoneinfo_free(&in.zi);
}
END_TEST

/* What a bad map file says, and where. */
static const struct mbad {
	const char	*text;
	unsigned long	 line;
	const char	*msg;
} mbads[] = {
	{ "", 1, "ends before fragstat-map (cut short?)" },
	{ "fragstat-map 5\n", 1, "format version 5: this fragstat reads "
	  "versions 2 to 4" },
	{ "fragstat-map 1\n", 1, "format version 1: this fragstat reads "
	  "versions 2 to 4" },
	{ "fragstat-map 4\npage_size 4096\npageblock_order 1\norders 4\n"
	  "balloon 0\nbuddy_head_only 0\nbuddy_pages 1\n"
	  "zone 0 Normal start_pfn 0 spanned 4 free 2 pcp 0\n"
	  "2 2 0 0 0 0 0 0 0 0 0 0 0 0\nfolios 1\nfolio huge 0 1\nend\n", 11,
	  "folio kind not anon, shmem or file" },
	{ "fragstat-map 4\npage_size 4096\npageblock_order 1\norders 4\n"
	  "balloon 0\nbuddy_head_only 0\nbuddy_pages 1\n"
	  "zone 0 Normal start_pfn 0 spanned 4 free 2 pcp 0\n"
	  "2 2 0 0 0 0 0 0 0 0 0 0 0 0\nfolios 2\nfolio anon 9 1\n"
	  "folio anon 9 2\nend\n", 12, "folio anon 9 again" },
	{ "fragstat-map 4\npage_size 4096\npageblock_order 1\norders 4\n"
	  "balloon 0\nbuddy_head_only 0\nbuddy_pages 1\n"
	  "zone 0 Normal start_pfn 0 spanned 4 free 2 pcp 0\n"
	  "2 2 0 0 0 0 0 0 0 0 0 0 0 0\nfolios 1\nend\n", 11,
	  "not 'folio KIND ORDER COUNT'" },
	{ "fragstat-map 2\npage_size 4097\n", 2,
	  "page_size is not a power of two" },
	{ "fragstat-map 2\npagesize 4096\n", 2, "not 'page_size NUMBER'" },
	{ "fragstat-map 2\npage_size 4096\npageblock_order 4\norders 4\n", 4,
	  "the pageblock order is not below the 4 orders" },
	{ "fragstat-map 2\npage_size 4096\npageblock_order 1\norders 5\n", 4,
	  "orders 5 is not from 4 to 4" },
	{ "fragstat-map 2\npage_size 4096\npageblock_order 1\norders 4\n"
	  "balloon 2\n", 5, "balloon 2 is not from 0 to 1" },
	{ "fragstat-map 2\npage_size 4096\npageblock_order 1\norders 4\n"
	  "balloon 0\nbuddy_head_only 0\nbuddy_pages 1\nnr_free_pages 2\n"
	  "zone 0 Normal start_pfn 0 spanned 4 free 2 pcp x\n", 9,
	  "pcp 'x' is not a decimal number" },
	{ "fragstat-map 2\npage_size 4096\npageblock_order 1\norders 4\n"
	  "balloon 0\nbuddy_head_only 0\nbuddy_pages 1\nnr_free_pages 2\n"
	  "zone 1 Normal start_pfn 0 spanned 4 free 2 pcp 0\n", 9,
	  "buddyinfo lists node 0, zone Normal here" },
	{ "fragstat-map 2\npage_size 4096\npageblock_order 1\norders 4\n"
	  "balloon 0\nbuddy_head_only 0\nbuddy_pages 1\nnr_free_pages 2\n"
	  "zone 0 Normal start_pfn 0 spanned 4 free 2 pcp 0\n"
	  "3 2 0 0 0 0 0 0 0 0 0 0 0 0\n", 10, "repeat 3 is not from 1 to 2" },
	{ "fragstat-map 2\npage_size 4096\npageblock_order 1\norders 4\n"
	  "balloon 0\nbuddy_head_only 0\nbuddy_pages 1\nnr_free_pages 2\n"
	  "zone 0 Normal start_pfn 0 spanned 4 free 2 pcp 0\n"
	  "2 2 0 0 0 0 0 0 0 0 0 0 0 0\nend\nend\n", 12, "a line after 'end'" },
	{ "fragstat-map 3\npage_size 4096\npageblock_order 1\norders 4\n"
	  "balloon 0\nbuddy_head_only 0\nbuddy_pages 1\nnr_free_pages 2\n",
	  8, "not 'zone NODE NAME start_pfn N spanned N free N pcp N'" },
	{ "fragstat-map 2\npage_size 4096\npageblock_order 1\norders 4\n"
	  "balloon 0\nbuddy_head_only 0\nbuddy_pages 1\nnr_free_pages 2\n"
	  "zone 0 Normal start_pfn 0 spanned 3 free 2 pcp 0\n"
	  "2 2 0 0 0 0 0 0 0 0 0 0 0 0\nend\n", 10, "node 0, zone Normal: its last pageblock "
	  "has 0 hole pages, fewer than the 1 outside the zone" },
	{ "fragstat-map 2\npage_size 4096\npageblock_order 1\norders 4\n"
	  "balloon 0\nbuddy_head_only 0\nbuddy_pages 1\nnr_free_pages 2\n"
	  "zone 0 Normal start_pfn 18446744073709551615 spanned 3 free 2 "
	  "pcp 0\n", 9, "node 0, zone Normal: the span ends beyond 64 bits" },
};

START_TEST(test_mapfile_bad)
{
	const struct mbad *b = &mbads[_i];
	struct ferr e = { .path = "" };
	struct buddyinfo bi;
	unsigned long ps;
	struct map m;

	ck_assert_int_eq(buddyinfo_parse(S("Node 0, zone   Normal 0 1 0 "
	    "0\n"), &bi, &e), 0);
	ck_assert_int_eq(mapfile_parse(b->text, strlen(b->text), &bi, NULL,
	    NULL, &m, &cgs, &ps, &e), -1);
	ck_assert_str_eq(e.msg, b->msg);
	ck_assert_uint_eq(e.line, b->line);
	ck_assert_ptr_null(m.zones);
	buddyinfo_free(&bi);
}
END_TEST

/* iomem addresses in pages: partial pages are left out. */
START_TEST(test_iomem_pages)
{
	struct ferr e = { .path = "iomem" };
	struct iomem io;

	ck_assert_int_eq(iomem_parse(S("00001000-0009fbff : System RAM\n"
	    "000a0000-000bffff : PCI Bus 0000:00\n"
	    "00100000-bfffffff : System RAM\n"
	    "  01000000-01ffffff : Kernel code\n"
	    "100000000-63fffffff : System RAM\n"), 4096, &io, &e), 0);
	ck_assert_uint_eq(io.nram, 3);
	ck_assert_uint_eq(io.ram[0].start, 1);
	ck_assert_uint_eq(io.ram[0].end, 0x9f);
	ck_assert_uint_eq(io.ram[1].start, 0x100);
	ck_assert_uint_eq(io.ram[1].end, 0xc0000);
	ck_assert_uint_eq(io.ram[2].start, 0x100000);
	ck_assert_uint_eq(io.ram[2].end, 0x640000);
	iomem_free(&io);
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("map");
	TCase *tc = tcase_create("map");

	tcase_add_loop_test(tc, test_classify, 0, (int)N(crules));
	tcase_add_test(tc, test_zone);
	tcase_add_test(tc, test_render);
	tcase_add_test(tc, test_render_svg);
	tcase_add_test(tc, test_free_bound);
	tcase_add_test(tc, test_buddy_head_only);
	tcase_add_test(tc, test_two_zones);
	tcase_add_test(tc, test_explain);
	tcase_add_test(tc, test_explain_regime);
	tcase_add_test(tc, test_folios);
	tcase_add_test(tc, test_regime_tails);
	tcase_add_loop_test(tc, test_bad, 0, (int)N(bads));
	tcase_add_test(tc, test_missing);
	tcase_add_test(tc, test_iomem_pages);
	tcase_add_test(tc, test_mapfile_roundtrip);
	tcase_add_test(tc, test_mapfile_runs);
	tcase_add_test(tc, test_mapfile_too_long);
	tcase_add_loop_test(tc, test_mapfile_bad, 0, (int)N(mbads));
	tcase_add_loop_test(tc, test_mapfile_capture, 0, (int)N(mcaps));
	suite_add_tcase(s, tc);
	/*
	 * 40 MiB through /tmp: a second on this machine, more than Check's
	 * 4 s default beside tests/churn (make check-busy). Its checks are
	 * of values, never of time: a generous timeout only ends a hang.
	 */
	tc = tcase_create("big");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_mapfile_big);
	suite_add_tcase(s, tc);
	return tu_run(s);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* map.h - the physical memory map: what fills each pageblock, and the compaction ceiling */
#ifndef FRAGSTAT_MAP_H
#define FRAGSTAT_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ferr.h"
#include "frag.h"
#include "model.h"

/*
 * The bits of a /proc/kpageflags entry, as the kernel names them:
 * include/uapi/linux/kernel-page-flags.h (0-26) and
 * include/linux/kernel-page-flags.h (32-42), set by stable_page_flags() in
 * fs/proc/page.c. Bit 34 is OWNER_2 since 6.12 (PG_owner_2) and was
 * MAPPEDTODISK before: both page-cache state, read the same way here.
 */
enum kpf {
	KPF_LOCKED = 0, KPF_ERROR = 1, KPF_REFERENCED = 2, KPF_UPTODATE = 3,
	KPF_DIRTY = 4, KPF_LRU = 5, KPF_ACTIVE = 6, KPF_SLAB = 7,
	KPF_WRITEBACK = 8, KPF_RECLAIM = 9, KPF_BUDDY = 10,
	KPF_MMAP = 11, KPF_ANON = 12, KPF_SWAPCACHE = 13, KPF_SWAPBACKED = 14,
	KPF_COMPOUND_HEAD = 15, KPF_COMPOUND_TAIL = 16, KPF_HUGE = 17,
	KPF_UNEVICTABLE = 18, KPF_HWPOISON = 19, KPF_NOPAGE = 20,
	KPF_KSM = 21, KPF_THP = 22, KPF_OFFLINE = 23, KPF_ZERO_PAGE = 24,
	KPF_IDLE = 25, KPF_PGTABLE = 26,
	KPF_RESERVED = 32, KPF_MLOCKED = 33, KPF_OWNER_2 = 34,
	KPF_PRIVATE = 35, KPF_PRIVATE_2 = 36, KPF_OWNER_PRIVATE = 37,
	KPF_ARCH = 38, KPF_UNCACHED = 39, KPF_SOFTDIRTY = 40,
	KPF_ARCH_2 = 41, KPF_ARCH_3 = 42,
};

/* What one page frame holds, for compaction. */
enum map_class {
	MAP_FREE,	/* in the buddy allocator */
	MAP_MOVABLE,	/* compaction can migrate it */
	MAP_UNMOVABLE,	/* pins its range: slab, page tables, reserved ... */
	MAP_AMBIGUOUS,	/* no flag says: a kernel allocation or per-CPU free */
	MAP_HOLE,	/* no memory: outside System RAM, NOPAGE, outside the zone */
	MAP_NCLASSES
};

/*
 * The kind of a pinned page (one map_classify() calls unmovable or
 * ambiguous), by its telling flag; MAP_PIN_KERNEL: none (a compound
 * kernel allocation, or a flagless page: vmalloc, stacks, pipe and socket
 * buffers, drivers, or a per-CPU free page).
 */
enum map_pin {
	MAP_PIN_SLAB, MAP_PIN_PAGETABLE, MAP_PIN_RESERVED, MAP_PIN_HUGETLB,
	MAP_PIN_ZERO, MAP_PIN_POISONED, MAP_PIN_OFFLINE, MAP_PIN_KERNEL,
	MAP_NPINS
};

/*
 * What a pageblock holds, first match wins: any hole, any unmovable page,
 * any ambiguous page (neither pinned nor known to be free or movable),
 * only free pages, else free and movable pages only.
 */
enum map_kind {
	MAP_BLOCK_HOLE, MAP_BLOCK_UNMOVABLE, MAP_BLOCK_AMBIGUOUS,
	MAP_BLOCK_FREE, MAP_BLOCK_MOVABLE, MAP_NKINDS
};

/* What bounds the ceiling at one order. */
enum map_limit {
	MAP_LIMIT_NONE,		/* below the pageblock order: no ceiling */
	MAP_LIMIT_PINNED,	/* blocks holding holes or unmovable pages */
	MAP_LIMIT_FREE,		/* free memory: free + per-CPU pages / block */
};

/* Largest pageblock order: a pageblock's counts are 16 bits. */
#define MAP_MAX_PAGEBLOCK_ORDER	15

/* At most 2^26 pageblocks (128 TiB of 2 MiB blocks): 1.9 GiB of counts. */
#define MAP_MAX_BLOCKS		((uint64_t)1 << 26)

/*
 * One pageblock's page frames by class. Pages of a pageblock that lie
 * outside its zone (a zone need not start or end on a pageblock) count as
 * MAP_HOLE, so the counts always add up to the pageblock's size.
 */
struct map_block {
	uint16_t	 n[MAP_NCLASSES];
	/*
	 * The unmovable and ambiguous pages by kind: they add up to
	 * n[MAP_UNMOVABLE] + n[MAP_AMBIGUOUS], and pin[MAP_PIN_KERNEL]
	 * holds every ambiguous page.
	 */
	uint16_t	 pin[MAP_NPINS];
	/*
	 * Of n[MAP_AMBIGUOUS]: pages that follow a BUDDY page within its
	 * natural alignment. Kernels that flag only a free block's first
	 * page show its other pages so; map_settle() then counts them free.
	 */
	uint16_t	 buddy_tail;
};

/*
 * One zone of the map. The first part is what the kernel files said (all a
 * capture must keep, with struct map's first part); the rest is computed.
 */
struct map_zone {
	unsigned	 node;
	char		 name[FRAG_NAME_SIZE];
	uint64_t	 start_pfn, spanned;	/* zoneinfo */
	uint64_t	 free_pages;		/* zoneinfo "pages free" */
	uint64_t	 pcp_free;		/* zoneinfo per-CPU "count:" sum */
	uint64_t	 first_block;		/* start_pfn >> pageblock_order */
	size_t		 nblocks;		/* covering the span */
	struct map_block *blocks;		/* part of struct map's allocation */

	/* map_compute(): */
	uint64_t	 pages[MAP_NCLASSES];	/* add up to spanned */
	uint64_t	 kinds[MAP_NKINDS];	/* pageblocks by enum map_kind */
	/*
	 * Per order, valid from pageblock_order to norders - 1: aligned
	 * blocks free of holes and unmovable pages (ambiguous ones admitted
	 * fewest first while their pages stay within pcp_free), the
	 * ceiling (that count bounded by free memory), which bound won, and
	 * the suitable free blocks now (frag's S(o), from buddyinfo).
	 */
	uint64_t	 clean[FRAG_MAX_ORDERS];
	uint64_t	 ceiling[FRAG_MAX_ORDERS];
	enum map_limit	 limited_by[FRAG_MAX_ORDERS];
	uint64_t	 free_now[FRAG_MAX_ORDERS];
	uint64_t	 admitted[FRAG_MAX_ORDERS];	/* ambiguous pages in clean */
	/* Aligned blocks whose every page is free (all_free pageblocks). */
	uint64_t	 all_free[FRAG_MAX_ORDERS];
	/*
	 * Pages zoneinfo says are present but not yet initialised (set
	 * before map_compute(), 0: none), and the pageblocks from
	 * uninit_from to the zone's end that map_compute() takes for them:
	 * uninit_pages pages, counted in pages[MAP_AMBIGUOUS] and
	 * kinds[MAP_BLOCK_AMBIGUOUS] too. An uninitialised struct page
	 * reads as no flag at all, as a flagless kernel page does:
	 * stable_page_flags() cannot tell them apart.
	 */
	uint64_t	 unmanaged;
	size_t		 uninit_from;
	uint64_t	 uninit_pages;

	/* map_pages()'s place: the next PFN, the end of the last BUDDY block. */
	uint64_t	 scan_next, buddy_end;
};

/* The map of every zone, and what the reading assumed. */
struct map {
	unsigned	 pageblock_order;	/* pagetypeinfo */
	unsigned	 norders;		/* buddyinfo: ceilings up to norders - 1 */
	/*
	 * An order above the buddy allocator's (gigantic pages, which
	 * alloc_contig_pages() takes from aligned free or movable ranges),
	 * computed too when set before map_compute(); 0: none.
	 */
	unsigned	 gigantic_order;
	bool		 balloon;		/* nr_balloon_pages > 0: OFFLINE is movable */
	bool		 buddy_head_only;	/* map_settle(): only a free block's head is flagged */
	uint64_t	 buddy_pages;		/* pages flagged BUDDY */
	uint64_t	 nr_free_pages;		/* of the mapped zones, from zoneinfo */
	struct map_zone	*zones;			/* zones[i]: buddyinfo's zone i */
	size_t		 nzones;
	struct map_block *blocks;		/* every zone's, one allocation */
};

/*
 * Returns the class of a page with kpageflags FLAGS, by the rules below
 * (first match wins); BALLOON: the kernel has balloon pages.
 */
enum map_class	map_classify(uint64_t flags, bool balloon);

/*
 * Returns the kind of a page with kpageflags FLAGS that map_classify()
 * calls unmovable or ambiguous.
 */
enum map_pin	map_pin_kind(uint64_t flags);

/*
 * Set up M for the zones of BI, each found in ZI (its span, free and
 * per-CPU pages): every pageblock all hole until map_pages() fills it.
 * Returns 0, or -1 with E set (a zone missing from ZI or without
 * start_pfn, a pageblock order beyond MAP_MAX_PAGEBLOCK_ORDER or not
 * below buddyinfo's orders, out of memory).
 */
int	map_init(struct map *m, const struct buddyinfo *bi,
	    const struct zoneinfo *zi, unsigned pageblock_order, bool balloon,
	    struct ferr *e);
void	map_free(struct map *m);

/*
 * Start M, without zones yet, for NZONES zones in pageblocks of order
 * PAGEBLOCK_ORDER and buddyinfo's NORDERS; map_zone_add() adds each.
 * Returns 0, or -1 with E set (out of memory).
 */
int	map_start(struct map *m, size_t nzones, unsigned pageblock_order,
	    unsigned norders, struct ferr *e);

/*
 * Set zone I of M (after zones 0..I-1), buddyinfo's B, from its span,
 * free and per-CPU pages, with room for its pageblocks, each all hole;
 * add its free pages to nr_free_pages. LINE: where the facts were read.
 * Returns 0, or -1 with E set (a span beyond 64 bits or MAP_MAX_BLOCKS
 * pageblocks, free pages beyond 64 bits, out of memory).
 */
int	map_zone_add(struct map *m, size_t i, const struct bzone *b,
	    uint64_t start_pfn, uint64_t spanned, uint64_t free_pages,
	    uint64_t pcp_free, unsigned long line, struct ferr *e);

/*
 * Returns how many pageblocks of ORDER cover SPANNED pages from
 * START_PFN: 0 for none, above MAP_MAX_BLOCKS past 64 bits.
 */
uint64_t	map_span_blocks(uint64_t start_pfn, uint64_t spanned,
	    unsigned order);

/*
 * Set *HEAD to the pages of zone Z's first pageblock before its start,
 * *TAIL to those of its last after its end (a zone need not start or end
 * on a pageblock): holes, always. Both 0 without pageblocks.
 */
void	map_outside(const struct map *m, const struct map_zone *z,
	    uint64_t *head, uint64_t *tail);

/*
 * Returns how many naturally aligned blocks of order O lie wholly in
 * zone Z, the first of them (PFN >> O) in *FIRST unless FIRST is NULL.
 */
uint64_t	map_aligned_blocks(const struct map_zone *z, unsigned o,
	    uint64_t *first);

/*
 * Account the N page frames from PFN, with kpageflags FLAGS[0..N), to
 * zone Z of M. Every PFN must lie in Z's span, and each page be given at
 * most once; runs given in increasing PFN order.
 */
void	map_pages(struct map *m, struct map_zone *z, uint64_t pfn,
	    const uint64_t *flags, size_t n);

/*
 * After the last map_pages(): decide whether the kernel flags only a free
 * block's head (BUDDY pages below half of nr_free_pages) and if so count
 * the pages that follow a head within its alignment as free (an
 * over-estimate, which keeps the ceiling an upper bound).
 */
void	map_settle(struct map *m);

/*
 * Compute every zone's classes, pageblock kinds and ceilings of M, with
 * free_now from FRAG (one per buddyinfo zone, as frag_compute_all()
 * makes). Returns 0, or -1 when out of memory.
 */
int	map_compute(struct map *m, const struct frag *frag);

/*
 * Returns zone Z's ceiling at ORDER after map_compute(): from the
 * pageblock order up, and at the gigantic order; 0 below.
 */
uint64_t	map_ceiling(const struct map *m, size_t z, unsigned order);

/* Returns what block B holds, for pageblocks of order PAGEBLOCK_ORDER. */
enum map_kind	map_block_kind(const struct map_block *b,
	    unsigned pageblock_order);

/*
 * Returns zone Z's pageblocks of KIND as the human views count them: the
 * not-initialised pageblocks apart, out of the ambiguous ones.
 */
uint64_t	map_zone_kind(const struct map_zone *z, enum map_kind kind);

/* The pageblock kinds from good to bad: the order every view lists them in. */
extern const enum map_kind map_kind_order[MAP_NKINDS];

/* Returns what bounds a ceiling, for people: "free memory", "pinned pages". */
const char	*map_limit_words(enum map_limit l);

/* The names the views use: "free", "movable", ...; "pinned", "free". */
const char	*map_class_name(enum map_class c);
const char	*map_kind_name(enum map_kind k);	/* "all_free", "with_hole" ... */
const char	*map_limit_name(enum map_limit l);
const char	*map_pin_name(enum map_pin p);		/* "slab", "pagetable" ... */

#endif

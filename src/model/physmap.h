/* SPDX-License-Identifier: GPL-2.0-or-later */
/* physmap.h - the physical memory map: every zone's pageblocks and what fills them, and the ceilings computed on it */
#ifndef FRAGSTAT_PHYSMAP_H
#define FRAGSTAT_PHYSMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ferr.h"
#include "model.h"

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

/*
 * The folios of files and processes by what they hold (the folio census,
 * kernel/folios.c): a compound head and its tails, or a single page, on
 * the LRU or a THP. Shmem and tmpfs are swap-backed without ANON.
 */
enum map_folio { MAP_FOLIO_ANON, MAP_FOLIO_SHMEM, MAP_FOLIO_FILE,
	MAP_NFOLIOS };

/* Returns the name of folio kind K ("anon"). */
const char	*map_folio_name(enum map_folio k);

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

	/* The folio census: folios by kind and order (folios_pages()). */
	uint64_t	 folios[MAP_NFOLIOS][FRAG_MAX_ORDERS];
	bool		 have_folios;	/* read from the page flags */
	/* map_pages()'s last compound head (tails_own): its flags, and the next PFN of its run. */
	uint64_t	 head_flags, head_next;
	/* folios_pages()'s open folio: its kind (-1: none), pages so far, the next PFN. */
	int		 folio_kind;
	uint64_t	 folio_len, folio_next;
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
	/*
	 * Before 6.9 a compound tail's kpageflags are its own: a slab's or a
	 * page table's tails show no SLAB or PGTABLE. Set from the release
	 * (map_rules' tails_own) before the pages are read; map_pages() then
	 * reads a tail as carrying its head's flags, as 6.9+ show them.
	 */
	bool		 tails_own;
	uint64_t	 buddy_pages;		/* pages flagged BUDDY */
	uint64_t	 nr_free_pages;		/* of the mapped zones, from zoneinfo */
	struct map_zone	*zones;			/* zones[i]: buddyinfo's zone i */
	size_t		 nzones;
	struct map_block *blocks;		/* every zone's, one allocation */
};

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

struct memcg;

/*
 * The kernel's rules a reader of page flags hands each run of N page
 * frames from PFN of zone ZI of M to (kernel/map.c's map_rules): io/
 * reads the files, kernel/ classifies. PAGES counts them into M, CHARGE
 * (with their kpagecgroup inodes INO) into CG, SETTLE ends the map after
 * the last run. CHARGE returns 0, or -1 when out of memory.
 */
struct map_rules {
	void	(*pages)(struct map *m, struct map_zone *z, uint64_t pfn,
		    const uint64_t *flags, size_t n);
	int	(*charge)(struct memcg *cg, const struct map *m, size_t zi,
		    uint64_t pfn, const uint64_t *flags, const uint64_t *ino,
		    size_t n);
	void	(*settle)(struct map *m);
	/* Returns whether RELEASE ("" unknown) shows a tail's own flags. */
	bool	(*tails_own)(const char *release);
};

#endif

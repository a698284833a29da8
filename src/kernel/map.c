/* SPDX-License-Identifier: GPL-2.0-or-later */
/* map.c - classify page frames by their kpageflags, per pageblock (the ceiling they allow: map_ceiling.c) */
#include "config.h"

#include "folios.h"
#include "map.h"

/* Returns whether FLAGS has bit B. */
static bool
has(uint64_t flags, enum kpf b)
{
	return (flags >> b) & 1;
}

enum map_class
map_classify(uint64_t flags, bool balloon)
{
	if (has(flags, KPF_NOPAGE))
		return MAP_HOLE;
	if (has(flags, KPF_BUDDY))
		return MAP_FREE;
	/*
	 * SLAB before ANON: a slab page reuses the fields the anon bit is
	 * read from, so slab pages may show stray ANON or KSM bits. The
	 * memory map itself is RESERVED (with PRIVATE).
	 */
	if (has(flags, KPF_SLAB) || has(flags, KPF_PGTABLE) ||
	    has(flags, KPF_RESERVED) || has(flags, KPF_HUGE) ||
	    has(flags, KPF_HWPOISON) || has(flags, KPF_ZERO_PAGE))
		return MAP_UNMOVABLE;
	/* A balloon driver migrates its (OFFLINE) pages; others are lost memory. */
	if (has(flags, KPF_OFFLINE))
		return balloon ? MAP_MOVABLE : MAP_UNMOVABLE;
	/* stable_page_flags() reads LRU and THP from the folio: tails too. */
	if (has(flags, KPF_LRU) || has(flags, KPF_THP))
		return MAP_MOVABLE;
	/* A compound page off the LRU and not a THP: a kernel allocation. */
	if (has(flags, KPF_COMPOUND_HEAD) || has(flags, KPF_COMPOUND_TAIL))
		return MAP_UNMOVABLE;
	if (has(flags, KPF_MMAP) || has(flags, KPF_ANON) ||
	    has(flags, KPF_UPTODATE) || has(flags, KPF_DIRTY) ||
	    has(flags, KPF_WRITEBACK) || has(flags, KPF_SWAPBACKED) ||
	    has(flags, KPF_SWAPCACHE) || has(flags, KPF_OWNER_2) ||
	    has(flags, KPF_PRIVATE) || has(flags, KPF_UNEVICTABLE) ||
	    has(flags, KPF_MLOCKED))
		return MAP_MOVABLE;
	/* Flagless: a kernel allocation, or a page on a per-CPU free list. */
	return MAP_AMBIGUOUS;
}

enum map_pin
map_pin_kind(uint64_t flags)
{
	/* As map_classify() reads them, the lost page first. */
	if (has(flags, KPF_HWPOISON))
		return MAP_PIN_POISONED;
	if (has(flags, KPF_SLAB))
		return MAP_PIN_SLAB;
	if (has(flags, KPF_PGTABLE))
		return MAP_PIN_PAGETABLE;
	if (has(flags, KPF_RESERVED))
		return MAP_PIN_RESERVED;
	/* stable_page_flags() sets HUGE for hugetlb folios only. */
	if (has(flags, KPF_HUGE))
		return MAP_PIN_HUGETLB;
	if (has(flags, KPF_ZERO_PAGE))
		return MAP_PIN_ZERO;
	if (has(flags, KPF_OFFLINE))
		return MAP_PIN_OFFLINE;
	return MAP_PIN_KERNEL;
}

/* Returns the largest order below NORDERS that PFN is aligned on. */
static unsigned
natural_order(uint64_t pfn, unsigned norders)
{
	unsigned k = 0;

	while (k + 1 < norders && pfn % ((uint64_t)2 << k) == 0)
		k++;
	return k;
}

/*
 * Returns FLAGS of page PFN of zone Z of M as 6.9+ show them: before
 * 6.9 (M's tails_own) a compound tail takes its head's flags, which
 * stable_page_flags() read from the page itself (PG_slab, PageTable only
 * on the head), keeping its own TAIL bit.
 */
static uint64_t
as_folio(const struct map *m, struct map_zone *z, uint64_t pfn,
    uint64_t flags)
{
	uint64_t head = (uint64_t)1 << KPF_COMPOUND_HEAD;

	if (!m->tails_own)
		return flags;
	if (has(flags, KPF_COMPOUND_HEAD)) {
		z->head_flags = flags;
		z->head_next = pfn + 1;
		return flags;
	}
	if (!has(flags, KPF_COMPOUND_TAIL) || pfn != z->head_next) {
		z->head_next = 0;
		return flags;
	}
	z->head_next = pfn + 1;
	return flags | (z->head_flags & ~head);
}

/* Account the N pages from PFN, with FLAGS, of one pageblock B of zone Z of M. */
static void
block_pages(struct map *m, struct map_zone *z, struct map_block *b,
    uint64_t pfn, const uint64_t *flags, size_t n)
{
	enum map_class c;
	uint64_t f;
	size_t i;

	b->n[MAP_HOLE] -= (uint16_t)n;
	for (i = 0; i < n; i++, pfn++) {
		f = as_folio(m, z, pfn, flags[i]);
		c = map_classify(f, m->balloon);
		b->n[c]++;
		if (c == MAP_UNMOVABLE)
			b->pin[map_pin_kind(f)]++;
		else if (c == MAP_AMBIGUOUS)
			b->pin[MAP_PIN_KERNEL]++;
		/* A gap in what was read ends any free block. */
		if (pfn != z->scan_next)
			z->buddy_end = 0;
		z->scan_next = pfn + 1;
		if (has(flags[i], KPF_BUDDY)) {
			m->buddy_pages++;
			/* A new head: its block is at most its alignment. */
			if (pfn >= z->buddy_end)
				z->buddy_end = pfn + ((uint64_t)1 <<
				    natural_order(pfn, m->norders));
		} else if (c == MAP_AMBIGUOUS && pfn < z->buddy_end)
			b->buddy_tail++;
		else
			z->buddy_end = 0;
	}
}

void
map_pages(struct map *m, struct map_zone *z, uint64_t pfn,
    const uint64_t *flags, size_t n)
{
	uint64_t pb = (uint64_t)1 << m->pageblock_order;
	size_t run;

	folios_pages(z, pfn, flags, n);
	while (n > 0) {
		run = (size_t)(pb - pfn % pb) < n ? (size_t)(pb - pfn % pb) : n;
		block_pages(m, z, &z->blocks[(pfn >> m->pageblock_order) -
		    z->first_block], pfn, flags, run);
		pfn += run;
		flags += run;
		n -= run;
	}
}

void
map_settle(struct map *m)
{
	struct map_block *b;
	size_t i, k;

	/*
	 * Before is_free_buddy_page() in stable_page_flags(), only the
	 * first page of a free block had PageBuddy: far fewer BUDDY pages
	 * than free ones.
	 */
	m->buddy_head_only = m->buddy_pages < m->nr_free_pages / 2;
	folios_settle(m);
	for (i = 0; i < m->nzones; i++)
		for (k = 0; k < m->zones[i].nblocks; k++) {
			b = &m->zones[i].blocks[k];
			if (m->buddy_head_only) {
				b->n[MAP_AMBIGUOUS] -= b->buddy_tail;
				b->pin[MAP_PIN_KERNEL] -= b->buddy_tail;
				b->n[MAP_FREE] += b->buddy_tail;
			}
			b->buddy_tail = 0;
		}
}

enum map_kind
map_block_kind(const struct map_block *b, unsigned pageblock_order)
{
	unsigned pb = 1U << pageblock_order;

	if (b->n[MAP_HOLE])
		return MAP_BLOCK_HOLE;
	if (b->n[MAP_UNMOVABLE])
		return MAP_BLOCK_UNMOVABLE;
	if (b->n[MAP_AMBIGUOUS])
		return MAP_BLOCK_AMBIGUOUS;
	return b->n[MAP_FREE] == pb ? MAP_BLOCK_FREE : MAP_BLOCK_MOVABLE;
}

const enum map_kind map_kind_order[MAP_NKINDS] = {
	MAP_BLOCK_FREE, MAP_BLOCK_MOVABLE, MAP_BLOCK_AMBIGUOUS,
	MAP_BLOCK_UNMOVABLE, MAP_BLOCK_HOLE,
};

const char *
map_limit_words(enum map_limit l)
{
	return l == MAP_LIMIT_FREE ? "free memory" : "pinned pages";
}

const char *
map_class_name(enum map_class c)
{
	static const char *const names[MAP_NCLASSES] = {
		"free", "movable", "unmovable", "ambiguous", "hole",
	};

	return names[c];
}

const char *
map_kind_name(enum map_kind k)
{
	static const char *const names[MAP_NKINDS] = {
		"with_hole", "with_unmovable", "with_ambiguous", "all_free",
		"free_and_movable",
	};

	return names[k];
}

const char *
map_limit_name(enum map_limit l)
{
	static const char *const names[] = { "none", "pinned", "free" };

	return names[l];
}

const char *
map_pin_name(enum map_pin p)
{
	static const char *const names[MAP_NPINS] = {
		"slab", "pagetable", "reserved", "hugetlb", "zero",
		"poisoned", "offline", "kernel",
	};

	return names[p];
}

int
map_charge(struct memcg *cg, const struct map *m, size_t zi, uint64_t pfn,
    const uint64_t *flags, const uint64_t *ino, size_t n)
{
	const struct map_zone *z = &m->zones[zi];
	enum map_class c;
	long g;
	size_t i;

	for (i = 0; i < n; i++, pfn++) {
		c = map_classify(flags[i], m->balloon);
		/* Free pages and holes are nobody's. */
		if (c == MAP_FREE || c == MAP_HOLE)
			continue;
		if ((g = memcg_group(cg, ino[i])) < 0 ||
		    memcg_charge(cg, (uint32_t)zi, (uint32_t)((pfn >>
		    m->pageblock_order) - z->first_block), (uint32_t)g,
		    c == MAP_UNMOVABLE ? MEMCG_UNMOVABLE : c == MAP_AMBIGUOUS ?
		    MEMCG_AMBIGUOUS : MEMCG_MOVABLE, 1) != 0)
			return -1;
	}
	return 0;
}

/* Whether RELEASE's kpageflags show a tail's own flags: before 6.9 (stable_page_flags()'s page_folio() came then). */
static bool
map_tails_own(const char *release)
{
	long v = release ? text_kver(release) : -1;

	return v >= 0 && v < KPF_FOLIO_KVER;
}

const struct map_rules map_rules = {
	.pages = map_pages,
	.charge = map_charge,
	.settle = map_settle,
	.tails_own = map_tails_own,
};

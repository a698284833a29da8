/* SPDX-License-Identifier: GPL-2.0-or-later */
/* offline.c - online memory blocks that hold no unmovable page, and what keeps the others */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "offline.h"

/*
 * Returns the map zone of M holding the block from PFN whose valid_zones
 * is NAME on NODE (-1: any node), or -1.
 */
static long
find_zone(const struct map *m, const char *name, int node, uint64_t pfn)
{
	const struct map_zone *z;
	size_t i;

	for (i = 0; i < m->nzones; i++) {
		z = &m->zones[i];
		if (strcmp(z->name, name) == 0 && (node < 0 ||
		    (unsigned)node == z->node) && pfn >= z->start_pfn &&
		    pfn - z->start_pfn < z->spanned)
			return (long)i;
	}
	return -1;
}

/*
 * Fill X, an online block in one zone, from the pageblocks of M and P it
 * covers. has_unmovable_pages() skips a hugetlb folio wherever
 * hugepage_migration_supported() (every size on x86-64, arm64, ppc64,
 * s390 and riscv): offline_pages() migrates one in use and dissolves a
 * free one (since 3.12, c8721bbbdd36), so hugetlb pages keep no block.
 */
static void
block_of(struct offline_block *x, const struct map *m, const struct pins *p,
    uint64_t block_pages)
{
	const struct map_zone *z = &m->zones[x->zone];
	size_t base = (size_t)(z->blocks - m->blocks), i;
	uint64_t first = x->b->id * block_pages, pb, k;
	const struct map_block *b;
	unsigned j;

	for (pb = first >> m->pageblock_order; pb < (first + block_pages) >>
	    m->pageblock_order; pb++) {
		/* Past the zone's pageblocks: no memory of it. */
		if (pb < z->first_block || pb - z->first_block >= z->nblocks) {
			x->hole += (uint64_t)1 << m->pageblock_order;
			continue;
		}
		i = (size_t)(pb - z->first_block);
		b = &z->blocks[i];
		x->hole += b->n[MAP_HOLE];
		if (p->state[base + i] == PINS_UNINIT) {
			x->uninit += b->n[MAP_AMBIGUOUS];
			continue;
		}
		if (p->state[base + i] == PINS_PINNED ||
		    p->state[base + i] == PINS_HOLE)
			for (j = 0; j < MAP_NPINS; j++)
				if (j != MAP_PIN_HUGETLB)
					x->by_kind[j] += b->pin[j];
	}
	for (k = 0, j = 0; j < MAP_NPINS; j++)
		k += x->by_kind[j];
	x->keep = k + x->uninit;
	/* offline_pages() refuses a block with "memory holes". */
	if (x->hole)
		x->state = OFF_HOLE;
	else
		x->state = x->keep ? OFF_KEPT : OFF_OFFLINABLE;
}

int
offline_compute(struct offline *of, const struct memblocks *mb,
    const struct map *m, const struct pins *p, unsigned long page_size)
{
	struct offline_block *x;
	struct map_rank *key;
	size_t i;

	memset(of, 0, sizeof(*of));
	if (mb->block_bytes % page_size != 0 || (mb->block_bytes / page_size) >>
	    m->pageblock_order == 0)
		return 0;
	of->block_pages = mb->block_bytes / page_size;
	of->o = calloc(mb->n + 1, sizeof(*of->o));
	of->zones = calloc(m->nzones + 1, sizeof(*of->zones));
	of->kept = calloc(mb->n + 1, sizeof(*of->kept));
	key = calloc(mb->n + 1, sizeof(*key));
	if (of->o == NULL || of->zones == NULL || of->kept == NULL ||
	    key == NULL) {
		free(key);
		offline_free(of);
		return -1;
	}
	of->n = mb->n;
	for (i = 0; i < mb->n; i++) {
		x = &of->o[i];
		x->b = &mb->b[i];
		x->zone = -1;
		if (x->b->state != MB_ONLINE)
			x->state = OFF_OFFLINE;
		/* test_pages_in_a_zone() refuses a block across zones. */
		else if (strcmp(x->b->zones, "none") == 0 ||
		    strchr(x->b->zones, ' ') != NULL)
			x->state = OFF_SPANS;
		else if ((x->zone = find_zone(m, x->b->zones, x->b->node,
		    x->b->id * of->block_pages)) < 0)
			x->state = OFF_UNMAPPED;
		else
			block_of(x, m, p, of->block_pages);
		of->states[x->state]++;
		if (x->zone >= 0)
			of->zones[x->zone][x->state]++;
		/* Fewest pages first (the cheapest to win back), then by id. */
		if (x->state == OFF_KEPT) {
			key[of->nkept].pages = x->keep;
			key[of->nkept++].at = i;
		}
	}
	map_rank_sort(key, of->nkept);
	for (i = 0; i < of->nkept; i++)
		of->kept[i] = key[i].at;
	free(key);
	return 0;
}

void
offline_free(struct offline *of)
{
	free(of->o);
	free(of->zones);
	free(of->kept);
	memset(of, 0, sizeof(*of));
}

const char *
offline_state_name(enum offline_state s)
{
	static const char *const names[OFF_NSTATES] = {
		"offlinable", "kept", "with_hole", "spans_zones", "not_in_map", "offline",
	};

	return names[s];
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * map_ceiling.c - what full compaction could make of the map's pageblocks:
 * the runs of them no pinned page or hole keeps, bounded by free memory
 * (the compaction ceiling), and the pageblocks not yet initialised
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "map.h"

/* qsort() order of two map_rank: see map_rank_sort(). */
static int
cmp_rank(const void *a, const void *b)
{
	const struct map_rank *x = a, *y = b;

	if (x->pages != y->pages)
		return x->pages < y->pages ? -1 : 1;
	return (x->at > y->at) - (x->at < y->at);
}

void
map_rank_sort(struct map_rank *r, size_t n)
{
	qsort(r, n, sizeof(*r), cmp_rank);
}

size_t
map_admit(struct map_rank *r, size_t n, uint64_t budget)
{
	size_t k;

	map_rank_sort(r, n);
	for (k = 0; k < n && r[k].pages <= budget; k++)
		budget -= r[k].pages;
	return k;
}

uint64_t
map_free_bound(const struct map_zone *z, unsigned o)
{
	uint64_t avail = z->free_pages > UINT64_MAX - z->pcp_free ?
	    UINT64_MAX : z->free_pages + z->pcp_free;

	return avail >> o;
}

/*
 * Returns the unmovable pages of block B that stay when the pages of kind
 * WITHOUT are not there (MAP_NPINS: none left out).
 */
static uint64_t
unmovable_without(const struct map_block *b, enum map_pin without)
{
	uint64_t gone;

	if (without == MAP_NPINS)
		return b->n[MAP_UNMOVABLE];
	/* pin[KERNEL] holds the ambiguous pages, which are not unmovable. */
	gone = without == MAP_PIN_KERNEL ? (uint64_t)b->pin[MAP_PIN_KERNEL] -
	    b->n[MAP_AMBIGUOUS] : b->pin[without];
	return b->n[MAP_UNMOVABLE] - gone;
}

void
map_scan(const struct map_zone *z, size_t i, size_t n, enum map_pin without,
    struct map_run *r)
{
	const struct map_block *b;
	size_t k;
	unsigned p;

	memset(r, 0, sizeof(*r));
	for (k = i; k < i + n; k++) {
		b = &z->blocks[k];
		r->hole |= b->n[MAP_HOLE] != 0;
		r->pinned |= b->n[MAP_HOLE] != 0 || unmovable_without(b,
		    without) != 0;
		/* Not initialised: never the allocator's to empty. */
		if (k >= z->uninit_from) {
			r->uninit = r->pinned = true;
			r->uninit_pages += b->n[MAP_AMBIGUOUS];
			continue;
		}
		for (p = 0; p < MAP_NPINS; p++)
			r->pins[p] += b->pin[p];
		/* Without the kernel's pages, the ambiguous ones go too. */
		if (without != MAP_PIN_KERNEL)
			r->amb += b->n[MAP_AMBIGUOUS];
		r->free += b->n[MAP_FREE];
	}
}

/*
 * Fill Z's clean, all_free, admitted, ceiling and limited_by at order O
 * of M, with AMB scratch room for a value per pageblock.
 */
static void
ceiling(const struct map *m, struct map_zone *z, unsigned o,
    struct map_rank *amb)
{
	size_t n = (size_t)1 << (o - m->pageblock_order), k, na = 0, admitted;
	uint64_t blk, first, last, bound;
	struct map_run r;

	last = map_aligned_blocks(z, o, &first);
	last += first;
	z->clean[o] = z->all_free[o] = 0;
	for (blk = first; blk < last; blk++) {
		map_scan(z, (size_t)(blk * n - z->first_block), n, MAP_NPINS,
		    &r);
		if (r.pinned)
			continue;
		if (r.free == (uint64_t)1 << o)
			z->all_free[o]++;
		if (r.amb == 0) {
			z->clean[o]++;
		} else {
			amb[na].pages = r.amb;
			amb[na++].at = (size_t)blk;
		}
	}
	/*
	 * Ambiguous pages may be per-CPU free pages, which compaction
	 * drains: admit the blocks with fewest first, as long as their
	 * ambiguous pages could all be per-CPU ones.
	 */
	admitted = map_admit(amb, na, z->pcp_free);
	z->admitted[o] = 0;
	for (k = 0; k < admitted; k++)
		z->admitted[o] += amb[k].pages;
	z->clean[o] += admitted;
	bound = map_free_bound(z, o);
	z->ceiling[o] = z->clean[o] <= bound ? z->clean[o] : bound;
	z->limited_by[o] = z->clean[o] <= bound ? MAP_LIMIT_PINNED :
	    MAP_LIMIT_FREE;
}

/*
 * Take zone Z's last pageblocks, down from its end, as not initialised
 * while each holds only ambiguous pages (and the holes past the zone's
 * end) and they add up to at most Z's unmanaged pages: deferred struct
 * page init (deferred_init_memmap(), deferred_grow_zone()) hands a zone
 * its pages from the start up, so what is left is the top.
 */
static void
uninit(const struct map *m, struct map_zone *z)
{
	uint64_t pb = (uint64_t)1 << m->pageblock_order, head, tail, out;
	const struct map_block *b;

	z->uninit_from = z->nblocks;
	z->uninit_pages = 0;
	map_outside(m, z, &head, &tail);
	while (z->uninit_from > 0) {
		b = &z->blocks[z->uninit_from - 1];
		out = z->uninit_from == z->nblocks ? tail : 0;
		out += z->uninit_from == 1 ? head : 0;
		if (b->n[MAP_AMBIGUOUS] == 0 || b->n[MAP_AMBIGUOUS] + out != pb ||
		    z->uninit_pages + b->n[MAP_AMBIGUOUS] > z->unmanaged)
			break;
		z->uninit_pages += b->n[MAP_AMBIGUOUS];
		z->uninit_from--;
	}
}

uint64_t
map_zone_kind(const struct map_zone *z, enum map_kind kind)
{
	return z->kinds[kind] - (kind == MAP_BLOCK_AMBIGUOUS ?
	    map_zone_uninit(z) : 0);
}

uint64_t
map_zone_class(const struct map_zone *z, enum map_class c)
{
	return z->pages[c] - (c == MAP_AMBIGUOUS ? z->uninit_pages : 0);
}

size_t
map_zone_uninit(const struct map_zone *z)
{
	return z->nblocks - z->uninit_from;
}

uint64_t
map_uninit(const struct map *m)
{
	uint64_t n = 0;
	size_t i;

	for (i = 0; i < m->nzones; i++)
		n += map_zone_uninit(&m->zones[i]);
	return n;
}

int
map_compute(struct map *m, const struct frag *frag)
{
	struct map_rank *amb;
	struct map_zone *z;
	uint64_t head, tail;
	size_t i, k;
	unsigned c, o;

	for (i = 0; i < m->nzones; i++) {
		z = &m->zones[i];
		memset(z->pages, 0, sizeof(z->pages));
		memset(z->kinds, 0, sizeof(z->kinds));
		for (k = 0; k < z->nblocks; k++) {
			for (c = 0; c < MAP_NCLASSES; c++)
				z->pages[c] += z->blocks[k].n[c];
			z->kinds[map_block_kind(&z->blocks[k],
			    m->pageblock_order)]++;
		}
		/* The pages of the end pageblocks outside the zone. */
		map_outside(m, z, &head, &tail);
		z->pages[MAP_HOLE] -= head + tail;
		uninit(m, z);
		if ((amb = malloc((z->nblocks + 1) * sizeof(*amb))) == NULL)
			return -1;
		for (o = 0; o < m->norders; o++) {
			z->free_now[o] = frag[i].suitable[o];
			if (o < m->pageblock_order) {
				z->clean[o] = z->ceiling[o] = z->admitted[o] = 0;
				z->limited_by[o] = MAP_LIMIT_NONE;
				continue;
			}
			ceiling(m, z, o, amb);
		}
		if (m->gigantic_order >= m->norders &&
		    m->gigantic_order < FRAG_MAX_ORDERS)
			ceiling(m, z, m->gigantic_order, amb);
		free(amb);
	}
	return 0;
}

uint64_t
map_ceiling(const struct map *m, size_t z, unsigned order)
{
	if (order < m->pageblock_order || (order >= m->norders &&
	    order != m->gigantic_order) || order >= FRAG_MAX_ORDERS)
		return 0;
	return m->zones[z].ceiling[order];
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* physmap.c - build the physical memory map: its zones and their pageblocks, all hole until the page flags are read */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "physmap.h"

uint64_t
map_span_blocks(uint64_t start_pfn, uint64_t spanned, unsigned order)
{
	uint64_t pb = (uint64_t)1 << order;

	if (spanned == 0)
		return 0;
	if (start_pfn > UINT64_MAX - pb || spanned > UINT64_MAX - pb -
	    start_pfn)
		return MAP_MAX_BLOCKS + 1;
	return ((start_pfn + spanned + pb - 1) >> order) - (start_pfn >> order);
}

int
map_zone_add(struct map *m, size_t i, const struct bzone *b,
    uint64_t start_pfn, uint64_t spanned, uint64_t free_pages,
    uint64_t pcp_free, unsigned long line, struct ferr *e)
{
	uint64_t pb = (uint64_t)1 << m->pageblock_order, nb;
	struct map_zone *z = &m->zones[i];
	struct map_block *blocks;
	size_t k, total;

	if (start_pfn > UINT64_MAX - pb || spanned > UINT64_MAX - pb -
	    start_pfn)
		return ferr_set(e, line, "node %u, zone %s: the span ends "
		    "beyond 64 bits", b->node, b->name);
	if ((nb = map_span_blocks(start_pfn, spanned, m->pageblock_order)) >
	    MAP_MAX_BLOCKS)
		return ferr_set(e, line, "node %u, zone %s spans more than "
		    "%llu pageblocks", b->node, b->name,
		    (unsigned long long)MAP_MAX_BLOCKS);
	if (free_pages > UINT64_MAX - m->nr_free_pages)
		return ferr_set(e, line, "free pages add up to more than "
		    "64 bits");
	for (k = 0, total = 0; k < i; k++)
		total += m->zones[k].nblocks;
	if (nb > MAP_MAX_BLOCKS - total)
		return ferr_set(e, line, "the zones span more than %llu "
		    "pageblocks", (unsigned long long)MAP_MAX_BLOCKS);
	if ((blocks = realloc(m->blocks, (total + (size_t)nb + 1) *
	    sizeof(*blocks))) == NULL)
		return ferr_set_nomem(e);
	m->blocks = blocks;
	z->node = b->node;
	memcpy(z->name, b->name, sizeof(z->name));
	z->start_pfn = start_pfn;
	z->spanned = spanned;
	z->free_pages = free_pages;
	z->pcp_free = pcp_free;
	z->first_block = start_pfn >> m->pageblock_order;
	z->nblocks = (size_t)nb;
	m->nr_free_pages += free_pages;
	/* Every page a hole until map_pages() says what it holds. */
	memset(blocks + total, 0, ((size_t)nb + 1) * sizeof(*blocks));
	for (k = total; k < total + (size_t)nb; k++)
		blocks[k].n[MAP_HOLE] = (uint16_t)pb;
	/* The allocation may have moved: every zone's part again. */
	for (k = 0, total = 0; k <= i; total += m->zones[k++].nblocks)
		m->zones[k].blocks = m->blocks + total;
	return 0;
}

void
map_outside(const struct map *m, const struct map_zone *z, uint64_t *head,
    uint64_t *tail)
{
	uint64_t pb = (uint64_t)1 << m->pageblock_order;

	*head = *tail = 0;
	if (z->nblocks == 0)
		return;
	*head = z->start_pfn - z->first_block * pb;
	*tail = (z->first_block + z->nblocks) * pb - z->start_pfn - z->spanned;
}

/* Fill zone I of M from buddyinfo zone B and zoneinfo ZI. Returns 0 or -1 with E set. */
static int
zone_init(struct map *m, size_t i, const struct bzone *b,
    const struct zoneinfo *zi, struct ferr *e)
{
	const struct zizone *zz;

	if ((zz = zoneinfo_find(zi, b->node, b->name)) == NULL)
		return ferr_set(e, 0, "no node %u, zone %s, which buddyinfo "
		    "lists", b->node, b->name);
	if ((zz->have & (ZI_START_PFN | ZI_SPANNED | ZI_FREE)) !=
	    (ZI_START_PFN | ZI_SPANNED | ZI_FREE))
		return ferr_set(e, zz->line, "node %u, zone %s: no 'start_pfn:', "
		    "'spanned' or 'pages free' line (kernels before 4.14 do "
		    "not print start_pfn)", zz->node, zz->name);
	return map_zone_add(m, i, b, zz->start_pfn, zz->spanned, zz->free,
	    zz->pcp, zz->line, e);
}

int
map_start(struct map *m, size_t nzones, unsigned pageblock_order,
    unsigned norders, struct ferr *e)
{
	memset(m, 0, sizeof(*m));
	m->pageblock_order = pageblock_order;
	m->norders = norders;
	/* One pageblock's room even for none: zones point into it. */
	if ((m->zones = calloc(nzones + 1, sizeof(*m->zones))) == NULL ||
	    (m->blocks = calloc(1, sizeof(*m->blocks))) == NULL) {
		map_free(m);
		return ferr_set_nomem(e);
	}
	m->nzones = nzones;
	return 0;
}

int
map_init(struct map *m, const struct buddyinfo *bi,
    const struct zoneinfo *zi, unsigned pageblock_order, bool balloon,
    struct ferr *e)
{
	size_t i;

	memset(m, 0, sizeof(*m));
	if (pageblock_order > MAP_MAX_PAGEBLOCK_ORDER ||
	    pageblock_order >= bi->norders)
		return ferr_set(e, 0, "pageblock order %u: fragstat maps "
		    "orders up to %d and below buddyinfo's %u orders",
		    pageblock_order, MAP_MAX_PAGEBLOCK_ORDER, bi->norders);
	if (map_start(m, bi->nzones, pageblock_order, bi->norders, e) != 0)
		return -1;
	m->balloon = balloon;
	for (i = 0; i < m->nzones; i++)
		if (zone_init(m, i, &bi->zones[i], zi, e) != 0)
			goto fail;
	return 0;
fail:
	map_free(m);
	return -1;
}

void
map_free(struct map *m)
{
	free(m->blocks);
	free(m->zones);
	memset(m, 0, sizeof(*m));
}

uint64_t
map_aligned_blocks(const struct map_zone *z, unsigned o, uint64_t *first)
{
	uint64_t f = (z->start_pfn + ((uint64_t)1 << o) - 1) >> o,
	    last = (z->start_pfn + z->spanned) >> o;

	if (first)
		*first = f;
	return last > f ? last - f : 0;
}

const char *
map_folio_name(enum map_folio k)
{
	static const char *const names[MAP_NFOLIOS] = { "anon", "shmem",
	    "file" };

	return names[k];
}

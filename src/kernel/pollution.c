/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pollution.c - polluted pageblocks by kind, per zone, node and machine, and the amplification */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pollution.h"

/* Add the counts of FROM to TO. */
static void
add(struct pollution_zone *to, const struct pollution_zone *from)
{
	unsigned k;

	to->blocks += from->blocks;
	to->unmovable_pages += from->unmovable_pages;
	to->polluted_blocks += from->polluted_blocks;
	to->reserved_pages += from->reserved_pages;
	to->reserved_blocks += from->reserved_blocks;
	to->hugetlb_blocks += from->hugetlb_blocks;
	to->admitted_blocks += from->admitted_blocks;
	for (k = 0; k < MAP_NPINS; k++) {
		to->pages_by_kind[k] += from->pages_by_kind[k];
		to->blocks_by_kind[k] += from->blocks_by_kind[k];
	}
}

/*
 * Returns whether pages of KIND stay apart from the unmovable ones: reserved
 * boot memory, placed once, and hugetlb pages, movable allocations
 * (htlb_alloc_mask(): GFP_HIGHUSER_MOVABLE where hugepage_movable_supported())
 * that fill their pageblock. The rest are the unmovable migratetypes'.
 */
bool
pollution_apart(enum map_pin kind)
{
	return kind == MAP_PIN_RESERVED || kind == MAP_PIN_HUGETLB;
}

/* Fill PZ from zone Z, its pageblocks' pins states STATE. */
static void
zone_pollution(const struct map_zone *z, const uint8_t *state,
    struct pollution_zone *pz)
{
	const struct map_block *b;
	uint64_t other;
	unsigned k;
	size_t i;

	memset(pz, 0, sizeof(*pz));
	for (i = 0; i < z->nblocks; i++) {
		b = &z->blocks[i];
		/* Holes and pages not yet initialised are not memory to spread over. */
		if (state[i] == PINS_HOLE || state[i] == PINS_UNINIT)
			continue;
		pz->blocks++;
		pz->admitted_blocks += state[i] == PINS_ADMITTED;
		/* An admitted block's ambiguous pages count as per-CPU free. */
		if (state[i] != PINS_PINNED)
			continue;
		other = 0;
		for (k = 0; k < MAP_NPINS; k++) {
			if (b->pin[k] == 0)
				continue;
			pz->pages_by_kind[k] += b->pin[k];
			pz->blocks_by_kind[k]++;
			if (!pollution_apart(k))
				other += b->pin[k];
		}
		pz->reserved_pages += b->pin[MAP_PIN_RESERVED];
		pz->unmovable_pages += other;
		if (other)
			pz->polluted_blocks++;
		else if (b->pin[MAP_PIN_HUGETLB])
			pz->hugetlb_blocks++;
		else
			pz->reserved_blocks++;
	}
}

int
pollution_compute(struct pollution *pl, const struct map *m,
    const struct pins *p)
{
	const uint8_t *state = p->state;
	size_t i, n;

	memset(pl, 0, sizeof(*pl));
	pl->pageblock_order = m->pageblock_order;
	pl->zones = calloc(m->nzones + 1, sizeof(*pl->zones));
	pl->nodes = calloc(m->nzones + 1, sizeof(*pl->nodes));
	pl->node_ids = calloc(m->nzones + 1, sizeof(*pl->node_ids));
	if (pl->zones == NULL || pl->nodes == NULL || pl->node_ids == NULL) {
		pollution_free(pl);
		return -1;
	}
	pl->nzones = m->nzones;
	for (i = 0; i < m->nzones; i++) {
		zone_pollution(&m->zones[i], state, &pl->zones[i]);
		state += m->zones[i].nblocks;
		for (n = 0; n < pl->nnodes; n++)
			if (pl->node_ids[n] == m->zones[i].node)
				break;
		if (n == pl->nnodes)
			pl->node_ids[pl->nnodes++] = m->zones[i].node;
		add(&pl->nodes[n], &pl->zones[i]);
		add(&pl->machine, &pl->zones[i]);
	}
	return 0;
}

void
pollution_free(struct pollution *pl)
{
	free(pl->zones);
	free(pl->nodes);
	free(pl->node_ids);
	memset(pl, 0, sizeof(*pl));
}

long long
pollution_amplification(const struct pollution_zone *z,
    unsigned pageblock_order, enum map_pin kind)
{
	uint64_t n = kind == MAP_NPINS ? z->polluted_blocks :
	    z->blocks_by_kind[kind];
	uint64_t u = kind == MAP_NPINS ? z->unmovable_pages :
	    z->pages_by_kind[kind];

	if (u == 0)
		return -1;
	/* N < 2^26 pageblocks of at most 2^15 pages: no overflow. */
	return (long long)(((n << pageblock_order) * 100 + u / 2) / u);
}

uint32_t
pollution_share(const struct pollution_zone *z, unsigned pageblock_order,
    int pages)
{
	uint64_t part = pages ? z->unmovable_pages : z->polluted_blocks;
	uint64_t whole = pages ? z->blocks << pageblock_order : z->blocks;

	if (whole == 0)
		return 0;
	return (uint32_t)((part * 10000 + whole / 2) / whole);
}

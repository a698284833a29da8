/* SPDX-License-Identifier: GPL-2.0-or-later */
/* regions.c - classify 1 GiB regions as the gigantic ceiling counts them, with what keeps each tainted one */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "regions.h"

/*
 * Fill R, region BLK of zone Z (index ZI) of M at ORDER, from map_scan()
 * of its pageblocks: its state before any ambiguous page is admitted
 * (those with only ambiguous pages tainted for now) and what keeps it.
 * Returns its ambiguous pages when the ceiling may admit them, else 0.
 */
static uint64_t
region_of(const struct map *m, const struct map_zone *z, size_t zi,
    unsigned order, uint64_t blk, struct region *r)
{
	size_t n = (size_t)1 << (order - m->pageblock_order);
	struct map_run run;
	unsigned k;

	map_scan(z, (size_t)(blk * n - z->first_block), n, MAP_NPINS, &run);
	memset(r, 0, sizeof(*r));
	r->pfn = blk << order;
	r->zone = zi;
	r->uninit = run.uninit_pages;
	for (k = 0; k < MAP_NPINS; k++) {
		r->by_kind[k] = run.pins[k];
		r->keep += run.pins[k];
	}
	r->keep += r->uninit;
	if (run.hole)
		r->state = REGION_HOLE;
	else if (r->keep != 0)
		r->state = REGION_TAINTED;
	else
		r->state = run.free == (uint64_t)1 << order ? REGION_FREE :
		    REGION_CLEAN;
	return run.pinned ? 0 : run.amb;
}

/*
 * Classify zone ZI of M into RG from RG->r[FROM]: the regions with only
 * ambiguous pages admitted fewest first, the lower PFN first among
 * equals, while they fit the zone's per-CPU free pages: map_admit(), as
 * for the ceiling. KEY has room for a value per region.
 */
static void
zone_regions(struct regions *rg, const struct map *m, size_t zi,
    struct map_rank *key)
{
	const struct map_zone *z = &m->zones[zi];
	uint64_t first, n, blk, amb;
	size_t from = rg->n, na = 0, admitted, k;

	n = map_aligned_blocks(z, rg->order, &first);
	for (blk = first; blk < first + n; blk++) {
		amb = region_of(m, z, zi, rg->order, blk, &rg->r[rg->n]);
		if (amb) {
			key[na].pages = amb;
			key[na++].at = rg->n;
		}
		rg->n++;
	}
	admitted = map_admit(key, na, z->pcp_free);
	for (k = 0; k < admitted; k++)
		rg->r[key[k].at].state = REGION_CLEAN;
	for (k = from; k < rg->n; k++)
		rg->zones[zi][rg->r[k].state]++;
}

int
regions_compute(struct regions *rg, const struct map *m)
{
	struct map_rank *key;
	uint64_t total = 0;
	size_t i;

	memset(rg, 0, sizeof(*rg));
	rg->order = m->gigantic_order;
	if (rg->order < m->pageblock_order || rg->order >= FRAG_MAX_ORDERS) {
		rg->order = 0;
		return 0;
	}
	for (i = 0; i < m->nzones; i++)
		total += map_aligned_blocks(&m->zones[i], rg->order, NULL);
	rg->r = calloc(total + 1, sizeof(*rg->r));
	rg->zones = calloc(m->nzones + 1, sizeof(*rg->zones));
	rg->tainted = calloc(total + 1, sizeof(*rg->tainted));
	key = calloc(total + 1, sizeof(*key));
	if (rg->r == NULL || rg->zones == NULL || rg->tainted == NULL ||
	    key == NULL) {
		free(key);
		regions_free(rg);
		return -1;
	}
	for (i = 0; i < m->nzones; i++)
		zone_regions(rg, m, i, key);
	/* Fewest pages kept first (the cheapest to win back), then map order. */
	for (i = 0; i < rg->n; i++)
		if (rg->r[i].state == REGION_TAINTED) {
			key[rg->ntainted].pages = rg->r[i].keep;
			key[rg->ntainted++].at = i;
		}
	map_rank_sort(key, rg->ntainted);
	for (i = 0; i < rg->ntainted; i++)
		rg->tainted[i] = key[i].at;
	free(key);
	return 0;
}

void
regions_free(struct regions *rg)
{
	free(rg->r);
	free(rg->zones);
	free(rg->tainted);
	memset(rg, 0, sizeof(*rg));
}

uint64_t
regions_all(const uint64_t *c)
{
	return c[REGION_FREE] + c[REGION_CLEAN] + c[REGION_TAINTED] +
	    c[REGION_HOLE];
}

uint64_t
regions_clean(const uint64_t *c)
{
	return c[REGION_FREE] + c[REGION_CLEAN];
}

bool
regions_by_node(const struct map *m)
{
	size_t i, nodes = 0;

	/* The map lists a node's zones together. */
	for (i = 0; i < m->nzones; i++)
		nodes += i == 0 || m->zones[i].node != m->zones[i - 1].node;
	return nodes < m->nzones;
}

size_t
regions_node(const struct regions *rg, const struct map *m, size_t i,
    uint64_t *sum)
{
	size_t j, s;

	memset(sum, 0, REGION_NSTATES * sizeof(*sum));
	for (j = i; j < m->nzones && m->zones[j].node == m->zones[i].node; j++)
		for (s = 0; s < REGION_NSTATES; s++)
			sum[s] += rg->zones[j][s];
	return j;
}

const char *
region_state_name(enum region_state s)
{
	static const char *const names[REGION_NSTATES] = {
		"free", "clean", "tainted", "with_hole",
	};

	return names[s];
}

/* Returns the one kind of page that keeps region R, or MAP_NPINS. */
static enum map_pin
one_kind(const struct region *r)
{
	enum map_pin k, one = MAP_NPINS;

	if (r->uninit != 0)
		return MAP_NPINS;
	for (k = 0; k < MAP_NPINS; k++) {
		if (r->by_kind[k] == 0)
			continue;
		if (one != MAP_NPINS)
			return MAP_NPINS;
		one = k;
	}
	return one;
}

void
regions_pinned(const struct regions *rg, const struct map *m, int node,
    struct regions_pinned *p)
{
	const struct region *r;
	enum map_pin k;
	size_t i;

	memset(p, 0, sizeof(*p));
	p->kind = MAP_NPINS;
	for (i = 0; i < rg->n; i++) {
		r = &rg->r[i];
		if (r->state == REGION_HOLE || (node >= 0 &&
		    m->zones[r->zone].node != (unsigned)node))
			continue;
		p->whole++;
		if (r->state != REGION_TAINTED) {
			p->clean++;
			continue;
		}
		k = one_kind(r);
		if (p->tainted == 0 || r->keep < p->keep_min)
			p->keep_min = r->keep;
		if (r->keep > p->keep_max)
			p->keep_max = r->keep;
		/* The kind of the first, while every other agrees. */
		p->kind = p->tainted == 0 || k == p->kind ? k : MAP_NPINS;
		p->tainted++;
	}
}

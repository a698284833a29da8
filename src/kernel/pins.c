/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pins.c - who pins memory: pinned pageblocks by kind of page, the cost of each kind, the few-pinned buckets */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pins.h"

/*
 * Returns the pageblocks of zone Z that full compaction could empty
 * when the pages of kind WITHOUT are not there (MAP_NPINS: as they are):
 * those map_scan() finds unpinned, the ones with ambiguous pages admitted
 * by map_admit(), as for the ceiling. KEY has room for a value per
 * pageblock; with STATE, each pageblock's enum pins_state is set.
 */
static uint64_t
emptiable(const struct map_zone *z, enum map_pin without,
    struct map_rank *key, uint8_t *state)
{
	struct map_run r;
	uint64_t clean = 0;
	size_t k, na = 0, admitted;

	for (k = 0; k < z->nblocks; k++) {
		map_scan(z, k, 1, without, &r);
		/* Not the allocator's yet, first: no kind pins or frees it. */
		if (state)
			state[k] = r.uninit ? PINS_UNINIT : r.hole ? PINS_HOLE :
			    r.pinned || r.amb ? PINS_PINNED : PINS_CLEAN;
		if (r.pinned)
			continue;
		if (r.amb == 0) {
			clean++;
		} else {
			key[na].pages = r.amb;
			key[na++].at = k;
		}
	}
	admitted = map_admit(key, na, z->pcp_free);
	for (k = 0; k < admitted && state; k++)
		state[key[k].at] = PINS_ADMITTED;
	return clean + admitted;
}

/* Fill PZ from zone Z of M with STATE, its pageblocks' states. */
static void
zone_pins(const struct map *m, const struct map_zone *z, const uint8_t *state,
    struct map_rank *key, struct pins_zone *pz)
{
	unsigned o = m->pageblock_order;
	const struct map_block *b;
	uint64_t n, bound, clean;
	unsigned k;
	size_t i;

	memset(pz, 0, sizeof(*pz));
	for (i = 0; i < z->nblocks; i++) {
		b = &z->blocks[i];
		for (k = 0; k < MAP_NPINS; k++)
			pz->pages_by_kind[k] += b->pin[k];
		if (state[i] == PINS_ADMITTED || state[i] == PINS_UNINIT)
			pz->pages_by_kind[MAP_PIN_KERNEL] -= b->n[MAP_AMBIGUOUS];
		if (state[i] != PINS_PINNED)
			continue;
		n = (uint64_t)b->n[MAP_UNMOVABLE] + b->n[MAP_AMBIGUOUS];
		pz->blocks++;
		pz->pages += n;
		pz->few[pins_few_bucket(n)]++;
		for (k = 0; k < MAP_NPINS; k++)
			pz->by_kind[k] += b->pin[k] != 0;
	}
	/* The ceiling's bound by free memory stays: the pages move, not go. */
	bound = map_free_bound(z, o);
	for (k = 0; k < MAP_NPINS; k++) {
		clean = emptiable(z, (enum map_pin)k, key, NULL);
		clean = clean < bound ? clean : bound;
		pz->cost[k] = clean > z->ceiling[o] ? clean - z->ceiling[o] : 0;
	}
}

int
pins_compute(struct pins *p, const struct map *m)
{
	const struct map_zone *z;
	struct map_rank *key;
	size_t i, total = 0, most = 0;

	memset(p, 0, sizeof(*p));
	for (i = 0; i < m->nzones; i++) {
		total += m->zones[i].nblocks;
		most = m->zones[i].nblocks > most ? m->zones[i].nblocks : most;
	}
	p->zones = calloc(m->nzones + 1, sizeof(*p->zones));
	p->state = calloc(total + 1, 1);
	key = malloc((most + 1) * sizeof(*key));
	if (p->zones == NULL || p->state == NULL || key == NULL) {
		free(key);
		pins_free(p);
		return -1;
	}
	p->nblocks = total;
	for (i = 0; i < m->nzones; i++) {
		z = &m->zones[i];
		emptiable(z, MAP_NPINS, key, p->state + (z->blocks - m->blocks));
		zone_pins(m, z, p->state + (z->blocks - m->blocks), key,
		    &p->zones[i]);
	}
	free(key);
	return 0;
}

/* Returns whether kind A of PZ ranks below B: less cost, or as much and fewer pages. */
static bool
ranks_below(const struct pins_zone *pz, unsigned a, unsigned b)
{
	if (pz->cost[a] != pz->cost[b])
		return pz->cost[a] < pz->cost[b];
	return pz->pages_by_kind[a] < pz->pages_by_kind[b];
}

size_t
pins_rank_kinds(const struct pins_zone *pz, unsigned kind[MAP_NPINS])
{
	size_t n = 0, j;
	unsigned k;

	for (k = 0; k < MAP_NPINS; k++) {
		if (!pz->by_kind[k] && !pz->pages_by_kind[k])
			continue;
		/* After every kind that ranks as high: equals keep kind order. */
		for (j = n; j > 0 && ranks_below(pz, kind[j - 1], k); j--)
			kind[j] = kind[j - 1];
		kind[j] = k;
		n++;
	}
	return n;
}

/* qsort_r() order of two indices into the groups G: see pins_rank(). */
static int
cmp_rank(const void *a, const void *b, void *g)
{
	const struct memcg_group *groups = g;
	const struct memcg_group *x = &groups[*(const uint32_t *)a],
	    *y = &groups[*(const uint32_t *)b];

	if ((x->ino == 0) != (y->ino == 0))
		return x->ino == 0 ? 1 : -1;
	if (x->pinned_blocks != y->pinned_blocks)
		return x->pinned_blocks < y->pinned_blocks ? 1 : -1;
	if (x->pinned_pages != y->pinned_pages)
		return x->pinned_pages < y->pinned_pages ? 1 : -1;
	if (x->movable_pages != y->movable_pages)
		return x->movable_pages < y->movable_pages ? 1 : -1;
	return (x->ino > y->ino) - (x->ino < y->ino);
}

int
pins_rank(struct memcg *cg, const struct map *m, const struct pins *p)
{
	const struct memcg_charge *c;
	struct memcg_group *g;
	size_t i, b;
	uint64_t n;

	free(cg->rank);
	if ((cg->rank = malloc((cg->ngroups + 1) * sizeof(*cg->rank))) == NULL)
		return -1;
	for (i = 0; i < cg->ngroups; i++) {
		g = &cg->groups[i];
		g->pinned_blocks = g->pinned_pages = g->movable_pages = 0;
		cg->rank[i] = (uint32_t)i;
	}
	for (i = 0; i < cg->ncharges; i++) {
		c = &cg->charges[i];
		g = &cg->groups[c->group];
		b = (size_t)(m->zones[c->zone].blocks - m->blocks) + c->block;
		n = c->n[MEMCG_UNMOVABLE] + (p->state[b] == PINS_ADMITTED ? 0 :
		    c->n[MEMCG_AMBIGUOUS]);
		g->pinned_pages += n;
		if (p->state[b] == PINS_PINNED && n > 0)
			g->pinned_blocks++;
		if (p->state[b] == PINS_CLEAN || p->state[b] == PINS_ADMITTED)
			g->movable_pages += c->n[MEMCG_MOVABLE];
	}
	qsort_r(cg->rank, cg->ngroups, sizeof(*cg->rank), cmp_rank, cg->groups);
	return 0;
}

enum pins_few
pins_few_bucket(uint64_t n)
{
	if (n <= 1)
		return PINS_FEW_1;
	if (n <= 8)
		return PINS_FEW_8;
	return n <= 64 ? PINS_FEW_64 : PINS_FEW_MORE;
}

const char *
pins_few_name(enum pins_few f)
{
	static const char *const names[PINS_NFEW] = { "1", "2-8", "9-64",
	    "more" };

	return names[f];
}

long
pins_block_of(const struct map *m, uint64_t pfn, size_t *zone)
{
	const struct map_zone *z;
	size_t i;

	for (i = 0; i < m->nzones; i++) {
		z = &m->zones[i];
		if (pfn < z->start_pfn || pfn - z->start_pfn >= z->spanned)
			continue;
		*zone = i;
		return (long)((z->blocks - m->blocks) + (long)((pfn >>
		    m->pageblock_order) - z->first_block));
	}
	return -1;
}

int
pins_owner_add(void *arg, const struct po_record *r)
{
	const struct pins_owners *a = arg;
	const struct map *m = a->m;
	struct owners *ow = a->ow;
	struct owner *o;
	size_t zone;
	long b;

	if (r->have_order && r->have_pfn)
		ow->records++;
	if (!r->have_order || !r->have_pfn || r->movable || r->len == 0 ||
	    (b = pins_block_of(m, r->pfn, &zone)) < 0 || a->p->state[b] != PINS_PINNED)
		return 0;
	ow->pinning++;
	if ((o = owners_stack(ow, r->frames, r->len - 1)) == NULL)
		return -1;
	o->pinned_pages += (uint64_t)1 << r->order;
	/* Records come in PFN order: a pageblock's come together. */
	if (o->last_block != (uint64_t)b + 1) {
		o->pinned_blocks++;
		o->last_block = (uint64_t)b + 1;
	}
	return 0;
}

/* Returns the kind with the most pages among block B's pinned pages (the first among equals). */
enum map_pin
pins_main_kind(const struct map_block *b)
{
	unsigned k, best = 0;

	for (k = 1; k < MAP_NPINS; k++)
		if (b->pin[k] > b->pin[best])
			best = k;
	return (enum map_pin)best;
}

/* Returns P's state of block K of zone Z of M. */
enum pins_state
pins_block_state(const struct pins *p, const struct map *m,
    const struct map_zone *z, size_t k)
{
	return (enum pins_state)p->state[(size_t)(z->blocks - m->blocks) + k];
}

/* Count into N the pinned pageblocks of every zone of M by their main kind. */
void
pins_by_main_kind(const struct pins *p, const struct map *m,
    uint64_t n[MAP_NPINS])
{
	const struct map_zone *z;
	size_t i, k;

	memset(n, 0, MAP_NPINS * sizeof(n[0]));
	for (i = 0; i < m->nzones; i++) {
		z = &m->zones[i];
		for (k = 0; k < z->nblocks; k++)
			if (pins_block_state(p, m, z, k) == PINS_PINNED)
				n[pins_main_kind(&z->blocks[k])]++;
	}
}

/* Returns the pageblocks of KIND in every zone of M, with P neither pinned nor uninitialised. */
uint64_t
pins_kind_blocks(const struct pins *p, const struct map *m,
    enum map_kind kind)
{
	const struct map_zone *z;
	enum pins_state st;
	uint64_t n = 0;
	size_t i, b;

	for (i = 0; i < m->nzones; i++) {
		z = &m->zones[i];
		if (!p) {
			n += map_zone_kind(z, kind);
			continue;
		}
		for (b = 0; b < z->nblocks; b++) {
			st = pins_block_state(p, m, z, b);
			n += st != PINS_PINNED && st != PINS_UNINIT &&
			    map_block_kind(&z->blocks[b],
			    m->pageblock_order) == kind;
		}
	}
	return n;
}

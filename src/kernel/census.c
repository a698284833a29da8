/* SPDX-License-Identifier: GPL-2.0-or-later */
/* census.c - the mixed-block census: page_owner's records counted by pageblock migratetype and page migratetype */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "census.h"
#include "pins.h"
#include "rules.h"

int
census_init(struct census *c, const struct map *m)
{
	memset(c, 0, sizeof(*c));
	c->block = -1;
	if (m->nzones == 0)
		return 0;
	if ((c->zones = calloc(m->nzones, sizeof(*c->zones))) == NULL)
		return -1;
	c->nzones = m->nzones;
	return 0;
}

void
census_free(struct census *c)
{
	free(c->zones);
	c->zones = NULL;
	c->nzones = 0;
}

int
census_type(const struct census *c, const char *name)
{
	unsigned i;

	for (i = 0; i < c->ntypes; i++)
		if (strcmp(c->types[i], name) == 0)
			return (int)i;
	return -1;
}

/* Returns the index of migratetype NAME in C, added when new; -1 when C has FRAG_MAX_TYPES. */
static int
type_add(struct census *c, const char *name)
{
	int t = census_type(c, name);

	if (t >= 0 || c->ntypes == FRAG_MAX_TYPES)
		return t;
	strcpy(c->types[c->ntypes], name);
	return (int)c->ntypes++;
}

void
census_end(struct census *c)
{
	struct census_zone *z;
	unsigned p, b = c->block_type;
	bool mixed = false;

	if (c->block < 0)
		return;
	z = &c->zones[c->zone];
	z->used[b]++;
	c->machine.used[b]++;
	for (p = 0; p < c->ntypes; p++) {
		if (!c->seen[p])
			continue;
		z->holding[b][p]++;
		c->machine.holding[b][p]++;
		/*
		 * A page of another migratetype than its pageblock's, as
		 * pagetypeinfo_showmixedcount_print() (mm/page_owner.c) finds
		 * them (which counts a CMA pageblock's under Movable).
		 */
		mixed |= p != b;
	}
	z->mixed[b] += mixed;
	z->nonlru[b] += c->seen_nonlru;
	c->machine.mixed[b] += mixed;
	c->machine.nonlru[b] += c->seen_nonlru;
	memset(c->seen, 0, sizeof(c->seen));
	c->seen_nonlru = false;
	c->block = -1;
}

void
census_add(struct census *c, const struct map *m, const struct po_record *r)
{
	size_t zone;
	long blk;
	int b, p;

	if (!r->have_order || !r->have_pfn)
		return;
	if (!r->have_types || (b = type_add(c, r->block_type)) < 0 ||
	    (p = type_add(c, r->page_type)) < 0) {
		c->unknown++;
		return;
	}
	c->records++;
	if ((blk = pins_block_of(m, r->pfn, &zone)) < 0) {
		c->outside++;
		return;
	}
	/* page_owner prints in PFN order: a pageblock's records come together. */
	if (blk != c->block) {
		census_end(c);
		c->block = blk;
		c->zone = zone;
		/* Its first record's: the type can change while it is read. */
		c->block_type = (unsigned)b;
	}
	c->seen[p] = true;
	/* A Movable page off the LRU: movable_ops (zsmalloc, balloon) or not yet added. */
	if (strcmp(r->page_type, "Movable") == 0 && r->have_flags && !r->lru)
		c->seen_nonlru = true;
	c->zones[zone].pages[c->block_type][p] += (uint64_t)1 << r->order;
	c->machine.pages[c->block_type][p] += (uint64_t)1 << r->order;
}

bool
census_blocks(const struct pagetypeinfo *pti, const struct map_zone *z,
    const char *name, bool mixed, uint64_t *n)
{
	const struct ptzone *pz;
	long i;
	int t;

	if (pti == NULL || (i = pagetypeinfo_find(pti, z->node, z->name)) < 0 ||
	    (t = advise_type_of(pti, name)) < 0)
		return false;
	pz = &pti->zones[i];
	/* One index per name: pagetypeinfo_parse() refuses a type named twice. */
	if (!(mixed ? pz->has_mixed[t] : pz->has_blocks[t]))
		return false;
	*n = mixed ? pz->mixed[t] : pz->blocks[t];
	return true;
}

bool
census_machine_blocks(const struct census *c, const struct map *m,
    const struct pagetypeinfo *pti, unsigned b, uint64_t *n)
{
	uint64_t one = 0;
	bool all = true;
	size_t i;

	*n = 0;
	for (i = 0; i < c->nzones; i++) {
		/* A zone pagetypeinfo does not count leaves the sum unknown. */
		if (census_blocks(pti, &m->zones[i], c->types[b], false, &one))
			*n += one;
		else
			all = false;
	}
	return all;
}

bool
census_row_shown(uint64_t used, bool have, uint64_t blocks)
{
	return used > 0 || (have && blocks > 0);
}

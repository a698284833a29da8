/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rules.c - what advise.c, counts.c and forecast.c read: saturating sums, allocations in a row above a watermark, a migratetype's index, vm.defrag_mode, the free lists an allocation may take */
#include "config.h"

#include <string.h>

#include "rules.h"

/*
 * Returns A + B, or UINT64_MAX when that does not fit. Watermarks and
 * reserves come from files: a sum that wraps would turn "far too little
 * memory" into "plenty".
 */
uint64_t
advise_sat_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

uint64_t
advise_sat_pages(uint64_t n, unsigned k)
{
	return n > UINT64_MAX >> k ? UINT64_MAX : n << k;
}

uint64_t
advise_times_above(uint64_t free, uint64_t c, unsigned order)
{
	return free > c ? ((free - c - 1) >> order) + 1 : 0;
}

uint64_t
advise_units(const uint64_t *n, unsigned norders, unsigned order,
    unsigned from)
{
	uint64_t sum = 0;
	unsigned k;

	for (k = from; k < norders; k++)
		sum = advise_sat_add(sum, advise_sat_pages(n[k], k - order));
	return sum;
}

/* Returns the index of migratetype NAME in P, or -1. */
int
advise_type_of(const struct pagetypeinfo *p, const char *name)
{
	unsigned t;

	for (t = 0; t < p->ntypes; t++)
		if (strcmp(p->types[t], name) == 0)
			return (int)t;
	return -1;
}

const char *
advise_own_type(const struct advise_in *in)
{
	/* GFP_KERNEL allocations are MIGRATE_UNMOVABLE. */
	return in->gfp == ADVISE_MOVABLE ? "Movable" : "Unmovable";
}

/* Returns whether IN's allocation follows vm.defrag_mode's rules (6.15+, set to 1). */
bool
advise_defrag_rules(const struct advise_in *in)
{
	/* The sysctl came with 6.15 (e3aa7df331bc); older rules know none. */
	return in->defrag_mode == 1 && (in->kver < 0 || in->kver >= 6015);
}

bool
advise_list_units(const struct advise_in *in, size_t z, unsigned order,
    bool cma, bool nofragment, uint64_t *units, bool *capped)
{
	/*
	 * __zone_watermark_ok(): the MIGRATE_PCPTYPES lists, then with
	 * ALLOC_CMA MIGRATE_CMA's.
	 */
	enum { MIGRATE_PCPTYPES = 3 };
	static const char *const lists[MIGRATE_PCPTYPES + 1] = { "Unmovable",
	    "Movable", "Reclaimable", "CMA" };
	const struct pagetypeinfo *p = in->pti;
	const struct ptzone *pz;
	const char *own = advise_own_type(in);
	size_t l, nlists = MIGRATE_PCPTYPES + (cma ? 1 : 0);
	unsigned from;
	int t;

	*units = 0;
	*capped = false;
	if (p == NULL || in->pti_zone[z] < 0)
		return false;
	pz = &p->zones[in->pti_zone[z]];
	for (l = 0; l < nlists; l++) {
		if ((t = advise_type_of(p, lists[l])) < 0)
			continue;
		/* ALLOC_NOFRAGMENT: another type's block only whole (__rmqueue_claim()). */
		from = order;
		if (nofragment && l < MIGRATE_PCPTYPES &&
		    strcmp(lists[l], own) != 0 && p->pageblock_order > order)
			from = p->pageblock_order;
		*capped |= pz->capped[t] >> from != 0;
		*units = advise_sat_add(*units, advise_units(pz->free[t],
		    p->norders, order, from));
	}
	return true;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* folios.c - the folio census: compound head and tail runs of /proc/kpageflags counted by kind and order */
#include "config.h"

#include <stdbool.h>

#include "folios.h"
#include "kpf.h"

/* Returns whether FLAGS has bit B. */
static bool
has(uint64_t flags, enum kpf b)
{
	return (flags >> b) & 1;
}

int
folios_kind(uint64_t flags)
{
	/* hugetlb, slab, free and kernel compound pages are not such folios. */
	if (has(flags, KPF_NOPAGE) || has(flags, KPF_BUDDY) ||
	    has(flags, KPF_SLAB) || has(flags, KPF_HUGE) ||
	    has(flags, KPF_ZERO_PAGE) || has(flags, KPF_PGTABLE))
		return -1;
	if (!has(flags, KPF_LRU) && !has(flags, KPF_THP))
		return -1;
	if (has(flags, KPF_ANON))
		return MAP_FOLIO_ANON;
	/* shmem and tmpfs folios are swap-backed page cache. */
	return has(flags, KPF_SWAPBACKED) ? MAP_FOLIO_SHMEM : MAP_FOLIO_FILE;
}

/* Count Z's open folio, if any, by the largest order its pages fill. */
static void
folio_end(struct map_zone *z)
{
	unsigned o = 0;

	if (z->folio_kind >= 0 && z->folio_len > 0) {
		while (o + 1 < FRAG_MAX_ORDERS && z->folio_len >> (o + 1))
			o++;
		z->folios[z->folio_kind][o]++;
	}
	z->folio_kind = -1;
	z->folio_len = 0;
}

void
folios_pages(struct map_zone *z, uint64_t pfn, const uint64_t *flags,
    size_t n)
{
	size_t i;

	if (!z->have_folios) {
		z->have_folios = true;
		z->folio_kind = -1;
	}
	/*
	 * A tail carries its head's flags from 6.9 on, not before: the
	 * kind is read from the head, the order from the run of tails.
	 * A gap in what was read ends the folio.
	 */
	for (i = 0; i < n; i++, pfn++) {
		if (pfn != z->folio_next || has(flags[i], KPF_COMPOUND_HEAD) ||
		    !has(flags[i], KPF_COMPOUND_TAIL))
			folio_end(z);
		z->folio_next = pfn + 1;
		if (has(flags[i], KPF_COMPOUND_TAIL)) {
			if (z->folio_kind >= 0)
				z->folio_len++;
			continue;
		}
		z->folio_kind = folios_kind(flags[i]);
		z->folio_len = 1;
		/* A single page: no tail may follow it. */
		if (!has(flags[i], KPF_COMPOUND_HEAD))
			folio_end(z);
	}
}

void
folios_settle(struct map *m)
{
	size_t i;

	for (i = 0; i < m->nzones; i++)
		folio_end(&m->zones[i]);
}

unsigned
folios_orders(const struct map *m, int top)
{
	return top >= (int)m->norders ? (unsigned)top + 1 : m->norders;
}

int
folios_max_order(const struct map *m)
{
	int best = -1;
	size_t i;
	unsigned k, o;

	for (i = 0; i < m->nzones; i++)
		for (k = 0; k < MAP_NFOLIOS; k++)
			for (o = 0; o < FRAG_MAX_ORDERS; o++)
				if (m->zones[i].folios[k][o] && (int)o > best)
					best = (int)o;
	return best;
}

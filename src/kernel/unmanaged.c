/* SPDX-License-Identifier: GPL-2.0-or-later */
/* unmanaged.c - memory present in the zones but not managed by the allocator, and why */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "availability.h"
#include "pageorder.h"
#include "unmanaged.h"
#include "zoneset.h"

/*
 * Returns the cause of the SAID pages not managed from what U knows.
 * MemTotal is totalram_pages(), which memblock_free_all() raises for
 * every free range, pages whose struct page deferred init
 * (deferred_init_memmap(), deferred_grow_zone()) has not reached yet
 * included, while a zone's managed_pages grows only as
 * __free_pages_core() frees its pages; adjust_managed_page_count() moves
 * both together (a balloon taking pages, free_reserved_area()). So
 * MemTotal above the managed pages is memory not yet initialised.
 */
static enum unm_cause
cause(const struct unmanaged *u, uint64_t said)
{
	bool uninit = u->have_meminfo && u->uninit * 2 >= said;
	bool balloon = u->have_balloon && u->balloon * 2 >= said;

	if (said == 0)
		return UNM_NONE;
	if (uninit && !balloon)
		return UNM_UNINIT;
	if (balloon && !uninit)
		return UNM_BALLOON;
	return UNM_UNKNOWN;
}

int
unm_build(struct unmanaged *u, const struct zoneinfo *zi,
    const struct meminfo *mi, const struct vmstat *vm,
    unsigned long page_size)
{
	const struct zizone *z;
	struct unm_zone *uz;
	uint64_t total;
	size_t i;

	memset(u, 0, sizeof(*u));
	if (zi->nzones > 0 && (u->zones = calloc(zi->nzones,
	    sizeof(*u->zones))) == NULL)
		return -1;
	u->nzones = zi->nzones;
	u->set = zi->set;
	for (i = 0; i < zi->nzones; i++) {
		z = &zi->zones[i];
		uz = &u->zones[i];
		uz->node = z->node;
		memcpy(uz->name, z->name, sizeof(uz->name));
		if ((z->have & (ZI_PRESENT | ZI_MANAGED)) !=
		    (ZI_PRESENT | ZI_MANAGED))
			continue;
		uz->present = z->present;
		uz->managed = z->managed;
		uz->pages = z->present > z->managed ? z->present - z->managed :
		    0;
		u->present += uz->present;
		u->managed += uz->managed;
		u->pages += uz->pages;
		if (uz->pages > uz->present / UNM_SHARE_DIV)
			u->said += uz->pages;
	}
	if (mi != NULL) {
		u->have_meminfo = true;
		total = pageorder_kb_pages(mi->total_kb, page_size);
		u->uninit = total > u->managed ? total - u->managed : 0;
		u->unaccepted = pageorder_kb_pages(mi->unaccepted_kb, page_size);
		if (mi->have & MI_BALLOON) {
			u->have_balloon = true;
			u->balloon = pageorder_kb_pages(mi->balloon_kb, page_size);
		}
	}
	/* vmstat's count, in pages already, before meminfo's rounded kB. */
	if (vm != NULL && (vm->have & (1u << VM_NR_BALLOON_PAGES))) {
		u->have_balloon = true;
		u->balloon = vm->v[VM_NR_BALLOON_PAGES];
	}
	u->cause = cause(u, u->said);
	for (i = 0; i < u->nzones; i++) {
		uz = &u->zones[i];
		if (uz->pages > uz->present / UNM_SHARE_DIV)
			uz->cause = u->cause;
	}
	return 0;
}

bool
unm_any(const struct unmanaged *u)
{
	return u->said > 0 || u->unaccepted > 0;
}

size_t
unm_sum(const struct unmanaged *u, int node, bool said, uint64_t *present,
    uint64_t *pages)
{
	size_t i, n = 0;

	*present = *pages = 0;
	for (i = 0; i < u->nzones; i++) {
		const struct unm_zone *z = &u->zones[i];

		if ((node >= 0 && z->node != (unsigned)node) ||
		    (said && z->cause == UNM_NONE))
			continue;
		*present += z->present;
		*pages += z->pages;
		n++;
	}
	return n;
}

enum unm_unknown
unm_unknown_why(const struct unmanaged *u)
{
	if (!u->have_meminfo)
		return UNM_UNKNOWN_NO_MEMINFO;
	/* cause()'s rule, both halves met. */
	if (u->uninit * 2 >= u->said && u->balloon * 2 >= u->said)
		return UNM_UNKNOWN_BOTH;
	return UNM_UNKNOWN_RESERVED;
}

uint64_t
unm_need_cover(const struct unmanaged *u, const struct need *nd,
    const struct need_answer *ans)
{
	uint64_t present, pages, want;

	if (nd == NULL || u == NULL || !unm_any(u))
		return 0;
	/* NEED's pages must fit in 64 bits. */
	/* Short too: its capacity counts managed memory only. */
	if (ans->row == NULL || (ans->verdict != VERDICT_RECLAIM &&
	    ans->verdict != VERDICT_SHORT) ||
	    nd->order >= 64 || nd->count > UINT64_MAX >> nd->order)
		return 0;
	unm_sum(u, nd->node, true, &present, &pages);
	/* Unaccepted memory is counted machine-wide only. */
	if (nd->node < 0)
		pages += u->unaccepted;
	want = nd->count << nd->order;
	if (pages == 0 || want > ans->row->free_pages + pages)
		return 0;
	return pages;
}

const char *
unm_cause_name(enum unm_cause c)
{
	switch (c) {
	case UNM_NONE:
		return "none";
	case UNM_UNINIT:
		return "not_initialised";
	case UNM_BALLOON:
		return "balloon";
	case UNM_UNKNOWN:
	case UNM_NCAUSES:
		break;
	}
	return "unknown";
}

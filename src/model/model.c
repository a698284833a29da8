/* SPDX-License-Identifier: GPL-2.0-or-later */
/* model.c - lookups on the model: a zone by name, a counter's name, a THP size */

#include "config.h"

#include <string.h>

#include "model.h"
#include "zoneset.h"

static const char *const names[VM_NCOUNTERS] = {
	"compact_stall", "compact_success", "compact_fail",
	"compact_migrate_scanned", "compact_free_scanned",
	"compact_isolated", "compact_daemon_wake",
	"thp_fault_alloc", "thp_fault_fallback",
	"pgmigrate_success", "pgmigrate_fail",
	"nr_free_pages", "nr_balloon_pages", "nr_free_pages_blocks",
	"thp_fault_fallback_charge",
	"thp_collapse_alloc", "thp_collapse_alloc_failed",
	"thp_file_alloc", "thp_file_fallback",
	"thp_split_page", "thp_split_page_failed",
	"allocstall_dma", "allocstall_dma32", "allocstall_normal",
	"allocstall_movable", "allocstall_device",
	"compact_daemon_migrate_scanned", "compact_daemon_free_scanned",
	"nr_memmap_pages", "nr_memmap_boot_pages",
};

/*
 * Direct compaction, the PMD-size and file THP outcomes, and direct
 * reclaim by zone (__count_zid_vm_events(ALLOCSTALL, ...) in
 * mm/vmscan.c): what happened to allocations, as /proc/vmstat counts it.
 */
const enum vm_counter vm_outcomes[VM_NOUTCOMES] = {
	VM_COMPACT_STALL, VM_COMPACT_SUCCESS, VM_COMPACT_FAIL,
	VM_THP_FAULT_ALLOC, VM_THP_FAULT_FALLBACK, VM_THP_FAULT_FALLBACK_CHARGE,
	VM_THP_COLLAPSE_ALLOC, VM_THP_COLLAPSE_ALLOC_FAILED,
	VM_THP_FILE_ALLOC, VM_THP_FILE_FALLBACK,
	VM_THP_SPLIT_PAGE, VM_THP_SPLIT_PAGE_FAILED,
	VM_ALLOCSTALL_DMA, VM_ALLOCSTALL_DMA32, VM_ALLOCSTALL_NORMAL,
	VM_ALLOCSTALL_MOVABLE, VM_ALLOCSTALL_DEVICE,
};

const char *
vmstat_name(enum vm_counter c)
{
	return names[c];
}

const struct zizone *
zoneinfo_find(const struct zoneinfo *zi, unsigned node, const char *name)
{
	long i = zoneset_lookup(zi->set, node, name);

	return i < 0 ? NULL : &zi->zones[i];
}

unsigned
zoneinfo_zones(const struct zoneinfo *zi, unsigned node)
{
	return node < FRAG_MAX_NODES ? zi->set->count[node] : 0;
}

long
pagetypeinfo_find(const struct pagetypeinfo *p, unsigned node,
    const char *name)
{
	return zoneset_lookup(p->set, node, name);
}

uint64_t
pagetypeinfo_blocks(const struct pagetypeinfo *p, const struct ptzone *z)
{
	uint64_t blocks = 0;
	unsigned t;

	for (t = 0; t < p->ntypes; t++)
		if (z->has_blocks[t])
			blocks = z->blocks[t] > UINT64_MAX - blocks ? UINT64_MAX :
			    blocks + z->blocks[t];
	return blocks;
}

const struct thp_counter *
thp_counter(const struct thp_size *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->nc; i++)
		if (strcmp(s->c[i].name, name) == 0)
			return &s->c[i];
	return NULL;
}

const struct thp_size *
thp_size_of(const struct thp *t, unsigned o)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (t->sizes[i].order == (int)o)
			return &t->sizes[i];
	return NULL;
}

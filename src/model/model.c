/* SPDX-License-Identifier: GPL-2.0-or-later */
/* model.c - lookups on the model: a zone by name, a counter's name, a THP size */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ferr.h"
#include "model.h"
#include "text.h"
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

const char *
frag_check(const uint64_t *n, unsigned norders)
{
	uint64_t pages = 0, blocks = 0;
	unsigned k;

	for (k = 0; k < norders; k++) {
		if (n[k] > (UINT64_MAX >> k) || pages + (n[k] << k) < pages)
			return "free pages add up to more than 64 bits";
		pages += n[k] << k;
		blocks += n[k];	/* cannot wrap: blocks <= pages */
	}
	if (pages > UINT64_MAX / 1000)
		return "free pages times 1000 overflow the kernel's 64-bit arithmetic";
	if (pages != 0 && (uint32_t)pages == 0)
		return "free pages are a multiple of 2^32: the kernel's 32-bit "
		    "divisor would be zero";
	if (blocks != 0 && (uint32_t)blocks == 0)
		return "free blocks are a multiple of 2^32: the kernel's 32-bit "
		    "divisor would be zero";
	return NULL;
}

int
buddyinfo_check(const struct buddyinfo *bi, struct ferr *e)
{
	const char *why;
	size_t i;

	for (i = 0; i < bi->nzones; i++)
		if ((why = frag_check(bi->zones[i].free, bi->norders)) != NULL)
			return ferr_set(e, bi->zones[i].line, "%s", why);
	return 0;
}

int
pagetypeinfo_check(const struct pagetypeinfo *p, struct ferr *e)
{
	const char *why, *first = NULL;
	unsigned long line = 0;
	const struct ptzone *z;
	size_t i;
	unsigned t;

	/* Rows are kept by zone and type: the file's first refused row wins. */
	for (i = 0; i < p->nzones; i++) {
		z = &p->zones[i];
		for (t = 0; t < p->ntypes; t++)
			if (z->has_free[t] && (first == NULL ||
			    z->free_line[t] < line) && (why =
			    frag_check(z->free[t], p->norders)) != NULL) {
				first = why;
				line = z->free_line[t];
			}
	}
	return first ? ferr_set(e, line, "%s", first) : 0;
}

/* Returns the number spelt by the digits at *S (skipped); -1 when none or huge. */
static long
number(const char **s)
{
	struct tok t = { *s, strspn(*s, "0123456789") };
	uint64_t v;

	*s += t.n;
	return num_u64(&t, &v) == 0 && v <= 999999 ? (long)v : -1;
}

long
kver_parse(const char *s)
{
	long major, minor;

	if ((major = number(&s)) < 0 || *s++ != '.' ||
	    (minor = number(&s)) < 0 || minor > 999)
		return -1;
	return major * 1000 + minor;
}

void
iomem_free(struct iomem *io)
{
	free(io->ram);
	memset(io, 0, sizeof(*io));
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* vmstat.c - parse /proc/vmstat (vmstat_show() in mm/vmstat.c) */
#include "config.h"

#include <string.h>

#include "text.h"
#include "vmstat.h"

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

/* Returns whether T is a counter name: lower-case letters, digits, '_'. */
static bool
is_counter_name(const struct tok *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (!((t->s[i] >= 'a' && t->s[i] <= 'z') ||
		    (t->s[i] >= '0' && t->s[i] <= '9') || t->s[i] == '_'))
			return false;
	return t->n > 0 && t->n < 64;
}

int
vmstat_parse(const char *buf, size_t len, struct vmstat *v, struct ferr *e)
{
	struct tok t[3];
	struct lines ls;
	const char *s;
	char q[64];
	size_t n, nt;
	unsigned c;
	uint64_t x;
	int rc;

	memset(v, 0, sizeof(*v));
	lines_init(&ls, buf, len);
	while ((rc = lines_next(&ls, &s, &n, e)) == 1) {
		if ((nt = tok_split(s, n, t, 2)) == 0)
			continue;
		if (nt != 2 || !is_counter_name(&t[0]))
			return ferr_set(e, ls.no, "expected 'counter_name value', "
			    "found '%s'", ferr_quote(q, sizeof(q), s, n));
		if ((rc = num_u64(&t[1], &x)) != 0)
			return num_error(e, ls.no, &t[1], rc, "counter value");
		for (c = 0; c < VM_NCOUNTERS; c++)
			if (tok_is(&t[0], names[c]))
				break;
		if (c == VM_NCOUNTERS)
			continue;
		if (v->have & (1u << c))
			return ferr_set(e, ls.no, "second '%s' line", names[c]);
		v->v[c] = x;
		v->have |= 1u << c;
	}
	if (rc != 0)
		return -1;
	if (ls.no == 0)
		return ferr_set(e, 1, "empty: no counters");
	return 0;
}

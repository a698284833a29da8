/* SPDX-License-Identifier: GPL-2.0-or-later */
/* outcome.h - what happened to THP allocations of one size, from the kernel's counters */
#ifndef FRAGSTAT_OUTCOME_H
#define FRAGSTAT_OUTCOME_H

#include <stdbool.h>
#include <stdint.h>

#include "advise.h"
#include "model.h"
#include "thpoutcome.h"

/*
 * Set *OUT to the outcomes of kind K at order O: from the size's stats/
 * (6.9 for anonymous faults, 6.10 for shmem), else for the PMD size from
 * /proc/vmstat (thp_fault_* and thp_file_*, which count shmem with other
 * file THP). T and VM may be NULL. OUT->known is false when neither counts.
 */
void		 outcome_of(const struct thp *t, const struct vmstat *vm,
		    enum outcome_kind k, unsigned o, struct outcome *out);

/* Set *D to B minus A (an interval). Returns false when a counter went back. */
bool		 outcome_delta(const struct outcome *a, const struct outcome *b,
		    struct outcome *d);

/*
 * Returns the fallbacks of D that the allocator made: all of them less
 * those for the memory cgroup's limit, where the kernel counts those; the
 * memcg had a block the allocator found and refused it.
 */
uint64_t	 outcome_allocator_fallbacks(const struct outcome *d);

/*
 * Returns whether the interval's outcomes D contradict the verdict V made
 * for their order: ok while the allocator failed more than 5% of them, or
 * compact or reclaim while it failed none. Fallbacks for the memcg limit
 * are not the allocator's (where the kernel counts them apart). A finding,
 * not an error: the verdict is for one moment and one zone's rules, the
 * outcomes are every fault of the interval.
 */
bool		 outcome_disagrees(enum verdict v, const struct outcome *d);

/*
 * Set *OUT to what happened to THP allocations between the samples
 * (PT, PVM) and (T, VM): each kind of each size of T that is on, where
 * the kernel counted them at both ends and no counter went back. PVM and
 * VM may be NULL; PT and T may not.
 */
void		 outcome_interval(const struct thp *pt, const struct vmstat *pvm,
		    const struct thp *t, const struct vmstat *vm,
		    struct outcome_interval *out);

/* Returns "THP faults" or "shmem THP". */
const char	*outcome_kind_name(enum outcome_kind k);

/* What a counter of a THP size's stats/ counts. */
enum outcome_stat {
	OUTCOME_STAT_ALLOCATIONS,	/* anon_fault_*, shmem_*, swpin* */
	OUTCOME_STAT_EVENTS,		/* split, collapse, ... */
	OUTCOME_STAT_PAGES,		/* nr_*: pages now, not events */
};

/* Returns what the stats/ counter NAME counts. */
enum outcome_stat outcome_stat_of(const char *name);

/*
 * Returns what the stats/ counter NAME counts pages of, its name past
 * "nr_" ("anon" of "nr_anon"), or NULL when it counts no pages now.
 */
const char	*outcome_stat_pages(const char *name);

/*
 * Returns the kind of THP allocation the stats/ counter NAME counts
 * ("anon_fault_fallback": "anon_fault"; "swpin", which has no _alloc),
 * or NULL when it counts no allocation.
 */
const char	*outcome_stat_kind(const char *name);

/*
 * Returns the outcome the stats/ counter NAME counts for kind K
 * ("fallback" of "anon_fault_fallback", "alloc" for "swpin"), or NULL
 * when it is not one of K's.
 */
const char	*outcome_stat_outcome(const char *name, const char *k);

/*
 * Returns whether the PMD size's THP faults may happen under T (NULL:
 * unknown): that size is on (anonymous faults may allocate it), or
 * nothing says it is off.
 */
bool		 outcome_pmd_on(const struct thp *t);

#endif

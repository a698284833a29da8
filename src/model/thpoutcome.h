/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thpoutcome.h - what happened to THP allocations of one size: allocated, fell back, charge failed */
#ifndef FRAGSTAT_THPOUTCOME_H
#define FRAGSTAT_THPOUTCOME_H

#include <stdbool.h>
#include <stdint.h>

/* Who asked for the THP: an anonymous fault, or shmem (and tmpfs). */
enum outcome_kind { OUTCOME_ANON, OUTCOME_SHMEM, OUTCOME_NKINDS };

/*
 * The allocations of one THP size and kind: allocated, fell back to
 * smaller pages, and of those fell back because the memory cgroup's limit
 * was reached ("charge"). Cumulative since boot, or over an interval.
 */
struct outcome {
	bool		 known;		/* the kernel counts them */
	bool		 from_vmstat;	/* the PMD size before per-size stats */
	bool		 have_charge;	/* it counts the charge fallbacks */
	uint64_t	 alloc, fallback, charge;
};

#endif

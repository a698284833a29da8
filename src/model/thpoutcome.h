/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thpoutcome.h - what happened to THP allocations of one size: allocated, fell back, charge failed */
#ifndef FRAGSTAT_THPOUTCOME_H
#define FRAGSTAT_THPOUTCOME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"

/* Who asked for the THP: an anonymous fault, or shmem (and tmpfs). */
enum outcome_kind { OUTCOME_ANON, OUTCOME_SHMEM, OUTCOME_NKINDS };

/*
 * Returns K's key: the prefix of its counters in a THP size's stats/
 * ("anon_fault", "shmem"), as --watch --json writes it and a recording
 * keeps it.
 */
const char	*outcome_kind_key(enum outcome_kind k);

/* Set *K to the kind whose key is S. Returns false when S is no kind's key. */
bool		 outcome_kind_parse(const char *s, enum outcome_kind *k);

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

/* What the allocations of one THP size and kind got over an interval. */
struct outcome_step {
	const struct thp_size	*size;	/* of the later sample */
	enum outcome_kind	 kind;
	struct outcome		 d;	/* d.known: counted at both ends */
};

/* The outcomes of every THP size on (its order known), size by size, over an interval. */
struct outcome_interval {
	size_t			 n;
	struct outcome_step	 v[THP_MAX_SIZES * OUTCOME_NKINDS];
};

#endif

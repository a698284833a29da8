/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * recsum.h - a recording's event counts summed over a run of samples and
 * its extfrag pairs ranked, for the lanes of its picture
 */
#ifndef FRAGSTAT_RECSUM_H
#define FRAGSTAT_RECSUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "recording.h"

/*
 * What one lane counts over some samples. TOTAL: extfrag events, compaction
 * runs ended, or THP faults; PART: of those, the fragmenting ones, the
 * successes, or the faults that fell back; ATTEMPTS: compaction attempts
 * (0 for the other kinds).
 */
struct recsum {
	uint64_t	 total, part, attempts;
};

/*
 * Returns the key of R's rcounts for a lane of KIND: the compaction ORDER,
 * the index of pair ALLOC from FALLBACK, or of the anon_fault outcome of
 * SIZE_KB; -1 when R has none (a zone's compaction is also -1).
 */
long	recsum_key(const struct replay *r, enum rcount_kind kind, int order,
	    const char *alloc, const char *fallback, uint64_t size_kb);

/*
 * Sum into S the counts of KIND and KEY of R's samples FIRST to LAST; an
 * RC_PAIR lane with ALL set sums every extfrag event instead.
 */
void	recsum_span(const struct replay *r, enum rcount_kind kind, long key,
	    bool all, size_t first, size_t last, struct recsum *s);

/*
 * Returns up to MAX extfrag pairs of A and B (B may be NULL) with the most
 * events over both runs, most first, in P.
 */
size_t	recsum_top_pairs(const struct replay *a, const struct replay *b,
	    struct rpair *p, size_t max);

#endif

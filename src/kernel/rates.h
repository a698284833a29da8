/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rates.h - counters and stall time per second between two samples, and a sample's totals */
#ifndef FRAGSTAT_RATES_H
#define FRAGSTAT_RATES_H

#include <stdint.h>

#include "model.h"
#include "report.h"
#include "sample.h"

/*
 * Returns DELTA events over MS milliseconds (0 < MS < UINT64_MAX / 100000,
 * a monotonic interval) in hundredths per second, rounded down and
 * saturating at INT64_MAX (hum_fixed() takes it): the one rate --watch's
 * counters and events show.
 */
uint64_t	rate_per_second(uint64_t delta, uint64_t ms);

/*
 * Fill the rates of S from the counters PREV and CUR taken ELAPSED_MS
 * apart, and the stall shares from the PSI totals PPSI and CPSI (either
 * may be NULL). Counters that went backwards get no rate.
 */
void	rate_sample(struct wsample *s, const struct vmstat *prev,
	    const struct vmstat *cur, const struct psi *ppsi,
	    const struct psi *cpsi, uint64_t elapsed_ms);

/* Returns the free blocks of S's pageblock order in zone I (0 where the buddy allocator has no such order). */
uint64_t	rate_pageblocks_free(const struct wsample *s, size_t i);

/*
 * Fill S's totals over its zones (free pages and free pageblocks), and
 * whether the PMD size's THP faults may happen (outcome_pmd_on()).
 */
void	rate_totals(struct wsample *s);

#endif

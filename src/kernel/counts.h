/* SPDX-License-Identifier: GPL-2.0-or-later */
/* counts.h - how many allocations in a row the kernel would grant, for advise.c */
#ifndef FRAGSTAT_COUNTS_H
#define FRAGSTAT_COUNTS_H

#include <stddef.h>
#include <stdint.h>

#include "advice.h"

/*
 * Set A->now and A->after: how many allocations of ORDER in a row pass
 * __zone_watermark_ok() in zone Z, as advise.c's allocation_ok() decides
 * one. The n-th sees the free pages less (n - 1) * 2^ORDER and passes
 * while they stay above C = 2^ORDER - 1 + CMA + MIN + reserve and, above
 * order 0, a free block of ORDER is left; before 4.4 also above each
 * lower order's pages plus the halved MIN (advise.c's watermark_ok_old();
 * an allocation never changes the lower orders' counts). After compaction
 * only the watermark bounds the count.
 */
void	advise_count(const struct advise_in *in, size_t z, uint64_t cma,
	    uint64_t min, struct zadvice *a);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* frag.h - the kernel's fragmentation arithmetic, recomputed */
#ifndef FRAGSTAT_FRAG_H
#define FRAGSTAT_FRAG_H

#include "model.h"

/* fragmentation_index() where a block of the order is free: the allocation succeeds. */
#define FRAG_INDEX_SUCCEEDS	(-1000)

/* Returns the free pages of the free block counts N[0..NORDERS) checked by frag_check. */
uint64_t	 frag_pages(const uint64_t *n, unsigned norders);

/*
 * Fill F from the free block counts N[0..NORDERS) checked by frag_check;
 * F's arrays must hold NORDERS values each.
 */
void		 frag_compute(const uint64_t *n, unsigned norders, struct frag *f);

/*
 * Returns one computed frag per zone of BI, arrays included, in one
 * allocation for free(); NULL when out of memory.
 */
struct frag	*frag_compute_all(const struct buddyinfo *bi);

#endif

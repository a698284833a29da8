/* SPDX-License-Identifier: GPL-2.0-or-later */
/* frag.h - the kernel's fragmentation arithmetic, recomputed */
#ifndef FRAGSTAT_FRAG_H
#define FRAGSTAT_FRAG_H

#include "model.h"

/* Everything mm/vmstat.c derives from one zone's free counts, per order. */
struct frag {
	uint64_t	 free_pages;		/* F */
	uint64_t	 free_blocks;		/* T */
	int		 largest_order;		/* -1 when nothing is free */
	/* norders values each, as many as the zone has orders */
	uint64_t	*suitable;		/* S(o) */
	int		*unusable;		/* thousandths */
	int		*fragindex;		/* thousandths, -1000 = would succeed */
};

/*
 * Returns NULL when the kernel's arithmetic is defined for these counts, or a
 * message saying why it is not (a sum beyond 64 bits, a zero 32-bit divisor).
 */
const char	*frag_check(const uint64_t *n, unsigned norders);

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

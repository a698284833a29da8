/* frag.h - the kernel's fragmentation arithmetic, recomputed */
#ifndef FRAGSTAT_FRAG_H
#define FRAGSTAT_FRAG_H

#include "model.h"

/* Everything mm/vmstat.c derives from one zone's free counts, per order. */
struct frag {
	uint64_t	 free_pages;		/* F */
	uint64_t	 free_blocks;		/* T */
	uint64_t	 suitable[FRAG_MAX_ORDERS];	/* S(o) */
	int		 unusable[FRAG_MAX_ORDERS];	/* thousandths */
	int		 fragindex[FRAG_MAX_ORDERS];	/* thousandths, -1000 = would succeed */
	int		 largest_order;		/* -1 when nothing is free */
};

/*
 * Returns NULL when the kernel's arithmetic is defined for these counts, or a
 * message saying why it is not (a sum beyond 64 bits, a zero 32-bit divisor).
 */
const char	*frag_check(const uint64_t *n, unsigned norders);

/* Fill F from the free block counts N[0..NORDERS) checked by frag_check. */
void		 frag_compute(const uint64_t *n, unsigned norders, struct frag *f);

#endif

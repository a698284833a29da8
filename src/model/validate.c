/* SPDX-License-Identifier: GPL-2.0-or-later */
/* validate.c - free counts the kernel's arithmetic is defined for */
#include "config.h"

#include "ferr.h"
#include "validate.h"

const char *
frag_check(const uint64_t *n, unsigned norders)
{
	uint64_t pages = 0, blocks = 0;
	unsigned k;

	for (k = 0; k < norders; k++) {
		if (n[k] > (UINT64_MAX >> k) || pages + (n[k] << k) < pages)
			return "free pages add up to more than 64 bits";
		pages += n[k] << k;
		blocks += n[k];	/* cannot wrap: blocks <= pages */
	}
	if (pages > UINT64_MAX / 1000)
		return "free pages times 1000 overflow the kernel's 64-bit arithmetic";
	if (pages != 0 && (uint32_t)pages == 0)
		return "free pages are a multiple of 2^32: the kernel's 32-bit "
		    "divisor would be zero";
	if (blocks != 0 && (uint32_t)blocks == 0)
		return "free blocks are a multiple of 2^32: the kernel's 32-bit "
		    "divisor would be zero";
	return NULL;
}

int
buddyinfo_check(const struct buddyinfo *bi, struct ferr *e)
{
	const char *why;
	size_t i;

	for (i = 0; i < bi->nzones; i++)
		if ((why = frag_check(bi->zones[i].free, bi->norders)) != NULL)
			return ferr_set(e, bi->zones[i].line, "%s", why);
	return 0;
}

int
pagetypeinfo_check(const struct pagetypeinfo *p, struct ferr *e)
{
	const char *why, *first = NULL;
	unsigned long line = 0;
	const struct ptzone *z;
	size_t i;
	unsigned t;

	/*
	 * A pageblock is a block of the buddy allocator, never larger than
	 * its largest (the kernel clamps pageblock_order to it): everything
	 * that indexes the free counts by the pageblock order relies on it.
	 */
	if (p->pageblock_order >= p->norders)
		return ferr_set(e, p->order_line, "page block order %u is not "
		    "below the %u orders of the free lists", p->pageblock_order,
		    p->norders);
	/* Rows are kept by zone and type: the file's first refused row wins. */
	for (i = 0; i < p->nzones; i++) {
		z = &p->zones[i];
		for (t = 0; t < p->ntypes; t++)
			if (z->has_free[t] && (first == NULL ||
			    z->free_line[t] < line) && (why =
			    frag_check(z->free[t], p->norders)) != NULL) {
				first = why;
				line = z->free_line[t];
			}
	}
	return first ? ferr_set(e, line, "%s", first) : 0;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pageorder.c - the base page sizes fragstat accepts, and a huge page size as an order of them */
#include "config.h"

#include "bounds.h"
#include "pageorder.h"

int
pageorder_of(unsigned long page_size, uint64_t bytes)
{
	int o;

	for (o = 0; page_size > 0 && o < FRAG_MAX_ORDERS; o++)
		if ((uint64_t)page_size << o == bytes)
			return o;
	return -1;
}

bool
pageorder_page_ok(uint64_t v)
{
	return v >= PAGEORDER_PAGE_MIN && v <= PAGEORDER_PAGE_MAX &&
	    (v & (v - 1)) == 0;
}

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

uint64_t
pageorder_kb_pages(uint64_t kb, unsigned long page_size)
{
	uint64_t per_kb;

	if (page_size >= PAGEORDER_KB)
		return kb / (page_size / PAGEORDER_KB);
	per_kb = page_size > 0 ? PAGEORDER_KB / page_size : 1;
	return kb > UINT64_MAX / per_kb ? UINT64_MAX : kb * per_kb;
}

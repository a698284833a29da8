/* SPDX-License-Identifier: GPL-2.0-or-later */
/* frag.c - the unusable free space index and the fragmentation index, as mm/vmstat.c computes them */

#include "config.h"
#include <stdlib.h>

#include "frag.h"

/* __fragmentation_index() divides by 1 << order as a u32: a shift below 32. */
_Static_assert(FRAG_MAX_ORDERS <= 32, "orders beyond 31 overflow a u32");

/* What fill_contig_page_info() gathers about one zone for one order. */
struct contig_page_info {
	uint64_t	free_pages;
	uint64_t	free_blocks_total;
	uint64_t	free_blocks_suitable;
};

/*
 * Returns DIVIDEND / DIVISOR as the kernel's div_u64(u64, u32): a divisor
 * of 2^32 or more is truncated to its low 32 bits first. frag_check()
 * rejects the counts for which that would be 0 (a kernel oops).
 */
static uint64_t
div_u64(uint64_t dividend, uint64_t divisor)
{
	return dividend / (uint32_t)divisor;
}

/*
 * Fill INFO from the free block counts N of a zone, for SUITABLE_ORDER, as
 * fill_contig_page_info() does from zone->free_area[].nr_free (the numbers
 * of the zone's buddyinfo line). Its loop bound was spelled MAX_ORDER,
 * MAX_ORDER + 1 (6.4 to 6.7) and NR_PAGE_ORDERS (6.8+): always every order
 * the line shows.
 */
static void
fill_contig_page_info(const uint64_t *n, unsigned norders,
    unsigned suitable_order, struct contig_page_info *info)
{
	unsigned order;

	info->free_pages = 0;
	info->free_blocks_total = 0;
	info->free_blocks_suitable = 0;
	for (order = 0; order < norders; order++) {
		info->free_blocks_total += n[order];
		info->free_pages += n[order] << order;
		if (order >= suitable_order)
			info->free_blocks_suitable += n[order] <<
			    (order - suitable_order);
	}
}

/* Returns the unusable free space index (thousandths), as unusable_free_index(). */
static int
unusable_free_index(unsigned order, const struct contig_page_info *info)
{
	/* No free memory is read as all of it unusable. */
	if (info->free_pages == 0)
		return 1000;
	return (int)div_u64((info->free_pages -
	    (info->free_blocks_suitable << order)) * 1000ULL, info->free_pages);
}

/*
 * Returns the fragmentation index (thousandths), as __fragmentation_index().
 * Its guard against order >= MAX_ORDER (4.14+) never fires for the orders a
 * buddyinfo line shows.
 */
static int
fragmentation_index(unsigned order, const struct contig_page_info *info)
{
	uint64_t requested = 1ULL << order;

	if (info->free_blocks_total == 0)
		return 0;
	/* Only meaningful when the request would fail. */
	if (info->free_blocks_suitable != 0)
		return FRAG_INDEX_SUCCEEDS;
	/*
	 * The kernel computes 1000 - B in unsigned 64 bits and returns it as
	 * int: with a single free block below ORDER, B exceeds 1000 and the
	 * result wraps to the small negatives (-500, -250, ...) the debugfs
	 * file shows.
	 */
	return (int)(int32_t)(uint32_t)(1000 - div_u64(1000 +
	    div_u64(info->free_pages * 1000ULL, requested),
	    info->free_blocks_total));
}

uint64_t
frag_pages(const uint64_t *n, unsigned norders)
{
	uint64_t pages = 0;
	unsigned k;

	for (k = 0; k < norders; k++)
		pages += n[k] << k;
	return pages;
}

void
frag_compute(const uint64_t *n, unsigned norders, struct frag *f)
{
	struct contig_page_info info = { 0, 0, 0 };
	unsigned o;

	f->largest_order = -1;
	for (o = 0; o < norders; o++) {
		if (n[o] != 0)
			f->largest_order = (int)o;
		fill_contig_page_info(n, norders, o, &info);
		f->suitable[o] = info.free_blocks_suitable;
		f->unusable[o] = unusable_free_index(o, &info);
		f->fragindex[o] = fragmentation_index(o, &info);
	}
	f->free_pages = info.free_pages;
	f->free_blocks = info.free_blocks_total;
}

struct frag *
frag_compute_all(const struct buddyinfo *bi)
{
	size_t i, n = bi->nzones, k = bi->norders;
	struct frag *f;
	uint64_t *s;
	int *u;

	/* The structs, then every S(o), then the two indices, in one block. */
	if ((f = malloc(n * (sizeof(*f) + k * (sizeof(*s) + 2 * sizeof(*u))) +
	    1)) == NULL)
		return NULL;
	s = (uint64_t *)(f + n);
	u = (int *)(s + n * k);
	for (i = 0; i < n; i++) {
		f[i].suitable = s + i * k;
		f[i].unusable = u + 2 * i * k;
		f[i].fragindex = u + (2 * i + 1) * k;
		frag_compute(bi->zones[i].free, bi->norders, &f[i]);
	}
	return f;
}

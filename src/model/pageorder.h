/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pageorder.h - the base page sizes fragstat accepts, and a huge page size as an order of them */
#ifndef FRAGSTAT_PAGEORDER_H
#define FRAGSTAT_PAGEORDER_H

#include <stdbool.h>
#include <stdint.h>

/* The base page sizes a capture or map file may give (the kernel's are 4K to 256K). */
#define PAGEORDER_PAGE_MIN	512u
#define PAGEORDER_PAGE_MAX	(1u << 24)

/*
 * The base page size assumed when none is known (no --page-size, no
 * capture metadata, not live): x86-64's and most machines'. --help prints
 * the text, pipe_page_size() and the map's capture the number.
 */
#define PAGEORDER_DEFAULT_PAGE_SIZE	4096u
#define PAGEORDER_DEFAULT_PAGE_SIZE_TEXT	"4096"

/* Returns whether V is a power of two from PAGEORDER_PAGE_MIN to PAGEORDER_PAGE_MAX. */
bool	pageorder_page_ok(uint64_t v);

/* Bytes in the kB of the kernel's size names ("hugepages-2048kB"). */
#define PAGEORDER_KB	1024u

/*
 * Returns KB kilobytes (meminfo's, a node's "_kB" counters) in pages of
 * PAGE_SIZE bytes (a size pageorder_page_ok() accepts), rounded down and
 * saturating: below 1 kB a page is a fraction of a kB, and a divisor of
 * PAGE_SIZE / 1024 would be 0.
 */
uint64_t	pageorder_kb_pages(uint64_t kb, unsigned long page_size);

/*
 * Returns the order O with PAGE_SIZE << O == BYTES (huge_page_order():
 * the size in base pages, as a power of two), or -1 when none below
 * FRAG_MAX_ORDERS makes it.
 */
int	pageorder_of(unsigned long page_size, uint64_t bytes);

#endif

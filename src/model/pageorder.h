/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pageorder.h - a huge page size as an order of base pages */
#ifndef FRAGSTAT_PAGEORDER_H
#define FRAGSTAT_PAGEORDER_H

#include <stdint.h>

/* Bytes in the kB of the kernel's size names ("hugepages-2048kB"). */
#define PAGEORDER_KB	1024u

/*
 * Returns the order O with PAGE_SIZE << O == BYTES (huge_page_order():
 * the size in base pages, as a power of two), or -1 when none below
 * FRAG_MAX_ORDERS makes it.
 */
int	pageorder_of(unsigned long page_size, uint64_t bytes);

#endif

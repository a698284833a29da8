/* SPDX-License-Identifier: GPL-2.0-or-later */
/* folios.h - the folio census: the folios of files and processes by kind and order, from compound head and tail runs */
#ifndef FRAGSTAT_FOLIOS_H
#define FRAGSTAT_FOLIOS_H

#include <stdint.h>
#include <stddef.h>

#include "physmap.h"

/*
 * Count the folios of the N pages from PFN of zone Z, with FLAGS (read
 * in PFN order, map_pages()'s run), into Z's census.
 */
void	folios_pages(struct map_zone *z, uint64_t pfn, const uint64_t *flags,
	    size_t n);

/* End the census of every zone of M: its last open folio counts. */
void	folios_settle(struct map *m);

/* Returns the kind a folio whose head has FLAGS counts as, or -1: none (a kernel page). */
int	folios_kind(uint64_t flags);

/* Returns the largest order of a folio in M's zones, or -1 when none. */
int	folios_max_order(const struct map *m);

/*
 * Returns the orders a census of M is shown in: the buddy allocator's, more
 * when a folio of order TOP (folios_max_order(), over one map or two) is larger.
 */
unsigned	folios_orders(const struct map *m, int top);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* census.h - counting page_owner's records into the mixed-block census */
#ifndef FRAGSTAT_CENSUS_H
#define FRAGSTAT_CENSUS_H

#include "mixed.h"
#include "map.h"
#include "owners.h"

/* Make C an empty census of M's zones. Returns 0, or -1 when out of memory. */
int	census_init(struct census *c, const struct map *m);
void	census_free(struct census *c);

/*
 * Count page_owner's record R into C, by the pageblock of M it lies in.
 * Records come in PFN order; census_end() counts the last pageblock.
 */
void	census_add(struct census *c, const struct map *m,
	    const struct po_record *r);
void	census_end(struct census *c);

/* Returns the index of migratetype NAME in C's types, or -1 when absent. */
int	census_type(const struct census *c, const char *name);

#endif

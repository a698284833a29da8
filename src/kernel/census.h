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

/*
 * Set *N to pagetypeinfo's "Number of blocks type" count (MIXED: "Number
 * of mixed blocks", printed with page_owner on) of migratetype NAME in
 * zone Z; returns whether PTI (NULL: not read) has it.
 */
bool	census_blocks(const struct pagetypeinfo *pti, const struct map_zone *z,
	    const char *name, bool mixed, uint64_t *n);

/*
 * Set *N to the machine's pageblocks of C's block type B as pagetypeinfo
 * counts them over M's zones; returns whether every zone had a count.
 */
bool	census_machine_blocks(const struct census *c, const struct map *m,
	    const struct pagetypeinfo *pti, unsigned b, uint64_t *n);

/*
 * Returns whether a block type's row is shown: pageblocks of it hold an
 * allocation (USED), or pagetypeinfo counts some (HAVE, BLOCKS).
 */
bool	census_row_shown(uint64_t used, bool have, uint64_t blocks);

/* Returns the index of migratetype NAME in C's types, or -1 when absent. */
int	census_type(const struct census *c, const char *name);

#endif

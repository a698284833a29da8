/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmacheck.h - whether the sources of CMA agree, and which pageblocks are CMA's */
#ifndef FRAGSTAT_CMACHECK_H
#define FRAGSTAT_CMACHECK_H

#include "cma.h"
#include "model.h"

/*
 * Put what pagetypeinfo PTI, zoneinfo ZI, meminfo MI and the areas A
 * (each may be NULL: not read) say of CMA side by side into C, pages of
 * PAGE_SIZE bytes, and find what disagrees.
 */
void	cma_check(struct cma_check *c, const struct pagetypeinfo *pti,
	    const struct zoneinfo *zi, const struct meminfo *mi,
	    const struct cma_areas *a, unsigned long page_size);

/* Returns the name of source S ("meminfo CmaTotal"). */
const char	*cma_source_name(enum cma_source s);

#endif

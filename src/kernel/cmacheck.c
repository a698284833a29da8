/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmacheck.c - CMA by every source: pagetypeinfo's pageblocks, zoneinfo, meminfo and the areas, and where they disagree */
#include "config.h"

#include <string.h>

#include "cmacheck.h"
#include "pageorder.h"
#include "rules.h"

/* Add V to C's source S, which said it. */
static void
add(struct cma_check *c, enum cma_source s, uint64_t v)
{
	c->pages[s] += v;
	c->have[s] = true;
}

/* Add up the CMA pageblocks of PTI's zones into C. */
static void
blocks(struct cma_check *c, const struct pagetypeinfo *pti)
{
	size_t i;
	int t;

	/* CONFIG_CMA: pagetypeinfo names the column (migratetype_names[]). */
	if (pti == NULL || (t = advise_type_of(pti, "CMA")) < 0)
		return;
	for (i = 0; i < pti->nzones; i++)
		if (pti->zones[i].has_blocks[t])
			c->blocks += pti->zones[i].blocks[t];
	add(c, CMA_SRC_BLOCKS, c->blocks * pti->pages_per_block);
}

/* Add up ZI's zones' cma and nr_free_cma into C. */
static void
zones(struct cma_check *c, const struct zoneinfo *zi)
{
	size_t i;

	for (i = 0; zi && i < zi->nzones; i++) {
		if (zi->zones[i].have & ZI_CMA)
			add(c, CMA_SRC_ZONE_CMA, zi->zones[i].cma);
		if (zi->zones[i].have & ZI_FREE_CMA)
			add(c, CMA_SRC_ZONE_FREE, zi->zones[i].free_cma);
	}
}

/* Add up the areas A's total, available and failed pages into C. */
static void
areas(struct cma_check *c, const struct cma_areas *a)
{
	size_t i;

	for (i = 0; a && i < a->n; i++) {
		if (a->a[i].have & (1u << CMA_TOTAL))
			add(c, CMA_SRC_SYSFS_TOTAL, a->a[i].v[CMA_TOTAL]);
		if (a->a[i].have & (1u << CMA_AVAILABLE))
			add(c, CMA_SRC_AVAILABLE, a->a[i].v[CMA_AVAILABLE]);
		if (a->a[i].have & (1u << CMA_ALLOC_FAIL))
			c->failed += a->a[i].v[CMA_ALLOC_FAIL];
	}
}

/* Returns whether C has sources A and B and they differ. */
static bool
differ(const struct cma_check *c, enum cma_source a, enum cma_source b)
{
	return c->have[a] && c->have[b] && c->pages[a] != c->pages[b];
}

void
cma_check(struct cma_check *c, const struct pagetypeinfo *pti,
    const struct zoneinfo *zi, const struct meminfo *mi,
    const struct cma_areas *a, unsigned long page_size)
{
	unsigned s;

	memset(c, 0, sizeof(*c));
	blocks(c, pti);
	zones(c, zi);
	areas(c, a);
	if (mi && (mi->have & MI_CMA_TOTAL))
		add(c, CMA_SRC_TOTAL, pageorder_kb_pages(mi->cma_total_kb,
		    page_size));
	if (mi && (mi->have & MI_CMA_FREE))
		add(c, CMA_SRC_FREE, pageorder_kb_pages(mi->cma_free_kb,
		    page_size));
	/*
	 * CMA areas are pageblock-aligned (CMA_MIN_ALIGNMENT_PAGES) and each
	 * of their pageblocks is MIGRATE_CMA once activated
	 * (cma_activate_area(), init_cma_reserved_pageblock()), which also
	 * adds its pages to zone->cma_pages and totalcma_pages: the three
	 * are the same pages. The areas' total_pages count them before
	 * activation too.
	 */
	c->bad |= differ(c, CMA_SRC_BLOCKS, CMA_SRC_TOTAL) ? CMA_BAD_BLOCKS : 0;
	c->bad |= differ(c, CMA_SRC_ZONE_CMA, CMA_SRC_TOTAL) ? CMA_BAD_ZONES : 0;
	c->bad |= differ(c, CMA_SRC_SYSFS_TOTAL, CMA_SRC_TOTAL) ?
	    CMA_BAD_SYSFS : 0;
	/* Both read NR_FREE_CMA_PAGES, the zones' added up. */
	c->bad |= differ(c, CMA_SRC_ZONE_FREE, CMA_SRC_FREE) ? CMA_BAD_FREE : 0;
	c->bad |= c->failed ? CMA_FAILED : 0;
	for (s = 0; s < CMA_NSOURCES; s++)
		c->any |= c->pages[s] != 0;
	c->any |= a && a->n > 0;
}

const char *
cma_source_name(enum cma_source s)
{
	static const char *const names[CMA_NSOURCES] = {
		"pagetypeinfo CMA pageblocks", "zoneinfo cma",
		"meminfo CmaTotal", "cma/*/total_pages", "meminfo CmaFree",
		"zoneinfo nr_free_cma", "cma/*/available_pages",
	};

	return names[s];
}

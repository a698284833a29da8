/* SPDX-License-Identifier: GPL-2.0-or-later */
/* unmanaged.h - memory present in the zones but not managed by the allocator, and why */
#ifndef FRAGSTAT_UNMANAGED_H
#define FRAGSTAT_UNMANAGED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"

/*
 * A zone's pages not managed are said when they exceed this share of its
 * present pages (1/16, 6.25%): the usual reservations stay below it (the
 * memory map's struct pages are 1.6% of present with 4 KiB pages, the
 * kernel image, firmware tables and the DMA zone's first pages a few MiB).
 */
#define UNM_SHARE_DIV	16

/* Why a zone's present pages are not managed. */
enum unm_cause {
	UNM_NONE,	/* at most the usual reservations: not said */
	UNM_UNINIT,	/* not yet initialised: MemTotal counts it, no zone does */
	UNM_BALLOON,	/* taken by a balloon driver */
	UNM_UNKNOWN,	/* the inputs do not tell: reserved at boot, or mixed */
	UNM_NCAUSES
};

/* One zone of zoneinfo: present, managed, and the pages between. */
struct unm_zone {
	unsigned	 node;
	char		 name[FRAG_NAME_SIZE];
	uint64_t	 present, managed;
	uint64_t	 pages;		/* present - managed, 0 when unknown */
	enum unm_cause	 cause;		/* UNM_NONE unless said */
};

/* The zones, node sums and the machine's, with what the inputs told. */
struct unmanaged {
	struct unm_zone	*zones;		/* one per zoneinfo zone, in its order */
	size_t		 nzones;
	const struct zoneset *set;	/* zoneinfo's: a zone's index by node and name */
	uint64_t	 present, managed, pages;	/* the machine's sums */
	uint64_t	 said;		/* pages of the zones said */
	enum unm_cause	 cause;		/* of the zones said; UNM_NONE: none */
	bool		 have_meminfo;
	/*
	 * From meminfo, in pages: MemTotal less the zones' managed pages
	 * (memory the kernel counts but has not initialised), and the
	 * pages not yet accepted (confidential VMs: managed, outside the
	 * buddy lists until an allocation accepts them).
	 */
	uint64_t	 uninit, unaccepted;
	bool		 have_balloon;	/* vmstat or meminfo says */
	uint64_t	 balloon;	/* pages a balloon driver holds */
};

/*
 * Fill U from ZI, MI (NULL: no meminfo) and VM (NULL: no vmstat) for
 * pages of PAGE_SIZE bytes. Returns 0, or -1 when out of memory.
 */
int	unm_build(struct unmanaged *u, const struct zoneinfo *zi,
	    const struct meminfo *mi, const struct vmstat *vm,
	    unsigned long page_size);
void	unm_free(struct unmanaged *u);

/* Returns whether U has something to say: a zone said, or pages not accepted. */
bool	unm_any(const struct unmanaged *u);

/*
 * Sum U's zones of NODE (-1: every node) into *PRESENT and *PAGES (pages
 * not managed), of the zones said only when SAID. Returns the zones summed.
 */
size_t	unm_sum(const struct unmanaged *u, int node, bool said,
	    uint64_t *present, uint64_t *pages);

/* Returns U's zone NODE, NAME, or NULL. */
const struct unm_zone *unm_zone(const struct unmanaged *u, unsigned node,
	    const char *name);

/* Returns the name of cause C for JSON and Prometheus: "not_initialised". */
const char	*unm_cause_name(enum unm_cause c);

#endif

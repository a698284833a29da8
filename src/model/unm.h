/* SPDX-License-Identifier: GPL-2.0-or-later */
/* unm.h - memory present in the zones but not managed by the allocator: per zone, summed, and why */
#ifndef FRAGSTAT_UNM_H
#define FRAGSTAT_UNM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"

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

/* Free U's zones and forget them. */
void	unm_free(struct unmanaged *u);

/* Returns U's zone NODE, NAME, or NULL. */
const struct unm_zone *unm_zone(const struct unmanaged *u, unsigned node,
	    const char *name);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memcg.h - the memory cgroups page frames are charged to (/proc/kpagecgroup), per pageblock */
#ifndef FRAGSTAT_MEMCG_H
#define FRAGSTAT_MEMCG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ferr.h"
#include "physmap.h"

/*
 * One memory cgroup, by the inode /proc/kpagecgroup gives (page_cgroup_ino()
 * in mm/memcontrol.c: of the nearest online cgroup); inode 0: uncharged.
 */
struct memcg_group {
	uint64_t	 ino;
	char		*path;		/* under the controller's mount, "/" its root; NULL: unknown */
	/* pins_rank(): */
	uint64_t	 pinned_blocks;	/* pinned pageblocks it has a pinned page in */
	uint64_t	 pinned_pages;	/* its unmovable and ambiguous pages, less the admitted */
	uint64_t	 movable_pages;	/* its movable pages in pageblocks compaction can empty */
};

/* The pages of one pageblock charged to one group, by class. */
enum memcg_class { MEMCG_UNMOVABLE, MEMCG_AMBIGUOUS, MEMCG_MOVABLE, MEMCG_NCLASSES };

struct memcg_charge {
	uint32_t	 zone;		/* index in the map's zones */
	uint32_t	 block;		/* index in the zone's pageblocks */
	uint32_t	 group;		/* index in groups */
	uint16_t	 n[MEMCG_NCLASSES];
};

/* The charges of a map's pageblocks, in zone, pageblock, group order. */
struct memcg {
	struct memcg_group *groups;
	size_t		 ngroups, gcap;
	struct memcg_charge *charges;
	size_t		 ncharges, ccap;
	uint32_t	*hash;		/* group index + 1 by inode; 0: empty */
	size_t		 hcap;
	size_t		 cur;		/* the first charge of the last pageblock */
	size_t		 last;		/* the group of the last page */
	uint32_t	*rank;		/* pins_rank(): every group, most pinning first, "-" last */
	bool		 read;		/* kpagecgroup was read, or a stored map had charges */
	char		 note[200];	/* memcg_name(): why a group has no path */
};

void	memcg_init(struct memcg *cg);
void	memcg_free(struct memcg *cg);

/* Returns the index of the group of inode INO in CG, added when new; -1: out of memory. */
long	memcg_group(struct memcg *cg, uint64_t ino);

/*
 * Add a charge of N pages of class C to the group G of pageblock BLOCK
 * of zone ZONE, given in increasing (zone, block) order. Returns 0, or
 * -1 when out of memory.
 */
int	memcg_charge(struct memcg *cg, uint32_t zone, uint32_t block,
	    uint32_t g, enum memcg_class c, uint16_t n);

/* Returns the index of the group of inode INO in CG, or -1. */
long	memcg_find(const struct memcg *cg, uint64_t ino);

#endif

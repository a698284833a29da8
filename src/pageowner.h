/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pageowner.h - debugfs page_owner (mm/page_owner.c): the allocating stacks of the pages that pin pageblocks */
#ifndef FRAGSTAT_PAGEOWNER_H
#define FRAGSTAT_PAGEOWNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ferr.h"
#include "map.h"
#include "pins.h"

/* One allocating stack, as the kernel prints it (frames one a line, no indent). */
struct owner {
	char		*stack;
	uint64_t	 pinned_blocks;	/* pinned pageblocks it allocated a page in */
	uint64_t	 pinned_pages;	/* the pages of those allocations there */
	uint64_t	 last_block;	/* the last pageblock counted, plus 1 */
};

/* The stacks of the pages that pin pageblocks. */
struct owners {
	struct owner	*o;
	size_t		 n, cap;
	uint32_t	*hash;		/* owner index + 1 by stack; 0: empty */
	size_t		 hcap;
	uint64_t	 records;	/* records read */
	uint64_t	 pinning;	/* of them, allocations in pinned pageblocks */
	bool		 read;
	char		 note[200];	/* why there are no stacks */
};

void	owners_init(struct owners *ow);
void	owners_free(struct owners *ow);

/*
 * Add the whole records of the page_owner text BUF (LEN bytes; a record
 * ends with an empty line) to OW: those of pages not allocated movable
 * (the "type" after "PFN", gfp_migratetype() of the mask) in a pageblock
 * P calls pinned in M. Returns the bytes of whole records used, or -1
 * with E set (out of memory; a malformed record is skipped, as the
 * kernel's own page_owner_sort does).
 */
long	owners_feed(struct owners *ow, const char *buf, size_t len,
	    const struct map *m, const struct pins *p, struct ferr *e);

/*
 * Read the page_owner file at PATH to its end into OW with
 * owners_feed(), in pieces (it can be gigabytes), then sort OW by pinned
 * pageblocks. Returns 0, 1 when PATH cannot be opened (page_owner off or
 * debugfs not mounted), or -1 with E set.
 */
int	owners_read(struct owners *ow, const char *path, const struct map *m,
	    const struct pins *p, struct ferr *e);

/* Sort OW's stacks by pinned pageblocks, then pinned pages, most first. */
void	owners_sort(struct owners *ow);

#endif

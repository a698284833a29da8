/* SPDX-License-Identifier: GPL-2.0-or-later */
/* owners.h - the allocating stacks of debugfs page_owner's records, and the stacks that pin pageblocks */
#ifndef FRAGSTAT_OWNERS_H
#define FRAGSTAT_OWNERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bounds.h"

/*
 * One record of page_owner as pageowner_parse() reads it: its order, PFN,
 * the page's migratetype (of its gfp mask) and its pageblock's, whether
 * the page is on an LRU list (its flags name "lru"), and its stack.
 */
struct po_record {
	uint64_t	 order, pfn;
	bool		 have_order, have_pfn, movable;
	bool		 have_types, have_flags, lru;
	char		 page_type[FRAG_NAME_SIZE], block_type[FRAG_NAME_SIZE];
	char		*frames;	/* the stack, frames without indent */
	size_t		 len, cap;
};

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


/* Sort OW's stacks by pinned pageblocks, then pinned pages, most first. */
void	owners_sort(struct owners *ow);

/* Returns OW's stack S (N bytes), added when new; NULL when out of memory. */
struct owner	*owners_stack(struct owners *ow, const char *s, size_t n);

#endif

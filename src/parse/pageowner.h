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

#endif

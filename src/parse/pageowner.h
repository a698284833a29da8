/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pageowner.h - debugfs page_owner (mm/page_owner.c): its records, one by one */
#ifndef FRAGSTAT_PAGEOWNER_H
#define FRAGSTAT_PAGEOWNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ferr.h"
#include "owners.h"

/*
 * Hand the page_owner record REC (LEN bytes: its lines without the empty
 * line that ends it, the last one's newline there or not) to EACH with
 * ARG, unless its lines are all empty. Returns 0, or -1 with E set when
 * EACH fails (out of memory) or a line holds a NUL byte or a carriage
 * return (lines_next(); E's line counts from REC's first); a malformed
 * record is passed on incomplete (have_order, have_pfn false), for EACH
 * to skip, as the kernel's own page_owner_sort does.
 */
int	pageowner_parse(const char *rec, size_t len,
	    int (*each)(void *arg, const struct po_record *r), void *arg,
	    struct ferr *e);

#endif

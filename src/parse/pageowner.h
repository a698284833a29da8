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
 * Hand each whole record of the page_owner text BUF (LEN bytes; a record
 * ends with an empty line) to EACH with ARG. Returns the bytes of whole
 * records used, or -1 with E set when EACH fails (out of memory) or a
 * line holds a NUL byte or a carriage return (lines_next(); E's line
 * counts from BUF's first); a malformed record is passed on incomplete
 * (have_order, have_pfn false), for EACH to skip, as the kernel's own
 * page_owner_sort does.
 */
long	pageowner_parse(const char *buf, size_t len,
	    int (*each)(void *arg, const struct po_record *r), void *arg,
	    struct ferr *e);

#endif

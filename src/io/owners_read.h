/* SPDX-License-Identifier: GPL-2.0-or-later */
/* owners_read.h - debugfs page_owner read in pieces, record by record */
#ifndef FRAGSTAT_OWNERS_READ_H
#define FRAGSTAT_OWNERS_READ_H

#include "ferr.h"
#include "owners.h"

/*
 * Read the page_owner file at PATH to its end, in pieces (it can be
 * gigabytes), handing each record to EACH with ARG (pageowner_parse()),
 * which counts it into OW; then sort OW by pinned pageblocks. Returns 0,
 * 1 when PATH cannot be opened (page_owner off or debugfs not mounted),
 * or -1 with E set.
 */
int	owners_read(struct owners *ow, const char *path,
	    int (*each)(void *arg, const struct po_record *r), void *arg,
	    struct ferr *e);

#endif

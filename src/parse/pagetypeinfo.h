/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pagetypeinfo.h - parse /proc/pagetypeinfo */
#ifndef FRAGSTAT_PAGETYPEINFO_H
#define FRAGSTAT_PAGETYPEINFO_H

#include "ferr.h"
#include "model.h"

/*
 * Parse the LEN bytes at BUF into P: the per-node header, the free lists per
 * zone, migratetype and order, the pageblock counts and, when present, the
 * mixed-block counts. Returns 0, or -1 with E set (P then holds nothing).
 */
int	pagetypeinfo_parse(const char *buf, size_t len, struct pagetypeinfo *p,
	    struct ferr *e);
void	pagetypeinfo_free(struct pagetypeinfo *p);

/*
 * Returns 0 when every zone of P, parsed from a whole file, has its rows
 * in the tables after the free lists, or -1 with E set: the file was cut
 * short at a line's end.
 */
int	pagetypeinfo_whole(const struct pagetypeinfo *p, struct ferr *e);

#endif

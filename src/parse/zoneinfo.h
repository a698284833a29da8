/* SPDX-License-Identifier: GPL-2.0-or-later */
/* zoneinfo.h - parse /proc/zoneinfo (the fields compaction and allocation decide on) */
#ifndef FRAGSTAT_ZONEINFO_H
#define FRAGSTAT_ZONEINFO_H

#include "ferr.h"
#include "model.h"

/*
 * Parse the LEN bytes at BUF into ZI: per zone the free pages, watermarks,
 * present/managed pages, CMA and lowmem protection; every other line is
 * skipped. Returns 0, or -1 with E set (ZI then holds nothing).
 */
int	zoneinfo_parse(const char *buf, size_t len, struct zoneinfo *zi,
	    struct ferr *e);
void	zoneinfo_free(struct zoneinfo *zi);

/*
 * Returns 0 when every zone of ZI, parsed from a whole file, has the lines
 * every release prints for a zone, or -1 with E set naming the first zone
 * that ends early: the last one, the file was cut short at a line's end.
 */
int	zoneinfo_whole(const struct zoneinfo *zi, struct ferr *e);

#endif

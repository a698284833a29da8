/* SPDX-License-Identifier: GPL-2.0-or-later */
/* meminfo.h - parse /proc/meminfo (the totals that say what zones leave out) */
#ifndef FRAGSTAT_MEMINFO_H
#define FRAGSTAT_MEMINFO_H

#include "ferr.h"
#include "model.h"

/*
 * Parse the LEN bytes at BUF ("Name: value [kB]" per line) into M,
 * keeping MemTotal, MemFree, Unaccepted and Balloon. Returns 0, or -1 with
 * E set.
 */
int		 meminfo_parse(const char *buf, size_t len, struct meminfo *m,
		    struct ferr *e);

#endif

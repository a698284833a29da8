/* SPDX-License-Identifier: GPL-2.0-or-later */
/* vmstat.h - parse /proc/vmstat (the compaction and THP counters) */
#ifndef FRAGSTAT_VMSTAT_H
#define FRAGSTAT_VMSTAT_H

#include "ferr.h"
#include "model.h"

/*
 * Parse the LEN bytes at BUF ("name value" per line) into V, keeping the
 * counters of enum vm_counter. Returns 0, or -1 with E set.
 */
int		 vmstat_parse(const char *buf, size_t len, struct vmstat *v,
		    struct ferr *e);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compact.h - ask the kernel to compact memory now, and time it */
#ifndef FRAGSTAT_COMPACT_H
#define FRAGSTAT_COMPACT_H

#include <stddef.h>
#include <stdint.h>

#include "ferr.h"

/*
 * Write "1" to /sys/devices/system/node/nodeN/compact for each of the N
 * NODES (the kernel compacts that node before the write returns), or, when
 * per-node files do not exist, once to /proc/sys/vm/compact_memory (every
 * node). Returns 0 with *NS the time it took and METHOD naming the file(s)
 * written, or -1 with E set.
 */
int	compact_nodes(const unsigned *nodes, size_t n, uint64_t *ns,
	    char *method, size_t size, struct ferr *e);

#endif

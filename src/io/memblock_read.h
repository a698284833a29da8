/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memblock_read.h - read the memory blocks of a root's /sys/devices/system/memory */
#ifndef FRAGSTAT_MEMBLOCK_READ_H
#define FRAGSTAT_MEMBLOCK_READ_H

#include "ferr.h"
#include "memblock.h"

/* The directory, relative to a root. */
#define MEMBLOCK_DIR	"sys/devices/system/memory"

/* The most blocks a capture copies (5 files each, every one synced). */
#define MEMBLOCK_CAPTURE_MAX	1024

/*
 * Read the memory blocks under ROOT (NULL: this host) into MB, sorted by
 * id: block_size_bytes, and each memoryN's state, valid_zones, removable
 * where present and nodeM entry. Returns 0 (MB->read false when the
 * directory does not exist: no memory hotplug), or -1 with E set (a file
 * unreadable or malformed, out of memory).
 */
int	memblock_read(const char *root, struct memblocks *mb, struct ferr *e);
void	memblock_free(struct memblocks *mb);

#endif

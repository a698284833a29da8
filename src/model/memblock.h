/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memblock.h - the memory blocks of /sys/devices/system/memory, as the kernel lists them */
#ifndef FRAGSTAT_MEMBLOCK_H
#define FRAGSTAT_MEMBLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"

/* A block's memoryN/state, as memory_block_show_state() prints it. */
enum memblock_state { MB_ONLINE, MB_OFFLINE, MB_GOING_OFFLINE, MB_NSTATES };

/* One memoryN directory. */
struct memblock {
	uint64_t	 id;		/* N: the block's first byte / block size */
	int		 node;		/* its nodeM link, -1: none */
	enum memblock_state state;
	/* valid_zones' words: online, its zone, or "none" across zones. */
	char		 zones[64];
	int		 removable;	/* 0 or 1, -1: no such file (6.x dropped it) */
};

/* The memory blocks of a root, by id. */
struct memblocks {
	bool		 read;		/* the directory exists */
	uint64_t	 block_bytes;	/* block_size_bytes */
	struct memblock	*b;
	size_t		 n;
};

#endif

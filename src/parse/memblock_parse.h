/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memblock_parse.h - the one-value files of a memory block: its size, state and zones */
#ifndef FRAGSTAT_MEMBLOCK_PARSE_H
#define FRAGSTAT_MEMBLOCK_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "ferr.h"
#include "memblock.h"

/*
 * Parse the LEN bytes of BUF, block_size_bytes ("%lx\n", no 0x), into *V:
 * a power of two. Returns 0, or -1 with E set.
 */
int	memblock_parse_size(const char *buf, size_t len, uint64_t *v,
	    struct ferr *e);

/* Parse memoryN/state ("online\n", ...) into *S. Returns 0, or -1 with E set. */
int	memblock_parse_state(const char *buf, size_t len,
	    enum memblock_state *s, struct ferr *e);

/*
 * Parse memoryN/valid_zones (zone names separated by spaces, or "none")
 * into ZONES of SIZE bytes, one space between names. Returns 0, or -1
 * with E set.
 */
int	memblock_parse_zones(const char *buf, size_t len, char *zones,
	    size_t size, struct ferr *e);

/* Parse memoryN/removable ("0\n" or "1\n") into *V. Returns 0, or -1 with E set. */
int	memblock_parse_removable(const char *buf, size_t len, int *v,
	    struct ferr *e);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capdone.h - what a capture did, from io/ that made it to run/ that says it */
#ifndef FRAGSTAT_CAPDONE_H
#define FRAGSTAT_CAPDONE_H

#include <stdbool.h>
#include <stddef.h>

/* What a capture did, for its caller to say. */
struct capture_done {
	int	 files;		/* files copied */
	bool	 stable;	/* buddyinfo read the same around the index files */
	bool	 unreadable;	/* some file listed as unreadable in its metadata */
	bool	 map;		/* the map written, in MAP_SIZE bytes */
	size_t	 map_size;
};

#endif

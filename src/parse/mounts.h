/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mounts.h - /proc/mounts: where the memory controller is mounted */
#ifndef FRAGSTAT_MOUNTS_H
#define FRAGSTAT_MOUNTS_H

#include <stdbool.h>
#include <stddef.h>

#include "ferr.h"

/*
 * From the mounts text BUF (LEN bytes, /proc/mounts' format), the
 * directory the memory controller is mounted on: a cgroup v1 hierarchy
 * with "memory" among its options, else the cgroup2 mount, into *DIR (a
 * string to free, NULL: none; *V2 says which). Returns 0, or -1 with E
 * set (a line it cannot read, out of memory) and *DIR NULL.
 */
int	mounts_memcg(const char *buf, size_t len, char **dir, bool *v2,
	    struct ferr *e);

#endif

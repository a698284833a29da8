/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memcg_names.h - the memory cgroups' paths by inode, under the memory controller's mount */
#ifndef FRAGSTAT_MEMCG_NAMES_H
#define FRAGSTAT_MEMCG_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "memcg.h"

/*
 * From the mounts text BUF (LEN bytes, /proc/mounts' format), the
 * directory the memory controller is mounted on: a cgroup v1 hierarchy
 * with "memory" among its options, else the cgroup2 mount. Returns a
 * string to free, or NULL (*V2 says which).
 */
char	*memcg_mount_parse(const char *buf, size_t len, bool *v2);

/*
 * Find the memory controller of ROOT (NULL: this host) in its
 * proc/mounts and name CG's groups; CG's note says why a group has no
 * name. Returns 0, or -1 when out of memory.
 */
int	memcg_name(struct memcg *cg, const char *root);

#endif

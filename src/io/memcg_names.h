/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memcg_names.h - the memory cgroups' paths by inode, under the memory controller's mount */
#ifndef FRAGSTAT_MEMCG_NAMES_H
#define FRAGSTAT_MEMCG_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "memcg.h"

/*
 * Find the memory controller of ROOT (NULL: this host) in its
 * proc/mounts and name CG's groups; CG's note says why a group has no
 * name. Returns 0, or -1 when out of memory.
 */
int	memcg_name(struct memcg *cg, const char *root);

#endif

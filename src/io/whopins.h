/* SPDX-License-Identifier: GPL-2.0-or-later */
/* whopins.h - reading who pins memory: the memory cgroups' paths by inode, debugfs page_owner */
#ifndef FRAGSTAT_WHOPINS_H
#define FRAGSTAT_WHOPINS_H

#include <stdbool.h>
#include <stddef.h>

#include "ferr.h"
#include "memcg.h"
#include "owners.h"
#include "physmap.h"

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

/*
 * Read the page_owner file at PATH to its end, in pieces (it can be
 * gigabytes), handing each record to EACH with ARG (pageowner_parse()),
 * which counts it into OW; then sort OW by pinned pageblocks. Returns 0, 1 when PATH cannot be opened (page_owner off or
 * debugfs not mounted), or -1 with E set.
 */
int	owners_read(struct owners *ow, const char *path,
	    int (*each)(void *arg, const struct po_record *r), void *arg,
	    struct ferr *e);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hugetlb.h - the hugetlb pools of every size, machine-wide and per node */
#ifndef FRAGSTAT_HUGETLB_H
#define FRAGSTAT_HUGETLB_H

#include <dirent.h>
#include <stddef.h>
#include <stdint.h>

#include "ferr.h"
#include "model.h"

/*
 * Where the kernel's hugetlb_sysfs_init() and hugetlb_register_node() put
 * the pools, relative to the root.
 */
#define HUGETLB_DIR		"sys/kernel/mm/hugepages"
#define HUGETLB_NODE_DIR	"sys/devices/system/node"

/*
 * The files of a size's directory: machine-wide, in the order of struct
 * hugetlb_size's counts (nr, free, resv, surplus, overcommit), and per
 * node, in the order of struct hugetlb_node's (nr, free, surplus).
 */
#define HUGETLB_NFILES		5
#define HUGETLB_NODE_NFILES	3
extern const char *const hugetlb_files[HUGETLB_NFILES];
extern const char *const hugetlb_node_files[HUGETLB_NODE_NFILES];

/*
 * Parse BUF (LEN bytes), one of the hugepages-<N>kB files: a decimal count
 * and a newline. Returns 0 with *V set, or -1 with E set (line 1).
 */
int	hugetlb_parse_count(const char *buf, size_t len, uint64_t *v,
	    struct ferr *e);

/*
 * Returns 0 with *KB from a directory name "hugepages-<N>kB" as the kernel
 * writes it (N decimal, no leading zero), or -1 for any other name. Both
 * hugetlb and multi-size THP name their sizes so.
 */
int	hugetlb_dir_kb(const char *name, uint64_t *kb);

/*
 * Read the count file DIR/FILE (as hugetlb_parse_count() reads it) into
 * *V. Returns 0, or -1 with E set.
 */
int	hugetlb_count_read(const char *dir, const char *file, uint64_t *v,
	    struct ferr *e);

/*
 * Open directory PATH into *DP. Returns 1, 0 when it does not exist, -1
 * with E set when it cannot be read.
 */
int	hugetlb_open_dir(const char *path, DIR **dp, struct ferr *e);

/*
 * Read the pools of ROOT (NULL or "": the live system) into H: every size
 * listed in sys/kernel/mm/hugepages and, for each, every node listed in
 * sys/devices/system/node that has that size's directory. ORDER is counted
 * in pages of PAGE_SIZE bytes. Returns 1 when read, 0 when ROOT has no
 * hugepages directory (no hugetlb: H is empty), -1 with E set for a
 * malformed, missing or unreadable file. Call hugetlb_free() in every case.
 */
int	hugetlb_read(const char *root, unsigned long page_size,
	    struct hugetlb *h, struct ferr *e);

void	hugetlb_free(struct hugetlb *h);

#endif

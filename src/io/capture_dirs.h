/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capture_dirs.h - the directories of a source a capture copies: THP sizes, hugetlb pools, memory blocks */
#ifndef FRAGSTAT_CAPTURE_DIRS_H
#define FRAGSTAT_CAPTURE_DIRS_H

#include "capture_file.h"
#include "ferr.h"

/*
 * The longest name a capture keeps of a THP size's directory or of a
 * file of its stats/; the kernel's are under 40 bytes.
 */
#define CAPTURE_KEPT_NAME_MAX	64

/*
 * Copy the THP sizes of C's source, and its hugetlb pools, machine-wide
 * and of every node, where hugetlb_read() reads them. Returns 0 or -1
 * with E set.
 */
int	capture_huge_pages(struct capture *c, struct ferr *e);

/*
 * Copy the memory blocks of C's source where memblock_read() reads them:
 * the block size and each block's files, at most MEMBLOCK_CAPTURE_MAX
 * blocks, else none (said in the metadata). Returns 0 or -1 with E set.
 */
int	capture_memblocks(struct capture *c, struct ferr *e);

/*
 * Copy the CMA areas' files of C's source (sysfs's counts, debugfs's
 * ranges) that are there. Returns 0, or -1 with E set.
 */
int	capture_cma(struct capture *c, struct ferr *e);

#endif

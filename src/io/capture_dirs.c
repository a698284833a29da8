/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capture_dirs.c - the directories of a source a capture copies: THP sizes, hugetlb pools, memory blocks */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "capture_dirs.h"
#include "capture_file.h"
#include "cma_read.h"
#include "hugetlb.h"
#include "inputs.h"
#include "memblock_read.h"
#include "sysname.h"
#include "thp.h"

/* Returns REL/NAME, to be freed, or NULL with E set (out of memory). */
static char *
join(const char *rel, const char *name, struct ferr *e)
{
	char *p;

	if ((p = inputs_join(rel, name)) == NULL)
		ferr_set(e, 0, "out of memory");
	return p;
}

/*
 * Returns 1 when the root's directory REL is there in C's source, 0 when
 * not (listed missing, with why), or -1 with E set (out of memory).
 */
static int
dir_there(struct capture *c, const char *rel, struct ferr *e)
{
	char *path;
	int there;

	if ((path = inputs_path(c->src, rel)) == NULL)
		return ferr_set(e, 0, "out of memory");
	there = access(path, F_OK) == 0;
	if (!there)
		capture_missing(c, path, rel, strerror(errno));
	free(path);
	return there;
}

/* What walk() does for each entry it keeps: the entry is REL ("/"-led). */
typedef int walk_fn(struct capture *c, const char *rel, const void *arg,
    struct ferr *e);

/*
 * Call EACH(C, path, ARG, E) for every entry of the root's directory REL
 * in C's source whose name KEEP accepts, the one loop over a source
 * directory. Returns 0 (also when REL cannot be opened: nothing to copy),
 * or -1 with E set at the first failure.
 */
static int
walk(struct capture *c, const char *rel, bool (*keep)(const char *),
    walk_fn *each, const void *arg, struct ferr *e)
{
	struct dirent *d;
	char *path;
	DIR *dp;
	int rc = 0;

	if ((path = inputs_path(c->src, rel)) == NULL)
		return ferr_set(e, 0, "out of memory");
	dp = opendir(path);
	free(path);
	if (dp == NULL)
		return 0;
	while (rc == 0 && (d = readdir(dp)) != NULL) {
		if (!keep(d->d_name))
			continue;
		if ((path = join(rel, d->d_name, e)) == NULL)
			rc = -1;
		else
			rc = each(c, path, arg, e);
		free(path);
	}
	closedir(dp);
	return rc;
}

/* walk()'s copy of a file that may be unreadable. */
static int
copy_each(struct capture *c, const char *rel, const void *arg,
    struct ferr *e)
{
	(void)arg;
	return capture_copy(c, rel, CAPTURE_OPTIONAL, e) < 0 ? -1 : 0;
}

/* The names of files in a directory of hugetlb sizes. */
struct names {
	const char *const	*v;
	size_t			 n;
};

/* walk()'s copy of the files ARG (struct names) of the directory REL. */
static int
copy_names(struct capture *c, const char *rel, const void *arg,
    struct ferr *e)
{
	const struct names *names = arg;
	char *file;
	size_t i;
	int rc = 0;

	for (i = 0; rc == 0 && i < names->n; i++) {
		if ((file = join(rel, names->v[i], e)) == NULL)
			return -1;
		rc = capture_copy(c, file, CAPTURE_OPTIONAL, e) < 0 ? -1 : 0;
		free(file);
	}
	return rc;
}

/* Returns whether NAME is a file of a THP size's stats/ (6.9 and later). */
static bool
is_stat(const char *name)
{
	return name[0] != '.' && strlen(name) <= CAPTURE_KEPT_NAME_MAX;
}

/* Returns whether NAME is a THP size's directory. */
static bool
is_thp_size(const char *name)
{
	static const char pre[] = "hugepages-";

	return strncmp(name, pre, strlen(pre)) == 0 &&
	    strlen(name) <= CAPTURE_KEPT_NAME_MAX;
}

/* Returns whether NAME is a hugetlb size's directory. */
static bool
is_huge_size(const char *name)
{
	uint64_t kb;

	return hugetlb_dir_kb(name, &kb) == 0;
}

/* Returns whether NAME is a NUMA node's directory ("node3"), or a memory block's link to it. */
static bool
is_node(const char *name)
{
	uint64_t id;

	return sysname_id(name, "node", &id);
}

/* walk()'s copy of the THP size directory REL: its stats/ and its enabled. */
static int
thp_size(struct capture *c, const char *rel, const void *arg,
    struct ferr *e)
{
	char *sub;
	int rc;

	(void)arg;
	if ((sub = join(rel, "stats", e)) == NULL)
		return -1;
	rc = walk(c, sub, is_stat, copy_each, NULL, e);
	free(sub);
	if (rc != 0 || (sub = join(rel, "enabled", e)) == NULL)
		return -1;
	/*
	 * A size only shmem may use has no 'enabled' (6.18's hugepages-8kB
	 * holds shmem_enabled alone): nothing is missing, there is nothing
	 * to copy.
	 */
	rc = capture_copy(c, sub, CAPTURE_IF_THERE, e) < 0 ? -1 : 0;
	free(sub);
	return rc;
}

/* walk()'s copy of the hugetlb pools of the node directory REL. */
static int
node_pools(struct capture *c, const char *rel, const void *arg,
    struct ferr *e)
{
	static const struct names node = { hugetlb_node_files,
	    HUGETLB_NODE_NFILES };
	char *sub;
	int rc;

	(void)arg;
	if ((sub = join(rel, "hugepages", e)) == NULL)
		return -1;
	rc = walk(c, sub, is_huge_size, copy_names, &node, e);
	free(sub);
	return rc;
}

int
capture_huge_pages(struct capture *c, struct ferr *e)
{
	static const struct names all = { hugetlb_files, HUGETLB_NFILES };

	if (walk(c, "/" THP_DIR, is_thp_size, thp_size, NULL, e) != 0)
		return -1;
	/* A kernel without hugetlb: said, or a reader could not tell. */
	if (dir_there(c, "/" HUGETLB_DIR, e) < 0)
		return -1;
	if (walk(c, "/" HUGETLB_DIR, is_huge_size, copy_names, &all, e) != 0)
		return -1;
	return walk(c, "/" HUGETLB_NODE_DIR, is_node, node_pools, NULL, e);
}

/* walk()'s count of the entries it keeps, in C's COUNTED. */
static int
count_each(struct capture *c, const char *rel, const void *arg,
    struct ferr *e)
{
	(void)rel;
	(void)arg;
	(void)e;
	c->counted++;
	return 0;
}

/* Returns whether NAME is a memory block's directory ("memory42"). */
static bool
is_memblock(const char *name)
{
	uint64_t v;

	return sysname_id(name, "memory", &v);
}

/* walk()'s empty file named as the block's node link REL: what memblock_read() reads. */
static int
node_link(struct capture *c, const char *rel, const void *arg,
    struct ferr *e)
{
	(void)arg;
	return capture_put(c, rel, "", 0, e);
}

/* walk()'s copy of the memory block REL: its state, valid_zones, removable and node. */
static int
memblock_each(struct capture *c, const char *rel, const void *arg,
    struct ferr *e)
{
	static const char *const v[] = { "state", "valid_zones", "removable" };
	static const struct names block = { v, sizeof(v) / sizeof(v[0]) };

	(void)arg;
	if (copy_names(c, rel, &block, e) != 0)
		return -1;
	return walk(c, rel, is_node, node_link, NULL, e);
}

int
capture_memblocks(struct capture *c, struct ferr *e)
{
	int rc;

	if ((rc = dir_there(c, "/" MEMBLOCK_DIR, e)) <= 0)
		return rc;
	c->counted = 0;
	if (walk(c, "/" MEMBLOCK_DIR, is_memblock, count_each, NULL, e) != 0)
		return -1;
	if (c->counted > MEMBLOCK_CAPTURE_MAX) {
		capture_note(c, "skipped %s: %zu blocks, more than %d\n",
		    MEMBLOCK_DIR, c->counted, MEMBLOCK_CAPTURE_MAX);
		return 0;
	}
	if (capture_copy(c, "/" MEMBLOCK_DIR "/block_size_bytes", CAPTURE_OPTIONAL, e) < 0)
		return -1;
	return walk(c, "/" MEMBLOCK_DIR, is_memblock, memblock_each, NULL, e);
}

/* Returns whether NAME may be a CMA area's directory. */
static bool
is_cma_area(const char *name)
{
	return name[0] != '.' && strlen(name) < CMA_NAME_SIZE;
}

int
capture_cma(struct capture *c, struct ferr *e)
{
	static const struct names sysfs = { cma_files, CMA_NSYSFS };
	static const struct names debug = { cma_files + CMA_NSYSFS,
	    CMA_NFILES - CMA_NSYSFS };

	/* Without CONFIG_CMA_SYSFS (or CMA) there is nothing to copy. */
	if (walk(c, "/" CMA_SYSFS_DIR, is_cma_area, copy_names, &sysfs,
	    e) != 0)
		return -1;
	return walk(c, "/" CMA_DEBUG_DIR, is_cma_area, copy_names, &debug, e);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hugetlb.c - the hugetlb pools of every size, machine-wide and per node */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hugetlb.h"
#include "pageorder.h"
#include "slurp.h"
#include "sysname.h"
#include "text.h"

const char *const hugetlb_files[HUGETLB_NFILES] = {
	"nr_hugepages", "free_hugepages", "resv_hugepages", "surplus_hugepages",
	"nr_overcommit_hugepages",
};
const char *const hugetlb_node_files[HUGETLB_NODE_NFILES] = {
	"nr_hugepages", "free_hugepages", "surplus_hugepages",
};

int
hugetlb_parse_count(const char *buf, size_t len, uint64_t *v, struct ferr *e)
{
	struct tok t = { buf, len };
	int rc;

	/*
	 * The kernel writes "%lu\n": without the newline, the count may have
	 * lost digits (a copy cut short), so it is not read.
	 */
	if (!tok_chop(&t, '\n') && len > 0)
		return lines_whole(buf, len, 1, e);
	if ((rc = num_u64(&t, v)) != 0)
		return num_error(e, 1, &t, rc, 10, "huge page count");
	return 0;
}

/* Returns 0 with *V from the N bytes at S: decimal digits, no leading zero; or -1. */
static int
canonical(const char *s, size_t n, uint64_t *v)
{
	struct tok t = { s, n };

	if (n > 1 && s[0] == '0')
		return -1;
	return num_u64(&t, v) == 0 ? 0 : -1;
}

int
hugetlb_dir_kb(const char *name, uint64_t *kb)
{
	static const char pre[] = "hugepages-";
	size_t n = strlen(name), np = sizeof(pre) - 1;

	if (n <= np + 2 || strncmp(name, pre, np) != 0 ||
	    strcmp(name + n - 2, "kB") != 0)
		return -1;
	return canonical(name + np, n - np - 2, kb);
}

int
hugetlb_count_read(const char *dir, const char *file, uint64_t *v, struct ferr *e)
{
	struct slurp s;
	char *path;
	int rc;

	if (asprintf(&path, "%s/%s", dir, file) < 0)
		return ferr_set(e, 0, "out of memory");
	e->path = path;
	if ((rc = slurp_read(path, &s, e)) == 0) {
		rc = hugetlb_parse_count(s.buf, s.len, v, e);
		slurp_free(&s);
	}
	ferr_keep_path(e, path);	/* E outlives PATH */
	free(path);
	return rc == 0 ? 0 : -1;
}

/* Read the N counts DIR/FILES[i] into *V[i]. Returns 0, or -1 with E set. */
static int
counts_read(const char *dir, const char *const *files, uint64_t *const *v,
    size_t n, struct ferr *e)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (hugetlb_count_read(dir, files[i], v[i], e) != 0)
			return -1;
	return 0;
}

int
hugetlb_open_dir(const char *path, DIR **dp, struct ferr *e)
{
	if ((*dp = opendir(path)) != NULL)
		return 1;
	if (errno == ENOENT)
		return 0;
	ferr_keep_path(e, path);
	return ferr_set(e, 0, "cannot read the directory: %s", strerror(errno));
}

/*
 * Open the directory DIR of ROOT into *DP, naming it in E. Returns as
 * hugetlb_open_dir(): 1 when open, 0 when absent, -1 with E set.
 */
static int
open_under(const char *root, const char *dir, DIR **dp, struct ferr *e)
{
	char *path;
	int rc;

	/* -1 said, not ferr_set()'s: the caller opens *DP on 1. */
	if (asprintf(&path, "%s/%s", root, dir) < 0) {
		ferr_set(e, 0, "out of memory");
		return -1;
	}
	if ((rc = hugetlb_open_dir(path, dp, e)) > 0)
		ferr_keep_path(e, path);
	free(path);
	return rc;
}

/* Add a size of KB kilobytes to H, keeping H ascending. Returns 0, or -1 with E set. */
static int
add_size(struct hugetlb *h, uint64_t kb, unsigned long page_size,
    struct ferr *e)
{
	struct hugetlb_size *z;
	size_t i;

	if (h->nsizes == FRAG_MAX_HUGE_SIZES)
		return ferr_set(e, 0, "more than %d hugetlb page sizes",
		    FRAG_MAX_HUGE_SIZES);
	if (kb > UINT64_MAX / 1024)
		return ferr_set(e, 0, "hugepages-%llukB: beyond 64 bits of "
		    "bytes", (unsigned long long)kb);
	for (i = h->nsizes; i > 0 && h->sizes[i - 1].bytes > kb * 1024; i--)
		h->sizes[i] = h->sizes[i - 1];
	z = &h->sizes[i];
	memset(z, 0, sizeof(*z));
	z->bytes = kb * 1024;
	z->order = pageorder_of(page_size, z->bytes);
	h->nsizes++;
	return 0;
}

/* List the sizes under ROOT's hugepages directory into H. Returns as hugetlb_read(). */
static int
list_sizes(const char *root, unsigned long page_size, struct hugetlb *h,
    struct ferr *e)
{
	struct dirent *d;
	uint64_t kb;
	DIR *dp;
	int rc;

	if ((rc = open_under(root, HUGETLB_DIR, &dp, e)) <= 0)
		return rc;
	rc = 0;
	while (rc == 0 && (d = readdir(dp)) != NULL)
		if (hugetlb_dir_kb(d->d_name, &kb) == 0)
			rc = add_size(h, kb, page_size, e);
	closedir(dp);
	return rc != 0 ? -1 : h->nsizes > 0;
}

/* qsort() order of node ids. */
static int
cmp_unsigned(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return (x > y) - (x < y);
}

/*
 * Store in IDS (FRAG_MAX_NODES, ascending) the nodes listed in ROOT's node
 * directory. Returns their number (0 without the directory: no NUMA), or
 * -1 with E set.
 */
static int
list_nodes(const char *root, unsigned *ids, struct ferr *e)
{
	struct dirent *d;
	uint64_t v;
	DIR *dp;
	int rc, n = 0;

	if ((rc = open_under(root, HUGETLB_NODE_DIR, &dp, e)) <= 0)
		return rc;
	rc = 0;
	while (rc == 0 && (d = readdir(dp)) != NULL) {
		if (!sysname_id(d->d_name, "node", &v))
			continue;
		/* NODES_SHIFT is at most 10: each id once, below the limit. */
		if (v >= FRAG_MAX_NODES)
			rc = ferr_set(e, 0, "%s: node id out of range (at most "
			    "%d)", d->d_name, FRAG_MAX_NODES - 1);
		else
			ids[n++] = (unsigned)v;
	}
	closedir(dp);
	if (rc != 0)
		return -1;
	qsort(ids, (size_t)n, sizeof(ids[0]), cmp_unsigned);
	return n;
}

/*
 * Read the pools of size Z on the NIDS nodes IDS of ROOT that have one.
 * Returns 0, or -1 with E set.
 */
static int
read_nodes(const char *root, struct hugetlb_size *z, const unsigned *ids,
    int nids, struct ferr *e)
{
	uint64_t *v[HUGETLB_NODE_NFILES];
	struct hugetlb_node *nd;
	char *dir;
	int i, rc;

	if (nids == 0)
		return 0;
	if ((z->nodes = calloc((size_t)nids, sizeof(z->nodes[0]))) == NULL)
		return ferr_set(e, 0, "out of memory");
	for (i = 0; i < nids; i++) {
		if (asprintf(&dir, "%s/" HUGETLB_NODE_DIR "/node%u/hugepages/"
		    "hugepages-%llukB", root, ids[i],
		    (unsigned long long)(z->bytes / 1024)) < 0)
			return ferr_set(e, 0, "out of memory");
		/* A node without memory has no pools. */
		if (access(dir, F_OK) != 0 && errno == ENOENT) {
			free(dir);
			continue;
		}
		nd = &z->nodes[z->nnodes];
		nd->node = ids[i];
		/* In hugetlb_node_files' order. */
		v[0] = &nd->nr;
		v[1] = &nd->free;
		v[2] = &nd->surplus;
		rc = counts_read(dir, hugetlb_node_files, v, HUGETLB_NODE_NFILES,
		    e);
		free(dir);
		if (rc != 0)
			return -1;
		z->nnodes++;
	}
	return 0;
}

int
hugetlb_read(const char *root, unsigned long page_size, struct hugetlb *h,
    struct ferr *e)
{
	unsigned ids[FRAG_MAX_NODES];
	uint64_t *v[HUGETLB_NFILES];
	struct hugetlb_size *z;
	char *dir;
	size_t i;
	int rc, nids;

	memset(h, 0, sizeof(*h));
	if (root == NULL)
		root = "";
	if ((rc = list_sizes(root, page_size, h, e)) <= 0)
		return rc;
	if ((nids = list_nodes(root, ids, e)) < 0)
		return -1;
	for (i = 0; i < h->nsizes; i++) {
		z = &h->sizes[i];
		if (asprintf(&dir, "%s/" HUGETLB_DIR "/hugepages-%llukB", root,
		    (unsigned long long)(z->bytes / 1024)) < 0)
			return ferr_set(e, 0, "out of memory");
		/* In hugetlb_files' order. */
		v[0] = &z->nr;
		v[1] = &z->free;
		v[2] = &z->resv;
		v[3] = &z->surplus;
		v[4] = &z->overcommit;
		rc = counts_read(dir, hugetlb_files, v, HUGETLB_NFILES, e);
		free(dir);
		if (rc != 0 || read_nodes(root, z, ids, nids, e) != 0)
			return -1;
	}
	return 1;
}

void
hugetlb_free(struct hugetlb *h)
{
	size_t i;

	for (i = 0; i < h->nsizes; i++) {
		free(h->sizes[i].nodes);
		h->sizes[i].nodes = NULL;
		h->sizes[i].nnodes = 0;
	}
	h->nsizes = 0;
}

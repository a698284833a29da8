/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memblock_read.c - the memory blocks of /sys/devices/system/memory: size, state, zones, node */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "inputs.h"
#include "memblock_parse.h"
#include "memblock_read.h"
#include "slurp.h"
#include "sysname.h"
#include "text.h"

/*
 * Read file NAME of DIR into S, its path kept in E. Returns 0, 1 when
 * it does not exist and OPTIONAL, or -1 with E set.
 */
static int
read_one(const char *dir, const char *name, bool optional, struct slurp *s,
    struct ferr *e)
{
	char path[PATH_MAX];
	int rc;

	if (inputs_join_max(path, dir, name, e) != 0)
		return -1;
	ferr_keep_path(e, path);
	if ((rc = slurp_read(path, s, e)) == -ENOENT && optional)
		return 1;
	return rc == 0 ? 0 : -1;
}

/* Fill B from the directory DIR of one block. Returns 0, or -1 with E set. */
static int
read_block(const char *dir, struct memblock *b, struct ferr *e)
{
	struct dirent *d;
	struct slurp s;
	uint64_t node;
	DIR *dp;
	int rc;

	if (read_one(dir, "state", false, &s, e) != 0)
		return -1;
	rc = memblock_parse_state(s.buf, s.len, &b->state, e);
	slurp_free(&s);
	if (rc != 0 || read_one(dir, "valid_zones", false, &s, e) != 0)
		return -1;
	rc = memblock_parse_zones(s.buf, s.len, b->zones, sizeof(b->zones), e);
	slurp_free(&s);
	if (rc != 0 || (rc = read_one(dir, "removable", true, &s, e)) < 0)
		return -1;
	b->removable = -1;
	if (rc == 0) {
		rc = memblock_parse_removable(s.buf, s.len, &b->removable, e);
		slurp_free(&s);
		if (rc != 0)
			return -1;
	}
	/* The kernel links memoryN/nodeM to its node; a capture keeps a file. */
	b->node = -1;
	if ((dp = opendir(dir)) == NULL) {
		ferr_keep_path(e, dir);
		return ferr_set(e, 0, "%s", strerror(errno));
	}
	while ((d = readdir(dp)) != NULL)
		if (sysname_id(d->d_name, "node", &node) &&
		    node < FRAG_MAX_NODES)
			b->node = (int)node;
	closedir(dp);
	return 0;
}

/* qsort() order of two blocks by id. */
static int
cmp_id(const void *a, const void *b)
{
	uint64_t x = ((const struct memblock *)a)->id;
	uint64_t y = ((const struct memblock *)b)->id;

	return (x > y) - (x < y);
}

int
memblock_read(const char *root, struct memblocks *mb, struct ferr *e)
{
	char *top = inputs_path(root, "/" MEMBLOCK_DIR), path[PATH_MAX];
	struct memblock *nb;
	struct dirent *d;
	struct slurp s;
	size_t cap = 0;
	uint64_t id;
	DIR *dp;
	int rc;

	memset(mb, 0, sizeof(*mb));
	if (top == NULL)
		return ferr_set(e, 0, "out of memory");
	if ((dp = opendir(top)) == NULL) {
		/* No such directory: a kernel without memory hotplug. */
		rc = errno == ENOENT ? 0 : -1;
		if (rc) {
			ferr_keep_path(e, top);
			ferr_set(e, 0, "%s", strerror(errno));
		}
		free(top);
		return rc;
	}
	mb->read = true;
	if ((rc = read_one(top, "block_size_bytes", false, &s, e)) == 0) {
		rc = memblock_parse_size(s.buf, s.len, &mb->block_bytes, e);
		slurp_free(&s);
	}
	while (rc == 0 && (d = readdir(dp)) != NULL) {
		if (!sysname_id(d->d_name, "memory", &id))
			continue;
		if ((nb = grow_room(mb->b, &cap, mb->n, sizeof(*nb),
		    SIZE_MAX)) == NULL) {
			rc = ferr_set(e, 0, "out of memory");
			break;
		}
		mb->b = nb;
		memset(&mb->b[mb->n], 0, sizeof(mb->b[0]));
		mb->b[mb->n].id = id;
		if ((rc = inputs_join_max(path, top, d->d_name, e)) == 0)
			rc = read_block(path, &mb->b[mb->n++], e);
	}
	closedir(dp);
	free(top);
	if (rc != 0) {
		memblock_free(mb);
		return -1;
	}
	qsort(mb->b, mb->n, sizeof(*mb->b), cmp_id);
	return 0;
}

void
memblock_free(struct memblocks *mb)
{
	free(mb->b);
	memset(mb, 0, sizeof(*mb));
}

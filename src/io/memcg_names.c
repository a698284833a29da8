/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memcg_names.c - the memory cgroups' paths by inode, under the memory controller's mount */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "inputs.h"
#include "memcg_names.h"
#include "mounts.h"
#include "slurp.h"
#include "text.h"

/* How deep under the mount a group is looked for; deeper ones stay named by inode. */
#define WALK_DEPTH_MAX	64

/* The room for a group's path while walking; a longer one stays named by inode. */
#define WALK_PATH_ROOM	8192

/* Name CG's groups by the directories under PATH (LEN bytes of it, DEV its device), REL bytes in. */
static int
walk(struct memcg *cg, char *path, size_t len, size_t cap, size_t rel,
    dev_t dev, unsigned depth)
{
	struct dirent *d;
	struct stat st;
	size_t n;
	long g;
	DIR *dir;
	int rc = 0;

	if (depth > WALK_DEPTH_MAX || (dir = opendir(path)) == NULL)
		return 0;
	while (rc == 0 && (d = readdir(dir)) != NULL) {
		n = strlen(d->d_name);
		if (d->d_name[0] == '.' || len + 1 + n + 1 > cap)
			continue;
		path[len] = '/';
		memcpy(path + len + 1, d->d_name, n + 1);
		if (lstat(path, &st) != 0 || !S_ISDIR(st.st_mode) ||
		    st.st_dev != dev)
			continue;
		g = memcg_find(cg, (uint64_t)st.st_ino);
		if (g >= 0 && cg->groups[g].path == NULL &&
		    (cg->groups[g].path = strdup(path + rel)) == NULL)
			rc = -1;
		if (rc == 0)
			rc = walk(cg, path, len + 1 + n, cap, rel, st.st_dev,
			    depth + 1);
	}
	closedir(dir);
	path[len] = '\0';
	return rc;
}

/*
 * Name the groups of CG by the directories under DIR (NULL: no mount)
 * with their inodes ("/" for DIR itself); inode 0 is "-". Returns 0, or
 * -1 when out of memory. Directories it cannot read are skipped.
 */
static int
memcg_paths(struct memcg *cg, const char *dir)
{
	size_t i, cap = WALK_PATH_ROOM, len;
	struct stat st;
	char *path;
	int rc;

	for (i = 0; i < cg->ngroups; i++)
		if (cg->groups[i].ino == 0 && cg->groups[i].path == NULL &&
		    (cg->groups[i].path = strdup("-")) == NULL)
			return -1;
	if (dir == NULL || stat(dir, &st) != 0)
		return 0;
	for (i = 0; i < cg->ngroups; i++)
		if (cg->groups[i].ino == (uint64_t)st.st_ino &&
		    cg->groups[i].path == NULL &&
		    (cg->groups[i].path = strdup("/")) == NULL)
			return -1;
	/* A mount point too long to walk below: its groups stay unnamed. */
	if ((len = strlen(dir)) + 2 > cap)
		return 0;
	if ((path = malloc(cap)) == NULL)
		return -1;
	memcpy(path, dir, len + 1);
	rc = walk(cg, path, len, cap, len, st.st_dev, 0);
	free(path);
	return rc;
}

int
memcg_name(struct memcg *cg, const char *root)
{
	char *mounts, *dir = NULL, *full = NULL;
	struct slurp s = { NULL, 0 };
	struct ferr e = { .path = "" };
	size_t i, unnamed = 0;
	bool v2 = false;
	int rc = 0;

	cg->note[0] = '\0';
	if ((mounts = inputs_path(root, "/proc/mounts")) == NULL)
		return -1;
	/* Unreadable, or a line it cannot read: no mount, groups named by inode. */
	if (slurp_read(mounts, &s, &e) == 0)
		mounts_memcg(s.buf, s.len, &dir, &v2, &e);
	slurp_free(&s);
	free(mounts);
	if (dir && (full = inputs_path(root, dir)) == NULL)
		rc = -1;
	if (rc == 0)
		rc = memcg_paths(cg, full);
	for (i = 0; i < cg->ngroups; i++)
		unnamed += cg->groups[i].path == NULL;
	if (dir == NULL)
		snprintf(cg->note, sizeof(cg->note), "no memory cgroup mount in "
		    "/proc/mounts: cgroups are named by inode");
	else if (unnamed)
		snprintf(cg->note, sizeof(cg->note), "%zu cgroup%s not found "
		    "under %.100s (removed since?): named by inode", unnamed,
		    unnamed == 1 ? "" : "s", dir);
	free(dir);
	free(full);
	return rc;
}

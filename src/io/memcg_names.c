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
#include "slurp.h"
#include "text.h"

/* Returns whether the comma-separated options T name WORD. */
static bool
has_option(const struct tok *t, const char *word)
{
	size_t i = 0, j, n = strlen(word);

	while (i < t->n) {
		for (j = i; j < t->n && t->s[j] != ','; j++)
			;
		if (j - i == n && memcmp(t->s + i, word, n) == 0)
			return true;
		i = j + 1;
	}
	return false;
}

char *
memcg_mount_parse(const char *buf, size_t len, bool *v2)
{
	struct tok t[8], m1 = { NULL, 0 }, m2 = { NULL, 0 };
	struct lines ls;
	struct ferr e;
	const char *s;
	size_t n, nt;

	lines_init(&ls, buf, len);
	while (lines_next(&ls, &s, &n, &e) > 0) {
		nt = tok_split(s, n, t, 8);
		if (nt != 6)
			continue;
		if (m1.s == NULL && tok_is(&t[2], "cgroup") &&
		    has_option(&t[3], "memory"))
			m1 = t[1];
		else if (m2.s == NULL && tok_is(&t[2], "cgroup2"))
			m2 = t[1];
	}
	/* A v1 memory hierarchy holds the controller even beside cgroup2. */
	*v2 = m1.s == NULL;
	if (m1.s)
		return text_unoctal(m1.s, m1.n);
	return m2.s ? text_unoctal(m2.s, m2.n) : NULL;
}

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

	if (depth > 64 || (dir = opendir(path)) == NULL)
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
 * Name the groups of CG by the directories under DIR with their inodes
 * ("/" for DIR itself); inode 0 is "-". Returns 0, or -1 when out of
 * memory. Directories it cannot read are skipped.
 */
static int
memcg_paths(struct memcg *cg, const char *dir)
{
	size_t i, cap = 8192, len = strlen(dir);
	struct stat st;
	char *path;
	int rc;

	for (i = 0; i < cg->ngroups; i++)
		if (cg->groups[i].ino == 0 && cg->groups[i].path == NULL &&
		    (cg->groups[i].path = strdup("-")) == NULL)
			return -1;
	if (stat(dir, &st) != 0)
		return 0;
	for (i = 0; i < cg->ngroups; i++)
		if (cg->groups[i].ino == (uint64_t)st.st_ino &&
		    cg->groups[i].path == NULL &&
		    (cg->groups[i].path = strdup("/")) == NULL)
			return -1;
	/* A mount point too long to walk below: its groups stay unnamed. */
	if (len + 2 > cap)
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
	if (slurp_read(mounts, &s, &e) == 0)
		dir = memcg_mount_parse(s.buf, s.len, &v2);
	slurp_free(&s);
	free(mounts);
	if (dir && (full = inputs_path(root, dir)) == NULL)
		rc = -1;
	if (rc == 0)
		rc = memcg_paths(cg, full ? full : "/nonexistent/");
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

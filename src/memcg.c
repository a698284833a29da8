/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memcg.c - page frames by memory cgroup (kpagecgroup_read() in fs/proc/page.c), per pageblock, and the cgroups' paths */
#include "config.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "inputs.h"
#include "memcg.h"
#include "slurp.h"
#include "text.h"

void
memcg_init(struct memcg *cg)
{
	memset(cg, 0, sizeof(*cg));
}

void
memcg_free(struct memcg *cg)
{
	size_t i;

	for (i = 0; i < cg->ngroups; i++)
		free(cg->groups[i].path);
	free(cg->groups);
	free(cg->charges);
	free(cg->hash);
	free(cg->rank);
	memset(cg, 0, sizeof(*cg));
}

/* Returns the hash slot of inode INO in a table of CAP (a power of two) slots. */
static size_t
slot(uint64_t ino, size_t cap)
{
	return (size_t)((ino * 0x9e3779b97f4a7c15ULL) >> 40) & (cap - 1);
}

/* Double CG's hash table. Returns 0 or -1 when out of memory. */
static int
rehash(struct memcg *cg)
{
	size_t cap = cg->hcap ? cg->hcap * 2 : 64, i, s;
	uint32_t *h = calloc(cap, sizeof(*h));

	if (h == NULL)
		return -1;
	for (i = 0; i < cg->ngroups; i++) {
		for (s = slot(cg->groups[i].ino, cap); h[s]; s = (s + 1) &
		    (cap - 1))
			;
		h[s] = (uint32_t)i + 1;
	}
	free(cg->hash);
	cg->hash = h;
	cg->hcap = cap;
	return 0;
}

long
memcg_group(struct memcg *cg, uint64_t ino)
{
	struct memcg_group *ng;
	size_t s;

	if (cg->last < cg->ngroups && cg->groups[cg->last].ino == ino)
		return (long)cg->last;
	/* At most half full, so that a probe ends soon. */
	if (cg->ngroups * 2 >= cg->hcap && rehash(cg) != 0)
		return -1;
	for (s = slot(ino, cg->hcap); cg->hash[s]; s = (s + 1) &
	    (cg->hcap - 1))
		if (cg->groups[cg->hash[s] - 1].ino == ino)
			return (long)(cg->last = cg->hash[s] - 1);
	if (cg->ngroups == cg->gcap) {
		cg->gcap = cg->gcap ? cg->gcap * 2 : 16;
		if ((ng = realloc(cg->groups, cg->gcap * sizeof(*ng))) == NULL)
			return -1;
		cg->groups = ng;
	}
	memset(&cg->groups[cg->ngroups], 0, sizeof(*cg->groups));
	cg->groups[cg->ngroups].ino = ino;
	cg->hash[s] = (uint32_t)++cg->ngroups;
	return (long)(cg->last = cg->ngroups - 1);
}

int
memcg_charge(struct memcg *cg, uint32_t zone, uint32_t block, uint32_t g,
    enum memcg_class c, uint16_t n)
{
	struct memcg_charge *nc;
	size_t i;

	if (cg->cur < cg->ncharges && (cg->charges[cg->cur].zone != zone ||
	    cg->charges[cg->cur].block != block))
		cg->cur = cg->ncharges;
	/* A pageblock has few groups: look through its charges. */
	for (i = cg->cur; i < cg->ncharges; i++)
		if (cg->charges[i].group == g) {
			cg->charges[i].n[c] += n;
			return 0;
		}
	if (cg->ncharges == cg->ccap) {
		cg->ccap = cg->ccap ? cg->ccap * 2 : 1024;
		if ((nc = realloc(cg->charges, cg->ccap * sizeof(*nc))) == NULL)
			return -1;
		cg->charges = nc;
	}
	nc = &cg->charges[cg->ncharges++];
	memset(nc, 0, sizeof(*nc));
	nc->zone = zone;
	nc->block = block;
	nc->group = g;
	nc->n[c] = n;
	return 0;
}

int
memcg_pages(struct memcg *cg, const struct map *m, size_t zi, uint64_t pfn,
    const uint64_t *flags, const uint64_t *ino, size_t n)
{
	const struct map_zone *z = &m->zones[zi];
	enum map_class c;
	long g;
	size_t i;

	for (i = 0; i < n; i++, pfn++) {
		c = map_classify(flags[i], m->balloon);
		/* Free pages and holes are nobody's. */
		if (c == MAP_FREE || c == MAP_HOLE)
			continue;
		if ((g = memcg_group(cg, ino[i])) < 0 ||
		    memcg_charge(cg, (uint32_t)zi, (uint32_t)((pfn >>
		    m->pageblock_order) - z->first_block), (uint32_t)g,
		    c == MAP_UNMOVABLE ? MEMCG_UNMOVABLE : c == MAP_AMBIGUOUS ?
		    MEMCG_AMBIGUOUS : MEMCG_MOVABLE, 1) != 0)
			return -1;
	}
	return 0;
}

/* Copy the N bytes of S into a string, undoing /proc/mounts' "\040" escapes. */
static char *
unescape(const char *s, size_t n)
{
	char *d = malloc(n + 1), *p = d;
	size_t i;

	if (d == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		if (s[i] == '\\' && i + 3 < n &&
		    s[i + 1] >= '0' && s[i + 1] <= '3' && s[i + 2] >= '0' &&
		    s[i + 2] <= '7' && s[i + 3] >= '0' && s[i + 3] <= '7') {
			*p++ = (char)((s[i + 1] - '0') * 64 + (s[i + 2] - '0') *
			    8 + (s[i + 3] - '0'));
			i += 3;
		} else
			*p++ = s[i];
	*p = '\0';
	return d;
}

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
		return unescape(m1.s, m1.n);
	return m2.s ? unescape(m2.s, m2.n) : NULL;
}

/* Name CG's groups by the directories under PATH (LEN bytes of it, DEV its device), REL bytes in. */
static int
walk(struct memcg *cg, char *path, size_t len, size_t cap, size_t rel,
    dev_t dev, unsigned depth)
{
	struct dirent *d;
	struct stat st;
	size_t n, s;
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
		if (cg->hcap) {
			for (s = slot((uint64_t)st.st_ino, cg->hcap); cg->hash[s];
			    s = (s + 1) & (cg->hcap - 1))
				if (cg->groups[cg->hash[s] - 1].ino ==
				    (uint64_t)st.st_ino && cg->groups[cg->hash[s] -
				    1].path == NULL &&
				    (cg->groups[cg->hash[s] - 1].path =
				    strdup(path + rel)) == NULL)
					rc = -1;
		}
		if (rc == 0)
			rc = walk(cg, path, len + 1 + n, cap, rel, st.st_dev,
			    depth + 1);
	}
	closedir(dir);
	path[len] = '\0';
	return rc;
}

int
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
	if (len + 2 > cap || (path = malloc(cap)) == NULL)
		return len + 2 > cap ? 0 : -1;
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

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* safedir_rm.c - remove a directory tree with one new descriptor at most, from a signal handler too */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "safedir.h"

#define DIR_FLAGS	(O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)

/*
 * Remove the entry NAME of the directory FD when it is a file or an empty
 * directory, counted in *REMOVED, or in *LEFT when it stays; the name of
 * a directory that is not empty goes to SUB (SIZE bytes) instead.
 * Returns 1 with SUB set, else 0.
 */
static int
clear_entry(int fd, const char *name, char *sub, size_t size, int *removed,
    int *left)
{
	if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
		return 0;
	if (unlinkat(fd, name, 0) == 0 || unlinkat(fd, name, AT_REMOVEDIR) == 0)
		(*removed)++;
	else if (errno == ENOTEMPTY || errno == EEXIST) {
		/* A name of a directory entry: it fits NAME_MAX + 1. */
		if (snprintf(sub, size, "%s", name) < (int)size)
			return 1;
		(*left)++;
	} else if (errno != ENOENT)
		(*left)++;
	return 0;
}

/* The bytes getdents64() fills: a batch of entries, aligned as one. */
union dents {
	struct dirent64	 d;
	char		 b[2048];
};

/*
 * clear_entry() each of the N bytes of entries of the directory FD that
 * getdents64() put in U. Returns 1 with SUB set, else 0.
 */
static int
clear_batch(int fd, const union dents *u, ssize_t n, char *sub, size_t size,
    int *removed, int *left)
{
	const struct dirent64 *d;
	ssize_t off;

	for (off = 0; off < n; off += d->d_reclen) {
		d = (const struct dirent64 *)(const void *)(u->b + off);
		if (clear_entry(fd, d->d_name, sub, size, removed, left) == 1)
			return 1;
	}
	return 0;
}

/*
 * Remove the entries of the directory REL of TOP ("": TOP itself) that
 * are files or empty directories; the name of one directory that is not
 * empty goes to SUB (SIZE bytes) instead. It is read from the start
 * again while a pass removed something (a removal may move the entries
 * after it). Returns 1 with SUB set, 0 when it is empty now, or -1 when
 * something stays.
 */
static int
clear_one(int top, const char *rel, char *sub, size_t size)
{
	union dents u;
	ssize_t n;
	int fd, removed, left, rc = -1;

	fd = rel[0] == '\0' ? top : openat(top, rel, DIR_FLAGS);
	if (fd == -1)
		return -1;
	do {
		removed = left = 0;
		if (lseek(fd, 0, SEEK_SET) != 0)
			goto out;
		/* getdents64(), not readdir(): no memory taken, in a handler too. */
		while ((n = getdents64(fd, u.b, sizeof(u.b))) > 0)
			if (clear_batch(fd, &u, n, sub, size, &removed,
			    &left) == 1) {
				rc = 1;
				goto out;
			}
		if (n < 0)
			goto out;
	} while (removed > 0);
	rc = left ? -1 : 0;
out:
	if (fd != top)
		close(fd);
	return rc;
}

/*
 * Empty the directory REL of TOP ("": TOP itself; REL a buffer of
 * PATH_MAX bytes, given back as it came). Each directory below it that
 * is not empty is gone into by its path from TOP, emptied and removed,
 * one at a time: one descriptor is open at most, whatever the depth, so
 * that the last free one is enough. The paths go only through
 * directories we made. Returns 0 when REL is empty, else -1.
 */
static int
rm_below(int top, char *rel)
{
	size_t base = strlen(rel), len;
	char sub[NAME_MAX + 1], *slash;
	int rc;

	for (;;) {
		if ((rc = clear_one(top, rel, sub, sizeof(sub))) == 1) {
			len = strlen(rel);
			if (len + 1 + strlen(sub) >= PATH_MAX)
				break;
			snprintf(rel + len, PATH_MAX - len, "%s%s",
			    len ? "/" : "", sub);
			continue;
		}
		if (strlen(rel) == base)
			return rc;
		if (rc != 0 || unlinkat(top, rel, AT_REMOVEDIR) != 0)
			break;
		/* Back up to the directory that held it, to read it again. */
		if ((slash = strrchr(rel, '/')) != NULL && slash >= rel + base)
			*slash = '\0';
		else
			rel[base] = '\0';
	}
	rel[base] = '\0';
	return -1;
}

int
safedir_rm_tree(int dfd, const char *name)
{
	char rel[PATH_MAX];

	if (unlinkat(dfd, name, 0) == 0 || errno == ENOENT)
		return 0;
	if (errno != EISDIR ||
	    snprintf(rel, sizeof(rel), "%s", name) >= (int)sizeof(rel))
		return -1;
	rm_below(dfd, rel);
	if (unlinkat(dfd, name, AT_REMOVEDIR) != 0 && errno != ENOENT)
		return -1;
	return 0;
}

int
safedir_rm_held(int dfd, const char *name, int fd)
{
	char rel[PATH_MAX] = "";
	struct stat held, now;

	if (rm_below(fd, rel) != 0)
		return -1;
	if (fstatat(dfd, name, &now, AT_SYMLINK_NOFOLLOW) != 0)
		return errno == ENOENT ? 0 : -1;
	/*
	 * Only the directory held goes, and only empty: one another user
	 * put in its place is left, and could only be an empty one.
	 */
	if (fstat(fd, &held) != 0 || held.st_dev != now.st_dev ||
	    held.st_ino != now.st_ino)
		return -1;
	return unlinkat(dfd, name, AT_REMOVEDIR);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* safedir_name.c - new names in a directory held open: temporary ones, and renames that never replace */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "safedir.h"

#define DIR_FLAGS	(O_RDONLY | O_DIRECTORY | O_CLOEXEC)

/*
 * safedir_mkdtemp()'s name: TMP_FORMAT, its TMP_RANDOM X's drawn from
 * tmp_chars (SAFEDIR_TMP_EXTRA in safedir.h counts the bytes it adds).
 */
#define TMP_FORMAT	".%s.XXXXXX"
#define TMP_RANDOM	6
/* Names drawn before giving up: of 62^6, only a flooded directory takes 100 in a row. */
#define TMP_TRIES	100
static const char tmp_chars[] =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

int
safedir_mkdtemp(int dfd, const char *base, char *tmp, size_t size)
{
	unsigned char r[TMP_RANDOM];
	int try, i, fd;
	size_t n;

	if (snprintf(tmp, size, TMP_FORMAT, base) >= (int)size) {
		errno = ENAMETOOLONG;
		return -1;
	}
	n = strlen(tmp) - TMP_RANDOM;
	for (try = 0; try < TMP_TRIES; try++) {
		if (getrandom(r, sizeof(r), 0) != (ssize_t)sizeof(r))
			return -1;
		for (i = 0; i < TMP_RANDOM; i++)
			tmp[n + (size_t)i] =
			    tmp_chars[r[i] % (sizeof(tmp_chars) - 1)];
		/* A new name or nothing: an existing one is never taken. */
		if (mkdirat(dfd, tmp, 0700) == 0)
			break;
		if (errno != EEXIST)
			return -1;
	}
	if (try == TMP_TRIES)
		return -1;
	if ((fd = openat(dfd, tmp, DIR_FLAGS | O_NOFOLLOW)) == -1)
		unlinkat(dfd, tmp, AT_REMOVEDIR);
	return fd;
}

bool
safedir_is_tmp(const char *name, const char *base)
{
	size_t n = strlen(base), i;

	if (name[0] != '.' || strncmp(name + 1, base, n) != 0 ||
	    name[n + 1] != '.' || strlen(name + n + 2) != TMP_RANDOM)
		return false;
	for (i = n + 2; name[i] != '\0'; i++)
		if (strchr(tmp_chars, name[i]) == NULL)
			return false;
	return true;
}

/*
 * renameat2() of FROM to TO in DFD with FLAGS. FRAGSTAT_TEST_NO_RENAME_FLAGS
 * in the environment (a test hook: ferr_test_env()) makes every flag
 * unsupported (EINVAL), as NFS does: the tests' one way to take the
 * fallbacks below on any filesystem.
 */
static int
rename_flags(int dfd, const char *from, const char *to, unsigned flags)
{
	if (flags != 0 && ferr_test_env("FRAGSTAT_TEST_NO_RENAME_FLAGS") != NULL) {
		errno = EINVAL;
		return -1;
	}
	return renameat2(dfd, from, dfd, to, flags);
}

int
safedir_rename_new(int dfd, const char *from, const char *to)
{
	struct stat st;

	if (rename_flags(dfd, from, to, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS)
		return -1;
	/* renameat() would replace an empty directory: look first. */
	if (fstatat(dfd, to, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		errno = EEXIST;
		return -1;
	}
	return renameat(dfd, from, dfd, to);
}

int
safedir_replace(int dfd, const char *fresh, const char *dir, const char *old)
{
	int err;

	if (rename_flags(dfd, fresh, dir, RENAME_EXCHANGE) == 0)
		return 0;
	if (errno == ENOENT)
		return renameat(dfd, fresh, dfd, dir);
	if (errno != EINVAL && errno != ENOSYS)
		return -1;
	if (renameat(dfd, dir, dfd, old) != 0) {
		if (errno != ENOENT)
			return -1;
		return renameat(dfd, fresh, dfd, dir);
	}
	if (renameat(dfd, fresh, dfd, dir) == 0)
		return 0;
	/* Put the old one back rather than leave no DIR at all. */
	err = errno;
	renameat(dfd, old, dfd, dir);
	errno = err;
	return -1;
}

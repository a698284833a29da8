/* SPDX-License-Identifier: GPL-2.0-or-later */
/* record_is.c - whether a directory is a recording, or holds the recordings of an experiment */
#include "config.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "inputs.h"
#include "record.h"

bool
record_is_at(int dfd)
{
	struct stat st;

	return fstatat(dfd, RECORD_META, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    S_ISREG(st.st_mode);
}

bool
record_is(const char *dir)
{
	struct stat st;
	char *path;
	bool is;

	if ((path = inputs_join(dir, RECORD_META)) == NULL)
		return false;
	is = stat(path, &st) == 0 && S_ISREG(st.st_mode);
	free(path);
	return is;
}

bool
record_set_is(const char *dir)
{
	struct dirent *d;
	bool found = false;
	char *path;
	DIR *dp;

	if (record_is(dir) || (dp = opendir(dir)) == NULL)
		return false;
	while (!found && (d = readdir(dp)) != NULL) {
		if (d->d_name[0] == '.')
			continue;
		if ((path = inputs_join(dir, d->d_name)) == NULL)
			break;
		found = record_is(path);
		free(path);
	}
	closedir(dp);
	return found;
}

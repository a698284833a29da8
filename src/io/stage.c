/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stage.c - build a directory under a temporary name beside its own, then publish it */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "safedir.h"
#include "stage.h"

/* Block every signal (HOLD) or restore OLD: a handler sees ST's name whole or not at all. */
static void
hold(bool on, sigset_t *old)
{
	sigset_t all;

	sigfillset(&all);
	if (on)
		sigprocmask(SIG_BLOCK, &all, old);
	else
		sigprocmask(SIG_SETMASK, old, NULL);
}

int
stage_open(struct stage *st, int parentfd, const char *name, const char *dir,
    const char *what, struct ferr *e)
{
	char path[PATH_MAX];
	const char *slash;
	struct stat sb;
	sigset_t old;
	int fd, err;

	st->what = what;
	st->parentfd = parentfd;
	st->fd = st->spare = -1;
	st->tmp[0] = '\0';
	ferr_keep_path(e, dir);
	/* ".NAME.XXXXXX": NAME and 1 + 1 + 6 bytes in one directory entry. */
	if (strlen(dir) + STAGE_ROOM >= PATH_MAX ||
	    strlen(name) + SAFEDIR_TMP_EXTRA > NAME_MAX)
		return ferr_set(e, 0, "path too long");
	if (fstatat(parentfd, name, &sb, AT_SYMLINK_NOFOLLOW) == 0)
		return ferr_set(e, 0, "exists; a %s never overwrites", what);
	hold(true, &old);
	if ((st->spare = fcntl(parentfd, F_DUPFD_CLOEXEC, 0)) == -1 ||
	    (fd = safedir_mkdtemp(parentfd, name, st->tmp,
	    sizeof(st->tmp))) == -1) {
		fd = -1;
		st->tmp[0] = '\0';
	}
	st->fd = fd;
	err = errno;
	hold(false, &old);
	if (fd == -1) {
		stage_close(st);
		return ferr_set(e, 0, "cannot create a directory beside it: %s",
		    strerror(err));
	}
	/* Its path as the user would name it: beside DIR. */
	safedir_strip_slashes(path, sizeof(path), dir);
	slash = strrchr(path, '/');
	snprintf(st->shown, sizeof(st->shown), "%.*s%s",
	    slash ? (int)(slash + 1 - path) : 0, path, st->tmp);
	return 0;
}

int
stage_publish(struct stage *st, const char *name, const char *hooks,
    struct ferr *e)
{
	char hook[32];
	sigset_t old;
	int rc, err;

	snprintf(hook, sizeof(hook), "%s-sync", hooks);
	if (ferr_inject(hook) || fsync(st->fd) != 0)
		return ferr_set(e, 0, "cannot sync: %s", strerror(errno));
	snprintf(hook, sizeof(hook), "%s-rename", hooks);
	/* Published is published: a handler must not remove it after. */
	hold(true, &old);
	if ((rc = ferr_inject(hook) ? -1 :
	    safedir_rename_new(st->parentfd, st->tmp, name)) == 0)
		st->tmp[0] = '\0';
	err = errno;
	hold(false, &old);
	if (rc == 0)
		return 0;
	if (err == EEXIST || err == ENOTEMPTY)
		return ferr_set(e, 0, "exists; a %s never overwrites",
		    st->what);
	return ferr_set(e, 0, "cannot rename %s: %s", st->shown, strerror(err));
}

/*
 * Give back ST's reserved descriptor, then remove NAME, ST's directory
 * in its parent, through the descriptor held: the one reserved is the
 * one removal needs, when every other is taken.
 */
static void
remove_held(struct stage *st, const char *name)
{
	if (st->spare != -1)
		close(st->spare);
	st->spare = -1;
	safedir_rm_held(st->parentfd, name, st->fd);
}

void
stage_close(struct stage *st)
{
	sigset_t old;

	hold(true, &old);
	if (st->tmp[0] != '\0')
		remove_held(st, st->tmp);
	st->tmp[0] = '\0';
	hold(false, &old);
	if (st->spare != -1)
		close(st->spare);
	if (st->fd != -1)
		close(st->fd);
	st->fd = st->spare = -1;
}

void
stage_unpublish(struct stage *st, const char *name)
{
	sigset_t old;

	hold(true, &old);
	remove_held(st, name);
	hold(false, &old);
}

void
stage_remove_now(struct stage *st)
{
	if (st->tmp[0] != '\0')
		remove_held(st, st->tmp);
}

void
stage_clear_stale(int parentfd, const char *name)
{
	struct dirent *d;
	DIR *dir;
	int fd, removed;

	if ((fd = dup(parentfd)) == -1)
		return;
	if ((dir = fdopendir(fd)) == NULL) {
		close(fd);
		return;
	}
	/* Read again after a removal: the entries after it may have moved. */
	do {
		removed = 0;
		rewinddir(dir);
		while ((d = readdir(dir)) != NULL)
			if (safedir_is_tmp(d->d_name, name) &&
			    safedir_rm_tree(parentfd, d->d_name) == 0)
				removed++;
	} while (removed > 0);
	closedir(dir);
}

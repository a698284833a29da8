/* SPDX-License-Identifier: GPL-2.0-or-later */
/* safedir.c - write only into directories held open and checked, never through a path */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dirtrust.h"
#include "safedir.h"

#define DIR_FLAGS	(O_RDONLY | O_DIRECTORY | O_CLOEXEC)

/* Test-only: FRAGSTAT_TEST_SWAP_HOOK stops us between a check and the first use. */
static void
swap_hook(void)
{
	if (ferr_test_env("FRAGSTAT_TEST_SWAP_HOOK") != NULL)
		raise(SIGSTOP);
}

void
safedir_strip_slashes(char *buf, size_t size, const char *path)
{
	size_t n;

	snprintf(buf, size, "%s", path);
	for (n = strlen(buf); n > 1 && buf[n - 1] == '/'; n--)
		buf[n - 1] = '\0';
}

/*
 * Copy into BUF (PATH_MAX bytes, more than PATH's) the path of PATH's
 * parent ("" for the working directory) and into NAME its last
 * component, "." when PATH is a directory walked whole ("/", ".",
 * "DIR/.."). Returns 0, or -1 with E set.
 */
static int
split_last(char *buf, const char *path, char *name, size_t size,
    struct ferr *e)
{
	char *comp, *slash;

	/* Without its trailing slashes, the last component is what is made. */
	safedir_strip_slashes(buf, PATH_MAX, path);
	slash = strrchr(buf, '/');
	comp = slash ? slash + 1 : buf;
	if (*comp == '\0' || strcmp(comp, ".") == 0 || strcmp(comp, "..") == 0)
		snprintf(name, size, ".");
	else if (snprintf(name, size, "%s", comp) >= (int)size)
		return ferr_set(e, 0, "path too long");
	else if (slash)
		*slash = '\0';
	else
		buf[0] = '\0';
	return 0;
}

/*
 * Create the directory NAME in DFD (mode 0755, less the umask) and note
 * it in M: the first with a descriptor of DFD, the next ones below it
 * while each component since was one made. Returns 0, or -1 with errno
 * set (nothing made).
 */
static int
make_dir(struct safedir_made *m, int dfd, const char *name)
{
	int err;

	if (mkdirat(dfd, name, 0755) != 0)
		return -1;
	if (m->fd == -1) {
		if ((m->fd = fcntl(dfd, F_DUPFD_CLOEXEC, 0)) == -1) {
			err = errno;
			unlinkat(dfd, name, AT_REMOVEDIR);
			errno = err;
			return -1;
		}
		snprintf(m->rel, sizeof(m->rel), "%s", name);
		m->chained = true;
	} else if (m->chained) {
		/* Shorter than the path walked, which is under PATH_MAX. */
		strcat(m->rel, "/");
		strcat(m->rel, name);
	}
	return 0;
}

/* Symbolic links one walk follows at most: the kernel's MAXSYMLINKS. */
#define WALK_LINKS	40

/* One walk down a path: the directory reached so far, checked. */
struct walk {
	int			 fd;	/* the directory reached, or -1 */
	struct stat		 st;	/* its status */
	struct safedir_made	*made;	/* where missing ones are noted, or NULL */
	int			 links;	/* symbolic links followed so far */
	const char		*what;	/* the message when one cannot be opened */
	struct ferr		*e;
};

static int	descend(struct walk *, const char *, const char *);

/*
 * Make FD (opened just now, -1 with errno set when that failed) W's
 * directory, closing the one before, and check it as SHOWN. Returns 0,
 * or -1 with E set.
 */
static int
enter(struct walk *w, int fd, const char *shown)
{
	int err = errno;

	if (w->fd != -1)
		close(w->fd);
	w->fd = fd;
	errno = err;
	if (fd == -1 || ferr_inject("safedir-stat") || fstat(fd, &w->st) != 0)
		return ferr_set(w->e, 0, "%s: %s", w->what, strerror(errno));
	return dirtrust_check(fd, &w->st, shown, w->e);
}

/*
 * Check each directory above W's, the working directory (checked as
 * "."), up to "/", each opened by ".." from the one below it: a name
 * made through a relative path is as safe as the directories that hold
 * the working directory, whose owners could rename them. Returns 0, or
 * -1 with E set.
 */
static int
check_above(const struct walk *w)
{
	struct walk up = { .fd = -1, .what = w->what, .e = w->e };
	char shown[PATH_MAX] = "..";
	struct stat below = w->st;
	int rc;

	if ((rc = enter(&up, openat(w->fd, "..", DIR_FLAGS), shown)) != 0)
		goto out;
	/* "/" is its own "..": the walk is at the top. */
	while (up.st.st_dev != below.st_dev || up.st.st_ino != below.st_ino) {
		below = up.st;
		if (strlen(shown) + 3 < sizeof(shown))
			strcat(shown, "/..");
		if ((rc = enter(&up, openat(up.fd, "..", DIR_FLAGS), shown)) != 0)
			break;
	}
out:
	if (up.fd != -1)
		close(up.fd);
	return rc;
}

/*
 * Follow NAME of W's directory, a symbolic link, when root, we or that
 * directory's owner made it (fs.protected_symlinks' rule): its target is
 * walked as a path of its own, from W's directory or from "/", each
 * directory on its way opened and checked, never resolved in one open.
 * SHOWN names the link. Returns 0, or -1 with E set.
 */
static int
follow(struct walk *w, const char *name, const char *shown)
{
	char target[PATH_MAX], prefix[PATH_MAX + sizeof(" -> ")];
	struct stat ls;
	ssize_t n;

	if (fstatat(w->fd, name, &ls, AT_SYMLINK_NOFOLLOW) != 0 ||
	    !S_ISLNK(ls.st_mode))
		return ferr_set(w->e, 0, "%s: %s", w->what, strerror(ENOTDIR));
	if (dirtrust_shared(&w->st) && ls.st_uid != 0 &&
	    ls.st_uid != geteuid() && ls.st_uid != w->st.st_uid)
		return ferr_set(w->e, 0, "refusing to follow %s, a symbolic "
		    "link of uid %u in a shared directory", shown,
		    (unsigned)ls.st_uid);
	if (++w->links > WALK_LINKS)
		return ferr_set(w->e, 0, "%s: %s", w->what, strerror(ELOOP));
	if ((n = readlinkat(w->fd, name, target, sizeof(target))) == -1)
		return ferr_set(w->e, 0, "%s: %s", w->what, strerror(errno));
	if ((size_t)n >= sizeof(target))
		return ferr_set(w->e, 0, "path too long");
	target[n] = '\0';
	/* Its directories are named as reached through it: "lnk -> nob". */
	snprintf(prefix, sizeof(prefix), "%s -> ", shown);
	return descend(w, target, prefix);
}

/*
 * Go from W's directory into its component NAME (SHOWN in messages),
 * made first when missing and W notes what it makes (make_dir()); one
 * that was there ends the chain of those made: what is made after it
 * ("a/../b") is not below them. Returns 0, or -1 with E set.
 */
static int
step(struct walk *w, const char *name, const char *shown)
{
	bool made = false;
	int fd;

	fd = openat(w->fd, name, DIR_FLAGS | O_NOFOLLOW);
	if (fd == -1 && errno == ENOENT && w->made != NULL) {
		if (make_dir(w->made, w->fd, name) == 0)
			made = true;
		else if (errno != EEXIST)
			return ferr_set(w->e, 0, "%s: %s", w->what,
			    strerror(errno));
		fd = openat(w->fd, name, DIR_FLAGS | O_NOFOLLOW);
	}
	if (w->made != NULL && !made)
		w->made->chained = false;
	if (fd == -1 && (errno == ELOOP || errno == ENOTDIR))
		return follow(w, name, shown);
	return enter(w, fd, shown);
}

/*
 * Walk W from its directory (from "/" when PATH is absolute) through each
 * component of PATH, a path of directories, each checked; PREFIX comes
 * before PATH in messages. Returns 0, or -1 with E set.
 */
static int
descend(struct walk *w, const char *path, const char *prefix)
{
	char buf[PATH_MAX], shown[PATH_MAX];
	char *comp, *next;

	snprintf(buf, sizeof(buf), "%s", path);
	if (path[0] == '/') {
		snprintf(shown, sizeof(shown), "%s/", prefix);
		if (enter(w, ferr_inject("safedir-open") ? -1 :
		    open("/", DIR_FLAGS), shown) != 0)
			return -1;
	}
	for (comp = buf; comp != NULL; comp = next) {
		if ((next = strchr(comp, '/')) != NULL)
			*next++ = '\0';
		if (*comp == '\0' || strcmp(comp, ".") == 0)
			continue;
		/* SHOWN: the path up to this component, for messages. */
		snprintf(shown, sizeof(shown), "%s%.*s", prefix,
		    (int)(comp - buf + strlen(comp)), path);
		if (step(w, comp, shown) != 0)
			return -1;
	}
	return 0;
}

/*
 * safedir_parent(), and with MADE each missing directory of the path
 * created in the one checked before it (noted in MADE), then opened and
 * checked as one that was there.
 */
static int
walk(struct safedir *d, const char *path, char *name, size_t size,
    const char *what, struct safedir_made *made, struct ferr *e)
{
	struct walk w = { .fd = -1, .made = made, .what = what, .e = e };
	bool relative = path[0] != '/';
	char buf[PATH_MAX];
	int rc = 0;

	d->fd = -1;
	d->shared = false;
	if (strlen(path) >= sizeof(buf))
		return ferr_set(e, 0, "path too long");
	if (split_last(buf, path, name, size, e) != 0)
		return -1;
	/* Walked from "/" or ".", the first directory checked like the rest. */
	if (relative && (rc = enter(&w, ferr_inject("safedir-open") ? -1 :
	    open(".", DIR_FLAGS), ".")) == 0)
		rc = check_above(&w);
	/* "/NAME": its parent is "/" itself, which descend() opens. */
	if (rc == 0)
		rc = descend(&w, !relative && buf[0] == '\0' ? "/" : buf, "");
	if (rc != 0) {
		if (w.fd != -1)
			close(w.fd);
		return -1;
	}
	d->fd = w.fd;
	d->shared = dirtrust_shared(&w.st);
	swap_hook();
	return 0;
}

int
safedir_parent(struct safedir *d, const char *path, char *name, size_t size,
    const char *what, struct ferr *e)
{
	return walk(d, path, name, size, what, NULL, e);
}

int
safedir_parent_make(struct safedir *d, const char *path, char *name,
    size_t size, const char *what, struct safedir_made *made,
    struct ferr *e)
{
	made->fd = -1;
	made->rel[0] = '\0';
	made->chained = true;
	return walk(d, path, name, size, what, made, e);
}

void
safedir_made_close(struct safedir_made *m)
{
	if (m->fd != -1)
		close(m->fd);
	m->fd = -1;
}

void
safedir_unmake(struct safedir_made *m)
{
	char *slash;

	/* Deepest first; one that is not empty stays, and those above it. */
	while (m->fd != -1 && unlinkat(m->fd, m->rel, AT_REMOVEDIR) == 0 &&
	    (slash = strrchr(m->rel, '/')) != NULL)
		*slash = '\0';
	safedir_made_close(m);
}

int
safedir_enter(struct safedir *d, const struct safedir *p, const char *name,
    struct ferr *e)
{
	struct stat st;
	int fd, rc;

	d->fd = -1;
	d->shared = false;
	if (mkdirat(p->fd, name, 0755) != 0 && errno != EEXIST)
		return ferr_set(e, 0, "cannot create: %s", strerror(errno));
	if (fstatat(p->fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    S_ISLNK(st.st_mode))
		return ferr_set(e, 0, "is a symbolic link: fragstat writes "
		    "into no directory through one");
	if ((fd = openat(p->fd, name, DIR_FLAGS | O_NOFOLLOW)) == -1)
		return ferr_set(e, 0, "cannot create: %s", strerror(errno));
	if (ferr_inject("safedir-enter-stat") || fstat(fd, &st) != 0) {
		ferr_set(e, 0, "cannot open: %s", strerror(errno));
		close(fd);
		return -1;
	}
	/* Someone else's in /tmp could be swapped under us or read: not taken. */
	rc = dirtrust_check(fd, &st, NULL, e);
	if (rc == 0 && p->shared && st.st_uid != geteuid())
		rc = ferr_set(e, 0, "refusing to write into a directory owned "
		    "by uid %u in a shared directory", (unsigned)st.st_uid);
	if (rc != 0) {
		close(fd);
		return -1;
	}
	d->fd = fd;
	d->shared = dirtrust_shared(&st);
	swap_hook();
	return 0;
}

int
safedir_write_close(int fd, const char *buf, size_t len)
{
	size_t off = 0;
	ssize_t w;
	int err;

	while (off < len) {
		if ((w = write(fd, buf + off, len - off)) >= 0)
			off += (size_t)w;
		else if (errno != EINTR)
			break;
	}
	if (off == len && fsync(fd) == 0)
		return close(fd);
	/* What failed is what is said, not the close after it. */
	err = errno;
	close(fd);
	errno = err;
	return -1;
}

void
safedir_close(struct safedir *d)
{
	if (d->fd >= 0)
		close(d->fd);
	d->fd = -1;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* safedir.c - write only into directories held open and checked, never through a path */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "safedir.h"

#define DIR_FLAGS	(O_RDONLY | O_DIRECTORY | O_CLOEXEC)

/* Returns whether the directory of ST lets others than its owner make names in it. */
static bool
shared(const struct stat *st)
{
	return (st->st_mode & S_ISVTX) && (st->st_mode & (S_IWGRP | S_IWOTH));
}

/*
 * Returns 0 when we may create names in the directory of ST, else -1
 * with E saying why; SHOWN names it (NULL: the target itself). The rules
 * of logrotate ("parent directory has insecure permissions") and of
 * systemd's chase(CHASE_SAFE): root's own or, when we are not root, ours,
 * and writable by no one else but root's group, unless sticky (/tmp),
 * where only new names are made. Another user who could write into a
 * directory on the way could replace what we publish in it.
 */
static int
trusted(const struct stat *st, const char *shown, struct ferr *e)
{
	uid_t me = geteuid();
	bool others = st->st_mode & S_IWOTH;
	bool group = (st->st_mode & S_IWGRP) && st->st_gid != 0;
	char why[96], as[32];

	if ((st->st_uid == 0 || st->st_uid == me) &&
	    ((st->st_mode & S_ISVTX) || (!others && !group)))
		return 0;
	if (st->st_uid != 0 && st->st_uid != me)
		snprintf(why, sizeof(why), "owned by uid %u",
		    (unsigned)st->st_uid);
	else if (others)
		snprintf(why, sizeof(why), "writable by others, mode %04o",
		    (unsigned)(st->st_mode & 07777));
	else
		snprintf(why, sizeof(why), "writable by gid %u, mode %04o",
		    (unsigned)st->st_gid, (unsigned)(st->st_mode & 07777));
	if (me == 0)
		snprintf(as, sizeof(as), "root");
	else
		snprintf(as, sizeof(as), "uid %u", (unsigned)me);
	if (shown == NULL)
		return ferr_set(e, 0, "refusing to write into a directory %s "
		    "(running as %s)", why, as);
	return ferr_set(e, 0, "refusing to write into %s, a directory %s "
	    "(running as %s)", shown, why, as);
}

/*
 * Open the component NAME of the directory DFD (whose status is DST,
 * shown as SHOWN) following a symbolic link only when root, we or the
 * owner of DFD made it, as fs.protected_symlinks would. Returns the
 * descriptor, -1 with errno set when it cannot be opened, or -2 with E
 * set when it is refused.
 */
static int
step(int dfd, const struct stat *dst, const char *name, const char *shown,
    struct ferr *e)
{
	struct stat ls;
	int fd;

	if ((fd = openat(dfd, name, DIR_FLAGS | O_NOFOLLOW)) != -1 ||
	    (errno != ELOOP && errno != ENOTDIR))
		return fd;
	if (fstatat(dfd, name, &ls, AT_SYMLINK_NOFOLLOW) != 0 ||
	    !S_ISLNK(ls.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	if (shared(dst) && ls.st_uid != 0 && ls.st_uid != geteuid() &&
	    ls.st_uid != dst->st_uid) {
		ferr_set(e, 0, "refusing to follow %s, a symbolic link of uid "
		    "%u in a shared directory", shown, (unsigned)ls.st_uid);
		return -2;
	}
	return openat(dfd, name, DIR_FLAGS);
}

/* Test-only: FRAGSTAT_TEST_SWAP_HOOK stops us between a check and the first use. */
static void
swap_hook(void)
{
	if (getenv("FRAGSTAT_TEST_SWAP_HOOK") != NULL)
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
 * Check each directory above the working directory FD (whose status ST
 * was checked as ".") up to "/", each opened by ".." from the one below
 * it: a name made through a relative path is as safe as the directories
 * that hold the working directory, whose owners could rename them.
 * Returns 0, or -1 with E set (WHAT: why when one cannot be opened).
 */
static int
check_above(int fd, const struct stat *st, const char *what, struct ferr *e)
{
	char shown[PATH_MAX] = "..";
	struct stat below = *st, up;
	int dfd = fd, ufd, rc = -1;

	for (;;) {
		ufd = openat(dfd, "..", DIR_FLAGS);
		if (dfd != fd)
			close(dfd);
		dfd = ufd;
		if (ufd == -1 || fstat(ufd, &up) != 0) {
			ferr_set(e, 0, "%s: %s", what, strerror(errno));
			break;
		}
		/* "/" is its own "..": the walk is at the top. */
		if (up.st_dev == below.st_dev && up.st_ino == below.st_ino) {
			rc = 0;
			break;
		}
		if (trusted(&up, shown, e) != 0)
			break;
		below = up;
		if (strlen(shown) + 3 < sizeof(shown))
			strcat(shown, "/..");
	}
	if (dfd != fd && dfd != -1)
		close(dfd);
	return rc;
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

/*
 * step(), and with MADE the directory NAME created first when missing
 * (make_dir()). One that was there ends the chain of those made: what
 * is made after it ("a/../b") is not below them.
 */
static int
step_make(int dfd, const struct stat *dst, const char *name,
    const char *shown, struct safedir_made *made, struct ferr *e)
{
	int fd = step(dfd, dst, name, shown, e);

	if (made == NULL || fd != -1 || errno != ENOENT) {
		if (made != NULL && fd >= 0)
			made->chained = false;
		return fd;
	}
	if (make_dir(made, dfd, name) != 0) {
		if (errno != EEXIST)
			return -1;
		made->chained = false;
	}
	return step(dfd, dst, name, shown, e);
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
	char buf[PATH_MAX], shown[PATH_MAX];
	char *comp, *next;
	struct stat st;
	bool abs = path[0] == '/';
	int fd, nfd;

	d->fd = -1;
	d->shared = false;
	if (strlen(path) >= sizeof(buf))
		return ferr_set(e, 0, "path too long");
	if (split_last(buf, path, name, size, e) != 0)
		return -1;
	/* Walked from "/" or ".", the first directory checked like the rest. */
	fd = open(abs ? "/" : ".", DIR_FLAGS);
	if (fd == -1 || ferr_inject("safedir-open") || fstat(fd, &st) != 0) {
		ferr_set(e, 0, "%s: %s", what, strerror(errno));
		goto fail;
	}
	if (trusted(&st, abs ? "/" : ".", e) != 0 ||
	    (!abs && check_above(fd, &st, what, e) != 0))
		goto fail;
	for (comp = buf; comp != NULL; comp = next) {
		if ((next = strchr(comp, '/')) != NULL)
			*next++ = '\0';
		if (*comp == '\0' || strcmp(comp, ".") == 0)
			continue;
		/* SHOWN: the path up to this component, for messages. */
		snprintf(shown, sizeof(shown), "%.*s", (int)(comp - buf +
		    strlen(comp)), path);
		nfd = step_make(fd, &st, comp, shown, made, e);
		if (nfd < 0) {
			if (nfd == -1)
				ferr_set(e, 0, "%s: %s", what, strerror(errno));
			goto fail;
		}
		close(fd);
		fd = nfd;
		if (ferr_inject("safedir-stat") || fstat(fd, &st) != 0) {
			ferr_set(e, 0, "%s: %s", what, strerror(errno));
			goto fail;
		}
		if (trusted(&st, shown, e) != 0)
			goto fail;
	}
	d->fd = fd;
	d->shared = shared(&st);
	swap_hook();
	return 0;
fail:
	if (fd != -1)
		close(fd);
	return -1;
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
	int fd;

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
	if (trusted(&st, NULL, e) != 0 || (p->shared && st.st_uid != geteuid() &&
	    ferr_set(e, 0, "refusing to write into a directory owned by uid "
	    "%u in a shared directory", (unsigned)st.st_uid) != 0)) {
		close(fd);
		return -1;
	}
	d->fd = fd;
	d->shared = shared(&st);
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

/*
 * safedir_mkdtemp()'s name: TMP_FORMAT, its TMP_RANDOM X's drawn from
 * tmp_chars (SAFEDIR_TMP_EXTRA in safedir.h counts the bytes it adds).
 */
#define TMP_FORMAT	".%s.XXXXXX"
#define TMP_RANDOM	6
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
	for (try = 0; try < 100; try++) {
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
	if (try == 100)
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
 * Remove every entry of the open directory FD, reading it from the start
 * again until a pass removes nothing (an entry removed while reading may
 * move those after it). Returns 0 when it is empty, else -1.
 */
static int
rm_entries(int fd)
{
	union {
		struct dirent64	 d;
		char		 b[2048];
	} u;
	struct dirent64 *d;
	ssize_t n, off;
	int removed, left;

	do {
		removed = left = 0;
		if (lseek(fd, 0, SEEK_SET) != 0)
			return -1;
		while ((n = getdents64(fd, u.b, sizeof(u.b))) > 0)
			for (off = 0; off < n; off += d->d_reclen) {
				d = (struct dirent64 *)(void *)(u.b + off);
				if (strcmp(d->d_name, ".") == 0 ||
				    strcmp(d->d_name, "..") == 0)
					continue;
				if (safedir_rm_tree(fd, d->d_name) == 0)
					removed++;
				else
					left++;
			}
		if (n < 0)
			return -1;
	} while (removed > 0);
	return left ? -1 : 0;
}

int
safedir_rm_tree(int dfd, const char *name)
{
	int fd, rc;

	if (unlinkat(dfd, name, 0) == 0 || errno == ENOENT)
		return 0;
	if (errno != EISDIR)
		return -1;
	if ((fd = openat(dfd, name, DIR_FLAGS | O_NOFOLLOW)) == -1)
		return errno == ENOENT ? 0 : -1;
	rc = rm_entries(fd);
	close(fd);
	if (unlinkat(dfd, name, AT_REMOVEDIR) != 0 && errno != ENOENT)
		rc = -1;
	return rc;
}

/*
 * renameat2() of FROM to TO in DFD with FLAGS. FRAGSTAT_TEST_NO_RENAME_FLAGS
 * in the environment makes every flag unsupported (EINVAL), as NFS does:
 * the tests' one way to take the fallbacks below on any filesystem.
 */
static int
rename_flags(int dfd, const char *from, const char *to, unsigned flags)
{
	if (flags != 0 && getenv("FRAGSTAT_TEST_NO_RENAME_FLAGS") != NULL) {
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

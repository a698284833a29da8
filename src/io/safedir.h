/* SPDX-License-Identifier: GPL-2.0-or-later */
/* safedir.h - write only into directories held open and checked, never through a path */
#ifndef FRAGSTAT_SAFEDIR_H
#define FRAGSTAT_SAFEDIR_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "ferr.h"

/*
 * A directory fragstat creates names in, opened once (every component of
 * its path checked as it was opened) and then only used through FD: a
 * rename or a symbolic link put in its place later changes nothing.
 * SHARED: sticky and writable by others (/tmp): only new names go there.
 */
struct safedir {
	int	 fd;
	bool	 shared;
};

/* Copy PATH into BUF of SIZE bytes without its trailing slashes ("/" stays). */
void	safedir_strip_slashes(char *buf, size_t size, const char *path);

/*
 * Open the directory that holds the last component of PATH into D and
 * copy that component into NAME. Each directory of the path is opened
 * without following a symbolic link, except one that root, we or the
 * owner of the directory holding it made (fs.protected_symlinks' rule),
 * whose target is then walked the same way, component by component;
 * each, and for a relative PATH each above the working directory too,
 * must be root's or ours, writable by no one else but root's group by
 * its mode or its ACL, unless sticky (/tmp) (dirtrust.h). Returns 0, or -1 with E set: the message says
 * what was refused, or is "WHAT: why" when a directory of the path
 * cannot be opened.
 */
int	safedir_parent(struct safedir *d, const char *path, char *name,
	    size_t size, const char *what, struct ferr *e);

/*
 * The directories safedir_parent_make() created, so that a run that
 * fails removes them again: REL, relative to FD (the directory that held
 * the first of them), names the deepest.
 */
struct safedir_made {
	int	 fd;		/* -1: none made */
	char	 rel[PATH_MAX];	/* "runs/p0" */
	bool	 chained;	/* each component since the first was made */
};

/*
 * safedir_parent(), creating each missing directory of the path (mode
 * 0755) as it goes, each then opened and checked as safedir_parent()
 * checks one that was there: "runs/p0/1" from a directory without runs/.
 * What it created goes to MADE, also when it fails: the caller ends it
 * with safedir_unmake() or safedir_made_close().
 */
int	safedir_parent_make(struct safedir *d, const char *path, char *name,
	    size_t size, const char *what, struct safedir_made *made,
	    struct ferr *e);

/*
 * Remove the directories of M that are still empty, deepest first
 * (rmdir's rule: one in use stays, and those above it), and close M.
 */
void	safedir_unmake(struct safedir_made *m);

/* Close M, keeping its directories. */
void	safedir_made_close(struct safedir_made *m);

/*
 * Open the directory NAME in P (creating it, mode 0755, when absent)
 * into D, refusing a symbolic link and a directory that is not root's or
 * ours, or is writable by someone else but root's group unless sticky
 * (safedir_parent()'s rule), or in a shared P is not ours. Returns 0, or
 * -1 with E set.
 */
int	safedir_enter(struct safedir *d, const struct safedir *p,
	    const char *name, struct ferr *e);

/*
 * Write LEN bytes of BUF to FD, sync it and close it, also when writing
 * fails (no descriptor leaks). Returns 0, or -1 with errno set by what
 * failed first.
 */
int	safedir_write_close(int fd, const char *buf, size_t len);

/* Close D (a closed or never opened one: nothing). */
void	safedir_close(struct safedir *d);

/* The bytes safedir_mkdtemp()'s ".BASE.XXXXXX" adds to BASE: 1 + 1 + 6. */
#define SAFEDIR_TMP_EXTRA	8

/*
 * Create a new directory ".BASE.XXXXXX" (six random characters, mode
 * 0700) in DFD, never an existing name; its name goes to TMP. Returns the
 * open directory's descriptor, or -1 with errno set.
 */
int	safedir_mkdtemp(int dfd, const char *base, char *tmp, size_t size);

/*
 * Returns whether NAME is one safedir_mkdtemp() could have made for BASE:
 * ".BASE." and six of the characters it draws from (a killed run's).
 */
bool	safedir_is_tmp(const char *name, const char *base);

/*
 * Remove NAME in DFD and, when a directory, everything below it, never
 * following a symbolic link, with one new descriptor open at most
 * whatever the depth (safedir_rm.c). Only async-signal-safe calls
 * (getdents64(), no malloc): a signal handler may call it. Returns 0
 * (also when NAME is absent) or -1.
 */
int	safedir_rm_tree(int dfd, const char *name);

/*
 * safedir_rm_tree() of the directory NAME in DFD that we hold open as
 * FD: what is in it is removed through FD, never by NAME, and NAME only
 * while it is still FD's directory, empty. Returns 0 (also when NAME is
 * gone) or -1.
 */
int	safedir_rm_held(int dfd, const char *name, int fd);

/*
 * Rename FROM to TO in DFD, never replacing TO: renameat2(RENAME_NOREPLACE),
 * or on a filesystem without it (EINVAL, ENOSYS: NFS) a look then
 * renameat(). Returns 0, or -1 with errno set (EEXIST when TO exists).
 */
int	safedir_rename_new(int dfd, const char *from, const char *to);

/*
 * Put the directory FRESH in DFD in the place of DIR (which may be
 * absent): one atomic RENAME_EXCHANGE, which leaves the old DIR at FRESH;
 * on a filesystem without it, DIR is renamed to OLD first, then FRESH to
 * DIR (a reader may find no DIR in between). The caller removes FRESH and
 * OLD. Returns 0, or -1 with errno set.
 */
int	safedir_replace(int dfd, const char *fresh, const char *dir,
	    const char *old);

#endif

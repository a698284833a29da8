/* SPDX-License-Identifier: GPL-2.0-or-later */
/* stage.h - build a directory under a temporary name beside its own, then publish it */
#ifndef FRAGSTAT_STAGE_H
#define FRAGSTAT_STAGE_H

#include <limits.h>

#include "ferr.h"

/*
 * Room kept beyond PATH_MAX, and under it for a directory's own path, for
 * the path of its temporary name beside it (".NAME.XXXXXX": eight bytes
 * more), rounded up.
 */
#define STAGE_ROOM	16

/*
 * A directory being built: ".NAME.XXXXXX" in PARENTFD (a directory that
 * safedir.h checked), held open as FD and written only through it, then
 * renamed to NAME in one step; it is removed through FD too. Small and
 * plain so that a signal handler may read it (stage_remove_now()): TMP
 * is set and cleared with every signal blocked, and is "" whenever there
 * is nothing to remove. SPARE is a descriptor held back for removal,
 * which needs one, so that it works when every other is taken.
 */
struct stage {
	const char *what;		/* "capture", "recording" */
	int	 parentfd;		/* where both names are; not ours */
	int	 fd;			/* the temporary directory, or -1 */
	int	 spare;			/* reserved for removal, or -1 */
	char	 tmp[NAME_MAX + 1];	/* its name in PARENTFD, or "" */
	char	 shown[PATH_MAX + STAGE_ROOM];	/* its path as the user names it */
};

/*
 * Create the temporary directory for the new directory NAME of PARENTFD
 * into ST; DIR is NAME's path in messages (E keeps it), WHAT the thing
 * made ("capture"). Refuses a NAME that exists. Returns 0, or -1 with E
 * set (nothing made).
 */
int	stage_open(struct stage *st, int parentfd, const char *name,
	    const char *dir, const char *what, struct ferr *e);

/*
 * Sync ST's directory and rename it to NAME, never replacing anything;
 * HOOKS names its test hooks (HOOKS-sync, HOOKS-rename: ferr_inject()).
 * Returns 0 (ST is then only to be closed), or -1 with E set.
 */
int	stage_publish(struct stage *st, const char *name, const char *hooks,
	    struct ferr *e);

/* Remove what ST still holds and close it: after a failure, or after publishing. */
void	stage_close(struct stage *st);

/*
 * Remove NAME, which ST published, through its descriptor: for what
 * fails after publishing. stage_close() still ends ST.
 */
void	stage_unpublish(struct stage *st, const char *name);

/*
 * Remove every ".NAME.XXXXXX" directory that a stage of NAME in PARENTFD
 * left when it was killed (SIGKILL, a crash) before it could remove its
 * own, through PARENTFD only; other names are left alone.
 */
void	stage_clear_stale(int parentfd, const char *name);

/*
 * Remove ST's temporary directory and all in it with async-signal-safe
 * calls only: for a signal handler that ends the program.
 */
void	stage_remove_now(struct stage *st);

#endif

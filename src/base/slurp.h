/* SPDX-License-Identifier: GPL-2.0-or-later */
/* slurp.h - whole-file reads with a hard cap, and long files a line at a time */
#ifndef FRAGSTAT_SLURP_H
#define FRAGSTAT_SLURP_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "ferr.h"

/* Largest input fragstat reads; real files are far below (8 nodes: ~20 KiB). */
#define SLURP_CAP	(16u << 20)

/* How long a slow read may stay silent once asked to stop before it is given up. */
#define SLURP_GRACE_MS	2000
/* How often a slow read looks whether it was asked to stop. */
#define SLURP_TICK_MS	100

/* A file's whole contents, NUL-terminated for convenience (LEN excludes it). */
struct slurp {
	char	*buf;
	size_t	 len;
};

/*
 * Read PATH ("-" is standard input) to EOF into S. Returns 0, or -errno
 * with E describing it (-EFBIG when the file exceeds SLURP_CAP).
 */
int	slurp_read(const char *path, struct slurp *s, struct ferr *e);

/*
 * The most bytes a file may hold, given its first LEN bytes BUF: for a
 * file fragstat wrote, whose lines say what it holds (never more than
 * what the files beside it allow: the limit's to check).
 */
typedef size_t	slurp_limit_fn(void *arg, const char *buf, size_t len);

/*
 * Read PATH as slurp_read() does, but with the cap LIMIT(ARG, ...) gives
 * after each read rather than SLURP_CAP. Returns 0, or -errno with E set
 * (-EFBIG: longer than the limit, which E names).
 */
int	slurp_read_limit(const char *path, struct slurp *s,
	    slurp_limit_fn *limit, void *arg, struct ferr *e);
void	slurp_free(struct slurp *s);

/*
 * A file read line by line (or record by record: lines up to an empty
 * one), never more than its longest line allowed held at once: for files
 * that may be long (a recording's samples, page_owner), whose lines are
 * short.
 */
struct slurp_lines {
	int		 fd;
	bool		 slow;		/* ticks while a read waits: is_slow() */
	char		*buf;
	size_t		 cap, len, off;	/* room, bytes held, the next line's start */
	size_t		 seen;		/* bytes after OFF known to hold no end */
	size_t		 most;		/* the longest line, without its end */
	size_t		 ends;		/* newlines that end one: 1, a record's 2 */
	bool		 eof;
	unsigned long	 no;		/* the line returned last, from 1 */
	unsigned long	 next;		/* the line the next one starts on */
};

/*
 * Open PATH ("-": standard input) into L, whose lines may be MOST bytes
 * long at most. Returns 0, or -errno with E set; slurp_lines_close() L
 * after a 0 only.
 */
int	slurp_lines_open(const char *path, struct slurp_lines *l, size_t most,
	    struct ferr *e);

/*
 * As slurp_lines_open(), but what slurp_lines_next() returns is a record:
 * the lines up to an empty line (page_owner's), MOST bytes at most; L's
 * NO is then the line the record starts on.
 */
int	slurp_records_open(const char *path, struct slurp_lines *l,
	    size_t most, struct ferr *e);

/*
 * Returns 1 with L's next line at *S, *N bytes without its end (a
 * record's: the empty line follows at *S + *N), and *WHOLE whether it had
 * one (only the last may not); 0 at the end; or -errno with E set for its
 * line (-EFBIG: longer than L's MOST).
 */
int	slurp_lines_next(struct slurp_lines *l, const char **s, size_t *n,
	    bool *whole, struct ferr *e);
void	slurp_lines_close(struct slurp_lines *l);

/*
 * From now on, let a read of a FIFO, a socket or a device (a hung file
 * under --sysroot) end with -ECANCELED once one of the signals SIGS waits
 * blocked, or *STOP is set, and nothing came for SLURP_GRACE_MS: a
 * long-running mode that holds its signals blocked can still be stopped.
 * Without, such a read waits until it is answered or a handler runs.
 */
void	slurp_stoppable(const sigset_t *sigs, volatile sig_atomic_t *stop);

#endif

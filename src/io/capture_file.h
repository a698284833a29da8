/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capture_file.h - one file of a capture: read from the source, written into the capture, or listed as missing */
#ifndef FRAGSTAT_CAPTURE_FILE_H
#define FRAGSTAT_CAPTURE_FILE_H

#include <stdbool.h>
#include <stdio.h>

#include "capdone.h"
#include "ferr.h"
#include "slurp.h"
#include "stage.h"

/* One capture being made: where from, where to, and its metadata so far. */
struct capture {
	const char		*src;	/* the root copied; NULL: the live system */
	struct stage		*st;	/* the directory it is made in */
	char			 root[64]; /* ST as a root to read back */
	FILE			*meta;	/* the metadata, written into TEXT */
	char			*text;
	size_t			 len;	/* TEXT's bytes, after fflush(META) */
	struct capture_done	 done;	/* what it did so far */
	size_t			 counted; /* entries a walk counted */
};

/* Add a line to C's metadata. */
void	capture_note(struct capture *c, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/*
 * Write LEN bytes of BUF as the root's PATH ("/"-led) in C's directory,
 * never through a symbolic link. Returns 0 or -1 with E set.
 */
int	capture_put(struct capture *c, const char *path, const char *buf,
	    size_t len, struct ferr *e);

/*
 * List in C the optional file REL (at PATH) that could not be read with
 * message MSG: "absent" when it does not exist (a file this kernel or
 * configuration does not have: no PSI, debugfs not mounted), else
 * "unreadable".
 */
void	capture_missing(struct capture *c, const char *path, const char *rel,
	    const char *msg);

/*
 * Read PATH into S (empty when it could not be). Returns 0, or -errno
 * with E set and naming PATH in its own copy.
 */
int	capture_read_path(const char *path, struct slurp *s, struct ferr *e);

/*
 * Returns whether a read that failed with RC (-errno) ends the capture
 * rather than leaving its file out as unreadable: a read given up for a
 * signal (-ECANCELED) or out of memory says nothing about the file.
 */
bool	capture_read_ends(int rc);

/*
 * Read the root's REL ("/"-led) of C's source into S. Returns 0, or
 * -errno with RE set and naming the file.
 */
int	capture_load(const struct capture *c, const char *rel, struct slurp *s,
	    struct ferr *re);

/*
 * Set E to the error RE of reading a source file (callers return -1
 * themselves: clang-analyzer then sees that nothing read is used).
 */
void	capture_failed(struct ferr *e, const struct ferr *re);

/* How a file of the source is wanted. */
enum capture_want {
	CAPTURE_OPTIONAL,	/* listed in the metadata when it cannot be read */
	CAPTURE_REQUIRED,	/* the capture fails without it */
	CAPTURE_IF_THERE,	/* as OPTIONAL, but nothing is said when absent */
};

/*
 * Copy the root's REL from C's source, wanted as W. Returns 1 when
 * copied, 0 when unreadable (listed in C), -1 with E set when writing
 * failed or REL is CAPTURE_REQUIRED.
 */
int	capture_copy(struct capture *c, const char *rel, enum capture_want w,
	    struct ferr *e);

#endif

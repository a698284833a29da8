/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capture_stable.h - buddyinfo and the index files read until buddyinfo holds still around them, and copied */
#ifndef FRAGSTAT_CAPTURE_STABLE_H
#define FRAGSTAT_CAPTURE_STABLE_H

#include <stdbool.h>

#include "capture_file.h"
#include "ferr.h"
#include "slurp.h"

/* How many times a capture re-reads buddyinfo around the index files. */
#define CAPTURE_TRIES	10

/* The kernel's index files (debugfs, CONFIG_DEBUG_FS), under a root. */
#define CAPTURE_UNUSABLE_INDEX	"/sys/kernel/debug/extfrag/unusable_index"
#define CAPTURE_EXTFRAG_INDEX	"/sys/kernel/debug/extfrag/extfrag_index"

/*
 * The index files, in the order of kpath[], k[] and kerr[] below, of
 * --verify's files (run/verify.c) and of model/verification.h's files[].
 */
enum capture_kfile {
	CAPTURE_K_UNUSABLE,	/* CAPTURE_UNUSABLE_INDEX */
	CAPTURE_K_EXTFRAG,	/* CAPTURE_EXTFRAG_INDEX */
	CAPTURE_NKFILES
};

/* buddyinfo and the two index files, read together (capture_stable_read()). */
struct capture_stable {
	char		*bpath, *kpath[CAPTURE_NKFILES];	/* under the root */
	struct slurp	 b, k[CAPTURE_NKFILES];	/* k[i].buf NULL: unreadable, why in kerr[i] */
	struct ferr	 kerr[CAPTURE_NKFILES];
	int		 reads;		/* of buddyinfo; 0: no index file to read around */
	bool		 stable;	/* buddyinfo read the same before and after */
};

/*
 * Read ROOT's (NULL: the live) buddyinfo and unusable_index and
 * extfrag_index into S, again until buddyinfo reads the same before and
 * after the index files, TRIES times at most. An index file that cannot be
 * read is left out (S->kerr says why). Returns 0 with E untouched, or -1
 * with E set (buddyinfo unreadable, out of memory, a read given up for a
 * signal); capture_stable_free() S either way.
 */
int	capture_stable_read(const char *root, int tries, struct capture_stable *s,
	    struct ferr *e);
void	capture_stable_free(struct capture_stable *s);

/*
 * Copy buddyinfo and the two index files of C's source, read as
 * capture_stable_read() reads them. Returns 0 or -1 with E set.
 */
int	capture_stable_group(struct capture *c, struct ferr *e);

#endif

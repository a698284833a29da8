/* SPDX-License-Identifier: GPL-2.0-or-later */
/* slurp.h - whole-file reads with a hard cap */
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
 * file fragstat wrote, whose own lines say how long it can be.
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
 * From now on, let a read of a FIFO, a socket or a device (a hung file
 * under --sysroot) end with -ECANCELED once one of the signals SIGS waits
 * blocked, or *STOP is set, and nothing came for SLURP_GRACE_MS: a
 * long-running mode that holds its signals blocked can still be stopped.
 * Without, such a read waits until it is answered or a handler runs.
 */
void	slurp_stoppable(const sigset_t *sigs, volatile sig_atomic_t *stop);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay_sets.h - read the two sets of recorded runs of --compare */
#ifndef FRAGSTAT_REPLAY_SETS_H
#define FRAGSTAT_REPLAY_SETS_H

#include "ferr.h"
#include "runs.h"

/*
 * Read side SIDE of X from PATH (a recording or a directory of
 * recordings), then, once both are read, sets_compute(). Return 0, or -1
 * with E set; sets_free() frees X in both cases.
 */
int	replay_sets_read(struct sets *x, int side, const char *path,
	    struct ferr *e);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capture_stable.h - buddyinfo and the index files read until buddyinfo holds still around them, and copied */
#ifndef FRAGSTAT_CAPTURE_STABLE_H
#define FRAGSTAT_CAPTURE_STABLE_H

#include "capture_file.h"
#include "ferr.h"

/* How many times buddyinfo is re-read around the index files. */
#define CAPTURE_TRIES	10

/*
 * Copy buddyinfo and the two index files of C's source, read as
 * stable_read() reads them. Returns 0 or -1 with E set.
 */
int	capture_stable_group(struct capture *c, struct ferr *e);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verify.h - compare recomputed indices with the kernel's debugfs files */
#ifndef FRAGSTAT_VERIFY_H
#define FRAGSTAT_VERIFY_H

#include <stdbool.h>
#include <stdio.h>

#include "ferr.h"

/* How many times a live verification re-reads buddyinfo around the index files. */
#define VERIFY_TRIES	50

/*
 * Read ROOT's (NULL: the live) buddyinfo and the kernel's unusable_index
 * and extfrag_index (live, re-reading buddyinfo around them until it is
 * the same before and after, VERIFY_TRIES times at most), recompute both
 * files for kernel RELEASE (NULL: current layout) and write a report to
 * OUT, as a JSON document when JSON. Returns 0 when both are identical, 1
 * when one differs, -1 with E set (E keeps the path it names).
 */
int	verify_run(FILE *out, const char *root, const char *release, bool json,
	    struct ferr *e);

#endif

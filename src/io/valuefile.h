/* SPDX-License-Identifier: GPL-2.0-or-later */
/* valuefile.h - files of /proc/sys and /sys that hold one value */
#ifndef FRAGSTAT_VALUEFILE_H
#define FRAGSTAT_VALUEFILE_H

#include <stddef.h>

#include "ferr.h"

/* Parse a one-value file's LEN bytes BUF into ARG. Returns 0, or -1 with E set. */
typedef int	valuefile_parse_fn(void *arg, const char *buf, size_t len,
		    struct ferr *e);

/*
 * Read PATH whole and hand it to PARSE with ARG. Returns 1 when read, 0
 * when the file does not exist (the kernel lacks the feature), -1 with E
 * set (and naming PATH) otherwise.
 */
int	valuefile_read(const char *path, valuefile_parse_fn *parse, void *arg,
	    struct ferr *e);

#endif

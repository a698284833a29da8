/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tunables.h - one-number sysctl files */
#ifndef FRAGSTAT_TUNABLES_H
#define FRAGSTAT_TUNABLES_H

#include <stddef.h>

#include "ferr.h"

/*
 * Parse BUF (LEN bytes) as a sysctl file holding one integer in MIN..MAX and
 * a newline. Returns 0 with *V set, or -1 with E set.
 */
int	tunable_parse(const char *buf, size_t len, long min, long max, long *v,
	    struct ferr *e);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tunables.h - one-number sysctl files and the THP size settings */
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

/*
 * Read the sysctl PATH into *V. Returns 1 when read, 0 when the file does
 * not exist (the kernel lacks the feature), -1 with E set otherwise.
 */
int	tunable_read(const char *path, long min, long max, long *v,
	    struct ferr *e);

/*
 * Parse a THP "enabled" file ("always [madvise] never") into the selected
 * word. Returns 0 with WORD filled, or -1 with E set.
 */
int	thp_parse(const char *buf, size_t len, char *word, size_t size,
	    struct ferr *e);

#endif

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

/*
 * Read DIR (…/sys/kernel/mm/transparent_hugepage) and store in ORDERS (at
 * most MAX, ascending, unique) the order of every multi-size THP size whose
 * "enabled" is always or madvise, or inherit with the top level so, for
 * pages of PAGE_SIZE bytes. Returns the number stored, 0 when there are
 * none or no such directory, -1 with E set for a malformed file.
 */
int	thp_orders(const char *dir, unsigned long page_size, unsigned *orders,
	    size_t max, struct ferr *e);

#endif

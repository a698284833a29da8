/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thpsize.h - whether a THP size is on: its own setting, or the top-level one it inherits */
#ifndef FRAGSTAT_THPSIZE_H
#define FRAGSTAT_THPSIZE_H

#include <stdbool.h>

#include "model.h"

/*
 * Returns whether anonymous faults may allocate a THP size whose
 * hugepages-<N>kB/enabled selects ENABLED ("always", "inherit", ...)
 * while transparent_hugepage/enabled selects TOP: on madvise()d memory
 * at least.
 */
bool	thpsize_on(const char *top, const char *enabled);

/* The rules run/ hands the reader of the THP settings (io/thp.c). */
extern const struct thp_rules thp_rules;

#endif

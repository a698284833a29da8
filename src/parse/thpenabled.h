/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thpenabled.h - a THP size's "enabled" file: the setting in brackets */
#ifndef FRAGSTAT_THPENABLED_H
#define FRAGSTAT_THPENABLED_H

#include <stddef.h>

#include "ferr.h"

/*
 * Parse a THP "enabled" file ("always [madvise] never") into the selected
 * word. Returns 0 with WORD (SIZE bytes) filled, or -1 with E set.
 */
int	thpenabled_parse(const char *buf, size_t len, char *word, size_t size,
	    struct ferr *e);

#endif

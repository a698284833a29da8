/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kver.h - kernel release strings */
#ifndef FRAGSTAT_KVER_H
#define FRAGSTAT_KVER_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"

/* Returns whether release S prints extfrag_index with "%2d.%03d" (5.16+; NULL: yes). */
bool	kver_extfrag_padded(const char *s);

/*
 * Infer from what the files show which releases they can come from, for
 * a run whose release is not known: pagetypeinfo's migratetype names
 * (Reserve before 4.4, HighAtomic since), /proc/pressure/memory (4.20+),
 * zoneinfo's lines (cma 5.12+, boost 5.16+, promo after 6.1). Any may be
 * NULL. Returns the release whose rules apply, in text_kver() form: the
 * last release before an upper bound, else -1 (the newest rules); TEXT
 * says from what, and what was assumed; *FOUND whether any file told.
 */
long	kver_infer(const struct pagetypeinfo *pti, const struct zoneinfo *zi,
	    const struct psi *psi, char *text, size_t size, bool *found);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kver.c - which release's rules apply: the extfrag files' padding by release, and a release inferred from what the files print */

#include "config.h"
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "kver.h"
#include "text.h"

bool
kver_extfrag_padded(const char *s)
{
	long v;

	/* Lin Feng's "make extfrag_index show more pretty", merged for 5.16. */
	if (s == NULL || (v = text_kver(s)) < 0)
		return true;
	return v >= 5016;
}

/* Raise *LO to V, with *WHY its reason, when V is higher. */
static void
at_least(long *lo, const char **why, long v, const char *reason)
{
	if (v > *lo) {
		*lo = v;
		*why = reason;
	}
}

long
kver_infer(const struct pagetypeinfo *pti, const struct zoneinfo *zi,
    const struct psi *psi, char *text, size_t size, bool *found)
{
	const char *lo_why = NULL, *hi_why = NULL;
	long lo = 0, hi = -1;
	unsigned t, have = 0;
	size_t i;

	for (t = 0; pti != NULL && t < pti->ntypes; t++) {
		/* Mel Gorman's highatomic reserve replaced MIGRATE_RESERVE in 4.4. */
		if (strcmp(pti->types[t], "Reserve") == 0) {
			hi = 4004;
			hi_why = "pagetypeinfo lists Reserve";
		} else if (strcmp(pti->types[t], "HighAtomic") == 0)
			at_least(&lo, &lo_why, 4004,
			    "pagetypeinfo lists HighAtomic");
	}
	if (psi != NULL)
		at_least(&lo, &lo_why, 4020, "pressure file read");
	for (i = 0; zi != NULL && i < zi->nzones; i++)
		have |= zi->zones[i].have;
	if (have & ZI_CMA)
		at_least(&lo, &lo_why, 5012, "zoneinfo prints cma");
	if (have & ZI_BOOST)
		at_least(&lo, &lo_why, 5016, "zoneinfo prints boost");
	/* Absent in 6.1, present in 6.12: a bound, not the release. */
	if (have & ZI_PROMO)
		at_least(&lo, &lo_why, 6002, "zoneinfo prints promo");
	*found = lo_why != NULL || hi_why != NULL;
	if (hi >= 0 && lo < hi) {
		snprintf(text, size, "kernel before %ld.%ld (%s): %ld.%ld "
		    "rules", hi / 1000, hi % 1000, hi_why, (hi - 1) / 1000,
		    (hi - 1) % 1000);
		return hi - 1;
	}
	if (lo_why != NULL && hi < 0)
		snprintf(text, size, "kernel %ld.%ld+ (%s): newest rules",
		    lo / 1000, lo % 1000, lo_why);
	else
		snprintf(text, size, "kernel unknown: newest rules");
	return -1;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rules.c - what advise.c and counts.c both read: saturating sums, a migratetype's index, vm.defrag_mode */
#include "config.h"

#include <string.h>

#include "rules.h"

/*
 * Returns A + B, or UINT64_MAX when that does not fit. Watermarks and
 * reserves come from files: a sum that wraps would turn "far too little
 * memory" into "plenty".
 */
uint64_t
advise_sat_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

uint64_t
advise_sat_pages(uint64_t n, unsigned k)
{
	return n > UINT64_MAX >> k ? UINT64_MAX : n << k;
}

/* Returns the index of migratetype NAME in P, or -1. */
int
advise_type_of(const struct pagetypeinfo *p, const char *name)
{
	unsigned t;

	for (t = 0; t < p->ntypes; t++)
		if (strcmp(p->types[t], name) == 0)
			return (int)t;
	return -1;
}

/* Returns whether IN's allocation follows vm.defrag_mode's rules (6.15+, set to 1). */
bool
advise_defrag_rules(const struct advise_in *in)
{
	/* The sysctl came with 6.15 (e3aa7df331bc); older rules know none. */
	return in->defrag_mode == 1 && (in->kver < 0 || in->kver >= 6015);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thpoutcome.c - the names of the kinds of THP allocation, written and read back in one place */
#include "config.h"

#include <string.h>

#include "thpoutcome.h"

const char *
outcome_kind_key(enum outcome_kind k)
{
	/* The kernel's stats/ prefixes (mm/huge_memory.c, DEFINE_MTHP_STAT_ATTR). */
	return k == OUTCOME_ANON ? "anon_fault" : "shmem";
}

bool
outcome_kind_parse(const char *s, enum outcome_kind *k)
{
	enum outcome_kind i;

	for (i = 0; i < OUTCOME_NKINDS; i++)
		if (strcmp(s, outcome_kind_key(i)) == 0) {
			*k = i;
			return true;
		}
	return false;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* zonepair.c - which zone of one snapshot is which of another, by node and name */
#include "config.h"

#include <string.h>

#include "zonepair.h"

long
zonepair_match(const struct bzone *z, size_t hint, const struct buddyinfo *to)
{
	size_t j;

	/* Usually the same position: snapshots of one machine. */
	if (hint < to->nzones && to->zones[hint].node == z->node &&
	    strcmp(to->zones[hint].name, z->name) == 0)
		return (long)hint;
	for (j = 0; j < to->nzones; j++)
		if (to->zones[j].node == z->node &&
		    strcmp(to->zones[j].name, z->name) == 0)
			return (long)j;
	return -1;
}

bool
zonepair_next(const struct buddyinfo *a, const struct buddyinfo *b,
    size_t *at, struct zonepair *p)
{
	size_t i;

	/* Rows 0..na) are A's zones, na..na+nb) B's, those A has skipped. */
	while ((i = (*at)++) < a->nzones + b->nzones) {
		if (i < a->nzones) {
			p->a = (long)i;
			p->b = zonepair_match(&a->zones[i], i, b);
			return true;
		}
		i -= a->nzones;
		if (zonepair_match(&b->zones[i], i, a) < 0) {
			p->a = -1;
			p->b = (long)i;
			return true;
		}
	}
	return false;
}

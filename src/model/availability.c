/* SPDX-License-Identifier: GPL-2.0-or-later */
/* availability.c - free the availability rows of one run and look one up */
#include "config.h"

#include <stdlib.h>

#include "availability.h"

/* Returns where A's count after compaction comes from, as outputs name it. */
const char *
avail_after_from(const struct avail *a)
{
	return a->from_map ? "map" : "free memory";
}

/* Free the rows of AV and forget them. */
void
avail_free(struct availability *av)
{
	free(av->rows);
	av->rows = NULL;
	av->n = 0;
}

/* Returns the row of NODE (-1: machine), ZONE (-1: all) and ORDER in AV, or NULL. */
const struct avail *
avail_find(const struct availability *av, int node, long zone,
    unsigned order)
{
	size_t i;

	for (i = 0; i < av->n; i++)
		if (av->rows[i].node == node && av->rows[i].zone == zone &&
		    av->rows[i].order == order)
			return &av->rows[i];
	return NULL;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* unm.c - the unmanaged memory of the zones: freed, and a zone looked up */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "unm.h"

void
unm_free(struct unmanaged *u)
{
	free(u->zones);
	memset(u, 0, sizeof(*u));
}

const struct unm_zone *
unm_zone(const struct unmanaged *u, unsigned node, const char *name)
{
	size_t i;

	for (i = 0; i < u->nzones; i++)
		if (u->zones[i].node == node &&
		    strcmp(u->zones[i].name, name) == 0)
			return &u->zones[i];
	return NULL;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* unm.c - the unmanaged memory of the zones: freed, and a zone looked up */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "unm.h"
#include "zoneset.h"

void
unm_free(struct unmanaged *u)
{
	free(u->zones);
	memset(u, 0, sizeof(*u));
}

const struct unm_zone *
unm_zone(const struct unmanaged *u, unsigned node, const char *name)
{
	/* By zoneinfo's index, not a scan: once per zone, every node. */
	long i = zoneset_lookup(u->set, node, name);

	return i < 0 ? NULL : &u->zones[i];
}

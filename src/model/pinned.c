/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pinned.c - free the pinned pageblocks of a map */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "pinned.h"

void
pins_free(struct pins *p)
{
	free(p->zones);
	free(p->state);
	memset(p, 0, sizeof(*p));
}

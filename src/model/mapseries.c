/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mapseries.c - free the map summaries of a recording */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mapseries.h"

void
mapseries_free(struct mapseries *s)
{
	free(s->sample);
	free(s->elapsed_ms);
	free(s->z);
	free(s->zone);
	free(s->span);
	free(s->folios[0]);
	free(s->folios[1]);
	memset(s, 0, sizeof(*s));
}

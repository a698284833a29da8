/* SPDX-License-Identifier: GPL-2.0-or-later */
/* runs.c - free two sets of recorded runs */
#include "config.h"

#include <stdlib.h>

#include "runs.h"

void
sets_free(struct sets *x)
{
	size_t i;
	int k;

	for (k = 0; k < 2; k++) {
		for (i = 0; i < x->side[k].n; i++) {
			if (x->side[k].runs)
				replay_free(&x->side[k].runs[i]);
			if (x->side[k].maps)
				mapseries_free(&x->side[k].maps[i]);
			free(x->side[k].names[i]);
		}
		free(x->side[k].runs);
		free(x->side[k].maps);
	}
	for (i = 0; i < x->ntexts; i++)
		free(x->texts[i]);
	free(x->texts);
	free(x->m);
	free(x->dropped);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* advice.c - free the advice of one run */
#include "config.h"

#include <stdlib.h>

#include "advice.h"

/* Free the zones' decisions, the tally and kcompactd's nodes of ADV, and forget them. */
void
advise_free(struct advice *adv)
{
	free(adv->zones);
	free(adv->best);
	free(adv->kc);
	adv->zones = NULL;
	adv->best = NULL;
	adv->kc = NULL;
}

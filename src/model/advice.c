/* SPDX-License-Identifier: GPL-2.0-or-later */
/* advice.c - find an order in the advice of one run, and free it */
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

long
advice_order_find(const unsigned *orders, size_t n, unsigned order)
{
	size_t j;

	for (j = 0; j < n; j++)
		if (orders[j] == order)
			return (long)j;
	return -1;
}

long
advice_order_index(const struct advice *adv, unsigned order)
{
	return adv != NULL ? advice_order_find(adv->orders, adv->norders,
	    order) : -1;
}

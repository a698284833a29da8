/* SPDX-License-Identifier: GPL-2.0-or-later */
/* advise_orders.c - which order is the pageblock's and the huge page's, and where the map's ceiling is known */
#include "config.h"

#include "advise.h"
#include "physmap.h"

unsigned
advise_block_order(const struct pagetypeinfo *pti, const struct advice *adv)
{
	return pti != NULL ? pti->pageblock_order : adv->hpage_order;
}

unsigned
advise_snapshot_block_order(const struct buddyinfo *bi,
    const struct pagetypeinfo *pti, const struct advice *adv)
{
	unsigned o = ADVISE_BLOCK_ORDER_GUESS;

	if (adv != NULL)
		o = advise_block_order(pti, adv);
	else if (pti != NULL)
		o = pti->pageblock_order;
	return advise_clamp_order(o, bi->norders);
}

unsigned
advise_clamp_order(unsigned o, unsigned norders)
{
	return o < norders ? o : norders - 1;
}

bool
advise_ceiling_known(const struct map *m, unsigned order)
{
	return m != NULL && order >= m->pageblock_order && order < m->norders;
}

unsigned
advise_hpage_order(long pmd_order, const struct pagetypeinfo *pti)
{
	if (pmd_order >= 0)
		return (unsigned)pmd_order;
	return pti != NULL ? pti->pageblock_order : ADVISE_BLOCK_ORDER_GUESS;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* advise_tally.c - the advice tallied: the best verdict per node and machine, verdicts ranked, the zone nearest to compaction, the nodes in buddyinfo's order */
#include "config.h"

#include <stdlib.h>

#include "advise.h"

int
advise_tally(struct advice *adv, const struct buddyinfo *bi)
{
	const struct zadvice *a;
	enum verdict *b;
	size_t i, n = (FRAG_MAX_NODES + 1) * adv->norders;
	long j;

	/* Row FRAG_MAX_NODES is the machine. */
	if ((adv->best = malloc(n * sizeof(*b) + 1)) == NULL)
		return -1;
	for (i = 0; i < n; i++)
		adv->best[i] = VERDICT_RECLAIM;
	for (i = 0; i < adv->nzones; i++) {
		a = &adv->zones[i];
		j = advice_order_index(adv, a->order);
		/* A zone the allocation cannot use does not count. */
		if (j < 0 || a->verdict == VERDICT_UNUSABLE)
			continue;
		b = &adv->best[bi->zones[a->zone].node * adv->norders +
		    (size_t)j];
		if (advise_rank(a->verdict) < advise_rank(*b))
			*b = a->verdict;
		b = &adv->best[FRAG_MAX_NODES * adv->norders + (size_t)j];
		if (advise_rank(a->verdict) < advise_rank(*b))
			*b = a->verdict;
	}
	return 0;
}

enum verdict
advise_best(const struct advice *adv, int node, size_t j)
{
	return adv->best[(node < 0 ? FRAG_MAX_NODES : (size_t)node) *
	    adv->norders + j];
}

int
advise_rank(enum verdict v)
{
	switch (v) {
	case VERDICT_OK:
		return 0;
	case VERDICT_UNKNOWN:
		return 1;
	case VERDICT_COMPACT:
		return 2;
	case VERDICT_RECLAIM:
		return 3;
	/*
	 * Freeing memory does not help: worse than reclaim. Short before
	 * pinned, so that a pinned need among several keeps exit status 8.
	 */
	case VERDICT_SHORT:
		return 4;
	case VERDICT_PINNED:
		return 5;
	case VERDICT_UNUSABLE:
	case VERDICT_NSTATES:
		break;
	}
	return 6;
}

const struct zadvice *
advise_least_reclaim(const struct advice *adv, size_t j, uint64_t *shortfall)
{
	const struct zadvice *best = NULL;
	size_t i;

	for (i = 0; i < adv->nzones; i++) {
		const struct zadvice *a = &adv->zones[i];

		/* Only the reasons where freeing memory lets compaction run. */
		if (a->order != adv->orders[j] || a->verdict != VERDICT_RECLAIM ||
		    (a->reason != R_LOW_ORDER0 &&
		    a->reason != R_RESERVE_RECLAIM) || a->need < a->usable)
			continue;
		if (best == NULL || a->need - a->usable < best->need -
		    best->usable)
			best = a;
	}
	/* compaction_suitable() wants more than NEED: one page past it. */
	*shortfall = best != NULL ? best->need - best->usable + 1 : 0;
	return best;
}

bool
advise_next_node(const struct buddyinfo *bi, size_t *i, unsigned *node)
{
	/* buddyinfo lists a node's zones together. */
	while (*i < bi->nzones && *i > 0 &&
	    bi->zones[*i].node == bi->zones[*i - 1].node)
		(*i)++;
	if (*i >= bi->nzones)
		return false;
	*node = bi->zones[(*i)++].node;
	return true;
}

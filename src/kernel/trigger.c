/* SPDX-License-Identifier: GPL-2.0-or-later */
/* trigger.c - when a triggered recording (--trigger) keeps a window of samples */
#include "config.h"

#include <string.h>

#include "trigger.h"

/* Returns whether PSI's full line is above LIMIT (hundredths of a percent). */
static bool
full_above(const struct psi *psi, uint32_t limit)
{
	return psi != NULL && psi->full.present && psi->full.avg10 > limit;
}

bool
trigger_fired(const struct trigger *t, const struct ev_counts *ev,
    const struct psi *prev, const struct psi *cur, struct trigger_fire *why)
{
	unsigned o;

	memset(why, 0, sizeof(*why));
	switch (t->kind) {
	case TRIGGER_STALL:
		if (ev != NULL)
			why->count = ev->stall_begins;
		return why->count != 0;
	case TRIGGER_ALLOC_FAIL:
		for (o = t->order; ev != NULL && o < FRAG_MAX_ORDERS; o++)
			why->count += ev->alloc[o].failed;
		return why->count != 0;
	case TRIGGER_PSI:
		/* A rise: the previous sample was not above (or unknown). */
		if (!full_above(cur, t->psi_full) ||
		    full_above(prev, t->psi_full))
			return false;
		why->psi_full = cur->full.avg10;
		return true;
	}
	return false;
}

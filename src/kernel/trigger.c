/* SPDX-License-Identifier: GPL-2.0-or-later */
/* trigger.c - when a triggered recording (--trigger) keeps a window of samples */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "text.h"
#include "trigger.h"

int
trigger_parse(const char *kind, struct trigger *t)
{
	static const char af[] = "alloc-fail:";
	uint64_t v;

	memset(t, 0, sizeof(*t));
	if (strcmp(kind, "stall") == 0)
		t->kind = TRIGGER_STALL;
	else if (strcmp(kind, "psi") == 0)
		t->kind = TRIGGER_PSI;
	else if (strncmp(kind, af, sizeof(af) - 1) == 0 &&
	    num_str(kind + sizeof(af) - 1, &v) == 0 && v < FRAG_MAX_ORDERS) {
		t->kind = TRIGGER_ALLOC_FAIL;
		t->order = (unsigned)v;
	} else
		return -1;
	return 0;
}

/* Returns whether PSI's full line is above LIMIT (hundredths of a percent). */
static bool
full_above(const struct psi *psi, uint32_t limit)
{
	return psi != NULL && psi->full.present && psi->full.avg10 > limit;
}

bool
trigger_fired(const struct trigger *t, const struct ev_counts *ev,
    const struct psi *prev, const struct psi *cur, char *why, size_t size)
{
	uint64_t failed = 0;
	unsigned o;

	why[0] = '\0';
	switch (t->kind) {
	case TRIGGER_STALL:
		if (ev == NULL || ev->stall_begins == 0)
			return false;
		snprintf(why, size, "%llu direct reclaim or compaction runs "
		    "began", (unsigned long long)ev->stall_begins);
		return true;
	case TRIGGER_ALLOC_FAIL:
		for (o = t->order; ev != NULL && o < FRAG_MAX_ORDERS; o++)
			failed += ev->alloc[o].failed;
		if (failed == 0)
			return false;
		snprintf(why, size, "%llu allocations of order %u or more "
		    "failed", (unsigned long long)failed, t->order);
		return true;
	case TRIGGER_PSI:
		/* A rise: the previous sample was not above (or unknown). */
		if (!full_above(cur, t->psi_full) ||
		    full_above(prev, t->psi_full))
			return false;
		snprintf(why, size, "full avg10 %u.%02u%% above %u.%02u%%",
		    cur->full.avg10 / 100, cur->full.avg10 % 100,
		    t->psi_full / 100, t->psi_full % 100);
		return true;
	}
	return false;
}

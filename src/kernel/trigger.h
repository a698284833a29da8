/* SPDX-License-Identifier: GPL-2.0-or-later */
/* trigger.h - when a triggered recording (--trigger) keeps a window of samples */
#ifndef FRAGSTAT_TRIGGER_H
#define FRAGSTAT_TRIGGER_H

#include <stdbool.h>
#include <stdint.h>

#include "events.h"
#include "model.h"

/* What fires a window. */
enum trigger_kind {
	TRIGGER_STALL,		/* direct reclaim or compaction began */
	TRIGGER_ALLOC_FAIL,	/* an allocation of ORDER or more failed */
	TRIGGER_PSI,		/* full avg10 rose above a threshold */
};

struct trigger {
	enum trigger_kind kind;
	unsigned	 order;		/* TRIGGER_ALLOC_FAIL */
	uint32_t	 psi_full;	/* TRIGGER_PSI: hundredths of a percent */
};

/*
 * Parse KIND ("stall", "psi", "alloc-fail:ORDER" with ORDER below
 * FRAG_MAX_ORDERS) into T. Returns 0, or -1 when KIND is none of these.
 */
int	trigger_parse(const char *kind, struct trigger *t);

/*
 * Returns whether T fires on a sample whose interval counted the events
 * EV (NULL: none) and whose pressure is CUR, the previous sample's PREV
 * (either NULL: unknown). psi fires on the rise only: a pressure that
 * stays high fires once. Writes to WHY (SIZE bytes) what fired.
 */
bool	trigger_fired(const struct trigger *t, const struct ev_counts *ev,
	    const struct psi *prev, const struct psi *cur, char *why,
	    size_t size);

#endif

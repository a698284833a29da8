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

/* What fired, in numbers; render_trigger() says it. */
struct trigger_fire {
	uint64_t	 count;		/* stall: runs begun; alloc-fail: failed */
	uint32_t	 psi_full;	/* TRIGGER_PSI: full avg10 now, hundredths */
};

/*
 * Returns whether T fires on a sample whose interval counted the events
 * EV (NULL: none) and whose pressure is CUR, the previous sample's PREV
 * (either NULL: unknown). psi fires on the rise only: a pressure that
 * stays high fires once. Sets WHY to what fired (zeros when nothing did).
 */
bool	trigger_fired(const struct trigger *t, const struct ev_counts *ev,
	    const struct psi *prev, const struct psi *cur,
	    struct trigger_fire *why);

#endif

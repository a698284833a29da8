/* SPDX-License-Identifier: GPL-2.0-or-later */
/* map_every.h - --record --map-every: a summary of the map every Nth sample */
#ifndef FRAGSTAT_MAP_EVERY_H
#define FRAGSTAT_MAP_EVERY_H

#include <stdint.h>
#include <time.h>

#include "options.h"
#include "record.h"

/* The state of --map-every across samples. */
struct map_every {
	const struct opts *o;
	struct record	*rec;
	unsigned long	 n;		/* samples seen */
	struct timespec	 start;
};

/*
 * Read O's map once, as --map-every will, and say what it costs: *MS.
 * Returns EXIT_OK, EXIT_USAGE after a message when that is more than half
 * of O->map_every intervals, or EXIT_DATA after a message.
 */
int	map_every_measure(const struct opts *o, uint64_t *ms);

/*
 * Count a sample of ME; every ME->o->map_every-th from the first, append
 * a map summary line to the recording. Returns 0, or -1 with E set.
 */
int	map_every_sample(struct map_every *me, struct ferr *e);

#endif

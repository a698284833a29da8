/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mapseries.h - the map summaries of a recording (--map-every), over time */
#ifndef FRAGSTAT_MAPSERIES_H
#define FRAGSTAT_MAPSERIES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "physmap.h"
#include "recording.h"

/*
 * The most zones a map summary may have: every zone a recording can hold
 * (run/map_every.c writes every zone of the machine).
 */
#define MAPSERIES_MAX_ZONES	REPLAY_MAX_ZONES

/* One zone in one map summary; -1: not known then. */
struct mapseries_zone {
	uint64_t	 pageblocks, polluted;
	long long	 amplification;		/* hundredths */
	long long	 clean_regions, offlinable;
};

/* A zone's folio census in one map: folios by kind and order. */
struct mapseries_folios {
	bool		 have;			/* the map read the page flags */
	uint64_t	 n[MAP_NFOLIOS][FRAG_MAX_ORDERS];
};

/*
 * One zone over every map, as kernel/mapspan's mapspan_compute() sums it
 * up for the views of pollution over time.
 */
struct mapseries_span {
	const struct mapseries_zone *f, *l;	/* the first map's, the last's */
	uint64_t	 most, at_s;		/* most polluted pageblocks, when */
	bool		 has_growth;		/* the maps span some time */
	long long	 per_hour;		/* polluted pageblocks, last less first */
	long long	 growth;		/* the same, over the span: */
	uint64_t	 span_ms;		/* first map to last: per_hour's base */
};

/* Every map summary of a recording, zones in the same order in each. */
struct mapseries {
	size_t		 nmaps, nzones;
	/* Per zone, nzones of them: node, name, line; no free counts. */
	struct bzone	*zone;
	uint64_t	*elapsed_ms;		/* per map */
	uint64_t	*sample;		/* per map */
	uint64_t	 map_ms;		/* the last map's cost */
	/* Whether the maps carry "folios" (null or not): recorded since 4. */
	bool		 folios_recorded;
	unsigned	 folio_orders;		/* the longest census array read */
	/* Per zone, the first map's census and the last's (not every map's). */
	struct mapseries_folios *folios[2];
	struct mapseries_zone *z;		/* nmaps * nzones, by map */
	struct mapseries_span *span;		/* per zone, when nmaps */
};

/* Free what S holds (replay_map_read() fills it). */
void	mapseries_free(struct mapseries *s);

#endif

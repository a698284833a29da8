/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mapspan.c - a recording's map summaries summed up per zone: first, last, most and growth */
#include "config.h"

#include "elapsed.h"
#include "mapspan.h"

/* Fill ZS with zone I of S over its maps (S has one at least). */
static void
zone_span(const struct mapseries *s, size_t i, struct mapseries_span *zs)
{
	const struct mapseries_zone *z;
	uint64_t span;
	size_t k, best;

	zs->f = &s->z[i];
	zs->l = &s->z[(s->nmaps - 1) * s->nzones + i];
	for (k = 0, best = 0, zs->most = 0; k < s->nmaps; k++) {
		z = &s->z[k * s->nzones + i];
		if (z->polluted > zs->most) {
			zs->most = z->polluted;
			best = k;
		}
	}
	zs->at_s = (s->elapsed_ms[best] - s->elapsed_ms[0]) / 1000;
	/* The growth rate: pageblocks polluted per hour, first to last. */
	span = s->elapsed_ms[s->nmaps - 1] - s->elapsed_ms[0];
	zs->span_ms = span;
	zs->has_growth = span != 0;
	zs->growth = (long long)zs->l->polluted - (long long)zs->f->polluted;
	zs->per_hour = span == 0 ? 0 : zs->growth * ELAPSED_MS_PER_HOUR /
	    (long long)span;
}

void
mapspan_compute(struct mapseries *s)
{
	size_t i;

	for (i = 0; s->nmaps > 0 && i < s->nzones; i++)
		zone_span(s, i, &s->span[i]);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * need_forecast.c - the inputs of a --need's forecast, read for each zone
 * from the counts, zoneinfo and the map: one forecast for --need and
 * --prepare alike
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ferr.h"
#include "advise.h"
#include "forecast.h"
#include "need_forecast.h"
#include "regions.h"

/*
 * Set IN's pinned limit of zone Z at ORDER from its availability row A
 * (avail_build() took it from the map: unknown without, or below the
 * pageblock order) and from the map V per kind the pinned pageblocks (or
 * the tainted 1 GiB regions) holding it.
 */
static void
zone_limit(struct fc_zone_in *in, const struct avail *a,
    const struct mapview *v, size_t z, unsigned order)
{
	const struct map *m = &v->m;
	const struct map_zone *mz = &m->zones[z];
	size_t i, k;

	in->limit = a->limit;
	in->uninit = a->uninit;
	if (a->limit == AVAIL_NO_LIMIT)
		return;
	if (order == m->gigantic_order) {
		/* The regions are classified only where a view wants them. */
		if (!v->blocks)
			return;
		in->holes = v->rg.zones[z][REGION_HOLE];
		for (i = 0; i < v->rg.n; i++)
			for (k = 0; k < MAP_NPINS; k++)
				if (v->rg.r[i].zone == z && v->rg.r[i].state ==
				    REGION_TAINTED && v->rg.r[i].by_kind[k] > 0)
					in->pinned[k]++;
		return;
	}
	in->holes = mz->kinds[MAP_BLOCK_HOLE];
	for (k = 0; k < MAP_NPINS; k++)
		in->pinned[k] = v->p.zones[z].by_kind[k];
}

/*
 * Set IN's watermark inputs for zone Z of R from its advice at ORDER:
 * the free pages the check counts, what it holds back, and
 * __compaction_suitable()'s gate since 4.9: low (costly orders, min
 * below) + compact_gap() = 2 << order + the lowmem reserve. A gigantic
 * order has no advice: its free pages, a block's worth held, no gate.
 */
static void
zone_watermarks(struct fc_zone_in *in, const struct report *r,
    const struct zizone *zz, size_t z, unsigned order)
{
	long j = advice_order_index(r->advice, order);
	const struct zadvice *a = j >= 0 ? advise_at(r->advice, z,
	    (size_t)j) : NULL;

	if (a == NULL) {
		in->usable = r->frag[z].free_pages;
		in->hold = (1ULL << order) - 1;
		return;
	}
	in->usable = a->usable;
	in->hold = a->hold;
	if (zz != NULL && (zz->have & (ZI_MIN | ZI_LOW)) == (ZI_MIN | ZI_LOW)) {
		in->has_gate = true;
		in->gate = (order > ADVISE_COSTLY_ORDER ? zz->low : zz->min) +
		    (2ULL << order) + a->reserve;
		in->managed = (zz->have & ZI_MANAGED) ? zz->managed : 0;
	}
}

/*
 * Set IN's clean page cache from zoneinfo zone ZZ: its LRU's file pages,
 * active and inactive, less those dirty or under writeback
 * (nr_zone_write_pending), which reclaim cannot drop at once. Mapped
 * pages are in it: drop_caches keeps them, node reclaim may unmap them.
 */
static void
zone_cache(struct fc_zone_in *in, const struct zizone *zz)
{
	uint32_t want = (1u << ZS_INACTIVE_FILE) | (1u << ZS_ACTIVE_FILE) |
	    (1u << ZS_WRITE_PENDING);
	uint64_t file;

	if (zz == NULL || (zz->have_stat & want) != want)
		return;
	file = zz->stat[ZS_INACTIVE_FILE] + zz->stat[ZS_ACTIVE_FILE];
	in->cache = file > zz->stat[ZS_WRITE_PENDING] ? file -
	    zz->stat[ZS_WRITE_PENDING] : 0;
	in->cache_known = true;
}

/*
 * Fill OUT (room for every zone) with the zones of R's availability at
 * N's order, from IN's zoneinfo and the map V (NULL: none). Returns how
 * many.
 */
static size_t
zone_inputs(const struct report *r, const struct inputs *in,
    const struct mapview *v, const struct need *n, struct fc_zone_in *out)
{
	const struct zizone *zz;
	const struct avail *a;
	size_t i, k = 0;

	for (i = 0; i < r->avail->n; i++) {
		a = &r->avail->rows[i];
		if (a->zone < 0 || a->order != n->order)
			continue;
		memset(&out[k], 0, sizeof(out[k]));
		out[k].node = a->node;
		out[k].zone = a->zone;
		out[k].now = a->now;
		out[k].after = a->after;
		out[k].from_map = a->from_map;
		out[k].now_is_bound = a->now_is_bound;
		out[k].now_least = a->now_least;
		out[k].capacity = a->capacity;
		zz = in->have_zi ? zoneinfo_find(&in->zi,
		    r->bi->zones[a->zone].node, r->bi->zones[a->zone].name) :
		    NULL;
		zone_watermarks(&out[k], r, zz, (size_t)a->zone, n->order);
		zone_cache(&out[k], zz);
		out[k].limit = FC_UNKNOWN;
		if (v != NULL)
			zone_limit(&out[k], a, v, (size_t)a->zone, n->order);
		k++;
	}
	return k;
}

int
need_forecast(struct forecast *f, const struct report *r,
    const struct inputs *in, const struct mapview *v, const struct need *n,
    enum avail_possible possible)
{
	struct fc_zone_in *zin;
	int rc;

	zin = calloc(r->bi->nzones + 1, sizeof(*zin));
	rc = zin == NULL ? -1 : forecast_build(f, n, possible, zin,
	    zone_inputs(r, in, v, n, zin));
	free(zin);
	if (rc != 0)
		ferr_nomem();
	return rc;
}

int
need_forecasts(struct forecast *fs, struct report *r, const struct inputs *in,
    const struct mapview *v)
{
	size_t i;

	for (i = 0; i < r->nneeds; i++)
		if (need_forecast(&fs[i], r, in, v, &r->needs[i],
		    r->need_answers[i].possible) != 0) {
			need_forecasts_free(fs, i);
			return -1;
		}
	r->need_forecasts = r->nneeds > 0 ? fs : NULL;
	return 0;
}

void
need_forecasts_free(struct forecast *fs, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		forecast_free(&fs[i]);
}

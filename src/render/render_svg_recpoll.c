/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_recpoll.c - a recording's pollution charts: each zone's polluted pageblocks by map (--map-every) */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "render_pollution.h"
#include "render_svg_rec.h"

size_t
recpoll_zones(const struct mapseries *ms)
{
	size_t i, n = 0;

	for (i = 0; ms && ms->nmaps && i < ms->nzones; i++)
		if (ms->z[(ms->nmaps - 1) * ms->nzones + i].pageblocks)
			n++;
	return n;
}

/* Write the title of map K of zone I of MS: when, and what it counted. */
static void
title_map(struct svgw *w, const struct mapseries *ms, size_t k, size_t i)
{
	const struct mapseries_zone *z = &ms->z[k * ms->nzones + i];
	char a[32];

	svg_text(w, "map at ");
	svg_text_fixed(w, (long long)(ms->elapsed_ms[k] - ms->elapsed_ms[0]),
	    3);
	svg_text(w, " s: ");
	svg_text_int(w, (long long)z->polluted);
	svg_text(w, " of ");
	svg_text_int(w, (long long)z->pageblocks);
	svg_text(w, " pageblocks polluted, amplification ");
	svg_text(w, render_pollution_words(a, sizeof(a), z->amplification));
}

/*
 * Set ROOM's columns of T to zone I's polluted pageblocks by map of MS,
 * each held until the next map (at SIZE_MAX where held). Returns the most.
 */
static uint64_t
zone_columns(const struct rec_room *room, const struct timeline *t,
    const struct mapseries *ms, size_t i)
{
	uint64_t *v = room->v, top;
	bool *have = room->have;
	size_t *at = room->at, k, m;

	memset(have, 0, t->n * sizeof(*have));
	for (m = 0, top = 1; m < ms->nmaps; m++) {
		k = ms->sample[m] / t->per;
		/* A map of a sample cut short by a crash: not drawn. */
		if (k >= t->n)
			continue;
		v[k] = ms->z[m * ms->nzones + i].polluted;
		have[k] = true;
		at[k] = m;
		top = v[k] > top ? v[k] : top;
	}
	/* Between maps the last count holds: draw it so, as steps. */
	for (k = 1; k < t->n; k++)
		if (!have[k] && have[k - 1]) {
			v[k] = v[k - 1];
			at[k] = SIZE_MAX;
			have[k] = true;
		}
	return top;
}

long
recpoll_draw(struct svgw *w, const struct rec_room *room,
    const struct timeline *t, const struct mapseries *ms, long y)
{
	char cap[96], tops[32];
	uint64_t top;
	size_t i, k;
	long fy;

	if (recpoll_zones(ms) == 0)
		return y;
	for (i = 0; i < ms->nzones; i++) {
		if (ms->z[(ms->nmaps - 1) * ms->nzones + i].pageblocks == 0)
			continue;
		top = zone_columns(room, t, ms, i);
		snprintf(cap, sizeof(cap), "Node %u, %s: polluted pageblocks "
		    "(--map-every)", ms->zone[i].node, ms->zone[i].name);
		snprintf(tops, sizeof(tops), "%llu", (unsigned long long)top);
		fy = svgtl_chart_frame(w, t, y, cap, tops, "0");
		svgtl_chart_line(w, t, fy, room->v, room->have, 0, top,
		    COLOR_VERMILLION, NULL);
		for (k = 0; k < t->n; k++) {
			if (!room->have[k] || room->at[k] == SIZE_MAX)
				continue;
			svgtl_chart_point_open(w, t, k, fy, room->v[k], 0,
			    top, COLOR_VERMILLION);
			svgtl_span_words(w, t, k);
			title_map(w, ms, room->at[k], i);
			svg_close(w);
			svg_close(w);
		}
		y = svgtl_chart_end(fy);
	}
	return y;
}

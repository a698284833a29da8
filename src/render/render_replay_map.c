/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_replay_map.c - a recording's map summaries: pollution first, last, most and its growth */

#include "config.h"
#include <inttypes.h>
#include <stdio.h>

#include "humanize.h"
#include "mapseries.h"
#include "render_pollution.h"
#include "report.h"

/* Returns BUF holding count V, or "-" when -1. */
static const char *
maybe(char *buf, size_t size, long long v)
{
	if (v < 0)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%lld", v);
	return buf;
}

void
render_replay_map_table(FILE *fp, const struct mapseries *s)
{
	const struct mapseries_zone *f, *l, *z;
	uint64_t span, most, at;
	char a[6][32], g[48];
	long long d;
	size_t i, k, best;

	if (s->nmaps == 0)
		return;
	span = s->elapsed_ms[s->nmaps - 1] - s->elapsed_ms[0];
	fprintf(fp, "\nPollution over time: %zu maps (--map-every), the last "
	    "in %" PRIu64 " ms; first -> last\nNode Zone     polluted "
	    "pageblocks   most (at s)  per hour   amplification  clean 1 GiB"
	    "   offlinable\n", s->nmaps, s->map_ms);
	for (i = 0; i < s->nzones; i++) {
		f = &s->z[i];
		l = &s->z[(s->nmaps - 1) * s->nzones + i];
		if (l->pageblocks == 0)
			continue;
		for (k = 0, best = 0, most = 0; k < s->nmaps; k++) {
			z = &s->z[k * s->nzones + i];
			if (z->polluted > most) {
				most = z->polluted;
				best = k;
			}
		}
		at = (s->elapsed_ms[best] - s->elapsed_ms[0]) / 1000;
		/* The growth rate: pageblocks polluted per hour, first to last. */
		d = (long long)l->polluted - (long long)f->polluted;
		if (span == 0)
			snprintf(g, sizeof(g), "-");
		else
			snprintf(g, sizeof(g), "%+lld", d * 3600000 /
			    (long long)span);
		fprintf(fp, "%4u %-8s %8" PRIu64 " -> %-8" PRIu64 " %6" PRIu64
		    " (%4" PRIu64 ") %9s %7s -> %-7s %4s -> %-5s %4s -> %s\n",
		    s->node[i], s->name[i], f->polluted, l->polluted, most, at,
		    g, pollution_words(a[0], sizeof(a[0]), f->amplification),
		    pollution_words(a[1], sizeof(a[1]), l->amplification),
		    maybe(a[2], sizeof(a[2]), f->clean_regions),
		    maybe(a[3], sizeof(a[3]), l->clean_regions),
		    maybe(a[4], sizeof(a[4]), f->offlinable), maybe(a[5],
		    sizeof(a[5]), l->offlinable));
	}
}

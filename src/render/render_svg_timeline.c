/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_timeline.c - snapshots over time: the columns, heat cells, time axis and line charts that batches and recordings share */
#include "config.h"

#include <string.h>

#include "zonepair.h"
#include "render_svg_parts.h"

/*
 * A recorded time is ISO 8601 in UTC, "2026-12-04T06:14:21.614Z" or
 * "2026-12-04T06:14:21Z": the time of day "06:14:21" follows the 'T' at
 * 10, the milliseconds ".614" follow it when recorded.
 */
#define ISO_CLOCK	11
#define ISO_CLOCK_LEN	8
#define ISO_FRAC	19
#define ISO_FRAC_LEN	4

/* Returns the x of the centre of column K. */
long
svgtl_x(const struct timeline *b, size_t k)
{
	return b->left + (long)k * b->cw + b->cw / 2;
}

/* Open the rect of column K in a heatmap's row at Y, filled with FILL; the caller closes it. */
void
svgtl_heat_cell_open(struct svgw *w, const struct timeline *b, size_t k, long y,
    const char *fill)
{
	svgr_rect_open(w, b->left + (long)k * b->cw, y, b->cw > 2 ? b->cw - 1 :
	    b->cw, HEAT_H - 1, fill);
}

/* Write the label of order O left of a heatmap's row at Y. */
void
svgtl_heat_label(struct svgw *w, const struct timeline *b, long y, unsigned o)
{
	char s[32];

	snprintf(s, sizeof(s), "order %u", o);
	svgr_text(w, b->left - 6, y + 11, 9, "end", NULL, s);
}

/* Returns the index of zone Z in snapshot K, or -1. */
long
svgtl_batch_zone(const struct timeline *b, size_t k, const struct bzone *z,
    size_t hint)
{
	return zonepair_match(z, hint, b->r[k].bi);
}

/* Write "SNAPSHOT: " for the title of a mark of snapshot K. */
void
svgtl_snap_words(struct svgw *w, const struct timeline *b, size_t k)
{
	svg_text(w, b->r[k].snapshot ? b->r[k].snapshot : "-");
	svg_text(w, ": ");
}

/* Room (pixels) of an axis label: a snapshot number, hh:mm:ss, hh:mm:ss.mmm. */
#define AXIS_NUMBER_W	40
#define AXIS_CLOCK_W	64
#define AXIS_CLOCK_MS_W	84
/* Past one label a column, the axis labels every AXIS_FIRST_STEP-th. */
#define AXIS_FIRST_STEP	5
#define MS_PER_S	1000

/*
 * Draw the time axis under a chart at Y: snapshot numbers from 1, or the
 * time of day (UTC) of the first sample of a recording's column.
 */
void
svgtl_time_axis(struct svgw *w, const struct timeline *b, long y)
{
	size_t k, step = 1;
	const char *t;
	/* Columns less than a second apart: the milliseconds too, when recorded. */
	bool ms = b->rec && (unsigned long)b->rec->interval_ms * b->per <
	    MS_PER_S;
	long room = !b->rec ? AXIS_NUMBER_W : ms ? AXIS_CLOCK_MS_W :
	    AXIS_CLOCK_W;
	char s[24];

	/* A label every ROOM pixels or so: each column, every 5th, then doubling. */
	while ((long)step * b->cw < room)
		step = step < AXIS_FIRST_STEP ? AXIS_FIRST_STEP : step * 2;
	for (k = 0; k < b->n; k += step) {
		if (b->rec) {
			t = b->rec->series->s[k * b->per].time;
			snprintf(s, sizeof(s), "%.*s%.*s", ISO_CLOCK_LEN,
			    strlen(t) > ISO_CLOCK ? t + ISO_CLOCK : "",
			    ISO_FRAC_LEN, ms && strlen(t) > ISO_FRAC +
			    ISO_FRAC_LEN && t[ISO_FRAC] == '.' ? t + ISO_FRAC :
			    "");
		} else
			snprintf(s, sizeof(s), "%zu", k + 1);
		svgr_text(w, svgtl_x(b, k), y + 11, 9, "middle", NULL, s);
	}
}

/*
 * Draw the caption NAME of a chart at Y, its frame under it with the
 * value TOP at its top, and the time axis. Returns the y of the frame.
 */
long
svgtl_chart_frame(struct svgw *w, const struct timeline *b, long y,
    const char *name, const char *top, const char *bottom)
{
	long x1 = b->left + (long)b->n * b->cw;

	svgr_text(w, b->left, y + 12, 11, NULL, "bold", name);
	y += 18;
	svgr_rect_open(w, b->left, y, x1 - b->left, CHART_H, "#f7f7f7");
	svg_attr(w, "stroke", "#cccccc");
	svg_close(w);
	svgr_text(w, b->left - 6, y + 9, 10, "end", NULL, top);
	svgr_text(w, b->left - 6, y + CHART_H, 10, "end", NULL, bottom);
	svgtl_time_axis(w, b, y + CHART_H + 2);
	return y;
}

/* One point of a line chart: a dot at X, Y of COLOR, the caller writes its title and closes it. */
void
svgtl_point_open(struct svgw *w, long x, long y, const char *color)
{
	svg_open(w, "circle");
	svg_attr_int(w, "cx", x);
	svg_attr_int(w, "cy", y);
	svg_attr_int(w, "r", 3);
	svg_attr(w, "fill", color);
}

/* Returns the y of V on a chart at Y from LO at its foot to TOP at its top. */
long
svgtl_chart_y(long y, uint64_t v, uint64_t lo, uint64_t top)
{
	return y + CHART_H - svgr_scale(v > lo ? v - lo : 0, top - lo, CHART_H);
}

/*
 * Draw a line chart at Y of the values V[0..N) (HAVE[k] false: no value)
 * in COLOR with DASH (NULL: solid). Only the segments; the points follow.
 */
void
svgtl_chart_line(struct svgw *w, const struct timeline *b, long y,
    const uint64_t *v, const bool *have, uint64_t lo, uint64_t top,
    const char *color, const char *dash)
{
	size_t k;

	for (k = 1; k < b->n; k++) {
		if (!have[k - 1] || !have[k])
			continue;
		svgr_line_open(w, svgtl_x(b, k - 1), svgtl_chart_y(y, v[k - 1],
		    lo, top),
		    svgtl_x(b, k), svgtl_chart_y(y, v[k], lo, top), color);
		svg_attr_int(w, "stroke-width", 2);
		if (dash)
			svg_attr(w, "stroke-dasharray", dash);
		svg_close(w);
	}
}

/* Returns the first sample of column K of T, and sets *LAST to its last. */
size_t
svgtl_rec_span(const struct timeline *t, size_t k, size_t *last)
{
	size_t a = k * t->per;

	*last = a + t->per > t->rec->nsamples ? t->rec->nsamples - 1 :
	    a + t->per - 1;
	return a;
}

/* Write the samples of column K for a title: "TIME (sample S): " or "FIRST to LAST (samples S-T): ". */
void
svgtl_span_words(struct svgw *w, const struct timeline *t, size_t k)
{
	const struct rsample *s = t->rec->series->s;
	size_t b, a = svgtl_rec_span(t, k, &b);
	char n[64];

	svg_text(w, s[a].time);
	if (a == b)
		snprintf(n, sizeof(n), " (sample %zu): ", a + 1);
	else {
		svg_text(w, " to ");
		svg_text(w, s[b].time);
		snprintf(n, sizeof(n), " (samples %zu-%zu): ", a + 1, b + 1);
	}
	svg_text(w, n);
}

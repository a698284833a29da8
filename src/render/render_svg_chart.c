/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_chart.c - over time: the time axis and the line charts that batches and recordings share */
#include "config.h"

#include <string.h>

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

/* Room (pixels) of an axis label: a snapshot number, hh:mm:ss, hh:mm:ss.mmm. */
#define AXIS_NUMBER_W	40
#define AXIS_CLOCK_W	64
#define AXIS_CLOCK_MS_W	84
/* Past one label a column, the axis labels every AXIS_FIRST_STEP-th. */
#define AXIS_FIRST_STEP	5
#define MS_PER_S	1000

/*
 * A chart's frame: its scale's words (SCALE_PX) left of it, the top's
 * baseline SCALE_TOP_BASE below its top, the foot's on its bottom; the
 * time axis AXIS_GAP below it. A point is a dot of POINT_R, a line
 * LINE_W wide.
 */
#define SCALE_PX	10
#define SCALE_TOP_BASE	9
#define AXIS_GAP	2
#define POINT_R		3
#define LINE_W		2

/*
 * Draw the time axis under a chart at Y: snapshot numbers from 1, or the
 * time of day (UTC) of the first sample of a recording's column.
 */
void
svgtl_time_axis(struct svgw *w, const struct timeline *b, long y)
{
	size_t k, step = 1, last;
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
			t = b->rec->series->s[svgtl_rec_span(b, k, &last)].time;
			snprintf(s, sizeof(s), "%.*s%.*s", ISO_CLOCK_LEN,
			    strlen(t) > ISO_CLOCK ? t + ISO_CLOCK : "",
			    ISO_FRAC_LEN, ms && strlen(t) > ISO_FRAC +
			    ISO_FRAC_LEN && t[ISO_FRAC] == '.' ? t + ISO_FRAC :
			    "");
		} else
			snprintf(s, sizeof(s), "%zu", k + 1);
		svgr_text(w, svgtl_x(b, k), y + SMALL_BASE, SMALL_PX, "middle",
		    NULL, s);
	}
}

/* Write the caption NAME of a row over time at Y. */
void
svgtl_caption(struct svgw *w, const struct timeline *b, long y,
    const char *name)
{
	svgr_text(w, b->left, y + CAPTION_BASE, CAPTION_PX, NULL, "bold", name);
}

/*
 * Draw the caption NAME of a chart at Y, its frame under it with the
 * value TOP at its top, and the time axis. Returns the y of the frame.
 */
long
svgtl_chart_frame(struct svgw *w, const struct timeline *b, long y,
    const char *name, const char *top, const char *bottom)
{
	svgtl_caption(w, b, y, name);
	y += CAPTION_H;
	svgr_rect_open(w, b->left, y, (long)b->n * b->cw, CHART_H,
	    COLOR_PLOT_BG);
	svg_attr(w, "stroke", COLOR_EDGE);
	svg_close(w);
	svgr_text(w, b->left - LABEL_GAP, y + SCALE_TOP_BASE, SCALE_PX, "end",
	    NULL, top);
	svgr_text(w, b->left - LABEL_GAP, y + CHART_H, SCALE_PX, "end", NULL,
	    bottom);
	svgtl_time_axis(w, b, y + CHART_H + AXIS_GAP);
	return y;
}

/* Returns the y under a chart whose frame is at Y: the frame, then its time axis's row. */
long
svgtl_chart_end(long y)
{
	return y + CHART_H + AXIS_ROW_H;
}

/* One point of a line chart: a dot at X, Y of COLOR, the caller writes its title and closes it. */
void
svgtl_point_open(struct svgw *w, long x, long y, const char *color)
{
	svg_open(w, "circle");
	svg_attr_int(w, "cx", x);
	svg_attr_int(w, "cy", y);
	svg_attr_int(w, "r", POINT_R);
	svg_attr(w, "fill", color);
}

/*
 * Open the point of column K on a chart at Y (V, from LO at its foot to
 * TOP) in COLOR, and its title: the caller writes the words, closes both.
 */
void
svgtl_chart_point_open(struct svgw *w, const struct timeline *b, size_t k,
    long y, uint64_t v, uint64_t lo, uint64_t top, const char *color)
{
	svgtl_point_open(w, svgtl_x(b, k), svgtl_chart_y(y, v, lo, top), color);
	svg_open(w, "title");
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
		svg_attr_int(w, "stroke-width", LINE_W);
		if (dash)
			svg_attr(w, "stroke-dasharray", dash);
		svg_close(w);
	}
}

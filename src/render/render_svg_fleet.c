/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_fleet.c - the fleet's picture: per size, the cumulative distribution over hosts */

#include "config.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "advise.h"
#include "fleet.h"
#include "humanize.h"
#include "render_fleet.h"
#include "render_svg.h"
#include "render_svg_parts.h"

#define WIDTH		760
#define PLOT_X		90
#define PLOT_W		600
#define FLEET_PLOT_H	180
#define FLEET_PANEL_H	265
#define FLEET_HEAD_H	70
/* The head: its left edge and the baselines of the title, --need and the legend. */
#define HEAD_X		10
#define FLEET_TITLE_Y	22
#define NEED_Y		40
#define LEGEND_Y	58
/* Above a panel's plot, room for its bold title. */
#define PANEL_TITLE_H	30
/*
 * The legend's guess of a 12 px character's width, kept from before
 * svgr_text_px() measured text: its x positions are in every fleet picture.
 */
#define LEGEND_CHAR_W	7
/* Points drawn per curve: the values at these many evenly spaced ranks. */
#define CURVE_POINTS	200

/* A curve's stroke, and the dashes of the curve after compaction. */
#define CURVE_STROKE_W	"2"
#define CURVE_DASH	"6,3"

static const char *const ink_now = "#3b528b";
static const char *const ink_after = "#5dc863";
static const char *const ink_worst = "#d62728";

/* Returns the x of value V on a scale to XMAX. */
static long
x_of(uint64_t v, uint64_t xmax)
{
	return PLOT_X + svgr_scale(v, xmax, PLOT_W);
}

/* Returns the y of RANK of N below the top TOP (rank N at the top). */
static long
y_of(uint64_t rank, uint64_t n, long top)
{
	return top + FLEET_PLOT_H - svgr_scale(rank, n, FLEET_PLOT_H);
}

/*
 * Open the mark of a worst host at X, Y; the caller closes it. Its radius
 * is 4, a pixel above svgtl_point_open()'s, so that it stands out of the
 * curve.
 */
static void
worst_open(struct svgw *w, long x, long y)
{
	svg_open(w, "circle");
	svg_attr_int(w, "cx", x);
	svg_attr_int(w, "cy", y);
	svg_attr_int(w, "r", 4);
	svg_attr(w, "fill", ink_worst);
}

/* Write the stroke of a curve (and its legend's line): dashed when DASH. */
static void
curve_stroke(struct svgw *w, bool dash)
{
	svg_attr(w, "stroke-width", CURVE_STROKE_W);
	if (dash)
		svg_attr(w, "stroke-dasharray", CURVE_DASH);
}

/* Draw the cumulative distribution of the sorted V (N values) in INK, dashed when DASH. */
static void
curve(struct svgw *w, const uint64_t *v, size_t n, uint64_t xmax, long top,
    const char *ink, bool dash)
{
	/* Two corners of a step per point: x, y, x, y. */
	long xy[4 * (CURVE_POINTS + 1)];
	uint64_t rank;
	size_t q;

	if (n == 0)
		return;
	for (q = 0; q <= CURVE_POINTS; q++) {
		/* The nearest-rank value at q / CURVE_POINTS: a step's corner. */
		rank = fleet_rank(n, q, CURVE_POINTS);
		xy[4 * q] = x_of(v[rank - 1], xmax);
		xy[4 * q + 1] = y_of(rank - 1, n, top);
		xy[4 * q + 2] = x_of(v[rank - 1], xmax);
		xy[4 * q + 3] = y_of(rank, n, top);
	}
	svg_open(w, "polyline");
	svg_attr_points(w, "points", xy, sizeof(xy) / sizeof(xy[0]) / 2);
	svg_attr(w, "fill", "none");
	svg_attr(w, "stroke", ink);
	curve_stroke(w, dash);
	svg_close(w);
}

/* Returns how many of the sorted V (N values) are at most X. */
static uint64_t
rank_of(const uint64_t *v, size_t n, uint64_t x)
{
	size_t lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (v[mid] <= x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Mark the worst hosts of F on the curve of free now V (N values). */
static void
worst_marks(struct svgw *w, const struct fleet *f, const uint64_t *v,
    size_t n, uint64_t xmax, long top)
{
	const struct fleet_worst *h;
	char t[96];
	size_t i;

	for (i = 0; i < f->nworst; i++) {
		h = &f->worst[i];
		worst_open(w, x_of(h->now, xmax), y_of(rank_of(v, n, h->now), n,
		    top));
		svg_open(w, "title");
		svg_text(w, h->root);
		svg_text(w, ": ");
		svg_text(w, hum_counts(t, sizeof(t), h->now, h->now_is_bound,
		    h->after));
		svg_text(w, ", ");
		svg_text(w, advise_verdict_word(h->verdict));
		svg_close(w);
		svg_close(w);
	}
}

/*
 * Returns the axis of a panel whose values reach MAX: 4 ticks of a round
 * step (1, 2 or 5 times a power of ten) that reach it, at least 4 (0,
 * 5000, ..., 20000 for 13373, not 0, 3343, ..., 13373).
 */
static uint64_t
round_axis(uint64_t max)
{
	uint64_t need = max / 4 + (max % 4 != 0), p = 1, step = 1;

	/* 5 p is at most 5e18, below 2^64; past UINT64_MAX / 4, MAX itself. */
	for (;;) {
		if (p >= need)
			step = p;
		else if (2 * p >= need)
			step = 2 * p;
		else if (5 * p >= need)
			step = 5 * p;
		else {
			p *= 10;
			continue;
		}
		return step > UINT64_MAX / 4 ? max : 4 * step;
	}
}

/* Draw the axes of a panel at TOP for values to XMAX, titled by size S. */
static void
axes(struct svgw *w, long top, uint64_t xmax, const char *s, uint64_t n)
{
	char t[96];
	int k;

	snprintf(t, sizeof(t), "%s: share of %" PRIu64 " hosts with at most "
	    "x allocations free", s, n);
	svgr_text(w, PLOT_X, top - 10, 13, NULL, "bold", t);
	for (k = 0; k <= 4; k++) {
		long y = top + FLEET_PLOT_H - k * FLEET_PLOT_H / 4;

		svgr_line_open_xxyy(w, PLOT_X, y, PLOT_X + PLOT_W, y,
		    k ? "#dddddd" : "#222222");
		svg_close(w);
		snprintf(t, sizeof(t), "%d%%", k * 25);
		svgr_text(w, PLOT_X - 6, y + 4, 11, "end", NULL, t);
	}
	for (k = 0; k <= 4; k++) {
		snprintf(t, sizeof(t), "%" PRIu64, xmax * (uint64_t)k / 4);
		svgr_text(w, PLOT_X + k * PLOT_W / 4, top + FLEET_PLOT_H + 16,
		    11, "middle", NULL, t);
	}
	snprintf(t, sizeof(t), "allocations of %s in a row (x)", s);
	svgr_text(w, PLOT_X + PLOT_W / 2, top + FLEET_PLOT_H + 34, 12,
	    "middle", NULL, t);
}

/* Draw the legend at Y: the two curves and the worst hosts' mark. */
static void
legend_line(struct svgw *w, long y)
{
	const char *ink[2] = { ink_now, ink_after };
	const char *word[2] = { "free now", "after compaction (at most)" };
	long x = PLOT_X;
	int k;

	for (k = 0; k < 2; k++) {
		svgr_line_open_xxyy(w, x, y - 4, x + 24, y - 4, ink[k]);
		curve_stroke(w, k);
		svg_close(w);
		svgr_text(w, x + 30, y, 12, NULL, NULL, word[k]);
		x += 30 + (long)strlen(word[k]) * LEGEND_CHAR_W + 20;
	}
	worst_open(w, x + 4, y - 4);
	svg_close(w);
	svgr_text(w, x + 14, y, 12, NULL, NULL,
	    "a worst host (fewest free now)");
}

/* Write the fleet F's picture to FP: a panel per size. */
void
render_fleet_svg(FILE *fp, const struct fleet *f)
{
	const struct fleet_dist *now, *after;
	struct svgw w;
	char s[32], t[160];
	uint64_t xmax;
	size_t i;
	long top;

	svg_init(&w, fp);
	snprintf(t, sizeof(t), "fragstat fleet: %" PRIu64 " roots, %" PRIu64
	    " nodes", f->roots, f->nodes);
	svgr_begin(&w, WIDTH, FLEET_HEAD_H + (long)f->nsizes * FLEET_PANEL_H +
	    10, t);
	svgr_text(&w, HEAD_X, FLEET_TITLE_Y, 16, NULL, "bold", t);
	if (f->need_count) {
		snprintf(t, sizeof(t), "Need %" PRIu64 " x %s: %" PRIu64 " of %"
		    PRIu64 " hosts fail, %" PRIu64 " unknown", f->need_count,
		    hum_size(s, sizeof(s), 1, (unsigned long)f->need_bytes),
		    fleet_need_failing(f->need_hosts),
		    f->need_judged[FLEET_HOSTS],
		    f->need_hosts[VERDICT_UNKNOWN]);
		svgr_text(&w, HEAD_X, NEED_Y, 12, NULL, NULL, t);
	}
	legend_line(&w, LEGEND_Y);
	for (i = 0; i < f->nsizes; i++) {
		const struct fleet_size *z = &f->sizes[i];

		top = FLEET_HEAD_H + (long)i * FLEET_PANEL_H + PANEL_TITLE_H;
		/* fleet_finish() sorted the values and took their distributions. */
		now = &z->dist_now[FLEET_HOSTS];
		after = &z->dist_after[FLEET_HOSTS];
		/* After compaction is never below free now, but a bound may be. */
		xmax = round_axis(after->max > now->max ? after->max :
		    now->max);
		axes(&w, top, xmax, hum_size(s, sizeof(s), 1,
		    (unsigned long)z->bytes), now->n);
		curve(&w, z->after[FLEET_HOSTS].v, now->n, xmax, top, ink_after,
		    true);
		curve(&w, z->now[FLEET_HOSTS].v, now->n, xmax, top, ink_now,
		    false);
		if (z->bytes == f->worst_bytes)
			worst_marks(&w, f, z->now[FLEET_HOSTS].v, now->n, xmax,
			    top);
	}
	svgr_end(&w);
}

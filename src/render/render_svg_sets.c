/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_sets.c - --compare of two sets of runs: a panel per metric */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ferr.h"
#include "render_svg.h"
#include "render_svg_parts.h"
#include "report.h"
#include "sets.h"
#include "render_sets.h"
#include "render_text.h"
#include "svgw.h"

/* The picture: panels of this size (a gap in it to the next), this many a row. */
#define SETS_PANEL_W	330
#define SETS_PANEL_H	150
#define PANEL_GAP_X	10
#define PANEL_GAP_Y	8
#define PANELS_ROW	3
/* The picture's margin, and where its head's lines start and are apart. */
#define SETS_MARGIN	10
#define HEAD_TOP	28
#define SETS_LINE_H	14
/*
 * The head's paths and the notes under the panels: their text size, and
 * the room under each side's path before the next.
 */
#define SETS_TEXT_PX	11
#define SETS_PATH_GAP	2
/* A side's swatch in the head, and its path right of it. */
#define SWATCH		10
#define PATH_X		(SETS_MARGIN + SWATCH + 6)
/* In a panel: its plot's top and height, under the titles. */
#define PLOT_TOP	42
#define SETS_PLOT_H	80
/* The x where the scale's numbers end, and A's column (B's SIDE_DX right). */
#define SCALE_X		96
/* The middle of the scale's axis-break mark, left of SCALE_X over the foot's number. */
#define BREAK_X		(SCALE_X - 6)
#define SIDE_X		150
#define SIDE_DX		100
/*
 * Half a mean's bar; a run's dot (svgtl_point_open()'s), RUNS_ACROSS side
 * by side left of its side's column.
 */
#define MEAN_HALF	18
#define RUNS_X		24
#define RUN_DX		6
#define RUNS_ACROSS	4
static const char *const side_ink[2] = { "#3b528b", "#e07b00" };
#define PANEL_BG	"#f6f6f6"

/* Returns the y of V between LO and HI in a panel whose plot ends at BOTTOM. */
static long
ypos(double v, double lo, double hi, long bottom)
{
	return bottom - lround((v - lo) / (hi - lo) * SETS_PLOT_H);
}

/* Returns V within S's domain. */
static double
clamp(const struct sets_metric *s, double v)
{
	return fmax(s->lo, fmin(s->hi, v));
}

/*
 * Set *LO and *HI to the range of S's panel: its runs and each mean's
 * spread (one sd), within the metric's domain; never empty.
 */
static void
range(const struct sets *x, const struct sets_metric *s, double *lo,
    double *hi)
{
	size_t i;
	int k;

	*lo = INFINITY;
	*hi = -INFINITY;
	for (k = 0; k < 2; k++) {
		for (i = 0; i < x->side[k].n; i++)
			if (!s->na[k][i]) {
				*lo = fmin(*lo, s->v[k][i]);
				*hi = fmax(*hi, s->v[k][i]);
			}
		if (s->s[k].n) {
			*lo = fmin(*lo, s->s[k].mean - s->s[k].sd);
			*hi = fmax(*hi, s->s[k].mean + s->s[k].sd);
		}
	}
	*lo = clamp(s, *lo);
	*hi = clamp(s, *hi);
	if (*hi > *lo)
		return;
	if (*lo + 1 <= s->hi)
		*hi = *lo + 1;
	else
		*lo = *hi - 1;
}

/* Draw a line from X1, Y1 to X2, Y2 in INK, 2 pixels wide, TITLE its tooltip. */
static void
titled_line(struct svgw *w, long x1, long y1, long x2, long y2,
    const char *ink, const char *title)
{
	svgr_line_open_xxyy(w, x1, y1, x2, y2, ink);
	svg_attr_int(w, "stroke-width", 2);
	svg_element_text(w, "title", title);
	svg_close(w);
}

/*
 * Draw side K of metric S of X at CX on the scale LO..HI (HI at the top,
 * LO at BOTTOM): its spread, within the domain, then its mean across it,
 * then each run.
 */
static void
side_marks(struct svgw *w, const struct sets *x, const struct sets_metric *s,
    int k, long cx, double lo, double hi, long bottom)
{
	char t[PATH_MAX + 160], b[2][64];
	double m = s->s[k].mean, d = s->s[k].sd;
	long y;
	size_t i;

	snprintf(t, sizeof(t), "%s: mean %s, sd %s, %zu of %zu runs",
	    k ? "B" : "A", render_sets_num(b[0], sizeof(b[0]), m, s->digits),
	    render_sets_num(b[1], sizeof(b[1]), d, s->digits + 1), s->s[k].n,
	    x->side[k].n);
	titled_line(w, cx, ypos(clamp(s, m - d), lo, hi, bottom), cx,
	    ypos(clamp(s, m + d), lo, hi, bottom), side_ink[k], t);
	y = ypos(m, lo, hi, bottom);
	titled_line(w, cx - MEAN_HALF, y, cx + MEAN_HALF, y, side_ink[k], t);
	for (i = 0; i < x->side[k].n; i++) {
		if (s->na[k][i])
			continue;
		/* Runs side by side, so that equal values stay apart. */
		svgtl_point_open(w, cx - RUNS_X - (long)(i % RUNS_ACROSS) *
		    RUN_DX, ypos(s->v[k][i], lo, hi, bottom), side_ink[k]);
		snprintf(t, sizeof(t), "%s run %zu (%s): %s",
		    k ? "B" : "A", i + 1, x->side[k].names[i],
		    render_sets_num(b[0], sizeof(b[0]), s->v[k][i], s->digits));
		svg_element_text(w, "title", t);
		svg_close(w);
	}
}

/* Draw metric S of X as the panel at X0, Y0. */
static void
panel(struct svgw *w, const struct sets *x, const struct sets_metric *s,
    long x0, long y0)
{
	double lo, hi;
	char t[PATH_MAX + 160], b[2][64], zero[64];
	long cx, bottom = y0 + PLOT_TOP + SETS_PLOT_H;
	int k;

	range(x, s, &lo, &hi);
	/* The panel's title names the metric as the JSON does. */
	svg_open(w, "g");
	svg_attr(w, "class", "metric");
	svgr_rect_open(w, x0, y0, SETS_PANEL_W - PANEL_GAP_X,
	    SETS_PANEL_H - PANEL_GAP_Y, PANEL_BG);
	svg_open(w, "title");
	svg_text(w, s->name);
	svg_close(w);
	svg_close(w);
	svgr_text(w, x0 + 8, y0 + 16, 12, NULL, "bold", s->label +
	    strspn(s->label, " "));
	snprintf(t, sizeof(t), "%s: %s", sets_kind_name(s->kind),
	    render_sets_verdict(b[1], sizeof(b[1]), s));
	svgr_text(w, x0 + 8, y0 + 31, 10, NULL, NULL, t);
	/* The scale's ends, each number's middle at its y. */
	svgr_text(w, x0 + SCALE_X, y0 + PLOT_TOP + 4, 10, "end", NULL,
	    render_sets_num(b[0], sizeof(b[0]), hi, s->digits));
	svgr_text(w, x0 + SCALE_X, bottom + 4, 10, "end", NULL,
	    render_sets_num(b[0], sizeof(b[0]), lo, s->digits));
	/*
	 * Zoomed to the runs above 0 (a foot that prints as 0 is not): a
	 * small change fills the panel, say so.
	 */
	if (lo > 0 && strcmp(b[0], render_sets_num(zero, sizeof(zero), 0,
	    s->digits)) != 0)
		svgr_axis_break(w, x0 + BREAK_X, bottom, PANEL_BG, b[0]);
	for (k = 0; k < 2; k++) {
		cx = x0 + SIDE_X + SIDE_DX * (long)k;
		/* The side's name 4 pixels above the panel's foot. */
		svgr_text(w, cx, y0 + SETS_PANEL_H - PANEL_GAP_Y - 4, 10,
		    "middle", NULL, s->s[k].n ?
		    (k ? "B" : "A") : (k ? "B: n/a" : "A: n/a"));
		if (s->s[k].n > 0)
			side_marks(w, x, s, k, cx, lo, hi, bottom);
	}
	svg_close(w);
}

/*
 * Set *TEXT to the sentence that names the metrics of X without a panel:
 * the same in every run, or without a value (malloc'd), or NULL when none.
 * Returns 0, or -1 out of memory.
 */
static int
folded_text(const struct sets *x, char **text)
{
	struct render_sentence t = { 0 };
	size_t i, n[2] = { 0, 0 };
	bool failed;
	int k;

	for (k = 0; k < 2; k++)
		for (i = 0; i < x->nm; i++) {
			const struct sets_metric *s = &x->m[i];

			if (!sets_flat(s) || (k == 0) != (s->s[0].n &&
			    s->s[1].n))
				continue;
			if (n[k]++ == 0)
				render_say(&t, "%s", k ? (n[0] ? ". No value in "
				    "any run: " : "No value in any run: ") :
				    "The same in every run of A and B: ");
			else
				render_say(&t, ", ");
			render_say(&t, "%s", s->name);
		}
	if (n[0] || n[1])
		render_say(&t, ".");
	failed = t.failed;
	*text = render_sentence_take(&t);
	return failed ? -1 : 0;
}

/* What the picture of X holds, found before a byte of it is written. */
struct sets_layout {
	size_t	*panels, np;	/* the metrics with a panel, largest effect first */
	long	 rows;		/* of panels */
	char	 pre[2][64];	/* "A baseline (3 runs): ", then the path */
	long	 lines[2];	/* of each side's path, wrapped */
	char	*folded, *dropped;	/* the notes under the panels, or NULL */
	long	 nf, nd;	/* their lines */
	long	 width, top;	/* the picture's width, its panels' top */
	long	 path_w;	/* a side's path: from PATH_X to the margin */
	long	 note_w;	/* a note: from margin to margin */
};

/* Free what L holds. */
static void
layout_free(struct sets_layout *l)
{
	free(l->panels);
	free(l->folded);
	free(l->dropped);
}

/*
 * Lay out the picture of X in L: its panels, every metric that differs or
 * spreads, largest effect first; its head; its notes. Returns 0, or -1 out
 * of memory; layout_free() frees L in both cases.
 */
static int
layout(const struct sets *x, struct sets_layout *l)
{
	size_t i;
	int k;

	memset(l, 0, sizeof(*l));
	l->width = PANELS_ROW * SETS_PANEL_W + SETS_MARGIN;
	l->path_w = l->width - PATH_X - SETS_MARGIN;
	l->note_w = l->width - 2L * SETS_MARGIN;
	if (ferr_inject("sets-svg") ||
	    (l->panels = calloc(x->nm + 1, sizeof(*l->panels))) == NULL ||
	    folded_text(x, &l->folded) != 0 ||
	    ((l->dropped = render_sets_dropped_text(x)) == NULL && x->ndropped))
		return -1;
	for (i = 0; i < x->nm; i++)
		if (!sets_flat(&x->m[i]))
			l->panels[l->np++] = i;
	sets_by_effect(x, l->panels, l->np);
	l->rows = ((long)l->np + PANELS_ROW - 1) / PANELS_ROW;
	/* A long path is wrapped, never cut: count its lines first. */
	l->top = HEAD_TOP;
	for (k = 0; k < 2; k++) {
		snprintf(l->pre[k], sizeof(l->pre[k]), "%s %s (%zu runs): ",
		    k ? "B" : "A", k ? "candidate" : "baseline", x->side[k].n);
		l->lines[k] = svgr_text_wrap(NULL, PATH_X, 0, SETS_TEXT_PX,
		    l->path_w, SETS_LINE_H, l->pre[k], x->side[k].path);
		l->top += SETS_LINE_H * l->lines[k] + SETS_PATH_GAP;
	}
	l->top += 8;
	/* The metrics without a panel and those left out, in notes under the panels. */
	if (l->folded != NULL)
		l->nf = svgr_text_wrap(NULL, SETS_MARGIN, 0, SETS_TEXT_PX,
		    l->note_w, SETS_LINE_H, "", l->folded);
	if (l->dropped != NULL)
		l->nd = svgr_text_wrap(NULL, SETS_MARGIN, 0, SETS_TEXT_PX,
		    l->note_w, SETS_LINE_H, "", l->dropped);
	return 0;
}

/* Draw the picture of X laid out in L to FP. */
static void
draw(FILE *fp, const struct sets *x, const struct sets_layout *l)
{
	struct svgw w;
	long top = HEAD_TOP;
	size_t i;
	int k;

	svg_init(&w, fp);
	svgr_begin(&w, l->width, l->top + l->rows * SETS_PANEL_H +
	    SETS_MARGIN + SETS_LINE_H * (l->nf + l->nd),
	    "fragstat --compare of two sets of runs");
	svgr_text(&w, SETS_MARGIN, 18, 13, NULL, "bold", "Each metric over the "
	    "runs, largest effect first: a dot per run, the mean as a bar "
	    "across its spread (one sd)");
	for (k = 0; k < 2; k++) {
		svgr_rect_open(&w, SETS_MARGIN, top, SWATCH, SWATCH,
		    side_ink[k]);
		svg_close(&w);
		svgr_text_wrap(&w, PATH_X, top + 9, SETS_TEXT_PX, l->path_w,
		    SETS_LINE_H, l->pre[k], x->side[k].path);
		top += SETS_LINE_H * l->lines[k] + SETS_PATH_GAP;
	}
	top = l->top;
	for (i = 0; i < l->np; i++)
		panel(&w, x, &x->m[l->panels[i]], SETS_MARGIN + (long)(i %
		    PANELS_ROW) * SETS_PANEL_W, top + (long)(i / PANELS_ROW) *
		    SETS_PANEL_H);
	top += l->rows * SETS_PANEL_H + 12;
	if (l->folded != NULL)
		svgr_text_wrap(&w, SETS_MARGIN, top, SETS_TEXT_PX, l->note_w,
		    SETS_LINE_H, "", l->folded);
	if (l->dropped != NULL)
		svgr_text_wrap(&w, SETS_MARGIN, top + SETS_LINE_H * l->nf,
		    SETS_TEXT_PX, l->note_w, SETS_LINE_H, "", l->dropped);
	svgr_end(&w);
}

int
render_sets_svg(FILE *fp, const struct sets *x)
{
	struct sets_layout l;
	int rc;

	if ((rc = layout(x, &l)) == 0)
		draw(fp, x, &l);
	layout_free(&l);
	return rc;
}

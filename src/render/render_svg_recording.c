/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_recording.c - the picture of a recording, or of two side by side */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "humanize.h"
#include "render_pictures.h"
#include "render_svg_rec.h"
#include "render_text.h"
#include "render_words.h"

/*
 * Recordings. A column is PER whole samples: one sample while they fit in
 * REC_COLS columns, else buckets of as many as it takes, drawn with their
 * most for an index, their last value for memory and PSI, and their sum
 * for events (a sample counts what happened since the one before).
 */
#define REC_COLS	150
#define REC_PLOT_W	720

/*
 * A recording's head, from the top: the title, its lines from
 * HEAD_LINES_Y, the legends at HEAD_LEGEND_Y, the first chart at
 * REC_HEAD_H, each lower by the lines a long path wraps into. Two
 * recordings take REC_TWO_H more: B's line (REC_B_LINE_H) above the
 * legends, and a row of REC_AB_H naming A and B over their columns
 * (bold, REC_AB_PX on REC_AB_BASE), REC_AB_GAP further from the legends
 * than the first chart would be.
 */
#define REC_HEAD_H	(HEAD_LEGEND_Y + LEGEND_H + LEGEND_GAP)
#define REC_TWO_H	(REC_B_LINE_H + REC_AB_GAP + REC_AB_H)
#define REC_B_LINE_H	18
#define REC_AB_GAP	4
#define REC_AB_H	18
#define REC_AB_BASE	12
#define REC_AB_PX	14

/* What a line chart of a recording draws. */
enum rkind { RK_FREE, RK_PB, RK_SOME, RK_FULL };

/* Returns how many samples a column holds so that N of them fit in COLS columns. */
static size_t
rec_per(unsigned long n, size_t cols)
{
	return n <= cols ? 1 : (n + cols - 1) / cols;
}

/* Set up T for recording R at LEFT: PER samples a column, PLOT pixels for COLS columns. */
static void
rec_timeline(struct timeline *t, const struct replay *r, long left,
    size_t per, long plot, size_t cols)
{
	memset(t, 0, sizeof(*t));
	t->rec = r;
	t->left = left;
	t->per = per;
	t->n = (r->nsamples + per - 1) / per;
	t->cw = plot / (long)cols;
	t->row_h = REC_HEAT_H;
}

/* Set P to the points of zone NODE, NAME in R, one per sample (NULL where a sample lacks it). */
static void
rec_points(const struct rpoint **p, const struct replay *r, unsigned node,
    const char *name)
{
	const struct rseries *se = r->series;
	const struct rzone *z = replay_zone(r, node, name);
	uint32_t i;

	memset(p, 0, r->nsamples * sizeof(const struct rpoint *));
	/* The zone's own chain: a thousand zones never scan each other's points. */
	for (i = z ? z->first_point : UINT32_MAX; i != UINT32_MAX;
	    i = se->p[i].next)
		p[se->p[i].sample] = &se->p[i];
}

/*
 * Returns true with the value KIND of column K of T in *V: its last
 * sample's that has one (ZP: the zone's points), with that sample in *AT.
 */
static bool
rec_value(const struct timeline *t, const struct rpoint **zp, size_t k,
    enum rkind kind, uint64_t *v, size_t *at)
{
	const struct rsample *s;
	size_t b, a = svgtl_rec_span(t, k, &b), i;

	for (i = b + 1; i-- > a;) {
		s = &t->rec->series->s[i];
		*at = i;
		if (kind == RK_FREE && zp[i] != NULL)
			*v = zp[i]->free_pages;
		else if (kind == RK_PB && zp[i] != NULL)
			*v = zp[i]->free_pageblocks;
		else if (kind >= RK_SOME && s->has_stall[kind - RK_SOME])
			*v = s->stall[kind - RK_SOME];
		else
			continue;
		return true;
	}
	return false;
}

/* Write the title words of value V of KIND at sample AT of T, for zone Z (NULL: the machine). */
static void
rec_value_words(struct svgw *w, const struct timeline *t,
    const struct rzone *z, enum rkind kind, uint64_t v, size_t at)
{
	static const char *const key[] = { "free_pages ", "free_pageblocks ",
	    "some_stall_share ", "full_stall_share " };
	const struct rsample *s = &t->rec->series->s[at];
	int f = kind == RK_FULL;
	char b[32];

	if (z != NULL) {
		svgr_zone_words(w, z->node, z->name);
		svg_text(w, ": ");
	}
	svg_text(w, key[kind]);
	if (t->per > 1)
		svg_text(w, "last ");
	if (kind < RK_SOME) {
		svg_text_int(w, (long long)v);
		if (kind == RK_FREE) {
			svg_text(w, " (");
			svg_text(w, hum_size(b, sizeof(b), v,
			    t->rec->page_size));
			svg_text(w, ")");
		}
		return;
	}
	svg_text_fixed(w, (long long)v, 2);
	svg_text(w, "%");
	if (s->has_avg10[f]) {
		svg_text(w, f ? ", full_avg10 " : ", some_avg10 ");
		svg_text_fixed(w, s->avg10[f], 2);
		svg_text(w, "%");
	}
}

/*
 * Set *LO and *TOP to the range of the NK KINDS over the NT timelines T,
 * ZP each one's points of the zone (NULL: the machine).
 */
static void
rec_range(const struct timeline *t, size_t nt, const struct rpoint **const *zp,
    const enum rkind *kinds, size_t nk, uint64_t *lo, uint64_t *top)
{
	uint64_t v;
	size_t i, j, k, at;

	*top = kinds[0] >= RK_SOME ? PSI_CHART_FLOOR : 0;
	for (i = 0; i < nt; i++)
		for (j = 0; j < nk; j++)
			for (k = 0; k < t[i].n; k++)
				if (rec_value(&t[i], zp[i], k, kinds[j], &v,
				    &at) && v > *top)
					*top = v;
	/*
	 * Memory and pageblocks: the range the run covered, the foot labelled
	 * with where it starts (17.97 -> 17.09 GiB must not look flat); PSI
	 * from 0.
	 */
	*lo = *top;
	for (i = 0; kinds[0] < RK_SOME && i < nt; i++)
		for (j = 0; j < nk; j++)
			for (k = 0; k < t[i].n; k++)
				if (rec_value(&t[i], zp[i], k, kinds[j], &v,
				    &at) && v < *lo)
					*lo = v;
	if (kinds[0] >= RK_SOME || *lo == *top)
		*lo = 0;
}

/* Write the scale of a chart of KIND: TOPS (SIZE bytes) at TOP, FOOT at LO. */
static void
rec_scale_words(char *tops, char *foot, size_t size, enum rkind kind,
    unsigned long ps, uint64_t lo, uint64_t top)
{
	if (kind == RK_FREE) {
		hum_size(tops, size, top, ps);
		hum_size(foot, size, lo, ps);
	} else if (kind == RK_PB) {
		snprintf(tops, size, "%llu", (unsigned long long)top);
		snprintf(foot, size, "%llu", (unsigned long long)lo);
	} else	/* the most of uint32_t stall shares, hundredths */
		hum_centi(tops, size, (uint32_t)top);
	if (lo == 0)
		snprintf(foot, size, "0");
}

/*
 * Draw the chart NAME at Y in each of the NT timelines T, on one scale:
 * a line for each of the NK KINDS (the first solid, the second dashed) of
 * the zone NODE, NAME (ZNAME NULL: the machine; else its points in ROOM),
 * with ROOM's columns. Returns the y after it.
 */
static long
rec_chart(struct svgw *w, const struct rec_room *room,
    const struct timeline *t, size_t nt, unsigned node, const char *zname,
    const enum rkind *kinds, size_t nk, const char *name, long y)
{
	static const char *const colors[2] = { COLOR_BLUE, COLOR_ORANGE };
	static const struct rpoint **const none[2] = { NULL, NULL };
	const struct rpoint **const *zp = zname ? room->zp : none;
	const struct rzone *z;
	uint64_t top, lo, *v = room->v;
	size_t i, j, k, *at = room->at;
	char s[32], foot[32];
	bool *have = room->have;
	long fy = y;

	rec_range(t, nt, zp, kinds, nk, &lo, &top);
	rec_scale_words(s, foot, sizeof(s), kinds[0], t[0].rec->page_size, lo,
	    top);
	if (top == 0)
		top = 1;
	for (i = 0; i < nt; i++) {
		z = zname ? replay_zone(t[i].rec, node, zname) : NULL;
		fy = svgtl_chart_frame(w, &t[i], y, name, s, foot);
		if (lo != 0)
			svgr_axis_break(w, t[i].left, fy + CHART_H,
			    COLOR_PLOT_BG, foot);
		for (j = 0; j < nk; j++) {
			for (k = 0; k < t[i].n; k++)
				have[k] = rec_value(&t[i], zp[i], k, kinds[j],
				    &v[k], &at[k]);
			svgtl_chart_line(w, &t[i], fy, v, have, lo, top,
			    colors[j],
			    j ? CHART_DASH : NULL);
			for (k = 0; k < t[i].n; k++) {
				if (!have[k])
					continue;
				svgtl_chart_point_open(w, &t[i], k, fy, v[k],
				    lo, top, colors[j]);
				svgtl_span_words(w, &t[i], k);
				rec_value_words(w, &t[i], z, kinds[j], v[k],
				    at[k]);
				svg_close(w);
				svg_close(w);
			}
		}
	}
	return svgtl_chart_end(fy);
}

/*
 * Draw zone NODE, NAME at Y in each timeline, with ROOM: its heatmap,
 * its free memory and free pageblocks; with two, the change of the most
 * of the unusable index over the run at X.
 */
static void
rec_zone_block(struct svgw *w, const struct rec_room *room,
    const struct timeline *t, size_t nt, unsigned node, const char *name,
    const unsigned *ord, size_t nord, long x, long y)
{
	static const enum rkind fr = RK_FREE, pb = RK_PB;
	size_t i;

	/* The zone's points once, for its heat map and both charts. */
	for (i = 0; i < nt; i++)
		rec_points(room->zp[i], t[i].rec, node, name);
	y = svgtl_zone_head(w, nt > 1 ? x + REC_CHANGE_W : svgtl_col_x(&t[0],
	    t[0].n), y, node, name);
	recheat_draw(w, room, t, nt, node, name, ord, nord, x, y);
	y += (long)nord * t[0].row_h + AXIS_ROW_H;
	y = rec_chart(w, room, t, nt, node, name, &fr, 1, "Free memory", y);
	rec_chart(w, room, t, nt, node, name, &pb, 1, "Free pageblocks", y);
}

/*
 * The badge of a recording's end on a line of the head: its top this far
 * above the line's baseline, as the machine line's badges sit on theirs,
 * its counts beside it this far right.
 */
#define END_BADGE_RISE	13
#define END_COUNTS_GAP	6

/*
 * Draw on the line whose baseline is Y, from X, the judgement of R's end
 * (--compare): a badge "order 9 (2 MiB) at the end: fine" in the
 * judgement's colour, as the summary picture's, then its counts.
 */
static void
rec_end_badge(struct svgw *w, const struct replay *r, long x, long y)
{
	char label[64], o[48], c[128];
	struct avail a;
	long wd;

	memset(&a, 0, sizeof(a));
	a.order = r->end.order;
	a.judgement = r->end.judgement;
	a.now = r->end.now;
	a.now_is_bound = r->end.now_is_bound;
	a.after = r->end.after;
	snprintf(label, sizeof(label), "%s at the end", svgzone_order_label(o,
	    sizeof(o), r->end.order, r->page_size));
	wd = svgzone_judge_badge(w, x, y - END_BADGE_RISE, label, &a, NULL);
	svgr_text(w, x + wd + END_COUNTS_GAP, y, 11, NULL, NULL, hum_counts(c,
	    sizeof(c), a.now, a.now_is_bound, a.after));
}

/*
 * Returns the line of what recording R is, "host H \u00b7 kernel K \u00b7
 * N samples every ...", for the caller to free; NULL after ferr_nomem().
 */
static char *
rec_line(const struct replay *r)
{
	struct render_sentence t = { 0 };

	render_say(&t, "host %s \u00b7 kernel %s \u00b7 ", r->host, r->release);
	render_replay_span(&t, r);
	return render_sentence_take(&t);
}

/*
 * Draw from Y what recording R (from DIR) is, after PREFIX, in a picture
 * WIDTH wide: DIR, a long one over several lines, then LINE (rec_line()),
 * then, where known, the judgement of its end (W NULL: only count).
 * Returns the number of lines.
 */
static long
rec_words(struct svgw *w, const char *dir, const char *line,
    const struct replay *r, const char *prefix, long y, long width)
{
	long n;

	n = svgr_text_wrap(w, MARGIN, y, HEAD_LINE_PX, width - 2L * MARGIN,
	    HEAD_LINE_H, prefix, dir);
	n += svgr_text_wrap(w, MARGIN, y + n * HEAD_LINE_H, HEAD_LINE_PX,
	    width - 2L * MARGIN, HEAD_LINE_H, "", line);
	if (!r->end.known)
		return n;
	if (w != NULL)
		rec_end_badge(w, r, MARGIN, y + n * HEAD_LINE_H);
	return n + 1;
}

/*
 * The note on the columns, NOTE_LEAD right of the scale's legend: its
 * heading (NOTE_HEAD_PX on NOTE_HEAD_BASE), then its lines (NOTE_PX)
 * NOTE_LINE_H apart from NOTE_FIRST_BASE.
 */
#define NOTE_LEAD	40
#define NOTE_HEAD_PX	12
#define NOTE_HEAD_BASE	12
#define NOTE_PX		10
#define NOTE_FIRST_BASE	30
#define NOTE_LINE_H	13

/* Write how the columns of T are made, at X, Y. */
static void
rec_columns_note(struct svgw *w, const struct timeline *t, long x, long y)
{
	const char *line[4];
	size_t n = 0, i;
	char s[96];

	svgr_text(w, x, y + NOTE_HEAD_BASE, NOTE_HEAD_PX, NULL, "bold", "Time");
	line[n++] = "x: time of day (UTC) of each column's first sample";
	if (t->per == 1)
		line[n++] = "one column per sample";
	else {
		snprintf(s, sizeof(s), "one column per %zu samples: the most of "
		    "an index,", t->per);
		line[n++] = s;
		line[n++] = "the last free memory and PSI, the sum of events";
	}
	line[n++] = "tooltips: the exact values";
	for (i = 0; i < n; i++)
		svgr_text(w, x, y + NOTE_FIRST_BASE + (long)i * NOTE_LINE_H,
		    NOTE_PX, NULL, NULL, line[i]);
}

/* Returns the zones of A, then those of B (may be NULL) that A lacks, in Z (room for both). */
static size_t
rec_zones(const struct replay *a, const struct replay *b,
    const struct rzone **z)
{
	size_t n = 0, i;

	for (i = 0; i < a->nzones; i++)
		z[n++] = &a->zones[i];
	for (i = 0; b && i < b->nzones; i++)
		if (replay_zone(a, b->zones[i].node, b->zones[i].name) == NULL)
			z[n++] = &b->zones[i];
	return n;
}

/* Returns the tag of recording I of NT in the head: "A: ", "B: ", or none. */
static const char *
rec_tag(size_t nt, size_t i)
{
	return nt > 1 ? (i ? "B: " : "A: ") : "";
}

/*
 * Set up the NT timelines T of recordings R from X on one time scale: as
 * many samples a column, as many pixels a column. Returns the x after the
 * last, and in *PLOT the width of one plot.
 */
static long
rec_timelines(struct timeline *t, const struct replay *const *r, size_t nt,
    long x, long *plot)
{
	size_t i, per = 1, most = REC_COLS / nt, cols = 1;
	long each = REC_PLOT_W / (long)nt;

	for (i = 0; i < nt; i++)
		if (rec_per(r[i]->nsamples, most) > per)
			per = rec_per(r[i]->nsamples, most);
	for (i = 0; i < nt; i++)
		if ((r[i]->nsamples + per - 1) / per > cols)
			cols = (r[i]->nsamples + per - 1) / per;
	for (i = 0; i < nt; i++) {
		rec_timeline(&t[i], r[i], x, per, each, cols);
		x += (long)cols * t[i].cw + AXIS_W;
	}
	*plot = (long)cols * t[0].cw;
	return x;
}

/* Returns the height the NT recordings' lines take beyond one each. */
static long
rec_head_extra(const char *const *dir, char *const *line,
    const struct replay *const *r, size_t nt, long width)
{
	long extra = -HEAD_LINE_H;
	size_t i;

	/* Each recording's lines, a long path laid out over several. */
	for (i = 0; i < nt; i++)
		extra += rec_words(NULL, dir[i], line[i], r[i], rec_tag(nt, i),
		    0, width) * HEAD_LINE_H;
	/* (Two recordings' two lines were in the head already.) */
	return extra - (nt > 1 ? REC_B_LINE_H : 0);
}

/*
 * Returns the height of the head of NT recordings whose lines take EXTRA
 * more than one each: the y of the first chart.
 */
static long
rec_head_h(size_t nt, long extra)
{
	return REC_HEAD_H + (nt > 1 ? REC_TWO_H : 0) + extra;
}

/*
 * Draw the title, the NT recordings' lines (EXTRA more than one each) and
 * the legends over the timelines T; returns the y of the first chart.
 */
static long
rec_head(struct svgw *w, const char *const *dir, char *const *line,
    const struct replay *const *r, const struct timeline *t, size_t nt,
    long width, long extra)
{
	long y, head = rec_head_h(nt, extra);
	size_t i;

	svgr_text(w, MARGIN, TITLE_Y, TITLE_PX, NULL, "bold", nt > 1 ?
	    "Memory fragmentation: recording A beside recording B" :
	    "Memory fragmentation over a recording");
	for (i = 0, y = HEAD_LINES_Y; i < nt; i++)
		y += rec_words(w, dir[i], line[i], r[i], rec_tag(nt, i), y,
		    width) * HEAD_LINE_H;
	y = HEAD_LEGEND_Y + (nt > 1 ? REC_B_LINE_H : 0) + extra;
	svghead_scale_legend(w, MARGIN, y);
	rec_columns_note(w, &t[0], MARGIN + LEGEND_W + NOTE_LEAD, y);
	if (nt > 1)
		svghead_diff_legend(w, width - MARGIN - LEGEND_W, y);
	y = head - REC_AB_H;
	for (i = 0; nt > 1 && i < nt; i++)
		svgr_text(w, t[i].left, y + REC_AB_BASE, REC_AB_PX, NULL,
		    "bold", i ? "B" : "A");
	return head;
}

/* Free what rec_room_alloc() took; safe on a part-filled ROOM. */
static void
rec_room_free(struct rec_room *room)
{
	free(room->line[0]);
	free(room->line[1]);
	free(room->zp[0]);
	free(room->zp[1]);
	free(room->v);
	free(room->have);
	free(room->at);
	free(room->z);
}

/*
 * Take ROOM for the NT recordings R over the timelines T (set up), before
 * anything is drawn. Returns 0, or -1 when out of memory (ROOM freed).
 */
static int
rec_room_alloc(struct rec_room *room, const struct replay *const *r,
    const struct timeline *t, size_t nt)
{
	size_t i, cols = 1, zones = 1;
	bool ok = true;

	/* Room for any timeline's columns: all of them, REC_COLS at most. */
	for (i = 0; i < nt; i++) {
		cols += t[i].n;
		zones += r[i]->nzones;
	}
	memset(room, 0, sizeof(*room));
	for (i = 0; i < nt; i++) {
		room->zp[i] = calloc(r[i]->nsamples + 1,
		    sizeof(const struct rpoint *));
		ok = ok && room->zp[i] != NULL;
	}
	room->v = calloc(cols, sizeof(*room->v));
	room->have = calloc(cols, sizeof(*room->have));
	room->at = calloc(cols, sizeof(*room->at));
	room->z = calloc(zones, sizeof(const struct rzone *));
	/* Each recording's line of words, before a byte is drawn. */
	for (i = 0; i < nt; i++)
		ok = ok && (room->line[i] = rec_line(r[i])) != NULL;
	if (ok && room->v != NULL && room->have != NULL && room->at != NULL &&
	    room->z != NULL)
		return 0;
	rec_room_free(room);
	return -1;
}

/*
 * Draw the NT recordings R (from DIR) as one document on one set of
 * scales: the second beside the first, with the change, when two.
 * Returns 0, or -1 when out of memory, before anything is written.
 */
static int
rec_draw(FILE *fp, const char *const *dir, const struct replay *const *r,
    size_t nt, const struct mapseries *ms)
{
	static const enum rkind psi[2] = { RK_SOME, RK_FULL };
	const struct replay *b = nt > 1 ? r[1] : NULL;
	struct rec_room room;
	struct timeline t[2];
	unsigned ord[REPLAY_MAX_ORDERS];	/* distinct orders below it */
	int cord[FRAG_MAX_ORDERS + 1];
	struct rpair p[SVGLANE_PAIRS];
	size_t i, nz, nord, np;
	long x, y, width, height, plot, evh = 0, extra, thph;
	uint64_t kb[SVGLANE_MAX_SIZES];
	bool events = r[0]->events || (nt > 1 && r[1]->events);
	struct svgw w;

	memset(t, 0, sizeof(t));
	memset(p, 0, sizeof(p));	/* no events: none, and svglane_left() reads none */
	np = events ? recsum_top_pairs(r[0], b, p, SVGLANE_PAIRS) : 0;
	x = rec_timelines(t, r, nt, svglane_left(p, np), &plot);
	if (rec_room_alloc(&room, r, t, nt) != 0)
		return -1;
	nz = rec_zones(r[0], b, room.z);
	nord = recheat_orders(r[0], b, ord);
	width = x - AXIS_W + MARGIN + (nt > 1 ? REC_CHANGE_W + REC_CHANGE_GAP :
	    0);
	width = width < MIN_W ? MIN_W : width;
	if (events)
		evh = svglane_events_h(np, svglane_compaction_orders(r[0], b,
		    cord));
	thph = svglane_thp_h(svglane_thp_sizes(r[0], b, kb));
	extra = rec_head_extra(dir, room.line, r, nt, width);
	height = rec_head_h(nt, extra) + CHART_BLOCK + thph + evh +
	    (long)recpoll_zones(ms) * CHART_BLOCK + (long)nz *
	    svgzone_series_h(t[0].row_h, nord) + MARGIN;
	svg_init(&w, fp);
	svgr_begin(&w, width, height, nt > 1 ? "fragstat: two recordings "
	    "compared" : "fragstat: a recording");
	y = rec_head(&w, dir, room.line, r, t, nt, width, extra);
	y = rec_chart(&w, &room, t, nt, 0, NULL, psi, 2, "Memory stall share "
	    "(PSI): some (solid), full (dashed)", y);
	y = recpoll_draw(&w, &room, &t[0], ms, y);
	svglane_thp(&w, t, nt, y);
	y += thph;
	if (events)
		svglane_events(&w, t, nt, y);
	y += evh;
	for (i = 0; i < nz; i++) {
		rec_zone_block(&w, &room, t, nt, room.z[i]->node,
		    room.z[i]->name, ord, nord, nt > 1 ? t[1].left + plot +
		    REC_CHANGE_GAP : 0, y);
		y += svgzone_series_h(t[0].row_h, nord);
	}
	rec_room_free(&room);
	svgr_end(&w);
	return 0;
}

int
render_svg_recording(FILE *fp, const char *dir, const struct replay *r,
    const struct mapseries *ms)
{
	return rec_draw(fp, &dir, &r, 1, ms);
}

int
render_svg_recordings(FILE *fp, const char *da, const struct replay *a,
    const char *db, const struct replay *b)
{
	const char *dir[2] = { da, db };
	const struct replay *r[2] = { a, b };

	return rec_draw(fp, dir, r, 2, NULL);
}

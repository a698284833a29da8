/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * render_svg_parts.h - what the snapshot, comparison, batch and recording
 * pictures share: the layout, the zone's marks (render_svg_zones.c), the
 * legends and head lines (render_svg_head.c), the columns over time
 * (render_svg_timeline.c) and their axis and charts (render_svg_chart.c)
 */
#ifndef FRAGSTAT_RENDER_SVG_PARTS_H
#define FRAGSTAT_RENDER_SVG_PARTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "recording.h"
#include "recsum.h"
#include "render_svg.h"
#include "report.h"

/*
 * The layout, in pixels. Every mark sits at absolute integer coordinates
 * (no transforms), so that a test can find a cell's pixels from its
 * attributes.
 */
#define MARGIN		16
#define LABEL_W		300	/* zone names, sizes, verdicts and counts */
#define CELL_W		48
#define CELL_H		34
#define BAR_H		32	/* free memory by order, 100% of the zone's */
#define PB_GAP		28
#define PB_W		240	/* pageblocks by migratetype */
#define MIN_W		980
#define LINE_H		18
#define FONT		"sans-serif"
#define LEGEND_W	300
#define LEGEND_H	84
#define LEGEND_GAP	12	/* from the last legend to the first node */
#define HEAD_H	100
#define HEAD_LINES_Y	50	/* over time: the lines naming the input */
#define HEAD_LEGEND_Y	64	/* over time: the legends, below those lines */
#define HEAD_LINE_H	16
#define HEAD_LINE_PX	12	/* over time: those lines' size */
#define HEAD_MACHINE_GAP	14	/* from the last source line to the machine's */
#define MACHINE_ROW_H	22
#define HEAT_H		14
#define CHART_H		64
#define AXIS_W		96
#define TITLE_Y		28	/* a picture's title: its baseline, */
#define TITLE_PX	20	/* its size */

/*
 * Over time, from the top of a chart: its caption's row (CAPTION_H, the
 * words on CAPTION_BASE at CAPTION_PX), its frame (CHART_H), the time
 * axis's row (AXIS_ROW_H). A zone's block (svgzone_series_h()): its
 * name's row (SERIES_HEAD_H), the heat map and its axis's row, two
 * charts, then SERIES_GAP before the next zone. Labels left of the
 * columns end LABEL_GAP before them; the axis's times are SMALL_PX, on
 * SMALL_BASE of their row; a heat map's orders are SMALL_PX, centred in
 * its row (struct timeline's row_h: HEAT_H in a batch).
 */
#define CAPTION_H	18
#define CAPTION_BASE	12
#define CAPTION_PX	11
#define AXIS_ROW_H	16
#define CHART_BLOCK	(CAPTION_H + CHART_H + AXIS_ROW_H)
#define SERIES_HEAD_H	26
#define SERIES_GAP	12
#define LABEL_GAP	6
#define SMALL_PX	9
#define SMALL_BASE	11

/* PSI charts keep a readable scale on calm machines: 10% (hundredths) at least. */
#define PSI_CHART_FLOOR	1000
/* A chart's second line is dashed. */
#define CHART_DASH	"5 3"

/*
 * The colours that mean something (Okabe and Ito's, told apart by
 * colour-blind eyes): the verdicts, a chart's lines, a lane's parts.
 */
#define COLOR_BLUE		"#0072b2"
#define COLOR_ORANGE		"#e69f00"
#define COLOR_GREEN		"#009e73"
#define COLOR_VERMILLION	"#d55e00"
#define COLOR_GREY		"#bbbbbb"	/* no verdict */
#define COLOR_NONE		"#dddddd"	/* a cell with no value */
#define COLOR_RULE		"#999999"	/* above a zone's block */
#define COLOR_PLOT_BG		"#f7f7f7"	/* a chart's or a lane's ground */
#define COLOR_EDGE		"#cccccc"	/* a chart's frame, a change cell's */

/*
 * The rest of the palette, with the above the migratetypes' colours
 * (render_svg_zones.c); COLOR_RULE's grey stands in for Okabe and Ito's
 * black.
 */
#define COLOR_PURPLE		"#cc79a7"
#define COLOR_SKY_BLUE		"#56b4e9"
#define COLOR_YELLOW		"#f0e442"

/* A colour as "#rrggbb". */
struct rgb {
	char	s[8];
};

/*
 * Snapshots over time, drawn column by column: the N snapshots of a batch
 * (R), or the samples of a recording (REC), PER of them in a column.
 */
struct timeline {
	const struct report	*r;
	size_t			 n;	/* columns */
	long			 left, cw;	/* the time axis: x of column 0, step */
	unsigned		 norders;	/* a batch: the most of any snapshot */
	const struct replay	*rec;
	size_t			 per;
	long			 row_h;	/* a heat map's row: an order */
};

/* The anchors of the viridis scale: svgr_scale_color() blends between them. */
#define SCALE_ANCHORS	9

/* Returns the colour R, G, B. */
struct rgb	svgr_rgb(int r, int g, int b);

/*
 * Returns the colour of the index V (thousandths, clamped to 0..1000) on the
 * viridis scale.
 */
struct rgb	svgr_scale_color(int v);

/* Returns the text colour readable on svgr_scale_color(V). */
const char *	svgr_scale_ink(int v);

/*
 * Returns the colour of a change D (thousandths, -1000..1000) on a
 * diverging blue (less unusable) to red (more) scale, white at 0.
 */
struct rgb	svgr_diff_color(int d);

/*
 * A cell of a change: svgr_diff_cell_open() opens a W by H cell at X, Y
 * coloured by D and its title, the caller writes the title
 * (svgr_diff_words(): "A -> B (+D)"), svgr_diff_cell_close() ends it and
 * writes D at X, Y.
 */
void	svgr_diff_cell_open(struct svgw *w, long x, long y, long width, long h,
	    int d);
void	svgr_diff_words(struct svgw *w, long long a, long long b, int d);
void	svgr_diff_cell_close(struct svgw *w, long x, long y, int d);

/*
 * Add V to the N distinct values of SET, ascending (DOWN: descending),
 * unless it is there; SET has room for one more. Returns the new count.
 */
size_t	svgr_sorted_union_add(int64_t *set, size_t n, int64_t v, bool down);

/* Returns the colour of verdict V; unknown and unusable are grey. */
const char *	svgr_verdict_color(enum verdict v);

/* Returns PART * PX / WHOLE rounded down, without overflowing. */
long	svgr_scale(uint64_t part, uint64_t whole, long px);

/*
 * Open element NAME with the attributes K[0..3] set to V[0..3] and PAINT to
 * COLOR; the caller closes it.
 */
void	svgr_shape_open(struct svgw *w, const char *name,
	    const char *const k[4],
	    const long v[4], const char *paint, const char *color);

/*
 * Returns at most how wide S (UTF-8) is at SIZE pixels in the generic
 * sans-serif face: 0.62 em a character, above the average of the faces
 * renderers pick (DejaVu Sans, Liberation Sans). Layout that must never
 * clip a label reserves this; tests/svg-bounds.py checks every label with
 * DejaVu Sans's own advances, and svgr_bold_px() measures names with them.
 */
long	svgr_text_px(const char *s, long size);

/*
 * Returns how wide S is in bold at SIZE pixels; other than ASCII, 1 em a
 * character.
 */
long	svgr_bold_px(const char *s, long size);

/*
 * Returns svgr_text_px() of S at SIZE and a tenth: the estimate of bold
 * text that the verdicts' key and a machine line's label are placed by.
 */
long	svgr_bold_est_px(const char *s, long size);

/* Returns the bytes of the first N characters (UTF-8) of S, at most all. */
size_t	svgr_chars_bytes(const char *s, long n);

/* Open a line from X1, Y1 to X2, Y2 in COLOR; the caller closes it. */
void	svgr_line_open(struct svgw *w, long x1, long y1, long x2, long y2,
	    const char *color);

/*
 * The same, its ends written x1, x2, y1, y2: the order the fleet's and
 * the sets' pictures have always had.
 */
void	svgr_line_open_xxyy(struct svgw *w, long x1, long y1, long x2, long y2,
	    const char *color);

/* A whole line from X1, Y1 to X2, Y2 in COLOR. */
void	svgr_line(struct svgw *w, long x1, long y1, long x2, long y2,
	    const char *color);

/*
 * Mark the value axis at X whose foot is at FOOT_Y as broken, just above
 * its foot, on GROUND (the plot's colour): its scale starts at FOOT, not 0,
 * so a small change fills it. Two slanted strokes, a title saying so.
 */
void	svgr_axis_break(struct svgw *w, long x, long foot_y,
	    const char *ground, const char *foot);

/*
 * Write index V (thousandths) as the JSON prints it: "0.618", or null
 * (REPLAY_NONE).
 */
void	svgr_index_words(struct svgw *w, int v);

/*
 * The words of a cell's title after the zone's: the unusable index U and
 * the fragmentation index F at order O as the JSON prints them, PREFIX
 * ("" or "max ") before each.
 */
void	svgr_order_words(struct svgw *w, unsigned o, int u, int f,
	    const char *prefix);

/* The words of a snapshot cell's title. */
void	svgr_cell_title_words(struct svgw *w, const struct bzone *z,
	    const struct frag *f, unsigned o);

/* The title of a snapshot cell. */
void	svgr_cell_title(struct svgw *w, const struct bzone *z,
	    const struct frag *f,
	    unsigned o);

/*
 * A zone's row in a snapshot or a comparison, from its top: the label
 * SVGZONE_LABEL_X in from the margin (its name's baseline SVGZONE_NAME_Y
 * at SVGZONE_NAME_PX, its free memory's SVGZONE_FREE_Y at SVGZONE_FREE_PX,
 * its verdicts from SVGZONE_BADGES_Y a LINE_H apart), ending
 * SVGZONE_LABEL_GAP before the cells; under the cells SVGZONE_BAR_GAP,
 * then the bars of free memory (SVGZONE_MARKS_H in all); a row tag (A, B)
 * ends SVGZONE_LABEL_GAP before the cells, its baseline SVGZONE_TAG_Y at
 * SVGZONE_TAG_PX; SVGZONE_ROW_GAP before the next row. A node's heading:
 * a rule, the name's baseline SVGZONE_NODE_TITLE_Y at SVGZONE_NODE_PX, the
 * order headings from SVGZONE_HEADS_Y, the verdicts from
 * SVGZONE_NODE_BADGES_Y, SVGZONE_NODE_PAD below their last line, and
 * SVGZONE_NODE_MIN_H at least.
 */
#define SVGZONE_LABEL_X		10
#define SVGZONE_LABEL_GAP	8
#define SVGZONE_NAME_Y		13
#define SVGZONE_NAME_PX		14
#define SVGZONE_FREE_Y		29
#define SVGZONE_FREE_PX		11
#define SVGZONE_BADGES_Y	36
#define SVGZONE_BAR_GAP		4
#define SVGZONE_MARKS_H		(CELL_H + SVGZONE_BAR_GAP + BAR_H)
#define SVGZONE_TAG_Y		21
#define SVGZONE_TAG_PX		12
#define SVGZONE_ROW_GAP		18
#define SVGZONE_NODE_TITLE_Y	21
#define SVGZONE_NODE_PX		15
#define SVGZONE_HEADS_Y		6
#define SVGZONE_NODE_BADGES_Y	30
#define SVGZONE_NODE_PAD	4
#define SVGZONE_NODE_MIN_H	40
/* A zone's bars of free memory, and their swatch in the legend. */
#define COLOR_BAR		"#4d4d4d"

/* A zone's marks (render_svg_zones.c). */

/*
 * Draw zone I of R at X, Y: a cell per order coloured by the unusable
 * index, marked with the fragmentation index where no block is large
 * enough, and under it the free memory by order as bars.
 */
void	svgzone_cells(struct svgw *w, const struct report *r, size_t i,
	    long x, long y);

/*
 * Draw zone I's pageblocks by migratetype as one stacked bar at X, Y, when
 * pagetypeinfo was read.
 */
void	svgzone_pageblocks(struct svgw *w, const struct report *r, size_t i,
	    long x, long y);

/*
 * Draw at X, Y a badge "LABEL: VERDICT" (advise_verdict_word()) in the
 * verdict's colour, with WHY (or the words themselves) as its title.
 * Returns its width.
 */
long	svgzone_badge(struct svgw *w, long x, long y, const char *label,
	    enum verdict v, const char *why);

/*
 * Draw at X, Y a badge "LABEL: JUDGEMENT" (judge_name() of row A) in the
 * judgement's colour, with WHY (or its numbers) as its title. Returns its
 * width, svgzone_badge_w() of svgzone_judge_text().
 */
long	svgzone_judge_badge(struct svgw *w, long x, long y, const char *label,
	    const struct avail *a, const char *why);

/* Returns in BUF the text of row A's judgement badge: "LABEL: fragmented". */
const char *	svgzone_judge_text(char *buf, size_t size, const char *label,
	    const struct avail *a);

/* Returns the colour of judgement J: green, orange, vermillion, purple (short). */
const char *	svgr_judgement_color(enum judgement j);

/* Returns the width of a badge that reads TEXT ("LABEL: VERDICT"). */
long	svgzone_badge_w(const char *text);

/* Returns the label of advice order O: "order 9 (2 MiB)". */
const char *	svgzone_order_label(char *buf, size_t size, unsigned o,
	    unsigned long page_size);

/* Returns how many lines of advice a zone's label holds. */
size_t	svgzone_advice_lines(const struct report *r);

/* Returns the height of a zone's row with LINES lines of advice. */
long	svgzone_h(size_t lines);

/*
 * Returns the height of a zone's row whose marks are CELLS high beside a
 * label of LINES lines of advice.
 */
long	svgzone_row_h(long cells, size_t lines);

/*
 * Returns the height of a zone's block over time: a heat map of ROWS rows
 * of ROW_H, then its free memory and free pageblocks charts.
 */
long	svgzone_series_h(long row_h, size_t rows);

/*
 * Returns the width of the column of R's zone labels: LABEL_W, or more
 * where a zone's name (14 pixels, bold, 10 in) needs it.
 */
long	svgzone_label_w(const struct report *r);

/* Draw zone I's name, free memory and verdicts at X, Y, ending before MAXX. */
void	svgzone_label(struct svgw *w, const struct report *r, size_t i,
	    long x, long y, long maxx);

/* Draw a zone's NAME and the line FREE_TEXT under it at X, Y. */
void	svgzone_label_head(struct svgw *w, long x, long y, const char *name,
	    const char *free_text);

/*
 * Draw the order headings of the columns from X at Y; the advice orders
 * stand out.
 */
void	svgzone_order_heads(struct svgw *w, const struct report *r, long x,
	    long y);

/*
 * Draw the verdicts of zone I of R (-1: of NODE), a badge an advice order
 * from X, Y down, STEP apart, each labelled TAG (NULL: none) and the order;
 * with MAXX above 0, the allocations free now beside each that fits.
 */
void	svgzone_badges(struct svgw *w, const struct report *r, long i,
	    int node, const char *tag, long x, long y, long step, long maxx);

/* Returns the height of a node's heading with LINES lines of advice. */
long	svgzone_node_h(size_t lines);

/*
 * Draw the heading of NODE at Y: a rule to X1, the node's name, the
 * verdicts of the N snapshots RS interleaved, each tagged TAGS[k] (TAGS
 * NULL: one snapshot, untagged, its counts beside its badges), and RS[0]'s
 * order headings over the columns from LEFT.
 */
void	svgzone_node_rule(struct svgw *w, const struct report *const *rs,
	    const char *const *tags, size_t n, unsigned node, long y, long x1,
	    long left);

/* Returns the number of nodes of R's zones (they come node by node). */
size_t	svgzone_node_count(const struct report *r);

/* Returns the colour of the migratetype named NAME in the bars. */
const char *	svgzone_type_color(const char *name);

/* What a snapshot picture says above its zones (render_svg_head.c). */

/*
 * Draw a legend at X, Y: TITLE, a bar of the gradient ID through the NSTOPS
 * colours STOPS (evenly spaced) framed in STROKE (NULL: none), NTICKS
 * evenly spaced TICKS under it, and two lines of words, LINE1 and LINE2.
 */
void	svghead_gradient_legend(struct svgw *w, long x, long y,
	    const char *title, const char *id, const struct rgb *stops,
	    int nstops, const char *stroke, const char *const *ticks, int nticks,
	    const char *line1, const char *line2);

/* Draw the legend of the colour scale at X, Y. */
void	svghead_scale_legend(struct svgw *w, long x, long y);

/*
 * Draw the legend at Y: the colour scale, the failure mark, the bars and,
 * for a picture that draws them (PAGEBLOCKS), the migratetypes.
 */
void	svghead_legend(struct svgw *w, const struct report *r, long y,
	    bool pageblocks);

/*
 * Draw at X, Y what R was read from, after PREFIX, in lines of at most
 * MAXW pixels, then how: kernel, page size, orders (W NULL: only count).
 * Returns the number of lines.
 */
long	svghead_source_lines(struct svgw *w, const struct report *r,
	    const char *prefix, long x, long y, long maxw);

/*
 * Draw the machine's verdicts for R at X, Y after the word LABEL, each
 * with its counts, then the pressure, in rows that end before MAXX (with
 * W NULL, only measure). Returns the number of rows.
 */
long	svghead_machine_line(struct svgw *w, const struct report *r,
	    const char *label, long x, long y, long maxx);

/* Draw the legend of the change at X, Y. */
void	svghead_diff_legend(struct svgw *w, long x, long y);

/* The columns over time (render_svg_timeline.c). */

/* Returns the x of the left edge of column K. */
long	svgtl_col_x(const struct timeline *b, size_t k);

/* Returns the width of a column's marks: a pixel apart where columns are wider than 2. */
long	svgtl_col_w(const struct timeline *b);

/* Returns the x of the centre of column K. */
long	svgtl_x(const struct timeline *b, size_t k);

/*
 * Open the rect of column K in a heatmap's row at Y, filled with FILL; the
 * caller closes it.
 */
void	svgtl_heat_cell_open(struct svgw *w, const struct timeline *b, size_t k,
	    long y, const char *fill);

/* Write the label of order O left of a heatmap's row at Y. */
void	svgtl_heat_label(struct svgw *w, const struct timeline *b, long y,
	    unsigned o);

/* Returns the index of zone Z in snapshot K, or -1. */
long	svgtl_batch_zone(const struct timeline *b, size_t k,
	    const struct bzone *z,
	    size_t hint);

/*
 * Draw the head of zone NODE, NAME's block at Y: a rule across to X1 and
 * the zone's name. Returns the y under it.
 */
long	svgtl_zone_head(struct svgw *w, long x1, long y, unsigned node,
	    const char *name);

/* Write "SNAPSHOT: " for the title of a mark of snapshot K. */
void	svgtl_snap_words(struct svgw *w, const struct timeline *b, size_t k);

/* Returns the first sample of column K of T, and sets *LAST to its last. */
size_t	svgtl_rec_span(const struct timeline *t, size_t k, size_t *last);

/* Write the samples of column K of T for a title. */
void	svgtl_span_words(struct svgw *w, const struct timeline *t, size_t k);

/* The time axis and the line charts over time (render_svg_chart.c). */

/*
 * Draw the time axis under a chart at Y: snapshot numbers from 1, or the
 * time of day (UTC) of the first sample of a recording's column.
 */
void	svgtl_time_axis(struct svgw *w, const struct timeline *b, long y);

/* Write the caption NAME of a row over time at Y. */
void	svgtl_caption(struct svgw *w, const struct timeline *b, long y,
	    const char *name);

/*
 * Draw the caption NAME of a chart at Y, its frame under it with the
 * value TOP at its top, and the time axis. Returns the y of the frame.
 */
long	svgtl_chart_frame(struct svgw *w, const struct timeline *b, long y,
	    const char *name, const char *top, const char *bottom);

/* Returns the y under a chart whose frame is at Y: the frame, then its time axis's row. */
long	svgtl_chart_end(long y);

/*
 * One point of a line chart: a dot at X, Y of COLOR, the caller writes its
 * title and closes it.
 */
void	svgtl_point_open(struct svgw *w, long x, long y, const char *color);

/*
 * Open the point of column K on a chart at Y (V, from LO at its foot to
 * TOP) in COLOR, and its title: the caller writes the words, closes both.
 */
void	svgtl_chart_point_open(struct svgw *w, const struct timeline *b,
	    size_t k, long y, uint64_t v, uint64_t lo, uint64_t top,
	    const char *color);

/* Returns the y of V on a chart at Y from LO at its foot to TOP at its top. */
long	svgtl_chart_y(long y, uint64_t v, uint64_t lo, uint64_t top);

/*
 * Draw a line chart at Y of the values V[0..N) (HAVE[k] false: no value)
 * in COLOR with DASH (NULL: solid). Only the segments; the points follow.
 */
void	svgtl_chart_line(struct svgw *w, const struct timeline *b, long y,
	    const uint64_t *v, const bool *have, uint64_t lo, uint64_t top,
	    const char *color, const char *dash);

/*
 * A recording's picture (render_svg_recording.c) and its lanes of bars
 * (render_svg_lanes.c): a lane's height, the most extfrag pairs drawn.
 */
#define SVGLANE_H	26
#define SVGLANE_PAIRS	4

/* Returns the orders of compaction in A and B (B may be NULL), lowest first, in ORD. */
size_t	svglane_compaction_orders(const struct replay *a,
	    const struct replay *b,
	    int *ord);

/* Returns the x of the first plot: right of the NP lanes P's widest label. */
long	svglane_left(const struct rpair *p, size_t np);

/* Returns the height of the events block for NPAIRS pairs and NORD compaction orders. */
long	svglane_events_h(size_t npairs, size_t nord);

/* Draw the extfrag and compaction events of the NT timelines T at Y. */
void	svglane_events(struct svgw *w, const struct timeline *t, size_t nt,
	    long y);

/*
 * The most THP sizes two recordings can have between them: each reads up
 * to REPLAY_MAX_OUTCOMES outcomes, and A's sizes need not be B's.
 */
#define SVGLANE_MAX_SIZES	(2 * REPLAY_MAX_OUTCOMES)

/*
 * Returns the THP sizes whose faults A or B (B may be NULL) counted,
 * ascending, in KB (room for SVGLANE_MAX_SIZES).
 */
size_t	svglane_thp_sizes(const struct replay *a, const struct replay *b,
	    uint64_t *kb);

/* Returns the height of the THP block for N sizes (none: no block). */
long	svglane_thp_h(size_t n);

/* Draw the THP faults of each size of the NT timelines T at Y, a lane a size. */
void	svglane_thp(struct svgw *w, const struct timeline *t, size_t nt,
	    long y);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_batch.c - the picture of a batch of snapshots over time */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "advise.h"
#include "humanize.h"
#include "render_pictures.h"
#include "render_svg_parts.h"

/*
 * The head of a batch's picture, from the top: the lines naming its first
 * and last snapshot from HEAD_LINES_Y, the colour scale's legend at
 * HEAD_LEGEND_Y, the verdicts' row at VERDICTS_Y (2 pixels under the
 * legend), VERDICTS_H high (its caption, bar, the pixel above the time
 * axis, the axis's row, a pixel), then the PSI chart; each below the lines
 * naming the snapshots once they wrap.
 */
#define VERDICTS_Y	(HEAD_LEGEND_Y + LEGEND_H + 2)
#define VERDICTS_H	(CAPTION_H + VERDICT_BAR_H + 1 + AXIS_ROW_H + 1)

/* The narrowest column: a snapshot's heat cells stay visible and apart. */
#define MIN_COL_W	4

/*
 * The verdicts' row: its caption (CAPTION_H), a bar VERDICT_BAR_H high,
 * the time axis a pixel under it. The key beside the caption, KEY_LEAD
 * after it: a swatch of KEY_SWATCH pixels on its baseline, the verdict's
 * word (KEY_PX) KEY_SWATCH_GAP after it, KEY_GAP before the next.
 */
#define VERDICT_BAR_H	14
#define KEY_LEAD	16
#define KEY_SWATCH	10
#define KEY_SWATCH_GAP	4
#define KEY_PX		10
#define KEY_GAP		12

/* The machine's verdicts' caption. */
#define VERDICTS_CAPTION	"Machine verdict (first advice order)"

/* A zone's charts under its heat map. */
enum batch_chart {
	BATCH_FREE,		/* free memory */
	BATCH_PAGEBLOCKS	/* free pageblock-sized blocks */
};

/*
 * Draw the caption of the verdicts' row at Y and beside it the key: a
 * swatch of each verdict's colour and its word, every verdict that
 * advise_best() gives (a machine always has a zone it may use).
 */
static void
batch_verdict_key(struct svgw *w, const struct timeline *b, long y)
{
	enum verdict v;
	const char *s;
	long x;

	svgtl_caption(w, b, y, VERDICTS_CAPTION);
	x = b->left + svgr_bold_est_px(VERDICTS_CAPTION, CAPTION_PX) + KEY_LEAD;
	for (v = VERDICT_OK; v < VERDICT_UNUSABLE; v++) {
		s = advise_verdict_name(v);
		svgr_rect_open(w, x, y + CAPTION_BASE + 1 - KEY_SWATCH,
		    KEY_SWATCH, KEY_SWATCH, svgr_verdict_color(v));
		svg_close(w);
		x += KEY_SWATCH + KEY_SWATCH_GAP;
		svgr_text(w, x, y + CAPTION_BASE, KEY_PX, NULL, NULL, s);
		x += svgr_text_px(s, KEY_PX) + KEY_GAP;
	}
}

/* Draw the machine's verdict for its first advice order in every snapshot at Y. */
static void
batch_verdicts(struct svgw *w, const struct timeline *b, long y)
{
	const struct report *r;
	enum verdict v;
	char l[48];
	size_t k;

	batch_verdict_key(w, b, y);
	y += CAPTION_H;
	for (k = 0; k < b->n; k++) {
		r = &b->r[k];
		if (r->advice == NULL || r->advice->norders == 0)
			continue;
		v = advise_best(r->advice, -1, 0);
		svgr_rect_open(w, svgtl_col_x(b, k), y, svgtl_col_w(b),
		    VERDICT_BAR_H, svgr_verdict_color(v));
		svg_open(w, "title");
		svgtl_snap_words(w, b, k);
		svg_text(w, "machine, ");
		svg_text(w, svgzone_order_label(l, sizeof(l),
		    r->advice->orders[0], r->page_size));
		svg_text(w, ": ");
		svg_text(w, advise_verdict_name(v));
		svg_close(w);
		svg_close(w);
	}
	svgtl_time_axis(w, b, y + VERDICT_BAR_H + 1);
}

/* Draw the PSI stall share (some and full avg10) of every snapshot at Y. */
static void
batch_psi(struct svgw *w, const struct timeline *b, long y, uint64_t *v,
    bool *have)
{
	uint64_t top = PSI_CHART_FLOOR;
	/* avg10 is a uint32_t: TOP, the most of them, fits hum_centi(). */
	const struct psi *p;
	char s[32];
	size_t k;
	int f;

	/* Both lines, as rec_range() does: full is at most some on a kernel's PSI. */
	for (k = 0; k < b->n; k++) {
		if ((p = b->r[k].psi) == NULL)
			continue;
		if (p->some.present && p->some.avg10 > top)
			top = p->some.avg10;
		if (p->full.present && p->full.avg10 > top)
			top = p->full.avg10;
	}
	y = svgtl_chart_frame(w, b, y, "Memory stall share, PSI avg10: some "
	    "(solid), full (dashed)", hum_centi(s, sizeof(s), (uint32_t)top),
	    "0");
	for (f = 0; f < 2; f++) {
		for (k = 0; k < b->n; k++) {
			p = b->r[k].psi;
			have[k] = p && (f ? p->full.present : p->some.present);
			v[k] = have[k] ? (f ? p->full.avg10 : p->some.avg10) : 0;
		}
		svgtl_chart_line(w, b, y, v, have, 0, top, f ? COLOR_ORANGE :
		    COLOR_BLUE, f ? CHART_DASH : NULL);
		for (k = 0; k < b->n; k++) {
			if (!have[k])
				continue;
			svgtl_chart_point_open(w, b, k, y, v[k], 0, top,
			    f ? COLOR_ORANGE : COLOR_BLUE);
			svgtl_snap_words(w, b, k);
			svg_text(w, f ? "full avg10 " : "some avg10 ");
			svg_text_fixed(w, (long long)v[k], 2);
			svg_text(w, "%");
			svg_close(w);
			svg_close(w);
		}
	}
}

/* Draw zone Z's heatmap at Y, a row an order (HINT as svgtl_batch_zone()'s). */
static void
batch_heat(struct svgw *w, const struct timeline *b, const struct bzone *z,
    size_t hint, long y)
{
	const struct report *r;
	long zi, row;
	unsigned o;
	size_t k;

	for (o = b->norders; o-- > 0;) {
		row = y + (long)(b->norders - 1 - o) * b->row_h;
		svgtl_heat_label(w, b, row, o);
		for (k = 0; k < b->n; k++) {
			r = &b->r[k];
			zi = svgtl_batch_zone(b, k, z, hint);
			svgtl_heat_cell_open(w, b, k, row, zi < 0 ||
			    o >= r->bi->norders ? COLOR_NONE :
			    svgr_scale_color(r->frag[zi].unusable[o]).s);
			svg_open(w, "title");
			svgtl_snap_words(w, b, k);
			if (zi < 0 || o >= r->bi->norders) {
				svg_text(w, "no such zone or order");
			} else
				svgr_cell_title_words(w, z, &r->frag[zi], o);
			svg_close(w);
			svg_close(w);
		}
	}
}

/*
 * Draw chart C of zone Z (at HINT) at Y, V and HAVE room for a value a
 * snapshot. Returns the y after it.
 */
static long
batch_zone_chart(struct svgw *w, const struct timeline *b,
    const struct bzone *z, size_t hint, enum batch_chart c, long y,
    uint64_t *v, bool *have)
{
	const struct report *r;
	char s[32], name[64];
	uint64_t top = 0;
	unsigned pbo = advise_snapshot_block_order(b->r[0].bi, b->r[0].pti,
	    b->r[0].advice);
	long zi;
	size_t k;

	for (k = 0; k < b->n; k++) {
		zi = svgtl_batch_zone(b, k, z, hint);
		r = &b->r[k];
		have[k] = zi >= 0 && (c == BATCH_FREE ||
		    pbo < r->bi->norders);
		v[k] = !have[k] ? 0 : c == BATCH_FREE ?
		    r->frag[zi].free_pages : r->frag[zi].suitable[pbo];
		if (v[k] > top)
			top = v[k];
	}
	if (c == BATCH_FREE) {
		/* A batch has one page size: run_batch_svg() refuses others. */
		hum_size(s, sizeof(s), top, b->r[0].page_size);
		y = svgtl_chart_frame(w, b, y, "Free memory", s, "0");
	} else {
		snprintf(s, sizeof(s), "%llu", (unsigned long long)top);
		snprintf(name, sizeof(name), "Free pageblocks "
		    "(order %u)", pbo);
		y = svgtl_chart_frame(w, b, y, name, s, "0");
	}
	svgtl_chart_line(w, b, y, v, have, 0, top ? top : 1, COLOR_BLUE, NULL);
	for (k = 0; k < b->n; k++) {
		if (!have[k])
			continue;
		svgtl_chart_point_open(w, b, k, y, v[k], 0, top ? top : 1,
		    COLOR_BLUE);
		svgtl_snap_words(w, b, k);
		svgr_zone_words(w, z->node, z->name);
		svg_text(w, c == BATCH_FREE ? ": free_pages " :
		    ": suitable_blocks ");
		svg_text_int(w, (long long)v[k]);
		if (c == BATCH_FREE) {
			svg_text(w, " (");
			svg_text(w, hum_size(s, sizeof(s), v[k],
			    b->r[k].page_size));
			svg_text(w, ")");
		} else {
			svg_text(w, " of order ");
			svg_text_int(w, pbo);
		}
		svg_close(w);
		svg_close(w);
	}
	return svgtl_chart_end(y);
}

/* Draw zone Z (at HINT in its first snapshot) over time at Y: heatmap and charts. */
static void
batch_zone_block(struct svgw *w, const struct timeline *b, const struct bzone *z,
    size_t hint, long y, uint64_t *v, bool *have)
{
	y = svgtl_zone_head(w, svgtl_col_x(b, b->n), y, z->node, z->name);
	batch_heat(w, b, z, hint, y);
	y += (long)b->norders * b->row_h;
	svgtl_time_axis(w, b, y);
	y += AXIS_ROW_H;
	y = batch_zone_chart(w, b, z, hint, BATCH_FREE, y, v, have);
	batch_zone_chart(w, b, z, hint, BATCH_PAGEBLOCKS, y, v, have);
}

/*
 * Draw the batch's first and last snapshot R[0] and R[N - 1], and how to
 * read the x axis, from HEAD_LINES_Y in a picture WIDTH wide (W NULL: only
 * count). Returns the number of lines.
 */
static long
batch_names(struct svgw *w, const struct report *r, size_t n, long width)
{
	static const char *const prefix[3] = { "From ", "to ", "" };
	const char *text[3] = { r[0].snapshot ? r[0].snapshot : "-",
	    r[n - 1].snapshot ? r[n - 1].snapshot : "-",
	    "in the order given; x: snapshot number (tooltips name each)" };
	long k = 0;
	int i;

	for (i = 0; i < 3; i++)
		k += svgr_text_wrap(w, MARGIN, HEAD_LINES_Y + k * HEAD_LINE_H,
		    HEAD_LINE_PX, width - 2L * MARGIN, HEAD_LINE_H, prefix[i],
		    text[i]);
	return k;
}

/*
 * Fill ZONES with every zone of the N snapshots R once, in the order first
 * seen, and HINT with its place in the first snapshot that has it; returns
 * how many.
 */
static size_t
batch_zones(const struct report *r, size_t n, const struct bzone **zones,
    size_t *hint)
{
	size_t nz = 0, k, i, j;

	for (k = 0; k < n; k++)
		for (i = 0; i < r[k].bi->nzones; i++) {
			for (j = 0; j < nz; j++)
				if (zones[j]->node == r[k].bi->zones[i].node &&
				    strcmp(zones[j]->name,
				    r[k].bi->zones[i].name) == 0)
					break;
			if (j == nz) {
				zones[nz] = &r[k].bi->zones[i];
				hint[nz++] = i;
			}
		}
	return nz;
}

int
render_svg_batch(FILE *fp, const struct report *r, size_t n)
{
	struct timeline b = { r, n, MARGIN + AXIS_W, 0, 0, NULL, 1, HEAT_H };
	const struct bzone **zones;
	size_t *hint, nz, k, i, total = 1;
	long width, height, y, head;
	struct svgw w;
	uint64_t *v;
	bool *have;
	int rc = -1;

	if (n == 0)
		return 0;
	for (k = 0; k < n; k++) {
		total += r[k].bi->nzones;
		if (r[k].bi->norders > b.norders)
			b.norders = r[k].bi->norders;
	}
	/* All the room it takes, before the first byte: whole or nothing. */
	zones = calloc(total, sizeof(const struct bzone *));
	hint = calloc(total, sizeof(*hint));
	v = calloc(n, sizeof(*v));
	have = calloc(n, sizeof(*have));
	if (zones == NULL || hint == NULL || v == NULL || have == NULL)
		goto out;
	nz = batch_zones(r, n, zones, hint);
	/* The columns fill the picture's least width, however few. */
	b.cw = (MIN_W - b.left - MARGIN) / (long)n;
	b.cw = b.cw < MIN_COL_W ? MIN_COL_W : b.cw;
	width = b.left + (long)n * b.cw + MARGIN;
	if (width < MIN_W)
		width = MIN_W;
	/* The lines naming the first and last snapshot, each whole. */
	head = (batch_names(NULL, r, n, width) - 1) * HEAD_LINE_H;
	height = head + VERDICTS_Y + VERDICTS_H + CHART_BLOCK + (long)nz *
	    svgzone_series_h(b.row_h, b.norders) + MARGIN;
	svg_init(&w, fp);
	svgr_begin(&w, width, height, "fragstat: snapshots over time");
	svgr_text_open(&w, MARGIN, TITLE_Y, TITLE_PX, NULL, "bold");
	svg_text(&w, "Memory fragmentation over ");
	svg_text_int(&w, (long long)n);
	svg_text(&w, " snapshots");
	svg_close(&w);
	batch_names(&w, r, n, width);
	svghead_scale_legend(&w, MARGIN, HEAD_LEGEND_Y + head);
	y = VERDICTS_Y + head;
	batch_verdicts(&w, &b, y);
	y += VERDICTS_H;
	batch_psi(&w, &b, y, v, have);
	y += CHART_BLOCK;
	for (i = 0; i < nz; i++) {
		batch_zone_block(&w, &b, zones[i], hint[i], y, v, have);
		y += svgzone_series_h(b.row_h, b.norders);
	}
	svgr_end(&w);
	rc = 0;
out:
	free(zones);
	free(hint);
	free(v);
	free(have);
	return rc;
}

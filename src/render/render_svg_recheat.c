/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_recheat.c - a recording's heat map of a zone: its indices by order over time */
#include "config.h"

#include "render_svg_rec.h"

/* Returns the orders recorded in A or B (B may be NULL), highest first, in ORD. */
size_t
recheat_orders(const struct replay *a, const struct replay *b, unsigned *ord)
{
	const struct replay *r[2] = { a, b };
	int64_t set[2 * REPLAY_MAX_ORDERS];
	size_t n = 0, i, j;

	for (i = 0; i < 2 && r[i]; i++)
		for (j = 0; j < r[i]->norders; j++)
			n = svgr_sorted_union_add(set, n, r[i]->orders[j],
			    true);
	for (i = 0; i < n; i++)
		ord[i] = (unsigned)set[i];
	return n;
}

/*
 * Set *U and *F to the most of the unusable and fragmentation indices at
 * recorded order KK over column K of T (REPLAY_NONE: null throughout).
 * Returns false when no sample of the column has the zone (ZP) or order.
 */
static bool
heat_cell(const struct timeline *t, const struct rpoint **zp, long kk,
    size_t k, int *u, int *f)
{
	size_t b, a = svgtl_rec_span(t, k, &b), i, n = t->rec->norders;
	const int16_t *x;
	bool any = false;

	*u = *f = REPLAY_NONE;
	for (i = a; kk >= 0 && i <= b; i++) {
		if (zp[i] == NULL)
			continue;
		any = true;
		x = replay_point_indices(t->rec, zp[i]);
		*u = x[kk] > *u ? x[kk] : *u;
		*f = x[n + (size_t)kk] > *f ? x[n + (size_t)kk] : *f;
	}
	return any;
}

/*
 * Draw the cell of column K of T in the row at Y of order O (recorded at
 * KK, -1: not) of zone NODE, NAME (its points ZP), titled with its values.
 */
static void
heat_cell_draw(struct svgw *w, const struct timeline *t,
    const struct rpoint **zp, unsigned node, const char *name, unsigned o,
    long kk, size_t k, long y)
{
	bool have;
	int u, f;

	have = heat_cell(t, zp, kk, k, &u, &f);
	svgtl_heat_cell_open(w, t, k, y, have && u != REPLAY_NONE ?
	    svgr_scale_color(u).s : COLOR_NONE);
	svg_open(w, "title");
	svgtl_span_words(w, t, k);
	svgr_zone_words(w, node, name);
	if (have)
		svgr_order_words(w, o, u, f, t->per > 1 ? "max " : "");
	else
		svg_text(w, kk < 0 ? ": order not recorded" :
		    ": not in these samples");
	svg_close(w);
	svg_close(w);
}

/* Draw the rows of zone NODE, NAME at Y in each timeline, as recheat_draw(). */
static void
heat_rows(struct svgw *w, const struct rec_room *room,
    const struct timeline *t, size_t nt, unsigned node, const char *name,
    const unsigned *ord, size_t nord, long y)
{
	size_t i, j, k;
	long row, kk;

	for (i = 0; i < nt; i++) {
		for (j = 0; j < nord; j++) {
			row = y + (long)j * t[i].row_h;
			kk = replay_order_index(t[i].rec, ord[j]);
			svgtl_heat_label(w, &t[i], row, ord[j]);
			for (k = 0; k < t[i].n; k++)
				heat_cell_draw(w, &t[i], room->zp[i], node, name,
				    ord[j], kk, k, row);
		}
		svgtl_time_axis(w, &t[i], y + (long)nord * t[i].row_h);
	}
}

/* Draw at X, Y the change of the most of zone NODE, NAME's unusable index from A to B, an order a row. */
static void
heat_change(struct svgw *w, const struct timeline *t, unsigned node,
    const char *name, const unsigned *ord, size_t nord, long x, long y)
{
	const struct rzone *za, *zb;
	long ka, kb, row;
	size_t j;
	int d;

	za = replay_zone(t[0].rec, node, name);
	zb = replay_zone(t[1].rec, node, name);
	for (j = 0; j < nord && za && zb; j++) {
		ka = replay_order_index(t[0].rec, ord[j]);
		kb = replay_order_index(t[1].rec, ord[j]);
		if (ka < 0 || kb < 0 || !za->unusable[ka].seen ||
		    !zb->unusable[kb].seen)
			continue;
		row = y + (long)j * t[0].row_h;
		d = (int)(zb->unusable[kb].max - za->unusable[ka].max);
		svgr_diff_cell_open(w, x, row, REC_CHANGE_W - 2,
		    t[0].row_h - 1, d);
		svgr_zone_words(w, node, name);
		svg_text(w, ", order ");
		svg_text_int(w, ord[j]);
		svg_text(w, ": unusable max ");
		svgr_diff_words(w, za->unusable[ka].max, zb->unusable[kb].max,
		    d);
		svgr_diff_cell_close(w, x + REC_CHANGE_W / 2 - 1, row + 14, d);
	}
}

void
recheat_draw(struct svgw *w, const struct rec_room *room,
    const struct timeline *t, size_t nt, unsigned node, const char *name,
    const unsigned *ord, size_t nord, long x, long y)
{
	heat_rows(w, room, t, nt, node, name, ord, nord, y);
	if (nt > 1) {
		svgr_text(w, x, y - 8, 11, NULL, "bold", "B - A, most");
		heat_change(w, t, node, name, ord, nord, x, y);
	}
}

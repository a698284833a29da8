/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * render_svg_lanes.c - a recording's picture, its lanes of bars: extfrag
 * events (all, and the pairs with most), compaction by order and THP
 * faults by size, a bar per column on one scale across the recordings
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "humanize.h"
#include "render_svg_parts.h"

/*
 * What a lane of bars of a recording draws: extfrag (all, or one pair),
 * compaction at an order, or the THP faults of one size.
 */
struct lane {
	enum rcount_kind kind;
	int		 order;		/* compaction: -1 whole zones */
	const char	*alloc, *fallback;	/* extfrag: NULL for all */
	uint64_t	 size_kb;	/* THP */
};

/*
 * Sum lane L of column K of T into C: for extfrag the events and the
 * fragmenting ones, for compaction the runs ended, their successes and
 * the attempts.
 */
static void
lane_sum(const struct timeline *t, const struct lane *l, size_t k,
    uint64_t c[3])
{
	const struct rseries *se = t->rec->series;
	const struct replay *r = t->rec;
	const struct rcount *rc;
	size_t b, a = rec_span(t, k, &b), i, lo, hi;
	long key = -1;

	c[0] = c[1] = c[2] = 0;
	if (l->kind == RC_PAIR && l->alloc == NULL) {
		for (i = a; i <= b; i++) {
			c[0] += se->s[i].extfrag;
			c[1] += se->s[i].fragmenting;
		}
		return;
	}
	if (l->kind == RC_COMPACTION)
		key = l->order;
	for (i = 0; l->kind == RC_PAIR && i < se->npairs; i++)
		if (strcmp(se->pairs[i].alloc, l->alloc) == 0 &&
		    strcmp(se->pairs[i].fallback, l->fallback) == 0)
			key = (long)i;
	for (i = 0; l->kind == RC_THP && i < r->noutcomes; i++)
		if (r->outcomes[i].size_kb == l->size_kb &&
		    strcmp(r->outcomes[i].kind, "anon_fault") == 0)
			key = (long)i;
	/* The counts come in sample order: find the column's first by halving. */
	lo = 0;
	hi = se->nc;
	while (lo < hi) {
		i = lo + (hi - lo) / 2;
		if (se->c[i].sample < a)
			lo = i + 1;
		else
			hi = i;
	}
	for (i = lo; i < se->nc && se->c[i].sample <= b; i++) {
		rc = &se->c[i];
		if (rc->kind != l->kind || rc->key != key)
			continue;
		if (l->kind == RC_COMPACTION) {
			c[0] += rc->n[1];
			c[1] += rc->n[2];
			c[2] += rc->n[0];
		} else if (l->kind == RC_THP) {
			c[0] += rc->n[0] + rc->n[1];
			c[1] += rc->n[1];
		} else {
			c[0] += rc->n[0] + rc->n[1];
			c[1] += rc->n[0];
		}
	}
}

/* Write the title words of lane L's counts C. */
static void
lane_words(struct svgw *w, const struct lane *l, const uint64_t c[3])
{
	char b[160];

	if (l->kind == RC_THP) {
		svg_text(w, hum_size(b, sizeof(b), l->size_kb, 1024));
		svg_text(w, " THP faults: ");
		svg_text(w, hum_outcome(b, sizeof(b), c[0] - c[1], c[1], false,
		    0));
	} else if (l->kind == RC_COMPACTION) {
		if (l->order < 0)
			svg_text(w, "compaction of whole zones (order -1): ended ");
		else {
			svg_text(w, "compaction order ");
			svg_text_int(w, l->order);
			svg_text(w, ": attempts ");
			svg_text_int(w, (long long)c[2]);
			svg_text(w, ", ended ");
		}
		svg_text_int(w, (long long)c[0]);
		svg_text(w, l->order < 0 ? ", success or complete " :
		    ", success ");
		svg_text_int(w, (long long)c[1]);
	} else if (l->alloc == NULL) {
		svg_text(w, "extfrag ");
		svg_text_int(w, (long long)c[0]);
		svg_text(w, " (fragmenting ");
		svg_text_int(w, (long long)c[1]);
		svg_text(w, ")");
	} else {
		svg_text(w, "extfrag ");
		svg_text(w, l->alloc);
		svg_text(w, " from ");
		svg_text(w, l->fallback);
		svg_text(w, ": fragmenting ");
		svg_text_int(w, (long long)c[1]);
		svg_text(w, ", not ");
		svg_text_int(w, (long long)(c[0] - c[1]));
	}
}

/*
 * Draw lane L, labelled LABEL, at Y in each of the NT timelines T on one
 * scale: a bar per column with events, its first part (fragmenting, or
 * success) in vermillion or green.
 */
static void
rec_lane(struct svgw *w, const struct timeline *t, size_t nt,
    const struct lane *l, const char *label, long y)
{
	uint64_t c[3], top = 0;
	size_t i, k;
	long h, h1, x, wd;
	int part;

	for (i = 0; i < nt; i++)
		for (k = 0; k < t[i].n; k++) {
			lane_sum(&t[i], l, k, c);
			top = c[0] > top ? c[0] : top;
		}
	for (i = 0; i < nt; i++) {
		/* Beside B, a label too wide for the gap is A's row's already. */
		if (i == 0 || text_px(label, 9) < AXIS_W - 12)
			svgr_text(w, t[i].left - 6, y + LANE_H / 2 + 4, 9,
			    "end", NULL, label);
		svgr_rect_open(w, t[i].left, y + 1, (long)t[i].n * t[i].cw,
		    LANE_H - 2, "#f7f7f7");
		svg_close(w);
		if (top == 0)
			svgr_text(w, t[i].left + 4, y + LANE_H / 2 + 4, 10,
			    NULL, NULL, "none");
		for (k = 0; k < t[i].n; k++) {
			lane_sum(&t[i], l, k, c);
			if (c[0] == 0)
				continue;
			h = scale(c[0], top, LANE_H - 4);
			h = h ? h : 1;
			h1 = scale(c[1], top, LANE_H - 4);
			x = t[i].left + (long)k * t[i].cw;
			wd = t[i].cw > 2 ? t[i].cw - 1 : t[i].cw;
			/* The first part at the bottom, the rest above it. */
			for (part = 0; part < 2; part++) {
				if (part == 0 && h1 == 0)
					continue;
				if (part == 1 && h1 >= h)
					continue;
				svgr_rect_open(w, x, part ? y + LANE_H - 2 - h :
				    y + LANE_H - 2 - h1, wd, part ? h - h1 : h1,
				    part ? (l->kind == RC_COMPACTION ?
				    "#e69f00" : "#0072b2") : (l->kind ==
				    RC_COMPACTION ? "#009e73" : "#d55e00"));
				svg_open(w, "title");
				span_words(w, &t[i], k);
				lane_words(w, l, c);
				svg_close(w);
				svg_close(w);
			}
		}
	}
}

/* Returns the orders of compaction in A and B (B may be NULL), lowest first, in ORD. */
size_t
rec_compaction_orders(const struct replay *a, const struct replay *b,
    int *ord)
{
	const struct replay *r[2] = { a, b };
	size_t n = 0, i, j, m;

	for (i = 0; i < 2 && r[i]; i++)
		for (j = 0; j < r[i]->nby_order; j++) {
			for (m = 0; m < n && ord[m] != r[i]->by_order[j].order;
			    m++)
				;
			if (m < n)
				continue;
			for (m = n; m > 0 && ord[m - 1] > r[i]->by_order[j].order;
			    m--)
				ord[m] = ord[m - 1];
			ord[m] = r[i]->by_order[j].order;
			n++;
		}
	return n;
}

/* Returns BUF holding the lane label of pair P: "Unmovable \u2190 Reclaimable". */
const char *
pair_label(char *buf, size_t size, const struct rpair *p)
{
	snprintf(buf, size, "%.23s \u2190 %.23s", p->alloc, p->fallback);
	return buf;
}

/* Returns up to REC_PAIRS extfrag pairs of A and B (B may be NULL) with the most events, most first, in P. */
size_t
rec_top_pairs(const struct replay *a, const struct replay *b,
    struct rpair *p)
{
	const struct replay *r[2] = { a, b };
	struct rpair all[2 * REPLAY_MAX_PAIRS], x;
	size_t n = 0, i, j, m;

	memset(all, 0, sizeof(all));
	for (i = 0; i < 2 && r[i]; i++)
		for (j = 0; j < r[i]->series->npairs; j++) {
			x = r[i]->series->pairs[j];
			for (m = 0; m < n; m++)
				if (strcmp(all[m].alloc, x.alloc) == 0 &&
				    strcmp(all[m].fallback, x.fallback) == 0)
					break;
			if (m == n) {
				all[n++] = x;
				continue;
			}
			all[m].fragmenting += x.fragmenting;
			all[m].other += x.other;
		}
	/* Most events first; a plain insertion sort of a few dozen. */
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && all[j].fragmenting + all[j].other >
		    all[j - 1].fragmenting + all[j - 1].other; j--) {
			x = all[j];
			all[j] = all[j - 1];
			all[j - 1] = x;
		}
	n = n > REC_PAIRS ? REC_PAIRS : n;
	memcpy(p, all, n * sizeof(*p));
	return n;
}

/* Returns the height of the events block for NPAIRS pairs and NORD compaction orders. */
long
rec_events_h(size_t npairs, size_t nord)
{
	return 2L * (18 + 16 + 8) + (long)(1 + npairs + (nord ? nord : 1)) *
	    LANE_H;
}

/* Draw the extfrag and compaction events of the timelines T at Y. */
void
rec_events(struct svgw *w, const struct timeline *t, size_t nt, long y)
{
	struct rpair p[REC_PAIRS];
	int ord[FRAG_MAX_ORDERS + 1];
	struct lane l;
	char s[2 * sizeof(p[0].alloc) + 8];
	size_t np, no, i, j;

	np = rec_top_pairs(t[0].rec, nt > 1 ? t[1].rec : NULL, p);
	no = rec_compaction_orders(t[0].rec, nt > 1 ? t[1].rec : NULL, ord);
	for (i = 0; i < nt; i++)
		svgr_text(w, t[i].left, y + 12, 11, NULL, "bold",
		    "Extfrag events: fragmenting (vermillion), not (blue)");
	y += 18;
	memset(&l, 0, sizeof(l));
	rec_lane(w, t, nt, &l, "all", y);
	for (j = 0; j < np; j++) {
		l.alloc = p[j].alloc;
		l.fallback = p[j].fallback;
		pair_label(s, sizeof(s), &p[j]);
		rec_lane(w, t, nt, &l, s, y + (long)(j + 1) * LANE_H);
	}
	y += (long)(np + 1) * LANE_H;
	for (i = 0; i < nt; i++)
		time_axis(w, &t[i], y);
	y += 16 + 8;
	for (i = 0; i < nt; i++)
		svgr_text(w, t[i].left, y + 12, 11, NULL, "bold",
		    "Compaction runs: ended well (green), other (orange)");
	y += 18;
	memset(&l, 0, sizeof(l));
	l.kind = RC_COMPACTION;
	for (j = 0; j < no; j++) {
		l.order = ord[j];
		if (ord[j] < 0)
			snprintf(s, sizeof(s), "whole zones");
		else
			snprintf(s, sizeof(s), "order %d", ord[j]);
		rec_lane(w, t, nt, &l, s, y + (long)j * LANE_H);
	}
	for (i = 0; no == 0 && i < nt; i++)
		svgr_text(w, t[i].left + 4, y + 17, 11, NULL, NULL,
		    "no compaction run ended");
	y += (long)(no ? no : 1) * LANE_H;
	for (i = 0; i < nt; i++)
		time_axis(w, &t[i], y);
}

/*
 * Returns the THP sizes whose faults A or B (B may be NULL) counted,
 * ascending, in KB (room for REPLAY_MAX_OUTCOMES).
 */
size_t
rec_thp_sizes(const struct replay *a, const struct replay *b, uint64_t *kb)
{
	const struct replay *r[2] = { a, b };
	size_t n = 0, i, j, k;
	int m;

	for (m = 0; m < 2 && r[m] != NULL; m++)
		for (i = 0; i < r[m]->noutcomes; i++) {
			if (strcmp(r[m]->outcomes[i].kind, "anon_fault") != 0)
				continue;
			for (j = 0; j < n && kb[j] < r[m]->outcomes[i].size_kb;
			    j++)
				;
			if (j < n && kb[j] == r[m]->outcomes[i].size_kb)
				continue;
			for (k = n; k > j; k--)
				kb[k] = kb[k - 1];
			kb[j] = r[m]->outcomes[i].size_kb;
			n++;
		}
	return n;
}

/* Returns the height of the THP block for N sizes (none: no block). */
long
rec_thp_h(size_t n)
{
	return n ? 18 + (long)n * LANE_H + 16 + 8 : 0;
}

/* Draw the THP faults of each size of the timelines T at Y, a lane a size. */
void
rec_thp(struct svgw *w, const struct timeline *t, size_t nt, long y)
{
	uint64_t kb[REPLAY_MAX_OUTCOMES];
	struct lane l;
	char s[32];
	size_t n, i, j;

	n = rec_thp_sizes(t[0].rec, nt > 1 ? t[1].rec : NULL, kb);
	if (n == 0)
		return;
	for (i = 0; i < nt; i++)
		svgr_text(w, t[i].left, y + 12, 11, NULL, "bold", "THP "
		    "faults: fell back (vermillion), allocated (blue)");
	y += 18;
	memset(&l, 0, sizeof(l));
	l.kind = RC_THP;
	for (j = 0; j < n; j++) {
		l.size_kb = kb[j];
		hum_size(s, sizeof(s), kb[j], 1024);
		rec_lane(w, t, nt, &l, s, y + (long)j * LANE_H);
	}
	y += (long)n * LANE_H;
	for (i = 0; i < nt; i++)
		time_axis(w, &t[i], y);
}

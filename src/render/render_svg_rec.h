/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * render_svg_rec.h - what a recording's picture (render_svg_recording.c)
 * hands its heat maps (render_svg_recheat.c) and its pollution charts
 * (render_svg_recpoll.c)
 */
#ifndef FRAGSTAT_RENDER_SVG_REC_H
#define FRAGSTAT_RENDER_SVG_REC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mapseries.h"
#include "render_svg_parts.h"

/* The height of a row of a heat map: an order. */
#define REC_HEAT_H	20

/*
 * With two recordings, the column of the change of each order's most
 * unusable index: REC_CHANGE_W wide (a cell 2 pixels narrower, its
 * number in the middle), REC_CHANGE_GAP right of B's plot.
 */
#define REC_CHANGE_W	(2L * CELL_W)
#define REC_CHANGE_GAP	24

/*
 * The room drawing one or two recordings takes, allocated whole before
 * the first byte is written and freed once: a zone's points in each
 * recording, and a chart's values, one per column.
 */
struct rec_room {
	const struct rpoint	**zp[2];	/* per sample; NULL where it lacks the zone */
	uint64_t		 *v;		/* per column: a chart's value */
	bool			 *have;		/* whether the column has one */
	size_t			 *at;		/* the sample (or map) it is from */
	const struct rzone	**z;		/* the zones drawn, A's then B's */
	char			 *line[2];	/* each recording's words in the head */
};

/* Returns the orders recorded in A or B (B may be NULL), highest first, in ORD. */
size_t	recheat_orders(const struct replay *a, const struct replay *b,
	    unsigned *ord);

/*
 * Draw the heat map of zone NODE, NAME (its points in ROOM) at Y in each
 * of the NT timelines T: a row of REC_HEAT_H per order of ORD (NORD,
 * highest first), a column per column; with two, the change of the most
 * of the unusable index over the run at X.
 */
void	recheat_draw(struct svgw *w, const struct rec_room *room,
	    const struct timeline *t, size_t nt, unsigned node,
	    const char *name, const unsigned *ord, size_t nord, long x, long y);

/* Returns how many zones of MS (NULL: none) have pageblocks in the last map: a pollution chart each. */
size_t	recpoll_zones(const struct mapseries *ms);

/*
 * Draw at Y a chart of each zone's polluted pageblocks over timeline T
 * from its map summaries MS (--map-every), with ROOM's columns: a point
 * per map, the count held until the next. Returns the y after them.
 */
long	recpoll_draw(struct svgw *w, const struct rec_room *room,
	    const struct timeline *t, const struct mapseries *ms, long y);

#endif

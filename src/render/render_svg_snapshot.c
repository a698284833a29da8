/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_svg_snapshot.c - the picture of one snapshot */
#include "config.h"

#include "render_pictures.h"
#include "render_svg_parts.h"

void
render_svg(FILE *fp, const struct report *r)
{
	struct svgw w;
	long width, height, y, left = MARGIN + svgzone_label_w(r), head, src;
	size_t i;

	width = left + (long)r->bi->norders * CELL_W + MARGIN +
	    (r->pti ? PB_GAP + PB_W : 0);
	if (width < MIN_W)
		width = MIN_W;
	src = svghead_source_lines(NULL, r, "", MARGIN, HEAD_LINES_Y,
	    width - 2L * MARGIN);
	head = HEAD_H + (src - 1) * HEAD_LINE_H + (svghead_machine_line(NULL,
	    r, "Machine", MARGIN, 0, width - MARGIN) - 1) * MACHINE_ROW_H;
	height = head + LEGEND_H + LEGEND_GAP + (long)svgzone_node_count(r) *
	    svgzone_node_h(svgzone_advice_lines(r)) + (long)r->bi->nzones *
	    svgzone_h(svgzone_advice_lines(r)) + MARGIN;
	svg_init(&w, fp);
	svgr_begin(&w, width, height, "fragstat: memory fragmentation");
	svgr_text(&w, MARGIN, TITLE_Y, TITLE_PX, NULL, "bold",
	    "Memory fragmentation by zone and order");
	svghead_source_lines(&w, r, "", MARGIN, HEAD_LINES_Y,
	    width - 2L * MARGIN);
	svghead_machine_line(&w, r, "Machine", MARGIN, HEAD_LINES_Y +
	    (src - 1) * HEAD_LINE_H + HEAD_MACHINE_GAP, width - MARGIN);
	svghead_legend(&w, r, head, true);
	y = head + LEGEND_H + LEGEND_GAP;
	for (i = 0; i < r->bi->nzones; i++) {
		if (i == 0 || r->bi->zones[i].node != r->bi->zones[i - 1].node) {
			svgzone_node_rule(&w, &r, NULL, 1, r->bi->zones[i].node,
			    y, width - MARGIN, left);
			y += svgzone_node_h(svgzone_advice_lines(r));
		}
		svgzone_label(&w, r, i, MARGIN + SVGZONE_LABEL_X, y,
		    left - SVGZONE_LABEL_GAP);
		svgzone_cells(&w, r, i, left, y);
		svgzone_pageblocks(&w, r, i, left + (long)r->bi->norders *
		    CELL_W + PB_GAP, y + 8);
		y += svgzone_h(svgzone_advice_lines(r));
	}
	svgr_end(&w);
}

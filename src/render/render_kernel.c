/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_kernel.c - the bytes of the kernel's debugfs extfrag files */

#include "config.h"
#include "kver.h"
#include "report.h"
#include "render_kernel.h"

/*
 * Print one line per zone: zone_show()'s "Node %d, zone %8s " prefix,
 * then "%*d.%03d " of V / 1000 and V % 1000 per order, the integer part
 * WIDTH wide. C's truncating operations, as in the kernel: a negative
 * index above -1000 prints as "0.-500", the sign in the fraction and
 * %03d padding after it. This is the kernel's format, not hum_fixed().
 */
static void
lines(FILE *fp, const struct report *r, int width, bool extfrag)
{
	size_t i;
	unsigned o;
	int v;

	for (i = 0; i < r->bi->nzones; i++) {
		fprintf(fp, "Node %u, zone %8s ", r->bi->zones[i].node,
		    r->bi->zones[i].name);
		for (o = 0; o < r->bi->norders; o++) {
			v = extfrag ? r->frag[i].fragindex[o] :
			    r->frag[i].unusable[o];
			fprintf(fp, "%*d.%03d ", width, v / 1000, v % 1000);
		}
		putc('\n', fp);
	}
}

/* unusable_show_print(): "%d.%03d " per order, a trailing space included. */
void
render_unusable(FILE *fp, const struct report *r)
{
	lines(fp, r, 0, false);
}

/* extfrag_show_print(): "%2d.%03d " since 5.16, "%d.%03d " before. */
void
render_extfrag(FILE *fp, const struct report *r)
{
	lines(fp, r, kver_extfrag_padded(r->release) ? 2 : 0, true);
}

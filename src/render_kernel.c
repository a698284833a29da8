/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_kernel.c - the bytes of the kernel's debugfs extfrag files */

#include "config.h"
#include "kver.h"
#include "outbuf.h"
#include "report.h"

/* Print the "Node %d, zone %8s " prefix of zone_show()'s callers. */
static void
prefix(struct outbuf *ob, const struct bzone *z)
{
	ob_write(ob, "Node ", 5);
	ob_u64(ob, z->node);
	ob_write(ob, ", zone ", 7);
	ob_str(ob, z->name, 8);
	ob_putc(ob, ' ');
}

/*
 * Print "%*d.%03d " of V / 1000 and V % 1000 (C's truncating operations,
 * as in the kernel) with the integer part WIDTH wide.
 */
static void
index_(struct outbuf *ob, int v, int width)
{
	ob_intw(ob, v / 1000, width, false);
	ob_putc(ob, '.');
	ob_intw(ob, v % 1000, 3, true);
	ob_putc(ob, ' ');
}

/* unusable_show_print(): "%d.%03d " per order, a trailing space included. */
void
render_unusable(FILE *fp, const struct report *r)
{
	struct outbuf ob;
	size_t i;
	unsigned o;

	ob_init(&ob, fp);
	for (i = 0; i < r->bi->nzones; i++) {
		prefix(&ob, &r->bi->zones[i]);
		for (o = 0; o < r->bi->norders; o++)
			index_(&ob, r->frag[i].unusable[o], 0);
		ob_putc(&ob, '\n');
	}
	ob_flush(&ob);
}

/*
 * extfrag_show_print(): "%2d.%03d " since 5.16, "%d.%03d " before. With the
 * kernel's truncating division a negative index above -1000 prints as
 * "0.-500": the sign lands in the fraction, and %03d pads after it.
 */
void
render_extfrag(FILE *fp, const struct report *r)
{
	int width = kver_extfrag_padded(r->release) ? 2 : 0;
	struct outbuf ob;
	size_t i;
	unsigned o;

	ob_init(&ob, fp);
	for (i = 0; i < r->bi->nzones; i++) {
		prefix(&ob, &r->bi->zones[i]);
		for (o = 0; o < r->bi->norders; o++)
			index_(&ob, r->frag[i].fragindex[o], width);
		ob_putc(&ob, '\n');
	}
	ob_flush(&ob);
}

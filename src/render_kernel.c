/* render_kernel.c - the bytes of the kernel's debugfs extfrag files */

#include "config.h"
#include "kver.h"
#include "report.h"

/* Print the "Node %d, zone %8s " prefix of zone_show()'s callers. */
static void
prefix(FILE *fp, const struct bzone *z)
{
	fprintf(fp, "Node %u, zone %8s ", z->node, z->name);
}

/*
 * unusable_show_print(): "%d.%03d " per order, a trailing space included.
 * Index / 1000 and % 1000 are C truncating operations, as in the kernel.
 */
void
render_unusable(FILE *fp, const struct report *r)
{
	size_t i;
	unsigned o;

	for (i = 0; i < r->bi->nzones; i++) {
		prefix(fp, &r->bi->zones[i]);
		for (o = 0; o < r->bi->norders; o++) {
			int v = r->frag[i].unusable[o];

			fprintf(fp, "%d.%03d ", v / 1000, v % 1000);
		}
		fputc('\n', fp);
	}
}

/*
 * extfrag_show_print(): "%2d.%03d " since 5.16, "%d.%03d " before. With the
 * kernel's truncating division a negative index above -1000 prints as
 * "0.-500": the sign lands in the fraction, and %03d pads after it.
 */
void
render_extfrag(FILE *fp, const struct report *r)
{
	bool padded = kver_extfrag_padded(r->release);
	size_t i;
	unsigned o;

	for (i = 0; i < r->bi->nzones; i++) {
		prefix(fp, &r->bi->zones[i]);
		for (o = 0; o < r->bi->norders; o++) {
			int v = r->frag[i].fragindex[o];

			if (padded)
				fprintf(fp, "%2d.%03d ", v / 1000, v % 1000);
			else
				fprintf(fp, "%d.%03d ", v / 1000, v % 1000);
		}
		fputc('\n', fp);
	}
}

/* render_table.c - the table a person reads in a 100-column terminal */

#include "config.h"
#include <inttypes.h>
#include <string.h>

#include "humanize.h"
#include "pagetypeinfo.h"
#include "report.h"

#define BAR_WIDTH	20

/* ANSI attributes, empty when colour is off. */
struct style {
	const char	*bold, *bar, *off;
};

/* Print the bar for PART of WHOLE pages; a sliver shows as '.'. */
static void
bar(FILE *fp, const struct style *st, uint64_t part, uint64_t whole)
{
	unsigned n = whole ? (unsigned)(part * BAR_WIDTH / whole) : 0, i;

	fputs(st->bar, fp);
	for (i = 0; i < n; i++)
		fputc('#', fp);
	if (n < BAR_WIDTH && part != 0 && n == 0) {
		fputc('.', fp);
		n++;
	}
	fputs(st->off, fp);
	for (i = n; i < BAR_WIDTH; i++)
		fputc(' ', fp);
}

/* Print the per-order table of zone I. */
static void
orders(FILE *fp, const struct report *r, const struct style *st, size_t i)
{
	const struct bzone *z = &r->bi->zones[i];
	const struct frag *f = &r->frag[i];
	char b1[32], b2[32], b3[32], b4[32];
	unsigned o;

	fprintf(fp, "%s order     block  free blocks    free pages   share  "
	    "%-*s  unusable  fragindex%s\n", st->bold, BAR_WIDTH,
	    "where free memory is", st->off);
	for (o = 0; o < r->bi->norders; o++) {
		uint64_t pages = z->free[o] << o;

		fprintf(fp, "%6u %9s %12" PRIu64 " %13" PRIu64 " %7s  ", o,
		    hum_size(b1, sizeof(b1), 1ULL << o, r->page_size),
		    z->free[o], pages,
		    hum_pct(b2, sizeof(b2), pages, f->free_pages));
		bar(fp, st, pages, f->free_pages);
		/* The fragmentation index means something only where an
		 * allocation of this order would fail (S(o) == 0). */
		fprintf(fp, "  %8s  %9s\n",
		    hum_index(b3, sizeof(b3), f->unusable[o]),
		    f->suitable[o] ? "-" :
		    hum_index(b4, sizeof(b4), f->fragindex[o]));
	}
}

/* Returns the largest order with a free block of type T in Z, or -1. */
static int
largest(const struct pagetypeinfo *p, const struct ptzone *z, unsigned t)
{
	int k;

	for (k = (int)p->norders - 1; k >= 0; k--)
		if (z->free[t][k] != 0)
			return k;
	return -1;
}

/* Print the per-migratetype picture of pagetypeinfo zone Z. */
static void
migratetypes(FILE *fp, const struct report *r, const struct style *st,
    const struct ptzone *z)
{
	const struct pagetypeinfo *p = r->pti;
	char b1[32], b2[32], b3[32], b4[32];
	uint64_t blocks = 0, pages;
	unsigned t;
	int k;

	/* Saturate: a count no kernel prints must not wrap the shares. */
	for (t = 0; t < p->ntypes; t++)
		if (z->has_blocks[t])
			blocks = z->blocks[t] > UINT64_MAX - blocks ? UINT64_MAX :
			    blocks + z->blocks[t];
	fprintf(fp, "%s migratetype    free pages     free memory  largest "
	    "free   pageblocks   share%s\n", st->bold, st->off);
	for (t = 0; t < p->ntypes; t++) {
		if (!z->has_free[t] && !z->has_blocks[t])
			continue;
		fprintf(fp, " %-12s", p->types[t]);
		if (z->has_free[t]) {
			pages = pagetypeinfo_pages(p, z, t);
			/* ">": a list the kernel stopped counting at 100000. */
			snprintf(b1, sizeof(b1), "%s%" PRIu64,
			    z->capped[t] ? ">" : "", pages);
			k = largest(p, z, t);
			if (k >= 0)
				hum_size(b3, sizeof(b3), 1ULL << k,
				    r->page_size);
			else
				strcpy(b3, "-");
			b2[0] = '>';
			hum_size(b2 + 1, sizeof(b2) - 1, pages, r->page_size);
			fprintf(fp, " %13s  %14s  %13s", b1,
			    z->capped[t] ? b2 : b2 + 1, b3);
		} else
			fprintf(fp, " %13s  %14s  %13s", "-", "-", "-");
		if (z->has_blocks[t])
			fprintf(fp, "  %11" PRIu64 " %7s\n", z->blocks[t],
			    hum_pct(b4, sizeof(b4), z->blocks[t], blocks));
		else
			fprintf(fp, "  %11s %7s\n", "-", "-");
	}
}

/* Print the memory pressure lines. */
static void
pressure(FILE *fp, const struct report *r, const struct style *st)
{
	const struct psi_line *l[2] = { &r->psi->some, &r->psi->full };
	static const char *const name[2] = { "some", "full" };
	int i;

	fprintf(fp, "%sMemory pressure (PSI)   avg10   avg60  avg300   "
	    "stalled since boot%s\n", st->bold, st->off);
	for (i = 0; i < 2; i++) {
		if (!l[i]->present)
			continue;
		fprintf(fp, "  %-18s %3u.%02u%% %3u.%02u%% %3u.%02u%%  "
		    "%12" PRIu64 ".%03" PRIu64 " s\n", name[i],
		    l[i]->avg10 / 100, l[i]->avg10 % 100,
		    l[i]->avg60 / 100, l[i]->avg60 % 100,
		    l[i]->avg300 / 100, l[i]->avg300 % 100,
		    l[i]->total_us / 1000000, l[i]->total_us / 1000 % 1000);
	}
}

void
render_table(FILE *fp, const struct report *r)
{
	struct style st = { "", "", "" };
	char b1[32], b2[32];
	size_t i;

	if (r->color) {
		st.bold = "\033[1m";
		st.bar = "\033[36m";
		st.off = "\033[0m";
	}
	fprintf(fp, "Kernel %s, page size %s (%s), %u orders",
	    r->release ? r->release : "unknown",
	    hum_size(b1, sizeof(b1), 1, r->page_size), r->page_size_from,
	    r->bi->norders);
	if (r->pti)
		fprintf(fp, ", pageblock order %u (%s)", r->pti->pageblock_order,
		    hum_size(b2, sizeof(b2), r->pti->pages_per_block,
		    r->page_size));
	fputs("\n", fp);
	if (r->advice) {
		render_advice_table(fp, r, st.bold, st.off);
		return;
	}
	for (i = 0; i < r->bi->nzones; i++) {
		const struct bzone *z = &r->bi->zones[i];
		const struct frag *f = &r->frag[i];

		fprintf(fp, "\n%sNode %u, zone %s: %s free in %" PRIu64
		    " block%s", st.bold, z->node, z->name,
		    hum_size(b1, sizeof(b1), f->free_pages, r->page_size),
		    f->free_blocks, f->free_blocks == 1 ? "" : "s");
		if (f->largest_order >= 0)
			fprintf(fp, ", largest order %d (%s)", f->largest_order,
			    hum_size(b2, sizeof(b2), 1ULL << f->largest_order,
			    r->page_size));
		fprintf(fp, "%s\n", st.off);
		orders(fp, r, &st, i);
		if (r->pti && r->pti_zone[i] >= 0)
			migratetypes(fp, r, &st, &r->pti->zones[r->pti_zone[i]]);
	}
	if (r->psi) {
		fputs("\n", fp);
		pressure(fp, r, &st);
	}
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_table.c - the table a person reads in a 100-column terminal */

#include "config.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "frag.h"
#include "humanize.h"
#include "report.h"
#include "render_text.h"

#define BAR_WIDTH	20

/* ANSI attributes, empty when colour is off. */
struct style {
	const char	*bold, *bar, *off;
};

/* What every zone's table shares: the output and the block size of each order. */
struct table {
	FILE			*fp;
	const struct report	*r;
	struct style		 st;
	char			 block[FRAG_MAX_ORDERS][32];
};

/* A column: the spaces before it and its width, negative when left-aligned. */
struct col {
	int	 gap, width;
};

/* The columns of the per-order table and of the per-migratetype one. */
static const struct col order_cols[] = {
	{ 0, 6 }, { 1, 9 }, { 1, 12 }, { 1, 13 }, { 1, 7 }, { 2, -BAR_WIDTH },
	{ 2, 8 }, { 2, 9 },
};
static const struct col type_cols[] = {
	{ 1, -12 }, { 1, 13 }, { 2, 14 }, { 2, 13 }, { 2, 11 }, { 1, 7 },
};
static const struct col psi_cols[] = {
	{ 2, -18 }, { 1, 7 }, { 1, 7 }, { 1, 7 }, { 2, 18 },
};

#define NCOLS(c)	(sizeof(c) / sizeof((c)[0]))

/* The one row formatter: print CELL[i] in column COL[i] of N, then a newline. */
static void
row(FILE *fp, const struct col *col, size_t n, const char *const *cell)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(fp, "%*s%*s", col[i].gap, "", col[i].width, cell[i]);
	putc('\n', fp);
}

/*
 * Returns BUF holding the bar for PART of WHOLE pages, BAR_WIDTH columns
 * wide whatever the colour codes in it; a sliver shows as '.'.
 */
static const char *
bar(char *buf, size_t size, const struct style *st, uint64_t part,
    uint64_t whole)
{
	unsigned n = whole ? (unsigned)(part * BAR_WIDTH / whole) : 0;
	char hashes[BAR_WIDTH + 1];

	if (n > BAR_WIDTH)
		n = BAR_WIDTH;
	if (part == 0) {
		snprintf(buf, size, "%*s", BAR_WIDTH, "");
		return buf;
	}
	memset(hashes, '#', n);
	hashes[n] = '\0';
	snprintf(buf, size, "%s%s%s%s%*s", st->bar, hashes, n ? "" : ".",
	    st->off, BAR_WIDTH - (int)(n ? n : 1), "");
	return buf;
}

/* Print the per-order table of zone I. */
static void
orders(struct table *tb, size_t i)
{
	const struct report *r = tb->r;
	const struct bzone *z = &r->bi->zones[i];
	const struct frag *f = &r->frag[i];
	char on[16], nb[24], np[24], pct[32], b[64], ui[32], fi[32];
	const char *cell[NCOLS(order_cols)] = { on, NULL, nb, np, pct, b, ui,
	    fi };
	unsigned o;

	/* Each share names its whole: here free memory, there pageblocks. */
	fprintf(tb->fp, "%s order     block  free blocks    free pages  of free"
	    "  where free memory is  unusable  fragindex%s\n", tb->st.bold,
	    tb->st.off);
	for (o = 0; o < r->bi->norders; o++) {
		uint64_t pages = z->free[o] << o;

		snprintf(on, sizeof(on), "%u", o);
		cell[1] = tb->block[o];
		snprintf(nb, sizeof(nb), "%" PRIu64, z->free[o]);
		snprintf(np, sizeof(np), "%" PRIu64, pages);
		hum_pct(pct, sizeof(pct), pages, f->free_pages);
		bar(b, sizeof(b), &tb->st, pages, f->free_pages);
		hum_index(ui, sizeof(ui), f->unusable[o]);
		/* The fragmentation index means something only where an
		 * allocation of this order would fail (S(o) == 0). */
		hum_fragindex(fi, sizeof(fi), f->fragindex[o],
		    FRAG_INDEX_SUCCEEDS);
		row(tb->fp, order_cols, NCOLS(order_cols), cell);
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
migratetypes(struct table *tb, const struct ptzone *z)
{
	const struct report *r = tb->r;
	const struct pagetypeinfo *p = r->pti;
	char b1[32], b2[32], b3[24], b4[32];
	const char *cell[NCOLS(type_cols)];
	uint64_t blocks = pagetypeinfo_blocks(p, z), pages;
	unsigned t;
	int k;

	fprintf(tb->fp, "%s migratetype    free pages     free memory  largest "
	    "free   pageblocks  of all%s\n", tb->st.bold, tb->st.off);
	for (t = 0; t < p->ntypes; t++) {
		if (!z->has_free[t] && !z->has_blocks[t])
			continue;
		cell[0] = p->types[t];
		cell[1] = cell[2] = cell[3] = cell[4] = cell[5] = "-";
		if (z->has_free[t]) {
			pages = frag_pages(z->free[t], p->norders);
			/* ">": a list the kernel stopped counting at 100000. */
			snprintf(b1, sizeof(b1), "%s%" PRIu64,
			    z->capped[t] ? ">" : "", pages);
			k = largest(p, z, t);
			b2[0] = '>';
			hum_size(b2 + 1, sizeof(b2) - 1, pages, r->page_size);
			cell[1] = b1;
			cell[2] = z->capped[t] ? b2 : b2 + 1;
			cell[3] = k >= 0 ? tb->block[k] : "-";
		}
		if (z->has_blocks[t]) {
			snprintf(b3, sizeof(b3), "%" PRIu64, z->blocks[t]);
			cell[4] = b3;
			cell[5] = hum_pct(b4, sizeof(b4), z->blocks[t], blocks);
		}
		row(tb->fp, type_cols, NCOLS(type_cols), cell);
	}
}

/* Print the memory pressure lines. */
static void
pressure(struct table *tb)
{
	const struct psi_line *l[2] = { &tb->r->psi->some, &tb->r->psi->full };
	static const char *const name[2] = { "some", "full" };
	char avg[3][32], secs[32], total[40];
	const char *cell[NCOLS(psi_cols)] = { NULL, avg[0], avg[1], avg[2],
	    total };
	int i;

	fprintf(tb->fp, "%sMemory pressure (PSI)   avg10   avg60  avg300   "
	    "stalled since boot%s\n", tb->st.bold, tb->st.off);
	for (i = 0; i < 2; i++) {
		if (!l[i]->present)
			continue;
		cell[0] = name[i];
		hum_centi(avg[0], sizeof(avg[0]), l[i]->avg10);
		hum_centi(avg[1], sizeof(avg[1]), l[i]->avg60);
		hum_centi(avg[2], sizeof(avg[2]), l[i]->avg300);
		/* Milliseconds as seconds: at most 2^64 / 1000, a long long. */
		snprintf(total, sizeof(total), "%s s", hum_fixed(secs,
		    sizeof(secs), (long long)(l[i]->total_us / 1000), 3));
		row(tb->fp, psi_cols, NCOLS(psi_cols), cell);
	}
}

void
render_table(FILE *fp, const struct report *r)
{
	struct style st = { "", "", "" };
	struct table tb;
	char b[32];
	unsigned o;
	size_t i;

	if (r->color) {
		st.bold = "\033[1m";
		st.bar = "\033[36m";
		st.off = "\033[0m";
	}
	tb.fp = fp;
	tb.r = r;
	tb.st = st;
	/* The block size of each order, the same in every zone. */
	for (o = 0; o < r->bi->norders; o++)
		hum_order(tb.block[o], sizeof(tb.block[o]), o,
		    r->page_size);
	/* A release may take 64 columns: give it a line of its own. */
	fprintf(fp, "Kernel %s\nPage size %s (%s), %u orders",
	    r->release ? r->release : "unknown",
	    hum_size(b, sizeof(b), 1, r->page_size), r->page_size_from,
	    r->bi->norders);
	if (r->pti)
		fprintf(fp, ", pageblock order %u (%s)", r->pti->pageblock_order,
		    hum_size(b, sizeof(b), r->pti->pages_per_block,
		    r->page_size));
	putc('\n', fp);
	if (r->advice) {
		render_advice_table(fp, r, st.bold, st.off);
		return;
	}
	for (i = 0; i < r->bi->nzones; i++) {
		const struct bzone *z = &r->bi->zones[i];
		const struct frag *f = &r->frag[i];

		fprintf(fp, "\n%sNode %u, zone %s: %s free in %" PRIu64 " %s",
		    st.bold, z->node, z->name, hum_size(b, sizeof(b),
		    f->free_pages, r->page_size), f->free_blocks,
		    f->free_blocks == 1 ? "block" : "blocks");
		if (f->largest_order >= 0)
			fprintf(fp, ", largest order %d (%s)", f->largest_order,
			    tb.block[f->largest_order]);
		fprintf(fp, "%s\n", st.off);
		orders(&tb, i);
		if (r->pti && r->pti_zone[i] >= 0)
			migratetypes(&tb, &r->pti->zones[r->pti_zone[i]]);
	}
	if (r->psi) {
		putc('\n', fp);
		pressure(&tb);
	}
}

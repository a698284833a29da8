/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_table.c - the table a person reads in a 100-column terminal */

#include "config.h"
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "humanize.h"
#include "outbuf.h"
#include "report.h"

#define BAR_WIDTH	20

/* ANSI attributes, empty when colour is off. */
struct style {
	const char	*bold, *bar, *off;
};

/* What every zone's table shares: the output and the block size of each order. */
struct table {
	struct outbuf		 ob;
	const struct report	*r;
	struct style		 st;
	char			 block[FRAG_MAX_ORDERS][32];
};

/* Print the bar for PART of WHOLE pages; a sliver shows as '.'. */
static void
bar(struct table *tb, uint64_t part, uint64_t whole)
{
	unsigned n = whole ? (unsigned)(part * BAR_WIDTH / whole) : 0;

	if (part != 0) {
		ob_puts(&tb->ob, tb->st.bar);
		ob_fill(&tb->ob, '#', n);
		if (n == 0) {
			ob_putc(&tb->ob, '.');
			n++;
		}
		ob_puts(&tb->ob, tb->st.off);
	}
	ob_fill(&tb->ob, ' ', BAR_WIDTH - n);
}

/* Print the per-order table of zone I. */
static void
orders(struct table *tb, size_t i)
{
	const struct report *r = tb->r;
	const struct bzone *z = &r->bi->zones[i];
	const struct frag *f = &r->frag[i];
	struct outbuf *ob = &tb->ob;
	char b[32];
	unsigned o;

	ob_puts(ob, tb->st.bold);
	ob_puts(ob, " order     block  free blocks    free pages   share  ");
	ob_str(ob, "where free memory is", -BAR_WIDTH);
	ob_puts(ob, "  unusable  fragindex");
	ob_puts(ob, tb->st.off);
	ob_putc(ob, '\n');
	for (o = 0; o < r->bi->norders; o++) {
		uint64_t pages = z->free[o] << o;

		ob_u64w(ob, o, 6);
		ob_putc(ob, ' ');
		ob_str(ob, tb->block[o], 9);
		ob_putc(ob, ' ');
		ob_u64w(ob, z->free[o], 12);
		ob_putc(ob, ' ');
		ob_u64w(ob, pages, 13);
		ob_putc(ob, ' ');
		ob_str(ob, hum_pct(b, sizeof(b), pages, f->free_pages), 7);
		ob_write(ob, "  ", 2);
		bar(tb, pages, f->free_pages);
		ob_write(ob, "  ", 2);
		ob_str(ob, hum_index(b, sizeof(b), f->unusable[o]), 8);
		ob_write(ob, "  ", 2);
		/* The fragmentation index means something only where an
		 * allocation of this order would fail (S(o) == 0). */
		ob_str(ob, hum_fragindex(b, sizeof(b), f->fragindex[o]), 9);
		ob_putc(ob, '\n');
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
	struct outbuf *ob = &tb->ob;
	char b1[32], b2[32], b4[32];
	uint64_t blocks = 0, pages;
	unsigned t;
	int k;

	/* Saturate: a count no kernel prints must not wrap the shares. */
	for (t = 0; t < p->ntypes; t++)
		if (z->has_blocks[t])
			blocks = z->blocks[t] > UINT64_MAX - blocks ? UINT64_MAX :
			    blocks + z->blocks[t];
	ob_puts(ob, tb->st.bold);
	ob_puts(ob, " migratetype    free pages     free memory  largest "
	    "free   pageblocks   share");
	ob_puts(ob, tb->st.off);
	ob_putc(ob, '\n');
	for (t = 0; t < p->ntypes; t++) {
		if (!z->has_free[t] && !z->has_blocks[t])
			continue;
		ob_putc(ob, ' ');
		ob_str(ob, p->types[t], -12);
		if (z->has_free[t]) {
			pages = frag_pages(z->free[t], p->norders);
			/* ">": a list the kernel stopped counting at 100000. */
			snprintf(b1, sizeof(b1), "%s%" PRIu64,
			    z->capped[t] ? ">" : "", pages);
			k = largest(p, z, t);
			b2[0] = '>';
			hum_size(b2 + 1, sizeof(b2) - 1, pages, r->page_size);
			ob_putc(ob, ' ');
			ob_str(ob, b1, 13);
			ob_write(ob, "  ", 2);
			ob_str(ob, z->capped[t] ? b2 : b2 + 1, 14);
			ob_write(ob, "  ", 2);
			ob_str(ob, k >= 0 ? tb->block[k] : "-", 13);
		} else {
			ob_putc(ob, ' ');
			ob_str(ob, "-", 13);
			ob_write(ob, "  ", 2);
			ob_str(ob, "-", 14);
			ob_write(ob, "  ", 2);
			ob_str(ob, "-", 13);
		}
		ob_write(ob, "  ", 2);
		if (z->has_blocks[t]) {
			ob_u64w(ob, z->blocks[t], 11);
			ob_putc(ob, ' ');
			ob_str(ob, hum_pct(b4, sizeof(b4), z->blocks[t], blocks),
			    7);
		} else {
			ob_str(ob, "-", 11);
			ob_putc(ob, ' ');
			ob_str(ob, "-", 7);
		}
		ob_putc(ob, '\n');
	}
}

/* Print the memory pressure lines. */
static void
pressure(struct table *tb)
{
	const struct psi_line *l[2] = { &tb->r->psi->some, &tb->r->psi->full };
	static const char *const name[2] = { "some", "full" };
	struct outbuf *ob = &tb->ob;
	int i, j;

	ob_puts(ob, tb->st.bold);
	ob_puts(ob, "Memory pressure (PSI)   avg10   avg60  avg300   "
	    "stalled since boot");
	ob_puts(ob, tb->st.off);
	ob_putc(ob, '\n');
	for (i = 0; i < 2; i++) {
		const uint32_t avg[3] = { l[i]->avg10, l[i]->avg60,
		    l[i]->avg300 };

		if (!l[i]->present)
			continue;
		ob_write(ob, "  ", 2);
		ob_str(ob, name[i], -18);
		/* " %3u.%02u%%" per average */
		for (j = 0; j < 3; j++) {
			ob_putc(ob, ' ');
			ob_u64w(ob, avg[j] / 100, 3);
			ob_putc(ob, '.');
			ob_intw(ob, avg[j] % 100, 2, true);
			ob_putc(ob, '%');
		}
		ob_write(ob, "  ", 2);
		ob_u64w(ob, l[i]->total_us / 1000000, 12);
		ob_putc(ob, '.');
		ob_intw(ob, (long long)(l[i]->total_us / 1000 % 1000), 3, true);
		ob_write(ob, " s\n", 3);
	}
}

void
render_table(FILE *fp, const struct report *r)
{
	struct style st = { "", "", "" };
	struct table tb;
	struct outbuf *ob = &tb.ob;
	char b[32];
	unsigned o;
	size_t i;

	if (r->color) {
		st.bold = "\033[1m";
		st.bar = "\033[36m";
		st.off = "\033[0m";
	}
	ob_init(ob, fp);
	tb.r = r;
	tb.st = st;
	/* The block size of each order, the same in every zone. */
	for (o = 0; o < r->bi->norders; o++)
		hum_size(tb.block[o], sizeof(tb.block[o]), 1ULL << o,
		    r->page_size);
	ob_puts(ob, "Kernel ");
	ob_puts(ob, r->release ? r->release : "unknown");
	/* A release may take 64 columns: give it a line of its own. */
	ob_puts(ob, "\nPage size ");
	ob_puts(ob, hum_size(b, sizeof(b), 1, r->page_size));
	ob_puts(ob, " (");
	ob_puts(ob, r->page_size_from);
	ob_puts(ob, "), ");
	ob_u64(ob, r->bi->norders);
	ob_puts(ob, " orders");
	if (r->pti) {
		ob_puts(ob, ", pageblock order ");
		ob_u64(ob, r->pti->pageblock_order);
		ob_puts(ob, " (");
		ob_puts(ob, hum_size(b, sizeof(b), r->pti->pages_per_block,
		    r->page_size));
		ob_putc(ob, ')');
	}
	ob_putc(ob, '\n');
	if (r->advice) {
		/* The advice table writes to FP itself: ours goes first. */
		ob_flush(ob);
		render_advice_table(fp, r, st.bold, st.off);
		return;
	}
	for (i = 0; i < r->bi->nzones; i++) {
		const struct bzone *z = &r->bi->zones[i];
		const struct frag *f = &r->frag[i];

		ob_putc(ob, '\n');
		ob_puts(ob, st.bold);
		ob_puts(ob, "Node ");
		ob_u64(ob, z->node);
		ob_puts(ob, ", zone ");
		ob_puts(ob, z->name);
		ob_puts(ob, ": ");
		ob_puts(ob, hum_size(b, sizeof(b), f->free_pages, r->page_size));
		ob_puts(ob, " free in ");
		ob_u64(ob, f->free_blocks);
		ob_puts(ob, f->free_blocks == 1 ? " block" : " blocks");
		if (f->largest_order >= 0) {
			ob_puts(ob, ", largest order ");
			ob_u64(ob, (unsigned)f->largest_order);
			ob_puts(ob, " (");
			ob_puts(ob, tb.block[f->largest_order]);
			ob_putc(ob, ')');
		}
		ob_puts(ob, st.off);
		ob_putc(ob, '\n');
		orders(&tb, i);
		if (r->pti && r->pti_zone[i] >= 0)
			migratetypes(&tb, &r->pti->zones[r->pti_zone[i]]);
	}
	if (r->psi) {
		ob_putc(ob, '\n');
		pressure(&tb);
	}
	ob_flush(ob);
}

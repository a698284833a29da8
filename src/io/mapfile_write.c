/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mapfile_write.c - write the map a capture stores (format in mapfile.h) */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "mapfile.h"
#include "mapfile_write.h"

/* Returns whether pageblocks A and B hold the same counts. */
static bool
same_block(const struct map_block *a, const struct map_block *b)
{
	return memcmp(a->n, b->n, sizeof(a->n)) == 0 &&
	    memcmp(a->pin, b->pin, sizeof(a->pin)) == 0;
}

/* Write the path P, bytes that would split a line or a field as "\ooo". */
static void
write_path(FILE *fp, const char *p)
{
	const unsigned char *u = (const unsigned char *)p;

	for (; *u; u++)
		if (*u <= ' ' || *u >= 0x7f || *u == '\\')
			fprintf(fp, "\\%03o", *u);
		else
			putc(*u, fp);
}

/* Write CG's groups and charges: the cgroups section. */
static void
write_cgroups(FILE *fp, const struct memcg *cg)
{
	const struct memcg_charge *c;
	size_t i;
	unsigned j;

	fprintf(fp, "cgroups %zu %zu\n", cg->ngroups, cg->ncharges);
	for (i = 0; i < cg->ngroups; i++) {
		fprintf(fp, "cgroup %" PRIu64 " ", cg->groups[i].ino);
		if (cg->groups[i].path)
			write_path(fp, cg->groups[i].path);
		else
			putc('?', fp);
		putc('\n', fp);
	}
	for (i = 0; i < cg->ncharges; i++) {
		c = &cg->charges[i];
		fprintf(fp, "%" PRIu32 " %" PRIu32 " %" PRIu32, c->zone,
		    c->block, c->group);
		/* As many counts as charge_line() reads: one per class. */
		for (j = 0; j < MEMCG_NCLASSES; j++)
			fprintf(fp, " %u", (unsigned)c->n[j]);
		putc('\n', fp);
	}
}

/* Write zone Z's folio census, when read: "folios N", then N "folio KIND ORDER COUNT". */
static void
write_folios(FILE *fp, const struct map_zone *z)
{
	unsigned k, o, n = 0;

	if (!z->have_folios)
		return;
	for (k = 0; k < MAP_NFOLIOS; k++)
		for (o = 0; o < FRAG_MAX_ORDERS; o++)
			n += z->folios[k][o] != 0;
	fprintf(fp, "folios %u\n", n);
	for (k = 0; k < MAP_NFOLIOS; k++)
		for (o = 0; o < FRAG_MAX_ORDERS; o++)
			if (z->folios[k][o])
				fprintf(fp, "folio %s %u %" PRIu64 "\n",
				    map_folio_name((enum map_folio)k), o,
				    z->folios[k][o]);
}

void
mapfile_write(FILE *fp, const struct map *m, const struct memcg *cg,
    unsigned long page_size)
{
	const struct map_zone *z;
	const struct map_block *b;
	size_t i, k, run;
	unsigned c;

	fprintf(fp, "fragstat-map %d\npage_size %lu\npageblock_order %u\n"
	    "orders %u\nballoon %d\nbuddy_head_only %d\nbuddy_pages %" PRIu64
	    "\n", MAPFILE_VERSION, page_size, m->pageblock_order, m->norders,
	    m->balloon, m->buddy_head_only, m->buddy_pages);
	for (i = 0; i < m->nzones; i++) {
		z = &m->zones[i];
		fprintf(fp, "zone %u %s start_pfn %" PRIu64 " spanned %" PRIu64
		    " free %" PRIu64 " pcp %" PRIu64 "\n", z->node, z->name,
		    z->start_pfn, z->spanned, z->free_pages, z->pcp_free);
		for (k = 0; k < z->nblocks; k += run) {
			b = &z->blocks[k];
			for (run = 1; k + run < z->nblocks &&
			    same_block(b, &z->blocks[k + run]); run++)
				;
			fprintf(fp, "%zu", run);
			for (c = 0; c < MAP_NCLASSES; c++)
				fprintf(fp, " %u", (unsigned)b->n[c]);
			for (c = 0; c < MAP_NPINS; c++)
				fprintf(fp, " %u", (unsigned)b->pin[c]);
			fputc('\n', fp);
		}
		write_folios(fp, z);
	}
	if (cg && cg->read)
		write_cgroups(fp, cg);
	fputs("end\n", fp);
}

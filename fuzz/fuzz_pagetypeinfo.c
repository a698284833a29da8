/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_pagetypeinfo.c - libFuzzer harness for pagetypeinfo_parse() */

#include "config.h"
#include <inttypes.h>
#include <string.h>

#include "frag.h"
#include "fuzz.h"
#include "pagetypeinfo.h"
#include "validate.h"

/* Check what a successful parse of the N bytes at S left in P. */
static void
check(const struct pagetypeinfo *p, const char *s, size_t n)
{
	unsigned long lines = fuzz_lines(s, n);
	uint64_t pages;
	unsigned t, u, k;
	size_t i, j;

	FUZZ_ASSERT(p->nzones >= 1 && p->zones != NULL, "no zones");
	FUZZ_ASSERT(p->norders >= 1 && p->norders <= FRAG_MAX_ORDERS,
	    "%u orders", p->norders);
	FUZZ_ASSERT(p->pageblock_order < FRAG_MAX_ORDERS &&
	    p->pages_per_block == 1ULL << p->pageblock_order,
	    "page block order %u with %" PRIu64 " pages per block",
	    p->pageblock_order, p->pages_per_block);
	FUZZ_ASSERT(p->ntypes >= 1 && p->ntypes <= FRAG_MAX_TYPES, "%u types",
	    p->ntypes);
	for (t = 0; t < p->ntypes; t++) {
		fuzz_check_name(p->types[t], "migratetype");
		for (u = 0; u < t; u++)
			FUZZ_ASSERT(strcmp(p->types[t], p->types[u]) != 0,
			    "migratetype %s twice", p->types[t]);
	}
	for (i = 0; i < p->nzones; i++) {
		const struct ptzone *z = &p->zones[i];
		bool any = false;

		FUZZ_ASSERT(z->node < FRAG_MAX_NODES, "node %u", z->node);
		fuzz_check_name(z->name, "zone");
		FUZZ_ASSERT(z->line >= 1 && z->line <= lines, "zone at line %lu",
		    z->line);
		for (j = 0; j < i; j++)
			FUZZ_ASSERT(p->zones[j].node != z->node ||
			    strcmp(p->zones[j].name, z->name) != 0,
			    "zone node %u %s twice", z->node, z->name);
		FUZZ_ASSERT(pagetypeinfo_find(p, z->node, z->name) == (long)i,
		    "pagetypeinfo_find() misses zone %zu", i);
		for (t = 0; t < FRAG_MAX_TYPES; t++) {
			any |= z->has_free[t] || z->has_blocks[t] ||
			    z->has_mixed[t];
			if (t >= p->ntypes)
				FUZZ_ASSERT(!z->has_free[t] && !z->has_blocks[t]
				    && !z->has_mixed[t], "data for type %u of "
				    "%u", t, p->ntypes);
			FUZZ_ASSERT(z->has_blocks[t] || z->blocks[t] == 0,
			    "blocks without a row");
			FUZZ_ASSERT(z->has_mixed[t] || z->mixed[t] == 0,
			    "mixed blocks without a row");
			if (!z->has_free[t]) {
				FUZZ_ASSERT(z->capped[t] == 0,
				    "capped orders without a row");
				for (k = 0; k < FRAG_MAX_ORDERS; k++)
					FUZZ_ASSERT(z->free[t][k] == 0,
					    "free counts without a row");
				continue;
			}
			FUZZ_ASSERT(p->norders == 32 ||
			    (z->capped[t] >> p->norders) == 0,
			    "capped bit past the orders");
			FUZZ_ASSERT(frag_check(z->free[t], p->norders) == NULL,
			    "accepted counts frag_check() rejects");
			for (pages = 0, k = 0; k < p->norders; k++)
				pages += z->free[t][k] << k;
			FUZZ_ASSERT(pages == frag_pages(z->free[t], p->norders),
			    "frag_pages() differs from the sum");
		}
		FUZZ_ASSERT(any, "zone %zu without a row", i);
	}
}

/*
 * Write P as pagetypeinfo_show() would, except that each zone's pageblock
 * tables have their own headers (a zone may lack some types), and a first
 * header names every type so that they are met in the same order.
 */
static void
print(FILE *fp, const struct pagetypeinfo *p)
{
	const struct ptzone *z;
	unsigned t, k;
	size_t i;
	int table;

	fprintf(fp, "Page block order: %u\nPages per block:  %" PRIu64 "\n\n",
	    p->pageblock_order, p->pages_per_block);
	fputs("Number of blocks type    ", fp);
	for (t = 0; t < p->ntypes; t++)
		fprintf(fp, " %12s", p->types[t]);
	fputs("\nFree pages count per migrate type at order      ", fp);
	for (k = 0; k < p->norders; k++)
		fprintf(fp, " %6u", k);
	fputc('\n', fp);
	for (i = 0; i < p->nzones; i++) {
		z = &p->zones[i];
		for (t = 0; t < p->ntypes; t++) {
			if (!z->has_free[t])
				continue;
			fprintf(fp, "Node %4u, zone %8s, type %12s", z->node,
			    z->name, p->types[t]);
			/* The kernel's "%s%6lu" pads only below 100000. */
			for (k = 0; k < p->norders; k++)
				fprintf(fp, z->capped[t] & (1u << k) ?
				    " >%" PRIu64 : " %6" PRIu64, z->free[t][k]);
			fputc('\n', fp);
		}
		for (table = 0; table < 2; table++) {
			const bool *has = table ? z->has_mixed : z->has_blocks;
			const uint64_t *v = table ? z->mixed : z->blocks;

			for (t = 0; t < p->ntypes && !has[t]; t++)
				;
			if (t == p->ntypes)
				continue;
			fputs(table ? "Number of mixed blocks   " :
			    "Number of blocks type    ", fp);
			for (t = 0; t < p->ntypes; t++)
				if (has[t])
					fprintf(fp, " %12s", p->types[t]);
			fprintf(fp, "\nNode %u, zone %8s", z->node, z->name);
			for (t = 0; t < p->ntypes; t++)
				if (has[t])
					fprintf(fp, " %12" PRIu64, v[t]);
			fputc('\n', fp);
		}
	}
}

/* Returns whether zones A of P and B of Q hold the same data. */
static bool
same_zone(const struct pagetypeinfo *p, const struct ptzone *a,
    const struct ptzone *b)
{
	unsigned t;

	if (a->node != b->node || strcmp(a->name, b->name) != 0)
		return false;
	for (t = 0; t < p->ntypes; t++)
		if (a->has_free[t] != b->has_free[t] ||
		    a->capped[t] != b->capped[t] ||
		    memcmp(a->free[t], b->free[t], p->norders * sizeof(uint64_t)) != 0 ||
		    a->has_blocks[t] != b->has_blocks[t] ||
		    a->blocks[t] != b->blocks[t] ||
		    a->has_mixed[t] != b->has_mixed[t] ||
		    a->mixed[t] != b->mixed[t])
			return false;
	return true;
}

void
fuzz_pagetypeinfo(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	struct pagetypeinfo p, again;
	struct ferr e = { .path = "fuzz" };
	struct fuzz_mem m;
	unsigned t;
	size_t i;

	if (pagetypeinfo_parse(s, size, &p, &e) != 0) {
		FUZZ_ASSERT(p.zones == NULL && p.nzones == 0,
		    "a failed parse left zones behind");
		fuzz_check_error(&e, s, size, "pagetypeinfo");
		return;
	}
	/* Counts the kernel's arithmetic is not defined for: the model's check. */
	if (pagetypeinfo_check(&p, &e) != 0) {
		fuzz_check_error(&e, s, size, "pagetypeinfo");
		pagetypeinfo_free(&p);
		return;
	}
	check(&p, s, size);

	fuzz_mem_open(&m);
	print(m.fp, &p);
	fuzz_mem_close(&m);
	if (pagetypeinfo_parse(m.buf, m.len, &again, &e) != 0)
		fuzz_fail("reprinted pagetypeinfo rejected at line %lu: %s",
		    e.line, e.msg);
	FUZZ_ASSERT(again.nzones == p.nzones && again.norders == p.norders &&
	    again.ntypes == p.ntypes &&
	    again.pageblock_order == p.pageblock_order,
	    "reprinted pagetypeinfo has other zones, orders or types");
	for (t = 0; t < p.ntypes; t++)
		FUZZ_ASSERT(strcmp(again.types[t], p.types[t]) == 0,
		    "reprinted type %u is %s, not %s", t, again.types[t],
		    p.types[t]);
	for (i = 0; i < p.nzones; i++)
		FUZZ_ASSERT(same_zone(&p, &p.zones[i], &again.zones[i]),
		    "reprinted zone %zu reads back differently", i);
	pagetypeinfo_free(&again);
	fuzz_mem_free(&m);
	pagetypeinfo_free(&p);
}

#ifndef FUZZ_REPLAY
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_pagetypeinfo(data, size);
	return 0;
}
#endif

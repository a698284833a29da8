/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_zoneinfo.c - libFuzzer harness for zoneinfo_parse() */

#include "config.h"
#include <inttypes.h>
#include <string.h>

#include "fuzz.h"
#include "zoneinfo.h"

#define ZI_ALL	(ZI_FREE | ZI_MIN | ZI_LOW | ZI_HIGH | ZI_PRESENT | \
	ZI_MANAGED | ZI_PROTECTION | ZI_FREE_CMA | ZI_SPANNED | ZI_BOOST | \
	ZI_PROMO | ZI_CMA | ZI_START_PFN | ZI_PCP | ZI_FREE_BLOCKS)

/* The one-number fields, their bits and the labels zoneinfo_show_print() uses. */
static const struct {
	unsigned	 bit;
	size_t		 off;
	const char	*label;
} fields[] = {
	{ ZI_FREE, offsetof(struct zizone, free), "  pages free     " },
	{ ZI_BOOST, offsetof(struct zizone, boost), "        boost    " },
	{ ZI_MIN, offsetof(struct zizone, min), "        min      " },
	{ ZI_LOW, offsetof(struct zizone, low), "        low      " },
	{ ZI_HIGH, offsetof(struct zizone, high), "        high     " },
	{ ZI_PROMO, offsetof(struct zizone, promo), "        promo    " },
	{ ZI_SPANNED, offsetof(struct zizone, spanned), "        spanned  " },
	{ ZI_PRESENT, offsetof(struct zizone, present), "        present  " },
	{ ZI_MANAGED, offsetof(struct zizone, managed), "        managed  " },
	{ ZI_CMA, offsetof(struct zizone, cma), "        cma      " },
	{ ZI_FREE_CMA, offsetof(struct zizone, free_cma),
	  "      nr_free_cma  " },
	{ ZI_FREE_BLOCKS, offsetof(struct zizone, free_blocks),
	  "      nr_free_pages_blocks " },
	/* The per-CPU counts read back as their sum. */
	{ ZI_PCP, offsetof(struct zizone, pcp), "              count:    " },
	{ ZI_START_PFN, offsetof(struct zizone, start_pfn),
	  "  start_pfn:           " },
};

/* Returns field I of Z. */
static uint64_t
field(const struct zizone *z, size_t i)
{
	uint64_t v;

	memcpy(&v, (const char *)z + fields[i].off, sizeof(v));
	return v;
}

/* Check what a successful parse of the N bytes at S left in ZI. */
static void
check(const struct zoneinfo *zi, const char *s, size_t n)
{
	unsigned long lines = fuzz_lines(s, n);
	uint64_t sum;
	unsigned index;
	size_t i, j;

	FUZZ_ASSERT(zi->nzones >= 1 && zi->zones != NULL, "no zones");
	/* kcompactd divides by node_present_pages + 1. */
	for (i = 0; i < zi->nzones; i++) {
		for (sum = 0, j = 0; j < zi->nzones; j++)
			if (zi->zones[j].node == zi->zones[i].node)
				FUZZ_ASSERT(!__builtin_add_overflow(sum,
				    zi->zones[j].present, &sum),
				    "present pages of node %u wrap",
				    zi->zones[i].node);
		FUZZ_ASSERT(sum != UINT64_MAX, "node %u: present pages + 1 "
		    "wrap to 0", zi->zones[i].node);
	}
	for (i = 0; i < zi->nzones; i++) {
		const struct zizone *z = &zi->zones[i];

		FUZZ_ASSERT(z->node < FRAG_MAX_NODES, "node %u", z->node);
		fuzz_check_name(z->name, "zone");
		FUZZ_ASSERT(z->line >= 1 && z->line <= lines &&
		    (i == 0 || z->line > zi->zones[i - 1].line),
		    "zone %zu at line %lu", i, z->line);
		for (index = 0, j = 0; j < i; j++) {
			FUZZ_ASSERT(zi->zones[j].node != z->node ||
			    strcmp(zi->zones[j].name, z->name) != 0,
			    "zone node %u %s twice", z->node, z->name);
			index += zi->zones[j].node == z->node;
		}
		FUZZ_ASSERT(z->index == index && index < FRAG_MAX_NODE_ZONES,
		    "zone %zu has index %u, want %u", i, z->index, index);
		FUZZ_ASSERT(zoneinfo_find(zi, z->node, z->name) == z,
		    "zoneinfo_find() misses zone %zu", i);
		FUZZ_ASSERT((z->have & ~(unsigned)ZI_ALL) == 0, "unknown bits");
		for (j = 0; j < sizeof(fields) / sizeof(fields[0]); j++)
			FUZZ_ASSERT((z->have & fields[j].bit) ||
			    field(z, j) == 0, "value without its line");
		FUZZ_ASSERT(z->nprotection <= FRAG_MAX_NODE_ZONES,
		    "%u protection values", z->nprotection);
		FUZZ_ASSERT(((z->have & ZI_PROTECTION) != 0) ==
		    (z->nprotection != 0), "protection bit and count disagree");
		for (j = z->nprotection; j < FRAG_MAX_NODE_ZONES; j++)
			FUZZ_ASSERT(z->protection[j] == 0,
			    "protection value past the count");
	}
}

/* Write ZI with the labels of zoneinfo_show_print(). */
static void
print(FILE *fp, const struct zoneinfo *zi)
{
	const struct zizone *z;
	size_t i, j;

	for (i = 0; i < zi->nzones; i++) {
		z = &zi->zones[i];
		fprintf(fp, "Node %u, zone %8s\n", z->node, z->name);
		for (j = 0; j < sizeof(fields) / sizeof(fields[0]); j++)
			if (z->have & fields[j].bit)
				fprintf(fp, "%s%" PRIu64 "\n", fields[j].label,
				    field(z, j));
		if (!(z->have & ZI_PROTECTION))
			continue;
		fputs("        protection: (", fp);
		for (j = 0; j < z->nprotection; j++)
			fprintf(fp, "%s%" PRIu64, j ? ", " : "",
			    z->protection[j]);
		fputs(")\n", fp);
	}
}

void
fuzz_zoneinfo(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	struct zoneinfo zi, again;
	struct ferr e = { .path = "fuzz" };
	struct fuzz_mem m;
	const struct zizone *a, *b;
	size_t i, j;

	if (zoneinfo_parse(s, size, &zi, &e) != 0) {
		FUZZ_ASSERT(zi.zones == NULL && zi.nzones == 0,
		    "a failed parse left zones behind");
		fuzz_check_error(&e, s, size, "zoneinfo");
		return;
	}
	check(&zi, s, size);

	fuzz_mem_open(&m);
	print(m.fp, &zi);
	fuzz_mem_close(&m);
	if (zoneinfo_parse(m.buf, m.len, &again, &e) != 0)
		fuzz_fail("reprinted zoneinfo rejected at line %lu: %s", e.line,
		    e.msg);
	FUZZ_ASSERT(again.nzones == zi.nzones, "reprinted zoneinfo has %zu "
	    "zones, not %zu", again.nzones, zi.nzones);
	for (i = 0; i < zi.nzones; i++) {
		a = &zi.zones[i];
		b = &again.zones[i];
		FUZZ_ASSERT(a->node == b->node && strcmp(a->name, b->name) == 0 &&
		    a->index == b->index && a->have == b->have &&
		    a->nprotection == b->nprotection &&
		    memcmp(a->protection, b->protection,
		    sizeof(a->protection)) == 0,
		    "reprinted zone %zu reads back differently", i);
		for (j = 0; j < sizeof(fields) / sizeof(fields[0]); j++)
			FUZZ_ASSERT(field(a, j) == field(b, j), "reprinted zone "
			    "%zu: %s differs", i, fields[j].label);
	}
	zoneinfo_free(&again);
	fuzz_mem_free(&m);
	zoneinfo_free(&zi);
}

#ifndef FUZZ_REPLAY
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_zoneinfo(data, size);
	return 0;
}
#endif

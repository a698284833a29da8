/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_buddyinfo.c - libFuzzer harness for buddyinfo_parse() and the arithmetic on its zones */

#include "config.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "buddyinfo.h"
#include "frag.h"
#include "fuzz.h"
#include "validate.h"

/* Check what a successful parse of the N bytes at S left in BI. */
static void
check_zones(const struct buddyinfo *bi, const char *s, size_t n)
{
	unsigned long lines = fuzz_lines(s, n);
	uint64_t suitable[FRAG_MAX_ORDERS];
	int unusable[FRAG_MAX_ORDERS], fragindex[FRAG_MAX_ORDERS];
	struct frag f = { .suitable = suitable, .unusable = unusable,
	    .fragindex = fragindex };
	size_t i, j;

	FUZZ_ASSERT(bi->nzones >= 1 && bi->zones != NULL, "no zones");
	FUZZ_ASSERT(bi->norders >= 1 && bi->norders <= FRAG_MAX_ORDERS,
	    "%u orders", bi->norders);
	for (i = 0; i < bi->nzones; i++) {
		const struct bzone *z = &bi->zones[i];

		FUZZ_ASSERT(z->node < FRAG_MAX_NODES, "node %u", z->node);
		fuzz_check_name(z->name, "zone");
		FUZZ_ASSERT(z->line >= 1 && z->line <= lines &&
		    (i == 0 || z->line > bi->zones[i - 1].line),
		    "zone %zu at line %lu", i, z->line);
		FUZZ_ASSERT(z->free == bi->counts + i * bi->norders,
		    "zone %zu's counts not in place", i);
		for (j = 0; j < i; j++)
			FUZZ_ASSERT(bi->zones[j].node != z->node ||
			    strcmp(bi->zones[j].name, z->name) != 0,
			    "zone node %u %s twice", z->node, z->name);
		FUZZ_ASSERT(frag_check(z->free, bi->norders) == NULL,
		    "accepted counts frag_check() rejects");
		frag_compute(z->free, bi->norders, &f);
		fuzz_check_frag(z->free, bi->norders, &f);
	}
}

/* Write BI the way the kernel's frag_show_print() does. */
static void
print(FILE *fp, const struct buddyinfo *bi)
{
	size_t i;
	unsigned k;

	for (i = 0; i < bi->nzones; i++) {
		fprintf(fp, "Node %u, zone %8s ", bi->zones[i].node,
		    bi->zones[i].name);
		for (k = 0; k < bi->norders; k++)
			fprintf(fp, "%6" PRIu64 " ", bi->zones[i].free[k]);
		fputc('\n', fp);
	}
}

void
fuzz_buddyinfo(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	struct buddyinfo bi, again;
	struct ferr e = { .path = "fuzz" };
	struct fuzz_mem m;
	size_t i;

	if (buddyinfo_parse(s, size, &bi, &e) != 0) {
		FUZZ_ASSERT(bi.zones == NULL && bi.nzones == 0,
		    "a failed parse left zones behind");
		fuzz_check_error(&e, s, size, "buddyinfo");
		return;
	}
	/* Counts the kernel's arithmetic is not defined for: the model's check. */
	if (buddyinfo_check(&bi, &e) != 0) {
		fuzz_check_error(&e, s, size, "buddyinfo");
		buddyinfo_free(&bi);
		return;
	}
	check_zones(&bi, s, size);

	/* What fragstat accepted, printed as the kernel would, reads back the same. */
	fuzz_mem_open(&m);
	print(m.fp, &bi);
	fuzz_mem_close(&m);
	if (buddyinfo_parse(m.buf, m.len, &again, &e) != 0)
		fuzz_fail("reprinted buddyinfo rejected at line %lu: %s",
		    e.line, e.msg);
	FUZZ_ASSERT(again.nzones == bi.nzones && again.norders == bi.norders,
	    "reprinted buddyinfo has other zones or orders");
	for (i = 0; i < bi.nzones; i++)
		FUZZ_ASSERT(again.zones[i].node == bi.zones[i].node &&
		    strcmp(again.zones[i].name, bi.zones[i].name) == 0 &&
		    memcmp(again.zones[i].free, bi.zones[i].free,
		    bi.norders * sizeof(uint64_t)) == 0,
		    "reprinted zone %zu reads back differently", i);
	buddyinfo_free(&again);
	fuzz_mem_free(&m);
	buddyinfo_free(&bi);
}

#ifndef FUZZ_REPLAY
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_buddyinfo(data, size);
	return 0;
}
#endif

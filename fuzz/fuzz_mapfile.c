/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_mapfile.c - libFuzzer harness for mapfile_parse(), the map a capture stores */

#include "config.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "buddyinfo.h"
#include "frag.h"
#include "fuzz.h"
#include "map.h"
#include "mapfile.h"
#include "mapfile_write.h"

/* The buddyinfo every input is read against: tests/fixtures/map/root's. */
static const char buddyinfo[] =
	"Node 0, zone      DMA      3      6      1      0 \n"
	"Node 0, zone   Normal      3      4      3      0 \n";

/* Check the map M, parsed and computed, against what the format promises. */
static void
check_map(const struct map *m)
{
	uint64_t pb = (uint64_t)1 << m->pageblock_order, sum, all;
	const struct map_zone *z;
	size_t i, k;
	unsigned c, o;

	for (i = 0; i < m->nzones; i++) {
		z = &m->zones[i];
		for (k = 0; k < z->nblocks; k++) {
			for (c = 0, sum = 0; c < MAP_NCLASSES; c++)
				sum += z->blocks[k].n[c];
			FUZZ_ASSERT(sum == pb, "zone %zu block %zu: %" PRIu64
			    " pages, not %" PRIu64, i, k, sum, pb);
		}
		/* The end pageblocks' pages outside the zone are holes, and taken off. */
		for (c = 0, all = 0; c < MAP_NCLASSES; c++)
			all += z->pages[c];
		FUZZ_ASSERT(all == z->spanned, "zone %zu: classes add up to %"
		    PRIu64 ", span %" PRIu64, i, all, z->spanned);
		for (o = m->pageblock_order; o < m->norders; o++)
			FUZZ_ASSERT(z->ceiling[o] <= z->clean[o], "zone %zu order "
			    "%u: ceiling above the unpinned blocks", i, o);
	}
}

void
fuzz_mapfile(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	struct ferr e = { .path = "fuzz" };
	struct buddyinfo bi;
	struct frag *frag;
	struct map m, again;
	struct memcg cg, cg2;
	struct fuzz_mem w1, w2;
	unsigned long ps;

	if (buddyinfo_parse(buddyinfo, sizeof(buddyinfo) - 1, &bi, &e) != 0)
		fuzz_fail("buddyinfo: %s", e.msg);
	FUZZ_ASSERT((frag = frag_compute_all(&bi)) != NULL, "out of memory");
	memcg_init(&cg);
	memcg_init(&cg2);
	if (mapfile_parse(s, size, &bi, NULL, NULL, &m, &cg, &ps, &e) != 0) {
		fuzz_check_error(&e, s, size, "fragstat-map");
		FUZZ_ASSERT(m.zones == NULL && m.blocks == NULL,
		    "a refused map left memory behind");
		goto out;
	}
	FUZZ_ASSERT(map_compute(&m, frag) == 0, "out of memory");
	check_map(&m);

	/* What was accepted, written again, reads back to the same text. */
	fuzz_mem_open(&w1);
	mapfile_write(w1.fp, &m, &cg, ps);
	fuzz_mem_close(&w1);
	if (mapfile_parse(w1.buf, w1.len, &bi, NULL, NULL, &again, &cg2, &ps,
	    &e) != 0)
		fuzz_fail("rewritten map rejected at line %lu: %s", e.line,
		    e.msg);
	fuzz_mem_open(&w2);
	mapfile_write(w2.fp, &again, &cg2, ps);
	fuzz_mem_close(&w2);
	FUZZ_ASSERT(w1.len == w2.len && memcmp(w1.buf, w2.buf, w1.len) == 0,
	    "a rewritten map writes differently");
	fuzz_mem_free(&w1);
	fuzz_mem_free(&w2);
	map_free(&again);
	map_free(&m);
	memcg_free(&cg);
	memcg_free(&cg2);
out:
	free(frag);
	buddyinfo_free(&bi);
}

#ifndef FUZZ_REPLAY
int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_mapfile(data, size);
	return 0;
}
#endif

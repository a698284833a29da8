/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kcompactd.c - proactive compaction, recomputed: fragmentation_score_node()
 * and fragmentation_score_wmark() of mm/compaction.c, release by release
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advise.h"
#include "judge.h"

/*
 * extfrag_for_order(): like the unusable index in hundredths, but 0 (not
 * 100) for a zone with nothing free; div_u64() with a u32 divisor,
 * returned as unsigned int (which matters only from 2^32 free pages on).
 */
uint32_t
kcompactd_zone_score(const struct frag *f, unsigned norders, unsigned order)
{
	uint64_t s = order < norders ? f->suitable[order] : 0;

	if (f->free_pages == 0)
		return 0;
	return (uint32_t)((f->free_pages - (s << order)) * 100 /
	    (uint32_t)f->free_pages);
}

/*
 * fragmentation_score_zone_weighted(): an unsigned long product,
 * div64_ul(), returned as unsigned int. zoneinfo_parse() makes sure that
 * node_present + 1 is not 0.
 */
uint32_t
kcompactd_weighted(uint64_t present, uint32_t score, uint64_t node_present)
{
	return (uint32_t)(present * score / (node_present + 1));
}

void
advise_score_wmark(long kver, unsigned proactiveness, unsigned *low,
    unsigned *high)
{
	unsigned leeway;

	/*
	 * fragmentation_score_wmark(), 5.9 to 6.15: low 100 - proactiveness
	 * but at least 5, high low + 10. Michal Clapinski's "remove low
	 * watermark cap for proactive compaction" and "reduce the difference
	 * between low and high watermarks" (posted 2025-04-04, in mm-unstable
	 * after 6.15-rc1, so merged for 6.16) drop the floor and make the
	 * leeway min(10, low / 2).
	 */
	if (kver >= 0 && kver < 6016) {
		*low = proactiveness >= 95 ? 5 : 100 - proactiveness;
		leeway = 10;
	} else {
		*low = proactiveness >= 100 ? 0 : 100 - proactiveness;
		leeway = *low / 2 < 10 ? *low / 2 : 10;
	}
	*high = *low + leeway > 100 ? 100 : *low + leeway;
}

size_t
kcompactd_scores(const struct buddyinfo *bi, const struct frag *frag,
    const struct zoneinfo *zi, unsigned hpage_order, unsigned proactiveness,
    long kver, struct kcompactd *k, size_t nmax)
{
	uint64_t present[FRAG_MAX_NODES];
	uint32_t score[FRAG_MAX_NODES];
	bool seen[FRAG_MAX_NODES];
	const struct zizone *z;
	size_t n = 0, i;
	unsigned low, high, node;

	advise_score_wmark(kver, proactiveness, &low, &high);
	/* pgdat->node_present_pages: every zone of the node. */
	memset(present, 0, sizeof(present));
	for (i = 0; i < zi->nzones; i++)
		present[zi->zones[i].node] += zi->zones[i].present;
	/* fragmentation_score_node(): populated zones only. */
	memset(score, 0, sizeof(score));
	for (i = 0; i < bi->nzones; i++) {
		node = bi->zones[i].node;
		if ((z = zoneinfo_find(zi, node, bi->zones[i].name)) == NULL)
			continue;
		/* Summed as an unsigned int. */
		score[node] += kcompactd_weighted(z->present,
		    kcompactd_zone_score(&frag[i], bi->norders, hpage_order),
		    present[node]);
	}
	/* The nodes in the order buddyinfo lists them. */
	memset(seen, 0, sizeof(seen));
	for (i = 0; i < bi->nzones && n < nmax; i++) {
		node = bi->zones[i].node;
		if (seen[node])
			continue;
		seen[node] = true;
		k[n].node = node;
		k[n].score = score[node];
		k[n].low = low;
		k[n].high = high;
		k[n].proactive = proactiveness != 0 && k[n].score > k[n].high;
		n++;
	}
	return n;
}

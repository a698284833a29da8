/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rates.c - counters and stall time per second between two samples, and a sample's totals */
#include "config.h"

#include <stdbool.h>

#include "outcome.h"
#include "rates.h"

/* Events per millisecond to hundredths per second: 1000 ms, 100 hundredths. */
#define MS_TO_HUNDREDTHS_PER_S	((uint64_t)1000 * 100)

uint64_t
rate_per_second(uint64_t delta, uint64_t ms)
{
	uint64_t q = delta / ms, r;

	/*
	 * Divide first, so a DELTA above UINT64_MAX / 100000 still gets its
	 * true rate; delta % ms < ms, so its product fits for any MS under
	 * UINT64_MAX / 100000 (5,800 years).
	 */
	if (q > INT64_MAX / MS_TO_HUNDREDTHS_PER_S)
		return INT64_MAX;
	r = q * MS_TO_HUNDREDTHS_PER_S +
	    delta % ms * MS_TO_HUNDREDTHS_PER_S / ms;
	/* Saturate where a signed fixed-point number still holds it. */
	return r > INT64_MAX ? INT64_MAX : r;
}

/* Fill S's counter rates from PREV to CUR over MS (> 0) milliseconds. */
static void
counter_rates(struct wsample *s, const struct vmstat *prev,
    const struct vmstat *cur, uint64_t ms)
{
	unsigned c;

	for (c = 0; c < VM_NWATCHED; c++) {
		if (!(prev->have & cur->have & (1u << c)) ||
		    cur->v[c] < prev->v[c] || c == VM_NR_FREE_PAGES)
			continue;
		s->rate[c] = rate_per_second(cur->v[c] - prev->v[c], ms);
		s->rate_ok[c] = true;
	}
}

void
rate_sample(struct wsample *s, const struct vmstat *prev,
    const struct vmstat *cur, const struct psi *ppsi, const struct psi *cpsi,
    uint64_t elapsed_ms)
{
	const struct psi_line *pl, *cl;
	uint64_t dt_us = elapsed_ms * 1000, d;
	unsigned c;
	int k;

	s->elapsed_ms = elapsed_ms;
	for (c = 0; c < VM_NCOUNTERS; c++)
		s->rate_ok[c] = false;
	s->stall_ok[0] = s->stall_ok[1] = false;
	if (elapsed_ms == 0)
		return;
	if (prev && cur)
		counter_rates(s, prev, cur, elapsed_ms);
	for (k = 0; ppsi && cpsi && k < 2; k++) {
		pl = k ? &ppsi->full : &ppsi->some;
		cl = k ? &cpsi->full : &cpsi->some;
		if (!pl->present || !cl->present || cl->total_us < pl->total_us)
			continue;
		/* Stall time over wall time, in hundredths of a percent. */
		d = cl->total_us - pl->total_us;
		s->stall[k] = (uint32_t)((d > dt_us ? dt_us : d) * 10000 / dt_us);
		s->stall_ok[k] = true;
	}
}

uint64_t
rate_pageblocks_free(const struct wsample *s, size_t i)
{
	return s->pageblock_order < s->r->bi->norders ?
	    s->r->frag[i].suitable[s->pageblock_order] : 0;
}

void
rate_totals(struct wsample *s)
{
	const struct report *r = s->r;
	size_t i;

	s->free_pages = s->free_pageblocks = 0;
	for (i = 0; i < r->bi->nzones; i++) {
		s->free_pages += r->frag[i].free_pages;
		s->free_pageblocks += rate_pageblocks_free(s, i);
	}
	s->pmd_thp_on = outcome_pmd_on(r->thp);
}

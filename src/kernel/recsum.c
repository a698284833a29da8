/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * recsum.c - a recording's event counts summed over a run of samples and
 * its extfrag pairs ranked: the sums its picture's lanes draw, kept out of
 * the renderer so that every view could share them
 */
#include "config.h"

#include <stdbool.h>
#include <string.h>

#include "evcount.h"
#include "recsum.h"

/* Returns the key of R's rcounts for a lane of KIND (-1: none, or a zone's compaction). */
long
recsum_key(const struct replay *r, enum rcount_kind kind, int order,
    const char *alloc, const char *fallback, uint64_t size_kb)
{
	const struct rseries *se = r->series;
	long key = -1;
	size_t i;

	if (kind == RC_COMPACTION)
		key = order;
	for (i = 0; kind == RC_PAIR && i < se->npairs; i++)
		if (strcmp(se->pairs[i].alloc, alloc) == 0 &&
		    strcmp(se->pairs[i].fallback, fallback) == 0)
			key = (long)i;
	for (i = 0; kind == RC_THP && i < r->noutcomes; i++)
		if (r->outcomes[i].size_kb == size_kb &&
		    r->outcomes[i].kind == OUTCOME_ANON)
			key = (long)i;
	return key;
}

/* Sum into S the counts of KIND and KEY of R's samples FIRST to LAST. */
void
recsum_span(const struct replay *r, enum rcount_kind kind, long key,
    bool all, size_t first, size_t last, struct recsum *s)
{
	const struct rseries *se = r->series;
	const struct rcount *rc;
	size_t i, lo, hi;

	memset(s, 0, sizeof(*s));
	if (kind == RC_PAIR && all) {
		for (i = first; i <= last; i++) {
			s->total += se->s[i].extfrag;
			s->part += se->s[i].fragmenting;
		}
		return;
	}
	/* The counts come in sample order: find the span's first by halving. */
	lo = 0;
	hi = se->nc;
	while (lo < hi) {
		i = lo + (hi - lo) / 2;
		if (se->c[i].sample < first)
			lo = i + 1;
		else
			hi = i;
	}
	for (i = lo; i < se->nc && se->c[i].sample <= last; i++) {
		rc = &se->c[i];
		if (rc->kind != kind || rc->key != key)
			continue;
		if (kind == RC_COMPACTION) {
			s->attempts += rc->runs.attempts;
			s->total += rc->runs.ended;
			s->part += ev_well(rc->key, rc->runs.success,
			    rc->runs.complete);
		} else if (kind == RC_THP) {
			s->total += rc->thp.alloc + rc->thp.fallback;
			s->part += rc->thp.fallback;
		} else {
			s->total += rc->pair.fragmenting + rc->pair.other;
			s->part += rc->pair.fragmenting;
		}
	}
}

/* Returns up to MAX extfrag pairs of A and B (B may be NULL) with the most events, most first, in P. */
size_t
recsum_top_pairs(const struct replay *a, const struct replay *b,
    struct rpair *p, size_t max)
{
	const struct replay *r[2] = { a, b };
	struct rpair all[2 * REPLAY_MAX_PAIRS], x;
	size_t n = 0, i, j, m;

	memset(all, 0, sizeof(all));
	for (i = 0; i < 2 && r[i]; i++)
		for (j = 0; j < r[i]->series->npairs; j++) {
			x = r[i]->series->pairs[j];
			for (m = 0; m < n; m++)
				if (strcmp(all[m].alloc, x.alloc) == 0 &&
				    strcmp(all[m].fallback, x.fallback) == 0)
					break;
			if (m == n) {
				all[n++] = x;
				continue;
			}
			all[m].fragmenting += x.fragmenting;
			all[m].other += x.other;
		}
	/* Most events first; a plain insertion sort of a few dozen. */
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && all[j].fragmenting + all[j].other >
		    all[j - 1].fragmenting + all[j - 1].other; j--) {
			x = all[j];
			all[j] = all[j - 1];
			all[j - 1] = x;
		}
	n = n > max ? max : n;
	memcpy(p, all, n * sizeof(*p));
	return n;
}

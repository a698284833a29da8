/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets_metrics.c - --compare: the value of each metric in one recorded run */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "elapsed.h"
#include "ferr.h"
#include "frag.h"
#include "mapspan.h"
#include "sets_metrics.h"

/* The indices are kept in thousandths, as the kernel computes them. */
#define INDEX_SCALE		1000

/* Returns the delta of counter NAME over R into *V, or false when R lacks it. */
static bool
delta(const struct replay *r, const char *name, double *v)
{
	const struct rcounter *c = replay_counter(r, name);

	if (c == NULL || c->last < c->first)
		return false;
	*v = (double)(c->last - c->first);
	return true;
}

/* Sets *V to the free pageblocks of R machine-wide: least, most or last (AT). */
static bool
blocks(const struct replay *r, enum sets_at at, double *v)
{
	const struct rseries *se = r->series;
	uint64_t *sum;
	size_t i;

	if (se == NULL || r->nsamples == 0)
		return false;
	if (ferr_inject("sets-blocks") ||
	    (sum = calloc(r->nsamples, sizeof(*sum))) == NULL) {
		ferr_nomem();
		return false;
	}
	for (i = 0; i < se->np; i++)
		if (se->p[i].sample < r->nsamples)
			sum[se->p[i].sample] += se->p[i].free_pageblocks;
	*v = (double)sum[at == SETS_AT_END ? r->nsamples - 1 : 0];
	for (i = 0; at != SETS_AT_END && i < r->nsamples; i++)
		if (at == SETS_AT_MIN ? (double)sum[i] < *v :
		    (double)sum[i] > *v)
			*v = (double)sum[i];
	free(sum);
	return true;
}

/*
 * Sets *V to the fragmentation index of Z at the K-th order of R over its
 * samples: least, most or last (FIELD.at), or with SETS_M_SUCCEEDS the
 * share of samples where it is -1000 (FRAG_INDEX_SUCCEEDS).
 * fragmentation_index() returns -1000 when an allocation of the order
 * would succeed: not a degree of fragmentation, so never taken into the
 * least, most or last; without a sample that has a degree, SETS_F_NA.
 */
static enum sets_found
fragindex(const struct replay *r, const struct rzone *z, long k,
    const struct sets_mspec *m, double *v)
{
	const struct rpoint *p;
	size_t seen = 0, succeeds = 0;
	bool have = false;
	long best = 0;
	int16_t x;
	uint32_t i;

	if (r->series == NULL)
		return SETS_F_NONE;
	for (i = z->first_point; i != UINT32_MAX; i = p->next) {
		p = &r->series->p[i];
		x = replay_point_indices(r, p)[r->norders + (size_t)k];
		if (x == REPLAY_NONE)
			continue;
		seen++;
		if (x == FRAG_INDEX_SUCCEEDS) {
			succeeds++;
			/* The last sample's is no degree: no "end". */
			have = have && m->field.at != SETS_AT_END;
			continue;
		}
		if (!have || m->field.at == SETS_AT_END ||
		    (m->field.at == SETS_AT_MIN ? x < best : x > best))
			best = x;
		have = true;
	}
	if (seen == 0)
		return SETS_F_NONE;
	if (m->how == SETS_M_SUCCEEDS) {
		*v = 100.0 * (double)succeeds / (double)seen;
		return SETS_F_OK;
	}
	*v = (double)best / INDEX_SCALE;
	return have ? SETS_F_OK : SETS_F_NA;
}

/* Sets *V to the pages scanned per direct compaction that succeeded over run R. */
static enum sets_found
per_success(const struct replay *r, double *v)
{
	double a, b, c, d;

	/* compact_success counts direct compaction only (__alloc_pages_direct_compact()). */
	if (!delta(r, "compact_success", &a) ||
	    !delta(r, "compact_migrate_scanned", &b) ||
	    !delta(r, "compact_daemon_migrate_scanned", &c) || c > b ||
	    !delta(r, "compact_free_scanned", &d))
		return SETS_F_NONE;
	b -= c;
	if (!delta(r, "compact_daemon_free_scanned", &c) || c > d)
		return SETS_F_NONE;
	if (a == 0)
		return SETS_F_NA;
	*v = (b + d - c) / a;
	return SETS_F_OK;
}

/* Sets *V to THP metric M (a count, or the fallback share) of run R. */
static enum sets_found
thp(const struct replay *r, const struct sets_mspec *m, double *v)
{
	const struct routcome *o = NULL;
	size_t i;

	for (i = 0; i < r->noutcomes; i++)
		if (r->outcomes[i].size_kb == m->size_kb &&
		    r->outcomes[i].kind == m->thp_kind)
			o = &r->outcomes[i];
	if (o == NULL)
		return SETS_F_NONE;
	if (m->how == SETS_M_THP_SHARE) {
		if (o->d.alloc + o->d.fallback == 0)
			return SETS_F_NA;
		*v = 100.0 * (double)o->d.fallback /
		    (double)(o->d.alloc + o->d.fallback);
		return SETS_F_OK;
	}
	switch (m->field.thp) {
	case SETS_THP_ALLOC:
		*v = (double)o->d.alloc;
		break;
	case SETS_THP_FALLBACK:
		*v = (double)o->d.fallback;
		break;
	case SETS_THP_CHARGE:
		if (!o->d.have_charge)
			return SETS_F_NONE;
		*v = (double)o->d.charge;
		break;
	}
	return SETS_F_OK;
}

/* Sets *V to the mean over run R's samples of the PSI stall share M->field.psi. */
static enum sets_found
psi_mean(const struct replay *r, const struct sets_mspec *m, double *v)
{
	double a;
	size_t i, n;

	for (a = 0, n = 0, i = 0; r->series && i < r->nsamples; i++)
		if (r->series->s[i].has_stall[m->field.psi]) {
			a += r->series->s[i].stall[m->field.psi] / 100.0;
			n++;
		}
	if (n == 0)
		return SETS_F_NONE;
	*v = a / (double)n;
	return SETS_F_OK;
}

/*
 * Sets *V to index metric M of X's zone in run R: its unusable index,
 * fragmentation index or success.
 */
static enum sets_found
zone_index(const struct sets *x, const struct replay *r,
    const struct sets_mspec *m, double *v)
{
	const struct rindex *ix;
	const struct rzone *z;
	long k;

	if ((z = replay_zone(r, x->node, x->zone)) == NULL ||
	    (k = replay_order_index(r, m->order)) < 0)
		return SETS_F_NONE;
	if (m->how != SETS_M_UNUSABLE)
		return fragindex(r, z, k, m, v);
	ix = &z->unusable[k];
	if (!ix->seen)
		return SETS_F_NONE;
	switch (m->field.at) {
	case SETS_AT_MIN:
		*v = (double)ix->min / INDEX_SCALE;
		break;
	case SETS_AT_MAX:
		*v = (double)ix->max / INDEX_SCALE;
		break;
	case SETS_AT_END:
		*v = (double)ix->last / INDEX_SCALE;
		break;
	}
	return SETS_F_OK;
}

/* Sets *V to LAST in units of 1 / SCALE; SETS_F_NA when the map did not know it (-1). */
static enum sets_found
known(long long last, int scale, double *v)
{
	if (last < 0)
		return SETS_F_NA;
	*v = (double)last / scale;
	return SETS_F_OK;
}

/*
 * Sets *V to map metric M (M->field.map) of X's zone in the map summaries
 * MS of a run (--map-every), as mapspan_compute() sums them up: first to
 * last. SETS_F_NONE without the zone's maps; SETS_F_NA for what the last
 * map did not know (-1), or a growth over no time.
 */
static enum sets_found
map_value(const struct sets *x, const struct mapseries *ms,
    const struct sets_mspec *m, double *v)
{
	const struct mapseries_span *sp;
	size_t i;

	for (i = 0; i < ms->nzones; i++)
		if (ms->zone[i].node == x->node &&
		    strcmp(ms->zone[i].name, x->zone) == 0)
			break;
	if (ms->nmaps == 0 || i == ms->nzones)
		return SETS_F_NONE;
	sp = &ms->span[i];
	switch (m->field.map) {
	case SETS_MAP_CHANGE:
		*v = (double)sp->growth;
		return SETS_F_OK;
	case SETS_MAP_PER_HOUR:
		/* Not mapspan's whole pageblocks per hour: the tenths show. */
		if (!sp->has_growth)
			return SETS_F_NA;
		*v = (double)sp->growth * ELAPSED_MS_PER_HOUR /
		    (double)sp->span_ms;
		return SETS_F_OK;
	case SETS_MAP_AMPLIFICATION:
		/* In hundredths, as the map summaries keep it. */
		return known(sp->l->amplification, 100, v);
	case SETS_MAP_CLEAN_1G:
		return known(sp->l->clean_regions, 1, v);
	case SETS_MAP_OFFLINABLE:
		return known(sp->l->offlinable, 1, v);
	}
	return SETS_F_NONE;
}

/* Sets *V to the extfrag events M->field.extfrag of run R. */
static enum sets_found
extfrag(const struct replay *r, const struct sets_mspec *m, double *v)
{
	if (!r->events)
		return SETS_F_NONE;
	switch (m->field.extfrag) {
	case SETS_EXTFRAG_ALL:
		*v = (double)r->extfrag;
		break;
	case SETS_EXTFRAG_FRAGMENTING:
		*v = (double)r->fragmenting;
		break;
	case SETS_EXTFRAG_CLAIMED:
		if (r->claimed_unknown)
			return SETS_F_NONE;
		*v = (double)r->claimed;
		break;
	case SETS_EXTFRAG_CAPTURED:
		if (r->captured_unknown)
			return SETS_F_NONE;
		*v = (double)r->captured;
		break;
	}
	return SETS_F_OK;
}

/*
 * Sets *V to stall metric M of run R: the count, total or longest of its
 * stalls of kind M->stall. SETS_F_NONE when no sample recorded the kind
 * (a recording without --events, a kernel without the tracepoints).
 */
static enum sets_found
stall(const struct replay *r, const struct sets_mspec *m, double *v)
{
	const struct rstall *rs = &r->stalls[m->stall];

	if (!rs->seen)
		return SETS_F_NONE;
	switch (m->field.stall) {
	case SETS_STALL_COUNT:
		*v = (double)rs->count;
		break;
	case SETS_STALL_TOTAL:
		*v = (double)rs->total_us / 1000;
		break;
	case SETS_STALL_MAX:
		*v = (double)rs->max_us / 1000;
		break;
	}
	return SETS_F_OK;
}

enum sets_found
sets_value(const struct sets *x, const struct replay *r,
    const struct mapseries *ms, const struct sets_mspec *m, double *v)
{
	double a, b;

	switch (m->how) {
	case SETS_M_COUNTER:
		return delta(r, m->counter, v) ? SETS_F_OK : SETS_F_NONE;
	case SETS_M_DIRECT:
		if (!delta(r, m->counter, &a) || !delta(r, m->minus, &b) || b > a)
			return SETS_F_NONE;
		*v = a - b;
		return SETS_F_OK;
	case SETS_M_RATE:
		if (!delta(r, m->counter, &a) || !delta(r, m->minus, &b))
			return SETS_F_NONE;
		if (a + b == 0)
			return SETS_F_NA;
		*v = 100 * a / (a + b);
		return SETS_F_OK;
	case SETS_M_PER:
		return per_success(r, v);
	case SETS_M_THP:
	case SETS_M_THP_SHARE:
		return thp(r, m, v);
	case SETS_M_EXTFRAG:
		return extfrag(r, m, v);
	case SETS_M_PSI:
		return psi_mean(r, m, v);
	case SETS_M_BLOCKS:
		return blocks(r, m->field.at, v) ? SETS_F_OK : SETS_F_NONE;
	case SETS_M_UNUSABLE:
	case SETS_M_FRAGINDEX:
	case SETS_M_SUCCEEDS:
		return zone_index(x, r, m, v);
	case SETS_M_WALL:
		if (!r->has_wall)
			return SETS_F_NONE;
		*v = (double)r->wall_ms / 1000;	/* in s */
		return SETS_F_OK;
	case SETS_M_MAP:
		return map_value(x, ms, m, v);
	case SETS_M_STALL:
		return stall(r, m, v);
	case SETS_M_ALLOC_FAILED:
		/* The orders below min_order were not counted. */
		if (!r->has_alloc || m->order < r->alloc_min_order)
			return SETS_F_NONE;
		*v = (double)r->alloc[m->order].failed;
		return SETS_F_OK;
	}
	return SETS_F_NONE;
}

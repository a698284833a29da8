/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets_metrics.c - --compare: the value of each metric in one recorded run */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sets_metrics.h"

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

/* Sets *V to the free pageblocks of R machine-wide: least, most or last (FIELD 0-2). */
static bool
blocks(const struct replay *r, int field, double *v)
{
	const struct rseries *se = r->series;
	uint64_t *sum;
	size_t i;

	if (se == NULL || r->nsamples == 0 ||
	    (sum = calloc(r->nsamples, sizeof(*sum))) == NULL)
		return false;
	for (i = 0; i < se->np; i++)
		if (se->p[i].sample < r->nsamples)
			sum[se->p[i].sample] += se->p[i].free_pageblocks;
	*v = (double)sum[field == 2 ? r->nsamples - 1 : 0];
	for (i = 0; field < 2 && i < r->nsamples; i++)
		if (field == 0 ? (double)sum[i] < *v : (double)sum[i] > *v)
			*v = (double)sum[i];
	free(sum);
	return true;
}

/*
 * Sets *V to the fragmentation index of Z at the K-th order of R over its
 * samples: least, most or last (FIELD 3-5), or with SETS_M_SUCCEEDS the
 * share of samples where it is -1. fragmentation_index() returns -1000 when an
 * allocation of the order would succeed: not a degree of fragmentation, so
 * never taken into the least, most or last; without a sample that has a
 * degree, SETS_F_NA.
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
		if (x == -1000) {
			succeeds++;
			/* The last sample's is no degree: no "end". */
			have = have && m->field != 5;
			continue;
		}
		if (!have || m->field == 5 || (m->field == 3 ? x < best :
		    x > best))
			best = x;
		have = true;
	}
	if (seen == 0)
		return SETS_F_NONE;
	if (m->how == SETS_M_SUCCEEDS) {
		*v = 100.0 * (double)succeeds / (double)seen;
		return SETS_F_OK;
	}
	*v = (double)best / 1000;
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
		    strcmp(r->outcomes[i].kind, m->thp_kind) == 0)
			o = &r->outcomes[i];
	if (o == NULL || (m->how == SETS_M_THP && m->field == 2 &&
	    !o->have_charge))
		return SETS_F_NONE;
	if (m->how == SETS_M_THP_SHARE && o->alloc + o->fallback == 0)
		return SETS_F_NA;
	if (m->how == SETS_M_THP_SHARE)
		*v = 100.0 * (double)o->fallback /
		    (double)(o->alloc + o->fallback);
	else
		*v = (double)(m->field == 0 ? o->alloc : m->field == 1 ?
		    o->fallback : o->charge);
	return SETS_F_OK;
}

/* Sets *V to the mean over run R's samples of the PSI stall share M->field. */
static enum sets_found
psi_mean(const struct replay *r, const struct sets_mspec *m, double *v)
{
	double a;
	size_t i, n;

	for (a = 0, n = 0, i = 0; r->series && i < r->nsamples; i++)
		if (r->series->s[i].has_stall[m->field]) {
			a += r->series->s[i].stall[m->field] / 100.0;
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
	if (m->how == SETS_M_SUCCEEDS || m->field >= 3)
		return fragindex(r, z, k, m, v);
	ix = &z->unusable[k];
	if (!ix->seen)
		return SETS_F_NONE;
	*v = (double)(m->field == 0 ? ix->min : m->field == 1 ?
	    ix->max : ix->last) / 1000;
	return SETS_F_OK;
}

/*
 * Sets *V to map metric M of X's zone in the map summaries MS of a run
 * (--map-every): FIELD 0 its polluted pageblocks, last map less first; 1
 * that per hour; 2 the last amplification; 3 its clean 1 GiB regions and
 * 4 its offlinable memory blocks at the last map. SETS_F_NONE without the
 * zone's maps; SETS_F_NA for what the last map did not know (-1), or a growth
 * over less than two maps or no time.
 */
static enum sets_found
map_value(const struct sets *x, const struct mapseries *ms,
    const struct sets_mspec *m, double *v)
{
	const struct mapseries_zone *f, *l;
	uint64_t span;
	long long last;
	size_t i;

	for (i = 0; i < ms->nzones; i++)
		if (ms->node[i] == x->node && strcmp(ms->name[i], x->zone) == 0)
			break;
	if (ms->nmaps == 0 || i == ms->nzones)
		return SETS_F_NONE;
	f = &ms->z[i];
	l = &ms->z[(ms->nmaps - 1) * ms->nzones + i];
	span = ms->elapsed_ms[ms->nmaps - 1] - ms->elapsed_ms[0];
	*v = (double)l->polluted - (double)f->polluted;
	if (m->field == 0)
		return SETS_F_OK;
	if (m->field == 1) {
		if (span == 0)
			return SETS_F_NA;
		*v = *v * 3600000 / (double)span;
		return SETS_F_OK;
	}
	last = m->field == 2 ? l->amplification : m->field == 3 ?
	    l->clean_regions : l->offlinable;
	if (last < 0)
		return SETS_F_NA;
	*v = m->field == 2 ? (double)last / 100 : (double)last;
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
		if (!r->events || (m->field == 2 && r->claimed_unknown) ||
		    (m->field == 3 && r->captured_unknown))
			return SETS_F_NONE;
		*v = (double)(m->field == 0 ? r->extfrag : m->field == 1 ?
		    r->fragmenting : m->field == 2 ? r->claimed : r->captured);
		return SETS_F_OK;
	case SETS_M_PSI:
		return psi_mean(r, m, v);
	case SETS_M_BLOCKS:
		return blocks(r, m->field, v) ? SETS_F_OK : SETS_F_NONE;
	case SETS_M_INDEX:
	case SETS_M_SUCCEEDS:
		return zone_index(x, r, m, v);
	case SETS_M_WALL:
		if (!r->has_wall)
			return SETS_F_NONE;
		*v = (double)r->wall_ms / 1000;
		return SETS_F_OK;
	case SETS_M_MAP:
		return map_value(x, ms, m, v);
	}
	return SETS_F_NONE;
}

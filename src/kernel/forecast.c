/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * forecast.c - what a --need can have, step by step: free now, after
 * compaction (where compaction_suitable() lets it run), after reclaiming
 * clean page cache, and the hard limit the pinned pageblocks set
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "avail.h"
#include "elapsed.h"
#include "forecast.h"
#include "rules.h"

/* The lesser of two counts (stdlib has no unsigned 64-bit min or max). */
static uint64_t
min64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/* The greater of two counts. */
static uint64_t
max64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/*
 * Fill R for zone Z at ORDER. Compaction runs only where
 * __compaction_suitable() finds the order-0 free pages above its gate
 * (the low watermark for costly orders, min below, + compact_gap() =
 * 2 << order + the lowmem reserve; advise.c's suitable() decides the
 * advice by the same rule): elsewhere it returns COMPACT_SKIPPED and
 * only what is free now counts, until reclaim frees GATE_SHORT pages.
 * Reclaiming all clean page cache adds its pages to the free ones, then
 * compaction runs again within the pinned limit.
 */
static void
zone_forecast(struct fc_row *r, const struct fc_zone_in *z, unsigned order)
{
	uint64_t free_after;

	memset(r, 0, sizeof(*r));
	r->node = z->node;
	r->zone = z->zone;
	r->now = z->now;
	r->now_least = z->now_is_bound ? min64(z->now_least, z->now) : z->now;
	r->limit = z->limit;
	r->uninit = z->uninit;
	r->cache = z->cache_known ? z->cache : 0;
	r->cache_known = z->cache_known;
	r->from_map = z->from_map;
	memcpy(r->pinned, z->pinned, sizeof(r->pinned));
	r->holes = z->holes;
	r->gate_short = z->has_gate && z->usable <= z->gate ?
	    z->gate + 1 - z->usable : 0;
	/* The lowmem reserve can put the gate beyond the whole zone. */
	r->gate_never = z->has_gate && z->managed > 0 && z->gate >= z->managed;
	r->compact = r->gate_short > 0 ? z->now : max64(z->after, z->now);
	free_after = advise_sat_add(z->usable, r->cache);
	r->reclaim = r->compact;
	r->room = z->capacity;
	if (!r->gate_never && (!z->has_gate || free_after > z->gate))
		r->reclaim = max64(r->compact, min64(z->limit,
		    advise_times_above(free_after, z->hold, order)));
}

/*
 * Returns the pages zone row R (of input Z) must gain to give T
 * allocations of ORDER (T above what compaction gives it, at most its
 * RECLAIM): past the gate, and enough for the T-th to pass the
 * watermark.
 */
static uint64_t
pages_for(const struct fc_row *r, const struct fc_zone_in *z, uint64_t t,
    unsigned order)
{
	uint64_t want = advise_sat_add(z->hold, ((t - 1) << order) + 1);

	want = want > z->usable ? want - z->usable : 0;
	return max64(want, r->gate_short);
}

/* Add zone row Z into the sum row S. */
static void
sum_add(struct fc_row *s, const struct fc_row *z)
{
	size_t k;

	s->now = advise_sat_add(s->now, z->now);
	s->now_least = advise_sat_add(s->now_least, z->now_least);
	s->compact = advise_sat_add(s->compact, z->compact);
	s->cache = advise_sat_add(s->cache, z->cache);
	s->reclaim = advise_sat_add(s->reclaim, z->reclaim);
	s->limit = advise_sat_add(s->limit, z->limit);
	s->room = advise_sat_add(s->room, z->room);
	s->uninit = advise_sat_add(s->uninit, z->uninit);
	s->reclaim_pages = advise_sat_add(s->reclaim_pages, z->reclaim_pages);
	for (k = 0; k < MAP_NPINS; k++)
		s->pinned[k] = advise_sat_add(s->pinned[k], z->pinned[k]);
	s->holes = advise_sat_add(s->holes, z->holes);
	s->from_map &= z->from_map;
	s->cache_known &= z->cache_known;
	/* A zone compaction never runs in gives nothing: not worth freeing. */
	if (!z->gate_never)
		s->gate_short = advise_sat_add(s->gate_short, z->gate_short);
}

/*
 * Plan reclaim for need N: the zones of its target that compaction
 * leaves short gain, one after the other, what they can until the target
 * reaches N; each zone's pages to reclaim into its RECLAIM_PAGES.
 */
static void
plan_reclaim(struct forecast *f, const struct fc_zone_in *in)
{
	uint64_t have = 0, gain, t;
	size_t i;

	for (i = 0; i < f->nzones; i++)
		if (f->need.node < 0 || f->rows[i].node == f->need.node)
			have = advise_sat_add(have, f->rows[i].compact);
	for (i = 0; i < f->nzones && have < f->need.count; i++) {
		struct fc_row *r = &f->rows[i];

		if ((f->need.node >= 0 && r->node != f->need.node) ||
		    r->reclaim <= r->compact)
			continue;
		gain = min64(r->reclaim - r->compact, f->need.count - have);
		t = r->compact + gain;
		r->reclaim_pages = pages_for(r, &in[i], t, f->need.order);
		have += gain;
	}
}

enum fc_word
forecast_word(const struct fc_row *r, uint64_t count)
{
	/* As avail_need(): free now only as a bound settles nothing. */
	if (r->now >= count)
		return r->now_least >= count ? FC_OK : FC_UNSURE;
	if (r->compact >= count)
		return FC_COMPACT;
	if (r->reclaim >= count)
		return FC_RECLAIM;
	/*
	 * The kernel may still initialise memory as allocations need it; a
	 * need beyond what the zones' memory, all of it free, would hold is
	 * short, not pinned, whatever is freed.
	 */
	if (avail_pinned(r->limit, r->uninit, count, r->room))
		return FC_PINNED;
	return FC_SHORT;
}

/* Returns the index of a new sum row of NODE in F. */
static size_t
sum_row(struct forecast *f, int node)
{
	struct fc_row *s = &f->rows[f->n];

	memset(s, 0, sizeof(*s));
	s->node = node;
	s->zone = -1;
	s->from_map = s->cache_known = true;
	return f->n++;
}

/* Returns the row of NODE's sum in F (-1: the machine's), or NULL. */
static struct fc_row *
find_sum(struct forecast *f, int node)
{
	size_t i;

	for (i = f->nzones; i < f->n; i++)
		if (f->rows[i].node == node)
			return &f->rows[i];
	return NULL;
}

int
forecast_build(struct forecast *f, const struct need *n,
    enum avail_possible possible, const struct fc_zone_in *in, size_t n_in)
{
	size_t i, m;

	memset(f, 0, sizeof(*f));
	f->need = *n;
	f->possible = possible;
	f->rows = calloc(2 * n_in + 1, sizeof(*f->rows));
	if (f->rows == NULL)
		return -1;
	for (i = 0; i < n_in; i++)
		zone_forecast(&f->rows[i], &in[i], n->order);
	f->n = f->nzones = n_in;
	plan_reclaim(f, in);
	for (i = 0; i < n_in; i++)
		if (find_sum(f, f->rows[i].node) == NULL)
			sum_row(f, f->rows[i].node);
	m = sum_row(f, -1);
	for (i = 0; i < n_in; i++) {
		sum_add(find_sum(f, f->rows[i].node), &f->rows[i]);
		sum_add(&f->rows[m], &f->rows[i]);
	}
	f->target = find_sum(f, n->node);
	if (possible == AVAIL_IMPOSSIBLE)
		f->word = FC_IMPOSSIBLE;
	else if (possible == AVAIL_POSSIBLE_UNKNOWN || f->target == NULL)
		f->word = FC_UNSURE;
	else
		f->word = forecast_word(f->target, n->count);
	return 0;
}

void
forecast_free(struct forecast *f)
{
	free(f->rows);
	f->rows = NULL;
	f->n = f->nzones = 0;
	f->target = NULL;
}

/*
 * Returns A * B / C (C > 0), truncated, in 128 bits so that A * B never
 * wraps; UINT64_MAX where the quotient does not fit (a count that rose
 * absurdly fast, or absurd input from a file).
 */
static uint64_t
mul_div(uint64_t a, uint64_t b, uint64_t c)
{
	unsigned __int128 q = (unsigned __int128)a * b / c;

	return q > UINT64_MAX ? UINT64_MAX : (uint64_t)q;
}

/* Returns the change of D pages over MS > 0 milliseconds, an hour, at most INT64_MAX. */
static int64_t
per_hour(uint64_t d, uint64_t ms)
{
	uint64_t h = mul_div(d, ELAPSED_MS_PER_HOUR, ms);

	return h > INT64_MAX ? INT64_MAX : (int64_t)h;
}

void
forecast_trend(struct fc_trend *t, uint64_t first, uint64_t now, uint64_t ms,
    uint64_t need)
{
	uint64_t fell;

	memset(t, 0, sizeof(*t));
	if (ms == 0)
		return;
	if (now >= first) {
		t->per_hour = per_hour(now - first, ms);
		return;
	}
	fell = first - now;
	t->per_hour = -per_hour(fell, ms);
	/* At FELL pages per MS, NOW lasts NOW / FELL spans of MS. */
	t->to_zero = true;
	t->ms_to_zero = mul_div(now, ms, fell);
	if (now > need) {
		t->to_need = true;
		t->ms_to_need = mul_div(now - need, ms, fell);
	}
}

const char *
forecast_word_name(enum fc_word w)
{
	static const char *const names[FC_NWORDS] = {
		[FC_OK] = "ok", [FC_COMPACT] = "compact",
		[FC_RECLAIM] = "reclaim", [FC_SHORT] = "short",
		[FC_PINNED] = "pinned", [FC_IMPOSSIBLE] = "impossible",
		[FC_UNSURE] = "unknown",
	};

	return w < FC_NWORDS ? names[w] : "unknown";
}

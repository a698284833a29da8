/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_replay_json.c - a recording's summary, and two side by side, as JSON */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "futile.h"
#include "humanize.h"
#include "judge.h"
#include "jsonw.h"
#include "recording.h"
#include "render_json.h"
#include "render_pollution.h"
#include "render_replay.h"
#include "render_watch.h"
#include "render_words.h"

/* The member "thp_outcomes": R's outcomes, each size and kind. */
static void
outcomes_json(struct jsonw *w, const struct replay *r)
{
	const struct routcome *x;
	size_t i;

	jw_key(w, "thp_outcomes");
	jw_array(w, false);
	for (i = 0; i < r->noutcomes; i++) {
		x = &r->outcomes[i];
		jw_object(w);
		render_outcome_json(w, x->size_kb, x->order, x->kind, &x->d);
		if (jw_key_or_null(w, "worst_interval",
		    x->worst_time[0] != '\0')) {
			jw_object(w);
			jw_key(w, "time");
			jw_string(w, x->worst_time);
			jw_key(w, "alloc");
			jw_u64(w, x->worst_alloc);
			jw_key(w, "fallback");
			jw_u64(w, x->worst_fallback);
			jw_end(w);
		}
		jw_end(w);
	}
	jw_end(w);
}

/*
 * Write X as {"first", "last", "min", "max"}: thousandths of an index, or
 * a count when COUNT, with "is_bound" when BOUND is 0 or 1; null when
 * never seen.
 */
static void
index_json(struct jsonw *w, const char *key, const struct rindex *x,
    bool count, int bound)
{
	static const char *const names[] = { "first", "last", "min", "max" };
	const long long v[sizeof(names) / sizeof(names[0])] = { x->first,
	    x->last, x->min, x->max };
	size_t i;

	if (!jw_key_or_null(w, key, x->seen))
		return;
	jw_object(w);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		jw_key(w, names[i]);
		if (count)
			jw_int(w, v[i]);
		else
			jw_fixed(w, v[i], 3);
	}
	if (bound >= 0) {
		jw_key(w, "is_bound");
		jw_bool(w, bound == 1);
	}
	jw_end(w);
}

/* Write R's allocations over the run, or null when not recorded. */
static void
alloc_json(struct jsonw *w, const struct replay *r)
{
	if (!r->has_alloc) {
		jw_null(w);
		return;
	}
	jw_object(w);
	render_alloc_orders_json(w, r->alloc, &r->alloc_names,
	    r->alloc_min_order, r->alloc_flags);
	jw_key(w, "worst_failed");
	jw_u64(w, r->alloc_worst);
	if (jw_key_or_null(w, "worst_failed_time", r->alloc_worst != 0))
		jw_string(w, r->alloc_worst_time);
	jw_end(w);
}

/* Write R's stalls over the run: per kind, null when never recorded. */
static void
stalls_json(struct jsonw *w, const struct replay *r)
{
	const struct rstall *st;
	int k;

	jw_object(w);
	for (k = 0; k < EV_NSTALLS; k++) {
		st = &r->stalls[k];
		if (!jw_key_or_null(w, ev_stall_name(k), st->seen))
			continue;
		jw_object(w);
		jw_key(w, "count");
		jw_u64(w, st->count);
		jw_key(w, "total_us");
		jw_u64(w, st->total_us);
		jw_key(w, "max_us");
		jw_u64(w, st->max_us);
		jw_key(w, "worst_total_us");
		jw_u64(w, st->worst_us);
		if (jw_key_or_null(w, "worst_time", st->worst_us != 0))
			jw_string(w, st->worst_time);
		jw_end(w);
	}
	jw_end(w);
}

/* Write R's command: its words, how it ended and how long it ran. */
static void
command_json(struct jsonw *w, const struct replay *r)
{
	char sig[32];
	size_t i;

	jw_key(w, "command");
	jw_string(w, r->command);
	/* The words exact (jw_bytes()); null in recordings before them. */
	if (jw_key_or_null(w, "argv", r->has_args)) {
		jw_array(w, true);
		for (i = 0; i < r->args_len; i += strlen(r->args + i) + 1)
			jw_bytes(w, r->args + i);
		jw_end(w);
	}
	if (jw_key_or_null(w, "exit_status", r->exit_status >= 0))
		jw_int(w, r->exit_status);
	/* "SIGINT": the signal that killed it; null when it exited. */
	if (jw_key_or_null(w, "killed_by", r->signal > 0))
		jw_string(w, hum_signal(sig, sizeof(sig), r->signal));
	if (jw_key_or_null(w, "wall_s", r->has_wall))
		jw_fixed(w, (long long)r->wall_ms, 3);
}

/* Write the member "zones": each zone of R, its free memory and indices. */
static void
zones_json(struct jsonw *w, const struct replay *r)
{
	const struct rzone *z;
	size_t i, k;

	jw_key(w, "zones");
	jw_array(w, false);
	for (i = 0; i < r->nzones; i++) {
		z = &r->zones[i];
		jw_object(w);
		render_zone_json(w, z->node, z->name);
		jw_key(w, "free_pages");
		jw_array(w, true);
		jw_u64(w, z->free_first);
		jw_u64(w, z->free_last);
		jw_end(w);
		jw_key(w, "free_pageblocks");
		jw_array(w, true);
		jw_u64(w, z->pb_first);
		jw_u64(w, z->pb_last);
		jw_end(w);
		jw_key(w, "orders");
		jw_array(w, false);
		for (k = 0; k < r->norders; k++) {
			jw_object(w);
			jw_key(w, "order");
			jw_int(w, r->orders[k]);
			index_json(w, "unusable_index", &z->unusable[k], false,
			    -1);
			index_json(w, "fragmentation_index", &z->fragindex[k],
			    false, -1);
			/* free_now as in --json; available_now before #45. */
			index_json(w, "free_now", &z->now[k], true,
			    z->now_bound[k]);
			index_json(w, "available_now", &z->now[k], true,
			    z->now_bound[k]);
			jw_end(w);
		}
		jw_end(w);
		jw_end(w);
	}
	jw_end(w);
}

/* Write the member "findings": kcompactd that works for nothing. */
static void
findings_json(struct jsonw *w, const struct replay *r)
{
	char *fnd;

	jw_key(w, "findings");
	jw_array(w, false);
	if (futile_found(&r->futile)) {
		jw_object(w);
		jw_key(w, "finding");
		jw_string(w, "kcompactd_futile");
		jw_key(w, "wakes");
		jw_u64(w, r->futile.wakes);
		jw_key(w, "intervals_woken");
		jw_u64(w, r->futile.woke);
		jw_key(w, "intervals");
		jw_u64(w, r->futile.intervals);
		jw_key(w, "outside_pageblocks_first");
		jw_fixed(w, r->futile.start_frag, 3);
		jw_key(w, "outside_pageblocks_last");
		jw_fixed(w, r->futile.last_frag, 3);
		jw_key(w, "text");
		fnd = render_futile(&r->futile, r->pageblock_order,
		    r->page_size);
		jw_string(w, fnd != NULL ? fnd : "");
		free(fnd);
		jw_end(w);
	}
	jw_end(w);
}

/* Write the member "by_order": R's compactions by order and outcome. */
static void
by_order_json(struct jsonw *w, const struct replay *r)
{
	size_t i, k;

	jw_key(w, "by_order");
	jw_array(w, false);
	for (i = 0; i < r->nby_order; i++) {
		jw_object(w);
		jw_key(w, "order");
		jw_int(w, r->by_order[i].order);
		jw_key(w, "attempts");
		jw_u64(w, r->by_order[i].attempts);
		jw_key(w, "ended");
		jw_u64(w, r->by_order[i].ended);
		for (k = 0; k < EV_NOUTCOMES; k++) {
			jw_key(w, ev_outcome_name((enum ev_outcome)k));
			jw_u64(w, r->by_order[i].outcome[k]);
		}
		jw_end(w);
	}
	jw_end(w);
}

/* Write the member "events": what R's trace events counted, or null. */
static void
events_json(struct jsonw *w, const struct replay *r)
{
	if (!jw_key_or_null(w, "events", r->events))
		return;
	jw_object(w);
	jw_key(w, "extfrag");
	jw_u64(w, r->extfrag);
	jw_key(w, "fragmenting");
	jw_u64(w, r->fragmenting);
	if (jw_key_or_null(w, "claimed", !r->claimed_unknown))
		jw_u64(w, r->claimed);
	if (jw_key_or_null(w, "captured", !r->captured_unknown))
		jw_u64(w, r->captured);
	jw_key(w, "extfrag_peak");
	jw_u64(w, r->peak);
	if (jw_key_or_null(w, "extfrag_peak_time", r->peak))
		jw_string(w, r->peak_time);
	jw_key(w, "compaction_runs");
	jw_u64(w, r->runs);
	jw_key(w, "lost");
	jw_u64(w, r->lost);
	by_order_json(w, r);
	jw_key(w, "alloc");
	alloc_json(w, r);
	jw_key(w, "stalls");
	stalls_json(w, r);
	jw_end(w);
}

/* Write the summary of R, read from DIR, as one object in W; MS its map summaries or NULL. */
static void
summary_json(struct jsonw *w, const char *dir, const struct replay *r,
    const struct mapseries *ms)
{
	jw_object(w);
	jw_key(w, "recording");
	jw_string(w, dir);
	jw_key(w, "hostname");
	jw_string(w, r->host);
	jw_key(w, "release");
	jw_string(w, r->release);
	jw_key(w, "page_size");
	jw_u64(w, r->page_size);
	jw_key(w, "interval_s");
	jw_fixed(w, r->interval_ms, 3);
	jw_key(w, "samples");
	jw_u64(w, r->nsamples);
	if (r->command[0])
		command_json(w, r);
	jw_key(w, "first");
	jw_string(w, r->first);
	jw_key(w, "last");
	jw_string(w, r->last);
	jw_key(w, "truncated");
	jw_bool(w, r->truncated);
	zones_json(w, r);
	findings_json(w, r);
	events_json(w, r);
	outcomes_json(w, r);
	render_replay_map_json(w, ms);
	jw_end(w);
}

void
render_replay_json(FILE *fp, const char *dir, const struct replay *r,
    const struct mapseries *ms)
{
	struct jsonw w;

	jw_init(&w, fp);
	summary_json(&w, dir, r, ms);
	jw_done(&w);
}

/* Write "judgement_at_end": the machine's word at each end (null: unknown), and its counts. */
static void
end_json(struct jsonw *w, const struct replay *a, const struct replay *b)
{
	const struct replay *side[2] = { a, b };
	static const char *const key[2] = { "a", "b" };
	int s;

	jw_key(w, "judgement_at_end");
	jw_object(w);
	if (jw_key_or_null(w, "order", a->end.known || b->end.known))
		jw_u64(w, a->end.known ? a->end.order : b->end.order);
	for (s = 0; s < 2; s++) {
		jw_key(w, key[s]);
		if (!side[s]->end.known) {
			jw_null(w);
			continue;
		}
		jw_object(w);
		jw_key(w, "judgement");
		jw_string(w, judge_name(side[s]->end.judgement));
		/* free_now as in every view; now, its name before #45. */
		jw_key(w, "free_now");
		jw_u64(w, side[s]->end.now);
		jw_key(w, "now");
		jw_u64(w, side[s]->end.now);
		jw_key(w, "after_compaction");
		jw_u64(w, side[s]->end.after);
		jw_end(w);
	}
	jw_end(w);
}

void
render_replay_compare_json(FILE *fp, const char *da, const struct replay *a,
    const char *db, const struct replay *b, const struct mapseries *ma,
    const struct mapseries *mb)
{
	struct jsonw w;

	jw_init(&w, fp);
	jw_object(&w);
	jw_key(&w, "a");
	summary_json(&w, da, a, NULL);
	jw_key(&w, "b");
	summary_json(&w, db, b, NULL);
	end_json(&w, a, b);
	/* The folio census of each last map, when either recorded one. */
	render_replay_map_compare_json(&w, ma, mb);
	jw_end(&w);
	jw_done(&w);
}

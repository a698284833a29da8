/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_prepare.c - --prepare's forecast, plan, steps and result, as text or JSON */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>

#include "advise.h"
#include "forecast.h"
#include "humanize.h"
#include "jsonw.h"
#include "map.h"
#include "render_prepare.h"
#include "render_text.h"
#include "render_words.h"

const char *
prepare_result_name(enum prep_result res)
{
	switch (res) {
	case PREP_READY:
		return "ready";
	case PREP_RECOVERED:
		return "recovered";
	case PREP_SHORT:
		return "short";
	case PREP_PINNED:
		return "pinned";
	case PREP_PLANNED:
		break;
	}
	return "planned";
}

/* Print "node 0" or "the machine" for NODE (-1: the machine). */
static void
where(FILE *fp, int node)
{
	if (node < 0)
		fprintf(fp, "the machine");
	else
		fprintf(fp, "node %d", node);
}

/*
 * Say to T why row X's pinned limit is what it is (GIG: 1 GiB regions):
 * " (pinned pageblocks holding slab 2, kernel 1; 2 with a hole)", or that
 * no block of the size lies wholly in a zone.
 */
static void
pinned_kinds(struct render_sentence *t, const struct fc_row *x, bool gig)
{
	const char *first = gig ? " (1 GiB regions tainted by " :
	    " (pinned pageblocks holding ";
	bool any = false;
	size_t k;

	for (k = 0; k < MAP_NPINS; k++) {
		if (x->pinned[k] == 0)
			continue;
		render_say(t, "%s%s %" PRIu64, any ? ", " : first,
		    map_pin_name((enum map_pin)k), x->pinned[k]);
		any = true;
	}
	if (x->holes > 0)
		render_say(t, "%s%" PRIu64 " with a hole%s", any ? "; " : gig ?
		    " (1 GiB regions: " : " (pageblocks: ", x->holes, gig ?
		    " or across zones" : "");
	if (any || x->holes > 0)
		render_say(t, ")");
	else if (x->limit == 0)
		render_say(t, " (no block of the size lies wholly in a zone)");
}

/*
 * Returns the watermark __compaction_suitable()'s gate stands on at
 * ORDER: low for costly orders, min below.
 */
static const char *
gate_mark(unsigned order)
{
	return order > ADVISE_COSTLY_ORDER ? "low" : "min";
}

/*
 * Print a line for each zone of F under row X where compaction cannot
 * run until reclaim frees pages: compaction_suitable()'s gate.
 */
static void
gated(FILE *fp, const struct report *r, const struct forecast *f,
    const struct fc_row *x)
{
	const struct fc_row *z;
	char b[32];
	size_t i;

	for (i = 0; i < f->nzones; i++) {
		z = &f->rows[i];
		if (z->gate_short == 0 || (x->node >= 0 && z->node != x->node))
			continue;
		/* A zone the size never comes from (DMA's reserve): JSON says it. */
		if (z->gate_never)
			continue;
		fprintf(fp, "  node %d %s: compaction cannot run until reclaim "
		    "frees %s (order-0 free pages at or below the %s "
		    "watermark + 2 << order + the lowmem reserve)\n", z->node,
		    r->bi->zones[z->zone].name, hum_size(b, sizeof(b),
		    z->gate_short, r->page_size), gate_mark(f->need.order));
	}
}

/* Print the forecast lines of row X of F (the need's target). */
static void
forecast_lines(FILE *fp, const struct report *r, const struct forecast *f,
    const struct fc_row *x)
{
	struct render_sentence t = { 0 };
	char b[32];
	bool gig = f->need.order >= r->bi->norders;

	fprintf(fp, "  free now: %" PRIu64, x->now);
	if (x->now_least < x->now)
		fprintf(fp, " at most, %" PRIu64 " at least (pagetypeinfo or "
		    "zoneinfo missing)", x->now_least);
	fprintf(fp, "\n");
	fprintf(fp, "  after compaction: at most %" PRIu64 " (%s)\n",
	    x->compact, x->from_map ? "the map's ceiling" :
	    "free memory above the watermarks: no map, an upper bound");
	gated(fp, r, f, x);
	fprintf(fp, "  clean page cache: %s", x->cache_known ? hum_size(b,
	    sizeof(b), x->cache, r->page_size) : "unknown");
	fprintf(fp, " (active + inactive file less dirty and writeback, "
	    "zoneinfo)\n");
	fprintf(fp, "  after reclaiming it and compacting: at most %" PRIu64
	    "\n", x->reclaim);
	if (x->limit == FC_UNKNOWN)
		fprintf(fp, "  pinned limit: unknown without the map (as root, "
		    "or a capture made with --map)\n");
	else {
		render_say(&t, "%" PRIu64, x->limit);
		pinned_kinds(&t, x, gig);
		render_said(&t, fp, "  pinned limit:");
		if (x->uninit > 0)
			fprintf(fp, "  memory not yet initialised could add at "
			    "most %" PRIu64 "\n", x->uninit);
	}
}

/* Returns why R has no clean page cache counts: no zoneinfo, or none in it. */
static const char *
no_cache_why(const struct report *r)
{
	return r->zoneinfo_path == NULL ? "no zoneinfo" :
	    "zoneinfo has no file LRU counts";
}

void
render_forecast_lines(FILE *fp, const struct report *r,
    const struct forecast *f)
{
	const struct fc_row *x = f->target;
	struct render_sentence t = { 0 };

	if (x == NULL || f->possible == AVAIL_IMPOSSIBLE)
		return;
	if (!x->cache_known)
		render_say(&t, "unknown: %s", no_cache_why(r));
	else
		render_say(&t, "at most %" PRIu64, x->reclaim);
	if (x->gate_short > 0)
		render_say(&t, " (reclaim must first free %" PRIu64 " pages: "
		    "compaction's gate, the %s watermark + 2<<order + the "
		    "lowmem reserve)", x->gate_short, gate_mark(f->need.order));
	render_said(&t, fp, "  after reclaiming clean page cache:");
	if (x->limit == FC_UNKNOWN)
		return;
	render_say(&t, "at most %" PRIu64, x->limit);
	pinned_kinds(&t, x, f->need.order >= r->bi->norders);
	if (x->uninit > 0)
		render_say(&t, "; memory not yet initialised could add at most %"
		    PRIu64, x->uninit);
	render_said(&t, fp, "  pinned limit:");
}

/*
 * Write row X's pinned pageblocks (1 GiB regions) of each kind as the
 * object "pinned_by"; WITH_HOLE: also those with a hole, in it (the
 * forecast's object; a row has them beside it).
 */
static void
pinned_by_json(struct jsonw *w, const struct fc_row *x, bool with_hole)
{
	size_t k;

	jw_object(w);
	for (k = 0; k < MAP_NPINS; k++) {
		jw_key(w, map_pin_name((enum map_pin)k));
		jw_u64(w, x->pinned[k]);
	}
	if (with_hole) {
		jw_key(w, "with_hole");
		jw_u64(w, x->holes);
	}
	jw_end(w);
}

void
render_need_json(struct jsonw *w, const struct report *r,
    const struct need *n)
{
	jw_key(w, "count");
	jw_u64(w, n->count);
	jw_key(w, "order");
	jw_int(w, n->order);
	jw_key(w, "bytes");
	jw_u64(w, (uint64_t)r->page_size << n->order);
}

void
render_forecast_json(struct jsonw *w, const struct report *r,
    const struct forecast *f)
{
	const struct fc_row *x = f->target;
	bool limit = x->limit != FC_UNKNOWN;

	jw_object(w);
	jw_key(w, "word");
	jw_string(w, forecast_word_name(f->word));
	jw_key(w, "free_now");
	jw_u64(w, x->now);
	jw_key(w, "after_compaction");
	jw_u64(w, x->compact);
	if (jw_key_or_null(w, "reclaim_first_pages", r->zoneinfo_path != NULL))
		jw_u64(w, x->gate_short);
	if (jw_key_or_null(w, "clean_cache_pages", x->cache_known))
		jw_u64(w, x->cache);
	if (jw_key_or_null(w, "after_reclaim", x->cache_known))
		jw_u64(w, x->reclaim);
	if (jw_key_or_null(w, "pinned_limit", limit))
		jw_u64(w, x->limit);
	if (jw_key_or_null(w, "uninitialised", limit))
		jw_u64(w, x->uninit);
	if (jw_key_or_null(w, "pinned_by", limit))
		pinned_by_json(w, x, true);
	jw_end(w);
}

/*
 * Returns the file(s) step S writes, for the caller to free: its HOW, or
 * the compact file of each of its nodes; NULL after ferr_nomem().
 */
static char *
step_how(const struct prep_step *s)
{
	struct render_sentence t = { 0 };

	if (s->how == NULL)
		return render_compact_files(s->nodes, s->nnodes, false);
	render_say(&t, "%s", s->how);
	return render_sentence_take(&t);
}

/* Print what step S does. */
static void
step_what(FILE *fp, const struct report *r, const struct prep_step *s)
{
	char b[32], *how = step_how(s);

	if (s->act == PREP_COMPACT) {
		fprintf(fp, "compact ");
		render_nodes(fp, s->nodes, s->nnodes);
	} else {
		fprintf(fp, "reclaim %s of clean page cache on ",
		    hum_size(b, sizeof(b), s->pages, r->page_size));
		render_nodes(fp, s->nodes, s->nnodes);
	}
	fprintf(fp, " (%s)", how != NULL ? how : "");
	free(how);
}

void
render_prepare_planned(FILE *fp, const struct report *r,
    const struct prepared *p, size_t from)
{
	size_t k;

	for (k = from; k < p->nsteps; k++) {
		fprintf(fp, "%s %zu: ", p->dry_run ? "Would" : "Step", k + 1);
		step_what(fp, r, &p->steps[k]);
		fprintf(fp, "; forecast at most %" PRIu64 "\n",
		    p->steps[k].forecast);
	}
	fflush(fp);
}

void
render_prepare_plan(FILE *fp, const struct report *r,
    const struct forecast *f, const struct prepared *p)
{
	char size[32];

	fprintf(fp, "Need %" PRIu64 " x %s (order %u) on ", f->need.count,
	    hum_order(size, sizeof(size), f->need.order, r->page_size),
	    f->need.order);
	where(fp, f->need.node);
	fprintf(fp, ": %s\n", forecast_word_name(f->word));
	if (f->target == NULL)
		return;
	forecast_lines(fp, r, f, f->target);
	if (p->result != PREP_PLANNED)
		return;
	render_prepare_planned(fp, r, p, 0);
	if (p->reclaim_wanted && !p->reclaim_allowed)
		fprintf(fp, "Reclaim is the user's call: --reclaim lets "
		    "--prepare drop clean page cache.\n");
}

void
render_prepare_step(FILE *fp, const struct prepared *p, size_t k)
{
	const struct prep_step *s = &p->steps[k];
	char pct[16];

	fprintf(fp, "Done %zu in %" PRIu64 ".%03" PRIu64 " s: %" PRIu64 " -> %"
	    PRIu64 " free now (forecast at most %" PRIu64 ": got %s)\n", k + 1,
	    s->ms / 1000, s->ms % 1000, s->before, s->after, s->forecast,
	    hum_pct(pct, sizeof(pct), s->after, s->forecast));
	fflush(fp);
}

/* Returns how many of P's steps were done. */
static size_t
steps_done(const struct prepared *p)
{
	size_t k;

	for (k = 0; k < p->nsteps && p->steps[k].done; k++)
		;
	return k;
}

/* Returns P's last step done (one was). */
static const struct prep_step *
last_done(const struct prepared *p)
{
	return &p->steps[steps_done(p) - 1];
}

void
render_prepare_result(FILE *fp, const struct report *r,
    const struct forecast *f, const struct prepared *p)
{
	char size[32];

	hum_order(size, sizeof(size), f->need.order, r->page_size);
	if (f->target == NULL) {
		fprintf(fp, "Result: %s: nothing done\n",
		    forecast_word_name(f->word));
		return;
	}
	if (p->result == PREP_PLANNED) {
		fprintf(fp, "Dry run: nothing done.\n");
		return;
	}
	fprintf(fp, "Result: %s: %" PRIu64 " x %s free now, need %" PRIu64,
	    prepare_result_name(p->result), p->got, size, f->need.count);
	if (p->result == PREP_PINNED)
		fprintf(fp, "; at most %" PRIu64 " without freeing kernel "
		    "memory: nothing done", f->target->limit);
	else if (p->result == PREP_READY)
		fprintf(fp, ": nothing to do");
	else if (p->result == PREP_SHORT && p->reclaim_wanted &&
	    !p->reclaim_allowed)
		fprintf(fp, " (--reclaim was not given)");
	if (p->nsteps > 0 && p->steps[0].done)
		fprintf(fp, "; forecast at most %" PRIu64 " after %zu step%s",
		    last_done(p)->forecast, steps_done(p), steps_done(p) > 1 ?
		    "s" : "");
	fprintf(fp, "\n");
	/* The forecast counts free memory; the kernel's scan stops sooner. */
	if (p->result == PREP_SHORT && p->nsteps > 0 && p->steps[0].done &&
	    last_done(p)->act == PREP_COMPACT && !p->reclaim_allowed &&
	    f->target->cache > 0)
		fprintf(fp, "Node compaction ends at the first large folio no "
		    "free hole can hold (compact_zone()); most are page cache: "
		    "--reclaim writes it back and drops it first.\n");
}

/*
 * Write row X of R's forecast as a JSON object in W: "node" null for the
 * machine, "zone" its name or null for a sum, as in availability[].
 */
static void
row_json(struct jsonw *w, const struct report *r, const struct fc_row *x)
{
	jw_object(w);
	if (jw_key_or_null(w, "node", x->node >= 0))
		jw_int(w, x->node);
	if (jw_key_or_null(w, "zone", x->zone >= 0))
		jw_string(w, r->bi->zones[x->zone].name);
	jw_key(w, "free_now");
	jw_u64(w, x->now);
	jw_key(w, "free_now_least");
	jw_u64(w, x->now_least);
	jw_key(w, "after_compaction");
	jw_u64(w, x->compact);
	jw_key(w, "after_compaction_from");
	jw_string(w, x->from_map ? "map" : "free memory");
	jw_key(w, "reclaim_first_pages");
	jw_u64(w, x->gate_short);
	jw_key(w, "compaction_never_runs");
	jw_bool(w, x->gate_never);
	if (jw_key_or_null(w, "clean_cache_pages", x->cache_known))
		jw_u64(w, x->cache);
	jw_key(w, "after_reclaim");
	jw_u64(w, x->reclaim);
	jw_key(w, "reclaim_pages");
	jw_u64(w, x->reclaim_pages);
	if (jw_key_or_null(w, "pinned_limit", x->limit != FC_UNKNOWN))
		jw_u64(w, x->limit);
	jw_key(w, "uninitialised");
	jw_u64(w, x->uninit);
	jw_key(w, "with_hole");
	jw_u64(w, x->holes);
	jw_key(w, "pinned_by");
	pinned_by_json(w, x, false);
	jw_end(w);
}

/* Write step S as a JSON object in W. */
static void
step_json(struct jsonw *w, const struct prep_step *s)
{
	char *how = step_how(s);
	size_t i;

	jw_object(w);
	jw_key(w, "action");
	jw_string(w, s->act == PREP_COMPACT ? "compact" : "reclaim");
	jw_key(w, "nodes");
	jw_array(w, true);
	for (i = 0; i < s->nnodes; i++)
		jw_int(w, s->nodes[i]);
	jw_end(w);
	jw_key(w, "pages");
	jw_u64(w, s->pages);
	jw_key(w, "how");
	jw_string(w, how != NULL ? how : "");
	free(how);
	jw_key(w, "forecast");
	jw_u64(w, s->forecast);
	jw_key(w, "done");
	jw_bool(w, s->done);
	if (jw_key_or_null(w, "seconds", s->done))
		jw_fixed(w, (long long)s->ms, 3);
	if (jw_key_or_null(w, "before", s->done))
		jw_u64(w, s->before);
	if (jw_key_or_null(w, "after", s->done))
		jw_u64(w, s->after);
	jw_end(w);
}

void
render_prepare_json(FILE *fp, const struct report *r,
    const struct forecast *f, const struct prepared *p)
{
	struct jsonw w;
	size_t i;

	jw_init(&w, fp);
	jw_object(&w);
	jw_key(&w, "need");
	jw_object(&w);
	render_need_json(&w, r, &f->need);
	/* null for the machine, as in the snapshot's need. */
	if (jw_key_or_null(&w, "node", f->need.node >= 0))
		jw_int(&w, f->need.node);
	jw_end(&w);
	/* As --need --json's need.forecast; "result" says it without one. */
	if (jw_key_or_null(&w, "forecast", f->target != NULL))
		render_forecast_json(&w, r, f);
	if (jw_key_or_null(&w, "target", f->target != NULL))
		row_json(&w, r, f->target);
	jw_key(&w, "rows");
	jw_array(&w, false);
	for (i = 0; i < f->n; i++)
		row_json(&w, r, &f->rows[i]);
	jw_end(&w);
	jw_key(&w, "dry_run");
	jw_bool(&w, p->dry_run);
	jw_key(&w, "reclaim_allowed");
	jw_bool(&w, p->reclaim_allowed);
	jw_key(&w, "steps");
	jw_array(&w, false);
	for (i = 0; i < p->nsteps; i++)
		step_json(&w, &p->steps[i]);
	jw_end(&w);
	jw_key(&w, "result");
	jw_string(&w, f->target == NULL ? forecast_word_name(f->word) :
	    prepare_result_name(p->result));
	jw_key(&w, "free_now");
	jw_u64(&w, p->got);
	jw_end(&w);
	jw_done(&w);
}

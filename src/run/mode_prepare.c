/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mode_prepare.c - --prepare: forecast --need's pages step by step, then
 * compact only the nodes short of it and, when allowed, reclaim clean
 * page cache and compact again, counting after each step
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "compact.h"
#include "elapsed.h"
#include "forecast.h"
#include "mapfile.h"
#include "mode_prepare.h"
#include "need_forecast.h"
#include "modes.h"
#include "render_prepare.h"
#include "rules.h"

/*
 * Reclaim is the machine's clean page cache dropped (drop_caches, 1)
 * after writeback (sync), not a node's share of it: the page cache holds
 * the large folios that end a node's compaction early. 6.18's
 * compact_zone() migrates a folio of order k only into a free page of
 * order k or more among those the free scanner isolated
 * (compaction_alloc()); in fragmented memory these are order-0 holes, so
 * migrate_pages() fails with -ENOMEM and compact_zone() ends the zone as
 * contended, its scanners far apart. Measured here (12 GiB held with
 * every other page free): node compaction ended within the first 30 MiB
 * of Normal every time, gaining nothing in 4 passes; reclaiming a node's
 * clean page cache through nodeN/reclaim left its active large folios,
 * and compaction ended at one; after sync and drop_caches it ran until
 * the scanners met. How each step says it did its work (compacting
 * nodes: each one's COMPACTION_NODE_FILE, how NULL):
 */
#define HOW_COMPACT_ALL		COMPACTION_ALL_FILE ", every node"
#define HOW_RECLAIM		"sync, then " COMPACT_RECLAIM_FILE " = 1, machine-wide"

bool
prepare_wants_map(const struct opts *o)
{
	char *p;
	bool yes;

	if (o->sysroot == NULL)
		return geteuid() == 0 && access("/proc/kpageflags", R_OK) == 0;
	if ((p = inputs_path(o->sysroot, "/" MAPFILE_NAME)) == NULL)
		return false;
	yes = access(p, F_OK) == 0;
	free(p);
	return yes;
}

/* Whether compaction can add to node row X. */
static bool
compactable(const struct fc_row *x)
{
	return x->compact > x->now;
}

/* Whether the plan reclaims on node row X: reclaim adds to it, or compaction. */
static bool
reclaimable(const struct fc_row *x)
{
	return x->cache > 0 && (x->reclaim_pages > 0 || compactable(x));
}

/*
 * Make step S do ACT on the node of each sum row of F where TAKE says
 * so; a reclaim step asks each its clean page cache.
 */
static void
step_plan(struct prep_step *s, enum prep_act act, const struct forecast *f,
    bool (*take)(const struct fc_row *))
{
	size_t i;

	memset(s, 0, sizeof(*s));
	s->act = act;
	s->how = act == PREP_COMPACT ? NULL : HOW_RECLAIM;
	for (i = f->nzones; i < f->n; i++) {
		const struct fc_row *x = &f->rows[i];

		if (x->node < 0 || (f->need.node >= 0 && x->node !=
		    f->need.node) || !take(x) || s->nnodes == PREP_MAX_NODES)
			continue;
		s->nodes[s->nnodes++] = (unsigned)x->node;
		if (act == PREP_RECLAIM)
			s->pages = advise_sat_add(s->pages, x->cache);
	}
}

/*
 * Add to P the reclaim of the clean page cache of the nodes compaction
 * can add to, and a compaction after it: planned where F says compaction
 * alone falls short of the need, and again after steps that did.
 */
static void
plan_more(struct prepared *p, const struct forecast *f)
{
	struct prep_step *s = &p->steps[p->nsteps];

	step_plan(&s[0], PREP_RECLAIM, f, reclaimable);
	step_plan(&s[1], PREP_COMPACT, f, reclaimable);
	/* The bound, as compaction's: the need can be passed. */
	s[0].forecast = s[1].forecast = f->target->reclaim;
	p->nsteps += 2;
	p->reclaim_wanted = true;
}

/*
 * Plan P for F: nothing when the need is there or out of reach (pinned);
 * else compact the nodes compaction can add to, and where that falls
 * short and the forecast says reclaim helps, reclaim, then compact again.
 */
static void
plan(struct prepared *p, const struct forecast *f)
{
	const struct fc_row *t = f->target;
	struct prep_step *s;

	p->nsteps = 0;
	p->result = PREP_PLANNED;
	/* A size the host cannot have: nothing to do, whatever the map counts. */
	if (f->word == FC_IMPOSSIBLE) {
		p->result = PREP_SHORT;
		return;
	}
	if (t->now_least >= f->need.count) {
		p->result = PREP_READY;
		return;
	}
	if (f->word == FC_PINNED) {
		p->result = PREP_PINNED;
		return;
	}
	s = &p->steps[p->nsteps];
	step_plan(s, PREP_COMPACT, f, compactable);
	if (s->nnodes > 0) {
		s->forecast = t->compact;
		p->nsteps++;
	}
	if (t->compact < f->need.count && t->reclaim_pages > 0)
		plan_more(p, f);
}

/*
 * Count again, for O's need (its order ORDER, NODE), the blocks free now
 * into *NOW; a gigantic order from the map (its wholly free regions).
 * Returns 0 or an exit code after a message.
 */
static int
recount(struct opts *o, unsigned order, int node, bool gig, uint64_t *now)
{
	struct verdicts v;
	struct report r;
	struct inputs in;
	struct map m;
	const struct avail *a;
	bool stored;
	int rc;

	memset(&v, 0, sizeof(v));
	memset(&m, 0, sizeof(m));
	rc = pipe_load(o, &in, &r, &v);
	if (rc == 0 && gig && (rc = run_map_load(o, &in, order, &r.page_size,
	    &m, NULL, &stored)) == 0)
		rc = pipe_count(o, &in, &r, &v, &m);
	if (rc == 0) {
		a = avail_find(r.avail, node, -1, order);
		*now = a != NULL ? a->now : 0;
	}
	if (gig)
		map_free(&m);
	pipe_verdicts_free(&v);
	inputs_free(&in);
	return rc;
}

/* Do step S of O; count again into S->after. Returns 0 or an exit code after a message. */
static int
act(struct opts *o, struct prep_step *s, const struct forecast *f, bool gig)
{
	struct ferr e = { .path = "" };
	struct compaction c = { .nodes = s->nodes, .n = s->nnodes };
	struct timespec t0, t1;
	int rc;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	rc = s->act == PREP_COMPACT ? compact_nodes(&c, &e) :
	    compact_reclaim(&e);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (rc != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	if (c.all)
		s->how = HOW_COMPACT_ALL;
	s->ms = elapsed_ms_between(&t0, &t1);
	s->done = true;
	return recount(o, f->need.order, f->need.node, gig, &s->after);
}

/*
 * Returns the status of P's result for F: 0 when the pages are there,
 * else the forecast's word as --need's (short as reclaim), 8 pinned.
 */
static int
status_of(const struct prepared *p, const struct forecast *f)
{
	if (p->result == PREP_READY || p->result == PREP_RECOVERED)
		return EXIT_OK;
	switch (f->word) {
	case FC_OK:
	case FC_COMPACT:
		return EXIT_NEED_COMPACT;
	case FC_RECLAIM:
	case FC_SHORT:
		return EXIT_NEED_RECLAIM;
	case FC_PINNED:
		return EXIT_NEED_PINNED;
	case FC_IMPOSSIBLE:
		return EXIT_NEED_IMPOSSIBLE;
	case FC_UNSURE:
	case FC_NWORDS:
		break;
	}
	return EXIT_NEED_UNKNOWN;
}

/*
 * Run P's steps for F, the first BEFORE free now, stopping once the need
 * is met; the reclaim step and after it only with --reclaim. Text is
 * said as each step ends. Returns 0 or an exit code after a message.
 */
static int
run_steps(struct opts *o, const struct report *r, const struct forecast *f,
    struct prepared *p, uint64_t before)
{
	bool gig = f->need.order >= r->bi->norders;
	size_t k;
	int rc;

	p->got = before;
	for (k = 0; k < p->nsteps && p->got < f->need.count; k++) {
		if (p->steps[k].act == PREP_RECLAIM && !p->reclaim_allowed)
			break;
		p->steps[k].before = p->got;
		if ((rc = act(o, &p->steps[k], f, gig)) != 0)
			return rc;
		p->got = p->steps[k].after;
		if (o->format != F_JSON)
			render_prepare_step(stdout, p, k);
		/*
		 * Short after the last step planned: reclaim and compact
		 * again, if allowed and there is room. A large folio
		 * allocated since the last reclaim can end the compaction
		 * after it at once (0.01 s, nothing gained, measured on a
		 * busy host); the next round often passes.
		 */
		if (k + 1 == p->nsteps && p->got < f->need.count &&
		    p->reclaim_allowed && f->target->cache > 0 &&
		    p->nsteps + 2 <= PREP_MAX_STEPS) {
			plan_more(p, f);
			if (o->format != F_JSON)
				render_prepare_planned(stdout, r, p, k + 1);
		}
	}
	p->result = p->got >= f->need.count ? PREP_RECOVERED : PREP_SHORT;
	return 0;
}

int
run_prepare(struct opts *o, const struct inputs *in, const struct report *r,
    const struct mapview *v)
{
	struct prepared p;
	struct forecast f;
	int rc = 0;

	if (need_forecast(&f, r, in, v, r->need, r->need_answer.possible) != 0)
		return EXIT_DATA;
	memset(&p, 0, sizeof(p));
	p.dry_run = o->dry_run;
	p.reclaim_allowed = o->reclaim;
	if (f.target != NULL) {
		plan(&p, &f);
		p.got = f.target->now;
	}
	if (o->format != F_JSON) {
		render_prepare_plan(stdout, r, &f, &p);
		fflush(stdout);
	}
	if (f.target != NULL && p.result == PREP_PLANNED && !o->dry_run)
		rc = run_steps(o, r, &f, &p, f.target->now);
	if (rc == 0 && o->format == F_JSON)
		render_prepare_json(stdout, r, &f, &p);
	else if (rc == 0)
		render_prepare_result(stdout, r, &f, &p);
	if (rc == 0)
		rc = status_of(&p, &f);
	forecast_free(&f);
	return rc;
}

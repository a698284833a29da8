/* SPDX-License-Identifier: GPL-2.0-or-later */
/* health.c - --check's state of a node: --need's answer and the thresholds on the counts */
#include "config.h"

#include <string.h>

#include "health.h"
#include "judge.h"

/*
 * Returns the rank of S as the monitoring plugins' max_state_alt() ranks
 * states when it takes the worst of several: OK, UNKNOWN, WARNING,
 * CRITICAL.
 */
static int
rank(enum check_state s)
{
	switch (s) {
	case CHECK_OK:
		return 0;
	case CHECK_UNKNOWN:
		return 1;
	case CHECK_WARNING:
		return 2;
	case CHECK_CRITICAL:
		return 3;
	}
	return 1;
}

/* Returns the state of --need's answer V. */
static enum check_state
need_state(enum verdict v)
{
	switch (v) {
	case VERDICT_OK:
		return CHECK_OK;
	case VERDICT_COMPACT:
		return CHECK_WARNING;
	/* Reclaim, pinned, short, or a size the host cannot have at all. */
	case VERDICT_RECLAIM:
	case VERDICT_PINNED:
	case VERDICT_SHORT:
	case VERDICT_UNUSABLE:
		return CHECK_CRITICAL;
	case VERDICT_UNKNOWN:
	case VERDICT_NSTATES:
		break;
	}
	return CHECK_UNKNOWN;
}

/*
 * Returns the state of H's answer to N of AV. Where only whether the size
 * exists is not known (no hugetlb directory to say), it is either
 * impossible (CRITICAL) or as its row counts (H's IF_POSSIBLE): when that
 * gives CRITICAL too (reclaim, short or pinned), either way it is CRITICAL.
 */
static enum check_state
answer_state(struct health *h, const struct availability *av,
    const struct need *n)
{
	enum check_state s = need_state(h->need.verdict);

	h->if_possible = h->need.verdict;
	if (h->need.possible != AVAIL_POSSIBLE_UNKNOWN || h->need.row == NULL)
		return s;
	h->if_possible = avail_need(av, n, AVAIL_POSSIBLE).verdict;
	if (need_state(h->if_possible) == need_state(VERDICT_UNUSABLE))
		s = need_state(VERDICT_UNUSABLE);
	return s;
}

/* Returns the state of the thresholds of ASK on the counts R (NULL: no such node). */
static enum check_state
ask_state(const struct check_ask *ask, const struct avail *r)
{
	/* The count lies between LEAST and NOW: NOW itself when exact. */
	uint64_t least;

	if (r == NULL)
		return CHECK_UNKNOWN;
	least = r->now_is_bound ? r->now_least : r->now;
	/* Below a threshold is certain when NOW is; above it when LEAST is. */
	if (ask->crit != 0 && r->now < ask->crit)
		return CHECK_CRITICAL;
	if (least < ask->crit)
		return CHECK_UNKNOWN;
	if (ask->warn != 0 && r->now < ask->warn)
		return CHECK_WARNING;
	if (least < ask->warn)
		return CHECK_UNKNOWN;
	return CHECK_OK;
}

/*
 * Returns the state of judgement J of a row with NOW free now: fine OK,
 * fragmented WARNING, severely CRITICAL; short of memory (a shortage,
 * not fragmentation) by the count: none free now CRITICAL, else WARNING.
 */
static enum check_state
judged_state(enum judgement j, uint64_t now)
{
	switch (j) {
	case JUDGE_FINE:
		return CHECK_OK;
	case JUDGE_FRAGMENTED:
		return CHECK_WARNING;
	case JUDGE_SEVERE:
		return CHECK_CRITICAL;
	default:
		break;
	}
	return now == 0 ? CHECK_CRITICAL : CHECK_WARNING;
}

/*
 * Judge H by its row R of AV: its judgement, and where NOW is a bound,
 * the judgement at its fewest too (judge_of() as avail_build() calls
 * it); UNKNOWN when the two give different states.
 */
static enum check_state
judge_state(struct health *h, const struct availability *av,
    const struct avail *r)
{
	struct avail least;
	enum check_state s;

	if (r == NULL)
		return CHECK_UNKNOWN;
	h->judged = h->judged_least = r->judgement;
	if (r->now_is_bound) {
		least = *r;
		least.now = r->now_least;
		least.now_is_bound = false;
		h->judged_least = judge_of(&least, &av->marks, NULL);
	}
	s = judged_state(h->judged, r->now);
	if (judged_state(h->judged_least, r->now_is_bound ? r->now_least :
	    r->now) != s)
		return CHECK_UNKNOWN;
	return s;
}

void
health_judge(struct health *h, const struct availability *av,
    const struct need *n, enum avail_possible possible,
    const struct check_ask *ask, int node)
{
	struct need mine;
	enum check_state s;

	memset(h, 0, sizeof(*h));
	h->node = node;
	h->state = CHECK_OK;
	h->want = n;
	if (n != NULL) {
		mine = *n;
		mine.node = node;
		h->have_need = true;
		h->need = avail_need(av, &mine, possible);
		h->state = answer_state(h, av, &mine);
	}
	if (ask->judge) {
		h->row = avail_find(av, node, -1, ask->order);
		h->state = judge_state(h, av, h->row);
	}
	if (ask->warn != 0 || ask->crit != 0) {
		h->row = avail_find(av, node, -1, ask->order);
		s = ask_state(ask, h->row);
		if (rank(s) > rank(h->state))
			h->state = s;
	}
}

/* Returns the count free now that orders nodes of one state: the request's, else the thresholds'. */
static uint64_t
now_of(const struct health *h)
{
	const struct avail *r = h->have_need ? h->need.row : h->row;

	return r != NULL ? r->now : 0;
}

bool
health_worse(const struct health *a, const struct health *b)
{
	if (rank(a->state) != rank(b->state))
		return rank(a->state) > rank(b->state);
	return now_of(a) < now_of(b);
}

void
health_judge_nodes(struct check_answer *c, const struct availability *av,
    const struct need *n, enum avail_possible possible,
    const struct check_ask *ask)
{
	unsigned order = n != NULL ? n->order : ask->order;
	const struct avail *a;
	size_t i;

	c->n = 0;
	c->worst = 0;
	c->per_need = false;
	/* --need asks what it asks without --check: the machine, or --node. */
	if (ask->node >= 0 || (n != NULL && ask->node != CHECK_EACH_NODE)) {
		health_judge(&c->nodes[c->n++], av, n, possible, ask,
		    ask->node);
		return;
	}
	for (i = 0; i < av->n; i++) {
		a = &av->rows[i];
		/* Never full: one row per node id, each below the bound. */
		if (a->zone == -1 && a->node >= 0 && a->order == order &&
		    c->n < FRAG_MAX_NODES)
			health_judge(&c->nodes[c->n++], av, n, possible, ask,
			    a->node);
	}
	for (i = 1; i < c->n; i++)
		if (health_worse(&c->nodes[i], &c->nodes[c->worst]))
			c->worst = i;
}

void
health_judge_needs(struct check_answer *c, const struct availability *av,
    const struct need *needs, const struct need_answer *ans, size_t nn,
    const struct check_ask *ask)
{
	size_t i;

	c->n = 0;
	c->worst = 0;
	c->per_need = true;
	for (i = 0; i < nn && i < FRAG_MAX_NODES; i++)
		health_judge(&c->nodes[c->n++], av, &needs[i], ans[i].possible,
		    ask, ask->node);
	for (i = 1; i < c->n; i++)
		if (health_worse(&c->nodes[i], &c->nodes[c->worst]))
			c->worst = i;
}

const char *
health_state_name(enum check_state s)
{
	switch (s) {
	case CHECK_OK:
		return "OK";
	case CHECK_WARNING:
		return "WARNING";
	case CHECK_CRITICAL:
		return "CRITICAL";
	case CHECK_UNKNOWN:
		break;
	}
	return "UNKNOWN";
}

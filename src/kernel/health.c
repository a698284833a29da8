/* SPDX-License-Identifier: GPL-2.0-or-later */
/* health.c - --check's state of a node: --need's answer and the thresholds on the counts */
#include "config.h"

#include <string.h>

#include "health.h"

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
	/* Reclaim, pinned, or a size the host cannot have at all. */
	case VERDICT_RECLAIM:
	case VERDICT_PINNED:
	case VERDICT_UNUSABLE:
		return CHECK_CRITICAL;
	case VERDICT_UNKNOWN:
	case VERDICT_NSTATES:
		break;
	}
	return CHECK_UNKNOWN;
}

/* Returns the state of the thresholds of ASK on the counts R (NULL: no such node). */
static enum check_state
ask_state(const struct check_ask *ask, const struct avail *r)
{
	if (r == NULL)
		return CHECK_UNKNOWN;
	/* NOW is exact, or an upper bound: below crit is certain either way. */
	if (ask->crit != 0 && r->now < ask->crit)
		return CHECK_CRITICAL;
	if (r->now_is_bound)
		return CHECK_UNKNOWN;
	if (ask->warn != 0 && r->now < ask->warn)
		return CHECK_WARNING;
	return CHECK_OK;
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
	if (n != NULL) {
		mine = *n;
		mine.node = node;
		h->have_need = true;
		h->need = avail_need(av, &mine, possible);
		h->state = need_state(h->need.verdict);
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
	if (ask->node >= 0)
		health_judge(&c->nodes[c->n++], av, n, possible, ask,
		    ask->node);
	for (i = 0; ask->node < 0 && i < av->n; i++) {
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

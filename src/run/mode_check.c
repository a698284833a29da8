/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mode_check.c - --check: what it asks, and a monitoring plugin's status
 * line and exit status (0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN) of the
 * answer; check_unknown.c ends every other run of --check as UNKNOWN
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "advise.h"
#include "avail.h"
#include "check_unknown.h"
#include "health.h"
#include "mode_check.h"
#include "orders.h"
#include "render_check.h"
#include "usage.h"

/*
 * Set *ORDER from --warn's or --crit's SIZE (NULL: DEFAULT_ORDER), named
 * OPT in a message. Returns 0, or -1 after a usage message.
 */
static int
size_order(const char *opt, const char *size, unsigned long page_size,
    unsigned norders, unsigned default_order, unsigned *order)
{
	*order = default_order;
	if (size == NULL)
		return 0;
	return orders_one(opt, size, page_size, norders, order);
}

int
check_ask_of(const struct opts *o, const struct inputs *in,
    unsigned long page_size, const struct advice *adv, struct check_ask *ask)
{
	unsigned def = advise_block_order(in->have_pti ? &in->pti : NULL, adv);
	unsigned w = def, c = def;

	memset(ask, 0, sizeof(*ask));
	ask->warn = o->warn;
	ask->crit = o->crit;
	ask->node = o->node == OPTS_NODE_EACH ? CHECK_EACH_NODE : o->node;
	ask->order = def;
	if ((o->warn != 0 && size_order("--warn", o->warn_size, page_size,
	    in->bi.norders, def, &w) != 0) || (o->crit != 0 &&
	    size_order("--crit", o->crit_size, page_size, in->bi.norders, def,
	    &c) != 0))
		return -1;
	if (o->warn != 0 && o->crit != 0 && w != c) {
		usage_error("%s", "--warn and --crit count blocks of one size: "
		    "give both the same SIZE");
		return -1;
	}
	ask->order = o->warn != 0 ? w : c;
	/* Nothing asked: the judgement, which fits hosts of every size. */
	ask->judge = o->warn == 0 && o->crit == 0 && o->need_count == 0;
	return 0;
}

int
run_check(const struct opts *o, const struct inputs *in,
    const struct report *r)
{
	enum check_state state;
	struct check_answer c;
	struct check_ask ask;

	if (check_ask_of(o, in, r->page_size, r->advice, &ask) != 0)
		return EXIT_USAGE;
	/* Each --need answered (the worst decides), else the nodes. */
	if (r->nneeds > 0 && ask.node == CHECK_EACH_NODE)
		health_judge_nodes(&c, r->avail, r->needs,
		    r->need_answers[0].possible, &ask);
	else if (r->nneeds > 0)
		health_judge_needs(&c, r->avail, r->needs, r->need_answers,
		    r->nneeds, &ask);
	else
		health_judge_nodes(&c, r->avail, NULL, AVAIL_POSSIBLE, &ask);
	render_check(stdout, r, &ask, &c);
	state = c.n > 0 ? c.nodes[c.worst].state : CHECK_UNKNOWN;
	check_printed(state);
	return (int)state;
}

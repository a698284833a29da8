/* SPDX-License-Identifier: GPL-2.0-or-later */
/* checkask.h - what --check asks and answers: the monitoring plugins' states, the thresholds on the counts, a node judged */
#ifndef FRAGSTAT_CHECKASK_H
#define FRAGSTAT_CHECKASK_H

#include <stdbool.h>
#include <stdint.h>

#include "availability.h"
#include "bounds.h"

/* A monitoring plugin's state, which is also its exit status. */
enum check_state {
	CHECK_OK = 0,
	CHECK_WARNING = 1,
	CHECK_CRITICAL = 2,
	CHECK_UNKNOWN = 3,
};

/* A check_ask's node for --node=each: --need asked of each node. */
#define CHECK_EACH_NODE	(-2)

/*
 * The thresholds of --warn and --crit: a state when fewer than WARN
 * (CRIT) allocations of ORDER succeed now (0: none given); on NODE, or
 * every node and the worst one decides (-1; --need then asks of the
 * machine, of each node with CHECK_EACH_NODE). JUDGE: neither nor --need
 * was given, and the judgement of ORDER decides.
 */
struct check_ask {
	uint64_t	 warn, crit;
	unsigned	 order;
	int		 node;
	bool		 judge;
};

/* One node judged: its state, and the answers it comes from. */
struct health {
	int			 node;
	enum check_state	 state;
	bool			 have_need;
	struct need_answer	 need;		/* with HAVE_NEED */
	/* With NEED's size not known to exist: the answer were it possible. */
	enum verdict		 if_possible;
	const struct need	*want;		/* the request answered, NULL: none */
	const struct avail	*row;		/* the thresholds' counts, NULL: none */
	/* With the ask's JUDGE: the judgement of ROW, at its fewest free now too. */
	enum judgement		 judged, judged_least;
};

/*
 * --check's answer: the nodes judged (--node's, else each node's sum of
 * its zones), or one entry per --need (of the machine or --node's node),
 * and the index of the worst (N 0: no node in the input). A node's sum
 * is one row per node id, and ids are below FRAG_MAX_NODES
 * (parse/zonehead.c refuses others): NODES holds every one, and every
 * --need (far fewer).
 */
struct check_answer {
	struct health		 nodes[FRAG_MAX_NODES];
	size_t			 n, worst;
	bool			 per_need;	/* an entry per --need, else per node */
};

#endif

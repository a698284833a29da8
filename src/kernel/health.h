/* SPDX-License-Identifier: GPL-2.0-or-later */
/* health.h - --check's state of a node: --need's answer and the thresholds on the counts */
#ifndef FRAGSTAT_HEALTH_H
#define FRAGSTAT_HEALTH_H

#include "avail.h"
#include "checkask.h"

/*
 * Judge NODE from AV: the request N (NULL: none) for pages POSSIBLE
 * (avail_possible()) is OK when free now, WARNING when compaction would
 * make it, CRITICAL after reclaim or never, UNKNOWN when only a bound
 * says; ASK's thresholds on the count free now at its order (none when
 * both are 0) give CRITICAL below crit, WARNING below warn, UNKNOWN when
 * the count is a bound that is not below crit. The worse of the two.
 * With ASK's judge instead, the judgement of ASK's order: fine OK,
 * fragmented WARNING, severely CRITICAL, short of memory CRITICAL with
 * none free now, else WARNING; UNKNOWN where the count is a bound whose
 * ends are judged into different states.
 */
void	health_judge(struct health *h, const struct availability *av,
	    const struct need *n, enum avail_possible possible,
	    const struct check_ask *ask, int node);

/*
 * Judge into C the nodes of AV that ASK names as health_judge() does, at
 * N's order (NULL: ASK's), and find the worst of them: ASK's node, else
 * with N the machine (node -1), as --need asks without --check, else
 * (and with ASK's node CHECK_EACH_NODE) every node.
 */
void	health_judge_nodes(struct check_answer *c,
	    const struct availability *av, const struct need *n,
	    enum avail_possible possible, const struct check_ask *ask);

/*
 * Judge into C each of the NN requests NEEDS (ANS: avail_need()'s answers,
 * for whether each size is possible) as health_judge() does, of ASK's node
 * (-1: the machine), one entry each, and find the worst.
 */
void	health_judge_needs(struct check_answer *c,
	    const struct availability *av, const struct need *needs,
	    const struct need_answer *ans, size_t nn,
	    const struct check_ask *ask);

/* Returns whether A is worse than B: its state, then fewer free now. */
bool	health_worse(const struct health *a, const struct health *b);

/* Returns "OK", "WARNING", "CRITICAL" or "UNKNOWN". */
const char *health_state_name(enum check_state s);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* need_status.c - the exit status --need's answer gives scripts, the worst of several */
#include "config.h"

#include "advise.h"
#include "need_status.h"
#include "opts.h"

int
need_status(const struct report *r)
{
	return need_verdict_status(r->need_answer.verdict);
}

void
need_worst(enum verdict *worst, const struct report *r)
{
	if (r->need != NULL && advise_rank(r->need_answer.verdict) >
	    advise_rank(*worst))
		*worst = r->need_answer.verdict;
}

int
need_verdict_status(enum verdict v)
{
	switch (v) {
	case VERDICT_OK:
		return EXIT_OK;
	case VERDICT_COMPACT:
		return EXIT_NEED_COMPACT;
	/* As --prepare's short exits: both ask for memory freed or added. */
	case VERDICT_RECLAIM:
	case VERDICT_SHORT:
		return EXIT_NEED_RECLAIM;
	case VERDICT_UNUSABLE:
		return EXIT_NEED_IMPOSSIBLE;
	case VERDICT_PINNED:
		return EXIT_NEED_PINNED;
	case VERDICT_UNKNOWN:
	case VERDICT_NSTATES:
		break;
	}
	return EXIT_NEED_UNKNOWN;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* advise_words.c - the names of verdicts, gfp kinds and urgencies, and the urgency of a PSI reading */
#include "config.h"

#include "advise.h"

enum urgency
advise_urgency(const struct psi *p, uint32_t some, uint32_t full)
{
	if (p == NULL)
		return URGENCY_UNKNOWN;
	if (p->full.present && p->full.avg10 >= full)
		return URGENCY_SEVERE;
	if (p->some.avg10 >= some)
		return URGENCY_ELEVATED;
	return URGENCY_CALM;
}

const char *
advise_verdict_name(enum verdict v)
{
	static const char *const names[] = { "ok", "compact", "reclaim",
	    "unknown", "unusable", "pinned", "short" };

	return names[v];
}

const char *
advise_verdict_word(enum verdict v)
{
	return v == VERDICT_UNUSABLE ? "not used" : advise_verdict_name(v);
}

const char *
advise_need_name(enum verdict v)
{
	return v == VERDICT_UNUSABLE ? "impossible" : advise_verdict_name(v);
}

const char *
advise_gfp_name(enum advise_gfp gfp)
{
	return gfp == ADVISE_MOVABLE ? "movable" : "kernel";
}

const char *
advise_urgency_name(enum urgency u)
{
	static const char *const names[] = { "unknown", "calm", "elevated",
	    "severe" };

	return names[u];
}

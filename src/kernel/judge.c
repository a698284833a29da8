/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * judge.c - how fragmented memory is: proactive compaction's fragmentation
 * score at any order, against the marks of the default proactiveness
 */
#include "config.h"

#include "advise.h"
#include "judge.h"
#include "kcompactd.h"

void
judge_default_marks(long kver, struct judge_marks *m)
{
	/*
	 * fragmentation_score_wmark() of the default proactiveness: the
	 * marks do not move with the host's sysctl, which says whether
	 * kcompactd acts, not how fragmented memory is.
	 */
	kcompactd_score_wmark(kver, ADVISE_PROACTIVENESS, &m->low, &m->high);
	m->from = "default";
}

enum judgement
judge_of(uint32_t score, int64_t ratio, const struct judge_marks *m)
{
	/*
	 * The ratio read against the same marks, as shares of what
	 * compaction could make: below 100 - LOW percent free now is
	 * fragmented. It sees what the score, weighed by present pages,
	 * hides: a large fragmented zone beside a small clean one.
	 */
	if (score > m->high || (ratio >= 0 && ratio < (int64_t)(100 - m->high)
	    * 100))
		return JUDGE_SEVERE;
	if (score > m->low || (ratio >= 0 && ratio < (int64_t)(100 - m->low)
	    * 100))
		return JUDGE_FRAGMENTED;
	return JUDGE_FINE;
}

int64_t
judge_ratio(uint64_t now, uint64_t after)
{
	/* Keep now * 10000 in 64 bits; the bits shifted out never show. */
	while (now > UINT64_MAX / 10000 || after > UINT64_MAX / 10000) {
		now >>= 1;
		after >>= 1;
	}
	if (after == 0)
		return -1;
	return (int64_t)(now * 10000 / after);
}

const char *
judge_name(enum judgement j)
{
	switch (j) {
	case JUDGE_FINE:
		return "fine";
	case JUDGE_FRAGMENTED:
		return "fragmented";
	case JUDGE_SEVERE:
	case JUDGE_NSTATES:
		break;
	}
	return "severely fragmented";
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* judgement.h - how fragmented memory is judged: the judgements and the marks a score is judged by */
#ifndef FRAGSTAT_JUDGEMENT_H
#define FRAGSTAT_JUDGEMENT_H

#include <stdint.h>

/* The judgement of a score against the marks, best first. */
enum judgement { JUDGE_FINE, JUDGE_FRAGMENTED, JUDGE_SEVERE, JUDGE_NSTATES };

/*
 * The marks: a score above LOW is fragmented, above HIGH severely so.
 * FROM: "default" (fragmentation_score_wmark() of the default
 * vm.compaction_proactiveness) or "option" (--fragmented).
 */
struct judge_marks {
	unsigned	 low, high;
	const char	*from;
};

#endif

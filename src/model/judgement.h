/* SPDX-License-Identifier: GPL-2.0-or-later */
/* judgement.h - how memory is judged at a size: the judgements and the marks they are judged by */
#ifndef FRAGSTAT_JUDGEMENT_H
#define FRAGSTAT_JUDGEMENT_H

#include <stdint.h>

/*
 * The judgement of a size, best first: fine, fragmented, severely
 * fragmented, then short of memory (a shortage, not fragmentation: free
 * memory above the watermarks cannot hold a useful number of blocks of
 * the size, however it lies).
 */
enum judgement {
	JUDGE_FINE, JUDGE_FRAGMENTED, JUDGE_SEVERE, JUDGE_SHORT, JUDGE_NSTATES
};

/*
 * The marks, whole percents of what compaction could make at a size that
 * is missing now (not free now): above LOW is fragmented, above HIGH
 * severely so. FROM: "default" or "option" (--fragmented).
 */
struct judge_marks {
	unsigned	 low, high;
	const char	*from;
};

#endif

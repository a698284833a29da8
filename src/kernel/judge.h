/* SPDX-License-Identifier: GPL-2.0-or-later */
/* judge.h - how fragmented memory is at a size: proactive compaction's score and marks */
#ifndef FRAGSTAT_JUDGE_H
#define FRAGSTAT_JUDGE_H

#include <stdbool.h>
#include <stdint.h>

#include "frag.h"
#include "judgement.h"

/* Set M to the default marks for release KVER (-1: newest). */
void	judge_default_marks(long kver, struct judge_marks *m);

/*
 * Returns the judgement of SCORE and RATIO (judge_ratio(); -1: none)
 * against M: the worse of the score against the marks and of the ratio
 * against the marks' complements (with 80 and 90: below 20% free now of
 * what compaction could make is fragmented, below 10% severely).
 */
enum judgement judge_of(uint32_t score, int64_t ratio,
		    const struct judge_marks *m);

/*
 * Returns NOW / AFTER in ten-thousandths (what is free now of what
 * compaction could make), or -1 when AFTER is 0.
 */
int64_t	judge_ratio(uint64_t now, uint64_t after);

/* Returns "fine", "fragmented" or "severely fragmented". */
const char *judge_name(enum judgement j);

#endif

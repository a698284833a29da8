/* SPDX-License-Identifier: GPL-2.0-or-later */
/* judge.h - how memory is at a size: fine, fragmented, severely fragmented or short */
#ifndef FRAGSTAT_JUDGE_H
#define FRAGSTAT_JUDGE_H

#include <stdbool.h>
#include <stdint.h>

#include "availability.h"
#include "frag.h"
#include "judgement.h"

/*
 * The default marks, in percents of what compaction could make that is
 * missing now: above 50 fragmented, above 90 severely (judge.c says why).
 * --help prints the texts.
 */
#define JUDGE_FRAGMENTED_MARK		50
#define JUDGE_FRAGMENTED_MARK_TEXT	"50"
#define JUDGE_SEVERE_MARK		90
#define JUDGE_SEVERE_MARK_TEXT		"90"
/*
 * Fewer blocks than this above the watermarks is short of memory whatever
 * --low says: compaction_suitable() wants 2 blocks above the low
 * watermark before it compacts at all.
 */
#define JUDGE_SHORT_BLOCKS	2

/* Set M to the default marks. */
void	judge_default_marks(struct judge_marks *m);

/*
 * Returns SEVERE when given, else the severe mark that goes with the
 * fragmented mark LOW: the default's, or 100 when LOW is at or above it.
 */
unsigned judge_severe_of(unsigned low, unsigned severe);

/*
 * Returns the judgement of row R against the marks M: short of memory
 * when R's room holds fewer than judge_useful() blocks; else by the share
 * of what compaction could make that is free now (judge_ratio() of NOW
 * and AFTER) against the marks, and fragmented, not fine, when the share
 * of what free memory could hold that is free now is below 100 - HIGH
 * percent (compaction cannot make more: pinned); *BY_PINS (NULL: not
 * wanted) says whether that last rule decided, the one judgement its
 * share alone does not explain.
 */
enum judgement judge_of(const struct avail *r, const struct judge_marks *m,
	    bool *by_pins);

/* Returns the blocks R's room must hold not to be short: R's low mark, at least JUDGE_SHORT_BLOCKS. */
uint64_t judge_useful(const struct avail *r);

/*
 * Returns NOW / AFTER in ten-thousandths (what is free now of what
 * compaction could make), or -1 when AFTER is 0.
 */
int64_t	judge_ratio(uint64_t now, uint64_t after);

/* Returns "fine", "fragmented", "severely fragmented" or "short of memory". */
const char *judge_name(enum judgement j);

/*
 * The judgement of one row of an availability, with the numbers that
 * decide it: what every view says of a zone, node or the machine at a
 * size (judge_at()).
 */
struct judged {
	const struct avail *row;	/* the row judged */
	enum judgement	 judgement;
	const char	*name;		/* judge_name(): "severely fragmented" */
	const char	*word;		/* judge_word(): "severe" */
	uint64_t	 now, after;	/* free now, at most after compaction */
	bool		 now_is_bound;	/* NOW is an upper bound */
	uint64_t	 room;		/* blocks free memory above the watermarks holds */
	uint64_t	 useful;	/* fewer in ROOM is short of memory */
	uint64_t	 reach;		/* at most after the compaction the kernel would run */
	int64_t		 ratio;		/* NOW / AFTER, ten-thousandths; -1: AFTER 0 */
	uint32_t	 score;		/* kcompactd's score (context) */
	struct judge_marks marks;	/* the marks it was judged by */
};

/*
 * Fill J with the judgement of the row of NODE (-1: the machine), ZONE
 * (buddyinfo index; -1: the node's or machine's sum) and ORDER of AV.
 * Returns 0, or -1 when AV has no such row (J then zeroed).
 */
int	judge_at(const struct availability *av, int node, long zone,
	    unsigned order, struct judged *j);

/*
 * Returns the row of AV of a node at an order of ADV judged the worst
 * (short of memory, then severely fragmented, ...; then the highest
 * score), or NULL: the one the next step names.
 */
const struct avail *judge_worst(const struct advice *adv,
	    const struct availability *av);

/* Returns J in one word for a table: "fine", "fragmented", "severe" or "short". */
const char *judge_word(enum judgement j);

/* Returns whether J says memory is fragmented (fragmented or severely): compaction's business. */
bool	judge_fragmented(enum judgement j);

#endif

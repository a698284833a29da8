/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * judge.c - how memory is at a size, as a user of that size gets it: the
 * share of what compaction could make that is free now, the share of
 * what free memory could hold, and whether free memory is short
 */
#include "config.h"

#include <string.h>

#include "judge.h"

void
judge_default_marks(struct judge_marks *m)
{
	/*
	 * Not kcompactd's marks (80 and 90 at proactiveness 20): those say
	 * when it starts and stops working, and its score weighs zones by
	 * present pages. Above 50% missing, compaction could more than
	 * double what a user of the size gets now, so most such allocations
	 * go through compaction first; above 90%, nine in ten do.
	 */
	m->low = JUDGE_FRAGMENTED_MARK;
	m->high = JUDGE_SEVERE_MARK;
	m->from = "default";
}

unsigned
judge_severe_of(unsigned low, unsigned severe)
{
	if (severe != 0)
		return severe;
	return low < JUDGE_SEVERE_MARK ? JUDGE_SEVERE_MARK : 100;
}

uint64_t
judge_useful(const struct avail *r)
{
	return r->low > JUDGE_SHORT_BLOCKS ? r->low : JUDGE_SHORT_BLOCKS;
}

/* Returns the ratio (ten-thousandths) below which MARK percent is missing. */
static int64_t
ratio_below(unsigned mark)
{
	return (int64_t)(100 - mark) * 100;
}

enum judgement
judge_of(const struct avail *r, const struct judge_marks *m, bool *by_pins)
{
	int64_t ratio, held;

	if (by_pins != NULL)
		*by_pins = false;
	/* Whatever the index: no compaction makes what is not free. */
	if (r->room < judge_useful(r))
		return JUDGE_SHORT;
	ratio = judge_ratio(r->now, r->after);
	/* Room for blocks but none to be had, now or after compaction. */
	if (ratio < 0 || ratio < ratio_below(m->high))
		return JUDGE_SEVERE;
	if (ratio < ratio_below(m->low))
		return JUDGE_FRAGMENTED;
	/*
	 * Compaction could make little more (the map's ceiling: pinned
	 * blocks), yet free memory holds ten times what is free now:
	 * fragmented, by what pins it.
	 */
	held = judge_ratio(r->now, r->room);
	if (held >= 0 && held < ratio_below(m->high)) {
		if (by_pins != NULL)
			*by_pins = true;
		return JUDGE_FRAGMENTED;
	}
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
	case JUDGE_SHORT:
		return "short of memory";
	case JUDGE_SEVERE:
	case JUDGE_NSTATES:
		break;
	}
	return "severely fragmented";
}

const struct avail *
judge_worst(const struct advice *adv, const struct availability *av)
{
	const struct avail *a, *w = NULL;
	size_t i;

	for (i = 0; i < av->n; i++) {
		a = &av->rows[i];
		if (a->zone >= 0 || a->node < 0 ||
		    advice_order_index(adv, a->order) < 0)
			continue;
		if (w == NULL || a->judgement > w->judgement ||
		    (a->judgement == w->judgement && a->score > w->score))
			w = a;
	}
	return w;
}

const char *
judge_word(enum judgement j)
{
	switch (j) {
	case JUDGE_SEVERE:
		return "severe";
	case JUDGE_SHORT:
		return "short";
	case JUDGE_FINE:
	case JUDGE_FRAGMENTED:
	case JUDGE_NSTATES:
		break;
	}
	return judge_name(j);
}

bool
judge_fragmented(enum judgement j)
{
	return j == JUDGE_FRAGMENTED || j == JUDGE_SEVERE;
}

int
judge_at(const struct availability *av, int node, long zone, unsigned order,
    struct judged *j)
{
	const struct avail *r = avail_find(av, node, zone, order);

	memset(j, 0, sizeof(*j));
	if (r == NULL)
		return -1;
	j->row = r;
	j->judgement = r->judgement;
	j->name = judge_name(r->judgement);
	j->word = judge_word(r->judgement);
	j->now = r->now;
	j->after = r->after;
	j->now_is_bound = r->now_is_bound;
	j->room = r->room;
	j->useful = judge_useful(r);
	j->reach = r->reach;
	j->ratio = judge_ratio(r->now, r->after);
	j->score = r->score;
	j->marks = av->marks;
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* avail.c - how many allocations of each order succeed: per zone, node and machine */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "avail.h"
#include "kcompactd.h"
#include "reserve.h"

/*
 * Returns the pages zone Z of BI is counted with for the default --low:
 * zoneinfo's managed pages, else its present pages, else the free pages.
 */
static uint64_t
zone_pages(const struct buddyinfo *bi, const struct frag *frag,
    const struct zoneinfo *zi, size_t z)
{
	const struct zizone *zz = NULL;

	if (zi != NULL)
		zz = zoneinfo_find(zi, bi->zones[z].node, bi->zones[z].name);
	if (zz != NULL && (zz->have & ZI_MANAGED))
		return zz->managed;
	if (zz != NULL && (zz->have & ZI_PRESENT))
		return zz->present;
	return frag[z].free_pages;
}

/*
 * Returns the blocks of ORDER zone Z of BI would hold with all of its
 * memory free: ZI's managed pages (present less what the kernel reserved
 * at boot, which no freeing gives back) and the UNINIT blocks not yet
 * initialised, which join them as the kernel initialises them;
 * UINT64_MAX without managed pages.
 */
static uint64_t
zone_capacity(const struct buddyinfo *bi, const struct zoneinfo *zi, size_t z,
    unsigned order, uint64_t uninit)
{
	const struct zizone *zz = NULL;

	if (zi != NULL)
		zz = zoneinfo_find(zi, bi->zones[z].node, bi->zones[z].name);
	if (zz == NULL || !(zz->have & ZI_MANAGED))
		return UINT64_MAX;
	return advise_sat_add(zz->managed >> order, uninit);
}

/*
 * Returns whether ZI (NULL: not read) gives the present pages of every
 * zone of BI it lists: the scores then weigh zones by them, as kcompactd
 * does; else by their free pages.
 */
static bool
present_known(const struct buddyinfo *bi, const struct zoneinfo *zi)
{
	const struct zizone *zz;
	size_t i;

	if (zi == NULL)
		return false;
	for (i = 0; i < bi->nzones; i++) {
		zz = zoneinfo_find(zi, bi->zones[i].node, bi->zones[i].name);
		if (zz != NULL && !(zz->have & ZI_PRESENT))
			return false;
	}
	return true;
}

/*
 * Returns the pages zone Z of BI weighs in the score of its node: its
 * present pages from ZI (0 where ZI lacks the zone, as kcompactd skips
 * it), without ZI its free pages.
 */
static uint64_t
score_weight(const struct buddyinfo *bi, const struct frag *frag,
    const struct zoneinfo *zi, size_t z)
{
	const struct zizone *zz;

	if (zi == NULL)
		return frag[z].free_pages;
	zz = zoneinfo_find(zi, bi->zones[z].node, bi->zones[z].name);
	return zz != NULL ? zz->present : 0;
}

/* Returns LOW, or without it 1% of PAGES in units of ORDER, at least 1. */
static uint64_t
low_of(uint64_t low, uint64_t pages, unsigned order)
{
	uint64_t n = pages / 100 >> order;

	if (low != 0)
		return low;
	return n > 0 ? n : 1;
}

/*
 * Set R's pinned limit at ORDER from map zone MZ: its blocks free of holes
 * and pinned pages (the clean count the ceiling bounds by free memory),
 * and what memory not yet initialised could add.
 */
static void
zone_limit(struct avail *r, const struct map_zone *mz, unsigned order)
{
	r->limit = mz->clean[order];
	r->uninit = mz->uninit_pages >> order;
}

/*
 * Fill R for zone Z at order ORDER from its advice A, or for the gigantic
 * order from the map M (wholly free aligned ranges now, the ceiling after)
 * or, without it, from free memory as a bound.
 */
static void
zone_row(struct avail *r, const struct buddyinfo *bi, const struct frag *frag,
    const struct map *m, size_t z, unsigned order, const struct zadvice *a)
{
	const struct map_zone *mz = m ? &m->zones[z] : NULL;
	uint64_t c;

	r->node = (int)bi->zones[z].node;
	r->zone = (long)z;
	r->order = order;
	r->free_pages = frag[z].free_pages;
	r->score = kcompactd_zone_score(&frag[z], bi->norders, order);
	r->limit = AVAIL_NO_LIMIT;
	/* A gigantic order: free memory, with no watermark it must leave. */
	r->room = frag[z].free_pages >> order;
	if (a != NULL) {
		r->now = a->now;
		r->after = r->room = a->after;
		r->now_least = a->now_least;
		r->now_is_bound = a->now_is_bound;
	} else if (mz != NULL) {
		r->now = r->now_least = mz->all_free[order];
		r->after = r->reach = mz->ceiling[order];
		r->from_map = true;
		zone_limit(r, mz, order);
		return;
	} else {
		r->now = r->after = r->reach = r->room;
		r->now_is_bound = true;
		return;
	}
	/* The map's ceiling, bounded by free memory above the watermark. */
	if (mz != NULL && order >= m->pageblock_order && order < m->norders) {
		c = mz->ceiling[order];
		r->after = c < r->after ? c : r->after;
		r->after = r->after < r->now ? r->now : r->after;
		r->from_map = true;
		zone_limit(r, mz, order);
	}
	/* compaction_suitable() skips the zone, or the index declines it. */
	r->reach = a->verdict == VERDICT_RECLAIM ? r->now : r->after;
}

/*
 * Append to AV an empty sum row of ORDER on NODE (-1: every node), with
 * PAGES for its default low mark; returns its index.
 */
static size_t
sum_start(struct availability *av, unsigned order, int node, uint64_t pages)
{
	struct avail *r = &av->rows[av->n];

	memset(r, 0, sizeof(*r));
	r->node = node;
	r->zone = -1;
	r->order = order;
	r->from_map = true;
	r->limit = AVAIL_NO_LIMIT;
	r->low = low_of(av->low, pages, order);
	return av->n++;
}

/*
 * Add zone row Z to the sum row R, whose score (a node's) weighs its zones
 * against TOTAL pages as fragmentation_score_node() does; TOTAL 0: the
 * machine's, whose score machine_score() takes once from its nodes.
 */
static void
sum_add(struct avail *r, const struct avail *z, uint64_t total)
{
	if (total != 0)
		/* Summed as an unsigned int, as the kernel sums it. */
		r->score += kcompactd_weighted(z->weight, z->score, total);
	r->now = advise_sat_add(r->now, z->now);
	r->now_least = advise_sat_add(r->now_least, z->now_least);
	r->after = advise_sat_add(r->after, z->after);
	r->room = advise_sat_add(r->room, z->room);
	r->reach = advise_sat_add(r->reach, z->reach);
	r->free_pages = advise_sat_add(r->free_pages, z->free_pages);
	r->weight = advise_sat_add(r->weight, z->weight);
	/* One zone without a limit leaves the sum without one. */
	if (r->zones++ == 0 || z->limit == AVAIL_NO_LIMIT)
		r->limit = z->limit;
	else if (r->limit != AVAIL_NO_LIMIT)
		r->limit = advise_sat_add(r->limit, z->limit);
	r->uninit = advise_sat_add(r->uninit, z->uninit);
	r->capacity = advise_sat_add(r->capacity, z->capacity);
	r->now_is_bound |= z->now_is_bound;
	r->from_map &= z->from_map;
}

/*
 * Set the score of the machine's row M from the node rows ROWS[0..N): the
 * mean of their scores weighted by their pages, taken once. The machine
 * has no kernel score: weighing every zone against the whole machine and
 * flooring each (as a node is scored) gives 0 on 1024 nodes of 86. Summed
 * in 128 bits, exact: zoneinfo's present pages come unchecked, and a
 * product that wrapped in 64 bits would score 98 as 5. The mean is at
 * most the highest score, so it fits.
 */
static void
machine_score(struct avail *m, const struct avail *rows, size_t n)
{
	unsigned __int128 sum = 0, pages = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		sum += (unsigned __int128)rows[i].weight * rows[i].score;
		pages += rows[i].weight;
	}
	m->score = pages > 0 ? (uint32_t)(sum / pages) : 0;
}

/*
 * Append to AV the rows of ORDER (J: its index in ADV->orders, or -1 for
 * the gigantic order): every zone the allocation may use, each node, the
 * machine.
 */
static void
order_rows(struct availability *av, const struct advice *adv,
    const struct buddyinfo *bi, const struct frag *frag,
    const struct zoneinfo *zi, const struct map *m, unsigned order, long j)
{
	uint64_t node_pages[FRAG_MAX_NODES], total[FRAG_MAX_NODES], all = 0;
	uint64_t pages;
	size_t at[FRAG_MAX_NODES], machine;
	/* What the scores weigh zones by: present pages, else free ones. */
	const struct zoneinfo *wz = av->score_by_free ? NULL : zi;
	const struct zadvice *a;
	bool seen[FRAG_MAX_NODES];
	size_t first = av->n, last, z;
	unsigned node;

	memset(node_pages, 0, sizeof(node_pages));
	memset(total, 0, sizeof(total));
	for (z = 0; z < bi->nzones; z++) {
		/* Kernel allocations never use Movable or HighMem. */
		a = advise_at(adv, z, 0);
		if (a == NULL || (a->verdict == VERDICT_UNUSABLE &&
		    a->reason == R_ZONE_TYPE))
			continue;
		/* Nor do gigantic hugetlb pages use Movable (or Device). */
		if (j < 0 && !reserve_gigantic_zone_allowed(bi->zones[z].name))
			continue;
		zone_row(&av->rows[av->n], bi, frag, m, z, order, j < 0 ? NULL :
		    advise_at(adv, z, (size_t)j));
		pages = zone_pages(bi, frag, zi, z);
		av->rows[av->n].capacity = zone_capacity(bi, zi, z, order,
		    av->rows[av->n].uninit);
		av->rows[av->n].weight = score_weight(bi, frag, wz, z);
		/*
		 * A node's score weighs its zones against its pages
		 * (pgdat->node_present_pages): of the zones the allocation
		 * may use, so --gfp kernel never divides by Movable's.
		 */
		total[bi->zones[z].node] = advise_sat_add(total[
		    bi->zones[z].node], av->rows[av->n].weight);
		av->rows[av->n++].low = low_of(av->low, pages, order);
		node_pages[bi->zones[z].node] = advise_sat_add(node_pages[
		    bi->zones[z].node], pages);
		all = advise_sat_add(all, pages);
	}
	last = av->n;
	/* A sum row for each node, in buddyinfo's order, then the machine's. */
	memset(seen, 0, sizeof(seen));
	for (z = 0; z < bi->nzones; z++) {
		node = bi->zones[z].node;
		if (seen[node])
			continue;
		seen[node] = true;
		at[node] = sum_start(av, order, (int)node, node_pages[node]);
	}
	machine = sum_start(av, order, -1, all);
	/* Sums commute, saturated or not: one pass adds each zone twice. */
	for (z = first; z < last; z++) {
		node = (unsigned)av->rows[z].node;
		sum_add(&av->rows[at[node]], &av->rows[z], total[node]);
		sum_add(&av->rows[machine], &av->rows[z], 0);
	}
	machine_score(&av->rows[machine], &av->rows[last], machine - last);
}

int
avail_build(struct availability *av, const struct advice *adv,
    const struct buddyinfo *bi, const struct frag *frag,
    const struct zoneinfo *zi, const struct map *m, unsigned gigantic)
{
	size_t j, per = 2 * bi->nzones + 1;

	av->gigantic_order = m ? m->gigantic_order : gigantic;
	if (av->gigantic_order < bi->norders)
		av->gigantic_order = 0;
	av->n = 0;
	av->score_by_free = !present_known(bi, zi);
	av->rows = calloc((adv->norders + 1) * per + 1, sizeof(*av->rows));
	if (av->rows == NULL)
		return -1;
	for (j = 0; j < adv->norders; j++)
		order_rows(av, adv, bi, frag, zi, m, adv->orders[j], (long)j);
	if (av->gigantic_order != 0)
		order_rows(av, adv, bi, frag, zi, m, av->gigantic_order, -1);
	if (av->marks.from == NULL)
		judge_default_marks(&av->marks);
	for (j = 0; j < av->n; j++)
		av->rows[j].judgement = judge_of(&av->rows[j], &av->marks,
		    &av->rows[j].by_pins);
	return 0;
}

/*
 * Within the buddy orders (up to MAX_PAGE_ORDER) every size can be had.
 * Above, only hugetlb makes pages, from alloc_contig_pages() or memblock
 * at boot (mm/hugetlb.c), and only of a size it registered an hstate for:
 * hugetlb_add_hstate(), which sysfs lists as hugepages-<N>kB.
 */
enum avail_possible
avail_possible(const struct hugetlb *h, bool known, unsigned order,
    unsigned norders)
{
	const struct hugetlb_node *hn;

	if (order < norders || avail_pool(h, order, -1, &hn) != NULL)
		return AVAIL_POSSIBLE;
	return known ? AVAIL_IMPOSSIBLE : AVAIL_POSSIBLE_UNKNOWN;
}

bool
avail_pinned(uint64_t limit, uint64_t uninit, uint64_t count,
    uint64_t capacity)
{
	return limit != AVAIL_NO_LIMIT && advise_sat_add(limit, uninit) < count &&
	    capacity >= count;
}

struct need_answer
avail_need(const struct availability *av, const struct need *n,
    enum avail_possible possible)
{
	struct need_answer ans;

	ans.possible = possible;
	ans.row = avail_find(av, n->node, -1, n->order);
	if (possible == AVAIL_IMPOSSIBLE)
		ans.verdict = VERDICT_UNUSABLE;
	else if (possible == AVAIL_POSSIBLE_UNKNOWN || ans.row == NULL)
		ans.verdict = VERDICT_UNKNOWN;
	/* NOW is exact or an upper bound, AFTER always an upper bound. */
	else if (ans.row->now >= n->count)
		ans.verdict = ans.row->now_is_bound &&
		    ans.row->now_least < n->count ? VERDICT_UNKNOWN :
		    VERDICT_OK;
	/* Only where the kernel would compact: as the zones' verdicts say. */
	else if (ans.row->reach >= n->count)
		ans.verdict = VERDICT_COMPACT;
	/* No compaction or reclaim moves what pins the rest. */
	else if (avail_pinned(ans.row->limit, ans.row->uninit, n->count,
	    ans.row->capacity))
		ans.verdict = VERDICT_PINNED;
	/* As forecast_word(): beyond all of the memory is short. */
	else if (ans.row->capacity < n->count)
		ans.verdict = VERDICT_SHORT;
	else
		ans.verdict = VERDICT_RECLAIM;
	return ans;
}

enum verdict
avail_worst(const struct advice *adv, const struct need *n,
    const struct need_answer *na, size_t *jw)
{
	enum verdict worst = VERDICT_OK, v;
	size_t j;
	long k;

	*jw = 0;
	for (j = 0; j < adv->norders; j++) {
		v = advise_best(adv, -1, j);
		if (advise_rank(v) > advise_rank(worst)) {
			worst = v;
			*jw = j;
		}
	}
	/* What --need asks for may need more than one allocation does. */
	if (n != NULL && advise_rank(na->verdict) > advise_rank(worst)) {
		worst = na->verdict;
		/* An order not counted stands at the last one counted. */
		if ((k = advice_order_index(adv, n->order)) >= 0)
			*jw = (size_t)k;
		else if (adv->norders > 0)
			*jw = adv->norders - 1;
	}
	return worst;
}

const struct hugetlb_size *
avail_pool(const struct hugetlb *h, unsigned order, int node,
    const struct hugetlb_node **node_pool)
{
	const struct hugetlb_size *hs;
	size_t i, k;

	*node_pool = NULL;
	for (i = 0; h != NULL && i < h->nsizes; i++) {
		hs = &h->sizes[i];
		if (hs->order != (int)order)
			continue;
		for (k = 0; node >= 0 && k < hs->nnodes; k++)
			if (hs->nodes[k].node == (unsigned)node)
				*node_pool = &hs->nodes[k];
		return hs;
	}
	return NULL;
}

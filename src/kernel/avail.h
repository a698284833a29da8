/* SPDX-License-Identifier: GPL-2.0-or-later */
/* avail.h - how many allocations of each order succeed now, after compaction, for a request */
#ifndef FRAGSTAT_AVAIL_H
#define FRAGSTAT_AVAIL_H

#include "advise.h"
#include "availability.h"
#include "judge.h"
#include "map.h"
#include "model.h"

/*
 * Fill AV from ADV (advise_build() done), BI, FRAG, ZI (NULL: not read;
 * the size of each zone for the default LOW) and M (NULL: no map; its
 * gigantic_order is then GIGANTIC, else 0 for none). Returns 0, or -1
 * when out of memory.
 */
int	avail_build(struct availability *av, const struct advice *adv,
	    const struct buddyinfo *bi, const struct frag *frag,
	    const struct zoneinfo *zi, const struct map *m, unsigned gigantic);

/*
 * Returns the pool of H (NULL: none) holding huge pages of ORDER, or NULL;
 * with *NODE_POOL set to NODE's part of it (NULL for the machine, or when
 * the node has none).
 */
const struct hugetlb_size *avail_pool(const struct hugetlb *h, unsigned order,
	    int node, const struct hugetlb_node **node_pool);

/*
 * Returns whether pages of ORDER can be allocated on a host whose buddy
 * allocator has NORDERS orders and whose hugetlb sizes are H (NULL: none;
 * KNOWN false: not read).
 */
enum avail_possible avail_possible(const struct hugetlb *h, bool known,
	    unsigned order, unsigned norders);

/*
 * Returns whether COUNT blocks are beyond the pinned limit LIMIT
 * (AVAIL_NO_LIMIT: not known) and the UNINIT blocks memory not yet
 * initialised could add, yet within CAPACITY (the blocks all of the
 * memory would hold; UINT64_MAX: not known): not reachable without
 * freeing kernel memory, where a need beyond CAPACITY is short whatever is
 * freed. --need's answer and its forecast say pinned by this one rule.
 */
bool	avail_pinned(uint64_t limit, uint64_t uninit, uint64_t count,
	    uint64_t capacity);

/* Returns the answer to N from AV, for pages POSSIBLE (avail_possible()). */
struct need_answer avail_need(const struct availability *av,
	    const struct need *n, enum avail_possible possible);

/*
 * Returns the machine's worst verdict over ADV's orders and the answer NA
 * to --need N (NULL: none), and in *JW the index in ADV's orders of the
 * order it is worst at (N's order, or the last, when N decides).
 */
enum verdict avail_worst(const struct advice *adv, const struct need *n,
	    const struct need_answer *na, size_t *jw);

#endif

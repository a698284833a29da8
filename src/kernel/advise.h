/* SPDX-License-Identifier: GPL-2.0-or-later */
/* advise.h - compact, reclaim or nothing: the kernel's own rules, per zone and order */
#ifndef FRAGSTAT_ADVISE_H
#define FRAGSTAT_ADVISE_H

#include "advice.h"
#include "frag.h"
#include "model.h"
#include "rules.h"

struct availability;
struct avail;
struct map;

/*
 * Defaults of vm.extfrag_threshold (its bound, ADVISE_THRESHOLD_MAX, is in
 * advice.h) and vm.compaction_proactiveness.
 */
#define ADVISE_THRESHOLD	500
#define ADVISE_PROACTIVENESS	20
/* PAGE_ALLOC_COSTLY_ORDER: orders above it are "costly". */
#define ADVISE_COSTLY_ORDER	3

/*
 * Decide for zone Z of IN->bi and ORDER into *A. Returns false when an
 * allocation of IN->gfp may not use the zone at all (kernel allocations
 * never use Movable or HighMem); *A then says VERDICT_UNUSABLE, R_ZONE_TYPE.
 */
bool	advise_zone(const struct advise_in *in, size_t z, unsigned order,
	    struct zadvice *a);

/* Returns the urgency for P (NULL: unknown): full avg10 >= FULL is severe, some avg10 >= SOME elevated. */
enum urgency advise_urgency(const struct psi *p, uint32_t some, uint32_t full);

/* Returns the rank of V: lower is better (ok, unknown, compact, reclaim, unusable). */
int	advise_rank(enum verdict v);

/*
 * Fill ADV->zones with the decision for every zone IN allows and every
 * order of ADV->orders, and ADV->kc from IN->zi (when read). Returns 0, or
 * -1 when out of memory.
 */
int	advise_build(struct advice *adv, const struct advise_in *in);

/*
 * Fill ADV->best from ADV->zones: for every node of BI and the whole
 * machine, the best verdict per order of ADV->orders, as the allocator
 * falls back from zone to zone and node to node, and reclaim stops as soon
 * as one zone is worth compacting. Returns 0, or -1 when out of memory.
 */
int	advise_tally(struct advice *adv, const struct buddyinfo *bi);

/*
 * Returns the best verdict for order ADV->orders[J] on NODE (-1: the whole
 * machine), from advise_tally(): VERDICT_RECLAIM when no zone may serve
 * the allocation.
 */
enum verdict advise_best(const struct advice *adv, int node, size_t j);

/* Returns the advice for buddyinfo zone Z at ADV->orders[J], or NULL. */
const struct zadvice *advise_at(const struct advice *adv, size_t z, size_t j);

/* Returns "ok", "compact", "reclaim", "unknown" or "unusable": JSON and metrics. */
const char *advise_verdict_name(enum verdict v);

/*
 * Returns the name of --need's answer V in every view: advise_verdict_name(),
 * but "impossible" for a size the host cannot have (VERDICT_UNUSABLE, which
 * for a zone's advice means not used).
 */
const char *advise_need_name(enum verdict v);

/* Returns the word the human views use for V: the name, "not used" for unusable. */
const char *advise_verdict_word(enum verdict v);

/*
 * Returns the zone advice at ADV->orders[J] with verdict reclaim that
 * needs the least memory freed before compaction may run, with that
 * shortfall in pages in *SHORTFALL; NULL (and 0) when none.
 */
const struct zadvice *advise_least_reclaim(const struct advice *adv, size_t j,
	    uint64_t *shortfall);

/*
 * Returns the pageblock order PTI (NULL: not read) says, else ADV's
 * hpage_order, which it equals on the usual configurations: the order the
 * views count pageblocks at.
 */
unsigned advise_block_order(const struct pagetypeinfo *pti,
	    const struct advice *adv);

/* Without advice, THP or pagetypeinfo: x86-64's pageblock order (2 MiB). */
#define ADVISE_BLOCK_ORDER_GUESS	9

/*
 * Returns the pageblock order of a snapshot of BI, PTI and ADV (either
 * NULL: not read), within BI's orders: advise_block_order()'s, else
 * pagetypeinfo's, else ADVISE_BLOCK_ORDER_GUESS; the order the pictures
 * over time count free pageblocks at.
 */
unsigned advise_snapshot_block_order(const struct buddyinfo *bi,
	    const struct pagetypeinfo *pti, const struct advice *adv);

/*
 * Returns order O within NORDERS orders (at least one): a guess past a
 * small buddyinfo's orders counts its largest.
 */
unsigned advise_clamp_order(unsigned o, unsigned norders);

/* Returns "movable" or "kernel": every view's word for GFP. */
const char *advise_gfp_name(enum advise_gfp gfp);

/* Returns whether A's watermark was set: reached by the rules that read it. */
bool	advise_wmark_known(const struct zadvice *a);

/* Returns whether map M (NULL: none) has a compaction ceiling at ORDER. */
bool	advise_ceiling_known(const struct map *m, unsigned order);

/*
 * Step *I (start at 0) to the next node of BI's zones, listed node by node,
 * into *NODE. Returns false after the last.
 */
bool	advise_next_node(const struct buddyinfo *bi, size_t *i, unsigned *node);

/* Returns "unknown", "calm", "elevated" or "severe". */
const char *advise_urgency_name(enum urgency u);

/*
 * The order compaction works for, before any advice exists (the watch,
 * the pipeline's rules): one rule and one guess for every caller.
 * Returns COMPACTION_HPAGE_ORDER (mm/compaction.c): HPAGE_PMD_ORDER with
 * THP, PMD_ORDER (not -1), else the pageblock order of PTI (NULL: not
 * read), which is HUGETLB_PAGE_ORDER where hugetlbfs is built, else
 * ADVISE_BLOCK_ORDER_GUESS.
 */
unsigned advise_hpage_order(long pmd_order, const struct pagetypeinfo *pti);

#endif

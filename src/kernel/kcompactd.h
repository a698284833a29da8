/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kcompactd.h - when kcompactd works on a node: proactive compaction's score and marks, and vm.defrag_mode's balance */
#ifndef FRAGSTAT_KCOMPACTD_H
#define FRAGSTAT_KCOMPACTD_H

#include <stddef.h>
#include <stdint.h>

#include "advice.h"
#include "frag.h"
#include "model.h"

/*
 * Returns extfrag_for_order() of mm/compaction.c: the share of the zone's
 * free pages (F) in blocks below ORDER, in hundredths; 0 for a zone with
 * nothing free. NORDERS: the orders F counts.
 */
uint32_t	kcompactd_zone_score(const struct frag *f, unsigned norders,
		    unsigned order);

/*
 * Returns fragmentation_score_zone_weighted(): SCORE of a zone of PRESENT
 * pages weighted by the node's NODE_PRESENT pages, as the kernel's integer
 * types make it.
 */
uint32_t	kcompactd_weighted(uint64_t present, uint32_t score,
		    uint64_t node_present);

/*
 * Fill K (one per node of BI, at most NMAX) with each node's score at
 * HPAGE_ORDER, with present pages from ZI and the sysctl PROACTIVENESS,
 * under the rules of release KVER (-1: newest). Returns the number of nodes.
 */
size_t	kcompactd_scores(const struct buddyinfo *bi, const struct frag *frag,
	    const struct zoneinfo *zi, unsigned hpage_order,
	    unsigned proactiveness, long kver, struct kcompactd *k, size_t nmax);

/*
 * Set *LOW and *HIGH to fragmentation_score_wmark() for PROACTIVENESS
 * under the rules of release KVER (-1: newest).
 */
void	kcompactd_score_wmark(long kver, unsigned proactiveness, unsigned *low,
	    unsigned *high);

/*
 * Returns fragmentation_score_wmark()'s high mark for the low mark LOW
 * under the rules of release KVER (-1: newest): LOW + 10 (since 6.16
 * LOW + min(10, LOW / 2)), at most 100.
 */
unsigned	kcompactd_high_mark(long kver, unsigned low);

/*
 * Set the state of each of the N nodes of K: none where proactive
 * compaction does not EXIST (before 5.9), off at PROACTIVENESS 0, else
 * working or idle as K's proactive says.
 */
void	kcompactd_states(struct kcompactd *k, size_t n, bool exists,
	    unsigned proactiveness);

/*
 * Returns the machine's kcompactd state over ADV's nodes: working when one
 * node works (none and off hold for every node alike); none without nodes.
 */
enum kcompactd_state kcompactd_machine(const struct advice *adv);

/*
 * Returns what two reads of vmstat, A then B, say of kcompactd: moved when
 * one of its counters (compact_daemon_migrate_scanned, _free_scanned:
 * 4.20+; compact_daemon_wake: 4.6+) rose, still when those in both did
 * not, unseen when no counter of it is in both (or either is NULL).
 */
enum kcompactd_seen kcompactd_seen(const struct vmstat *a,
	    const struct vmstat *b);

/*
 * Fill K's blocks_* for its node: pgdat_balanced() under vm.defrag_mode
 * at the pageblock order PB, which kswapd is woken with (wake_all_kswapds(),
 * 101f9d666e4d). For each zone the allocation may use it asks
 * __zone_watermark_ok(zone, PB, high, highest_zoneidx, 0,
 * nr_free_pages_blocks) (a211c6550efc, with 6.15's "fix kswapd exit
 * condition in defrag_mode": pages in whole blocks only while the order is
 * not 0): the free pages in whole pageblocks, less 2^PB - 1, the free
 * highatomic pages and, without ALLOC_CMA, the free CMA pages, above high
 * + lowmem_reserve[highest_zoneidx], and a block of PB or more on an
 * Unmovable, Movable or Reclaimable list. The node is balanced as soon as
 * one zone passes; kcompactd's __compact_finished() asks the same, so it
 * stops there too. The promo watermark of memory tiering is not modelled.
 */
void	kcompactd_blocks(const struct advise_in *in, unsigned pb,
	    struct kcompactd *k);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* advice.h - what the kernel would decide, per zone and order, and the advice of one run */
#ifndef FRAGSTAT_ADVICE_H
#define FRAGSTAT_ADVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"

enum advise_gfp { ADVISE_MOVABLE, ADVISE_KERNEL };

/*
 * vm.extfrag_threshold's upper bound: the kernel's max_extfrag_threshold
 * (kernel/sysctl.c, mm/compaction.c since 6.2), so --threshold and the
 * sysctl as read take 0..1000. Here, not beside ADVISE_THRESHOLD in
 * kernel/advise.h, because io/inputs.c checks the sysctl against it. --help
 * prints the text.
 */
#define ADVISE_THRESHOLD_MAX		1000
#define ADVISE_THRESHOLD_MAX_TEXT	"1000"

/*
 * vm.compaction_proactiveness's upper bound: the kernel's sysctl takes
 * 0..100 (mm/compaction.c, extra2 SYSCTL_ONE_HUNDRED), so the sysctl as
 * read does too.
 */
#define ADVISE_PROACTIVENESS_MAX	100

/*
 * What the kernel would do for one zone. A node or the machine takes the
 * best verdict of its zones, best first: ok, unknown (ok only if what is
 * missing allows it), compact, reclaim; a zone that is unusable (the
 * allocation may never take from it, or the lowmem reserve holds back all
 * its free memory) never counts. The values keep their old numbers; use
 * advise_rank() to compare.
 */
enum verdict {
	VERDICT_OK, VERDICT_COMPACT, VERDICT_RECLAIM,
	VERDICT_UNKNOWN, VERDICT_UNUSABLE,
	/*
	 * --need's answer only, never a zone's: a gigantic size whose
	 * regions unmovable pages keep from being emptied, though free
	 * memory would hold them (not reclaim: freeing memory does not
	 * move a slab page).
	 */
	VERDICT_PINNED,
	/*
	 * --need's answer only: more than all of the memory the kernel
	 * manages would hold free (the forecast's "short"): no freeing or
	 * compaction makes it.
	 */
	VERDICT_SHORT,
	VERDICT_NSTATES
};

/* The verdicts a zone's advice takes: those before VERDICT_PINNED (and VERDICT_SHORT). */
#define VERDICT_NADVICE	VERDICT_PINNED

enum reason {
	R_FREE_BLOCK,		/* ok: a block of the order is free */
	R_LOW_ORDER0,		/* reclaim: order-0 free below watermark + gap */
	R_INDEX_LOW,		/* reclaim: 0 <= fragindex <= threshold */
	R_INDEX_HIGH,		/* compact: fragindex > threshold */
	R_INDEX_NEGATIVE,	/* compact: fragindex < 0 (a single free block) */
	R_BLOCK_UNUSABLE,	/* compact: fragindex -1000, but the block may not be used */
	R_NOT_COSTLY,		/* compact: order <= 3, the index is not consulted */
	R_ZONE_TYPE,		/* unusable: gfp_zone() puts the zone above the allocation's highest */
	R_LOWMEM_RESERVE,	/* unusable: even managed pages <= lowmem_reserve + min watermark */
	R_RESERVE_UNKNOWN,	/* unknown: ok unless the lowmem reserve, unknown without zoneinfo, is larger */
	R_RESERVE_RECLAIM,	/* reclaim: free <= lowmem_reserve + min, but the zone could pass once freed */
};

/* What the kernel would decide for one zone and order. */
struct zadvice {
	size_t		 zone;		/* index into buddyinfo */
	unsigned	 order;
	enum verdict	 verdict;
	enum reason	 reason;
	int		 fragindex;	/* thousandths */
	bool		 index_used;	/* the rules consulted the index */
	bool		 have_wmark;	/* zoneinfo was available */
	uint64_t	 usable;	/* free pages the check may count */
	uint64_t	 need;		/* order-0 pages compaction needs (exclusive) */
	uint64_t	 wmark, reserve, gap;	/* wmark also for R_LOWMEM_RESERVE */
	uint64_t	 min;		/* the min watermark the allocation checks */
	/*
	 * The pages AFTER's watermark holds back: 2^order - 1 + CMA + min +
	 * reserve (advise_count()); the n-th allocation passes while the
	 * free pages less (n - 1) * 2^order stay above it.
	 */
	uint64_t	 hold;
	bool		 wmark_low;	/* compaction_suitable() asked low, not min */
	/*
	 * R_LOWMEM_RESERVE, R_RESERVE_RECLAIM: the most free pages the zone
	 * could ever count for the allocation (its managed pages, else
	 * present, less 2^order - 1), when zoneinfo says
	 */
	uint64_t	 managed;
	bool		 managed_known;
	/*
	 * vm.defrag_mode: a block of the order is free, but only where
	 * ALLOC_NOFRAGMENT forbids taking it (another migratetype's list
	 * below the pageblock order); the compaction rules then ran at
	 * rules_order, the pageblock order kswapd and kcompactd work for.
	 */
	bool		 nofragment;
	unsigned	 rules_order;	/* the order compaction_suitable() was asked */
	int		 own_free;	/* free block of the allocation's own type: -1 unknown */
	/*
	 * Where the inputs of the rules came from. free_known: usable starts
	 * from zoneinfo's "pages free" (NR_FREE_PAGES), else from the
	 * buddyinfo sum. lists_known: pagetypeinfo told which free lists hold
	 * the blocks of the order; else every block was taken as usable.
	 * reserve_known: reserve is zoneinfo's protection; else it is the
	 * least the default lowmem_reserve_ratio allows (ratio; 0: none)
	 * given the free pages of the higher zones in buddyinfo.
	 */
	bool		 free_known, lists_known, reserve_known;
	unsigned	 ratio;
	/*
	 * 1 when a free block of ORDER or more is on a free list the
	 * allocation may take from (pagetypeinfo), 0 when none is, -1 unknown
	 */
	int		 usable_block;
	/*
	 * How many allocations of the order would succeed one after another
	 * without compaction or reclaim (advise_zone()), and at most after
	 * compaction as free memory above the watermark allows. now_is_bound:
	 * an input was missing (zoneinfo, pagetypeinfo, a count printed as
	 * >N), so NOW is only an upper bound. 0 for a zone the allocation
	 * may never use. NOW_LEAST: the fewest NOW can be (NOW when exact;
	 * without pagetypeinfo, buddyinfo's blocks less the most the lists
	 * the allocation may not take could hold; 0 when not known).
	 */
	uint64_t	 now, after, now_least;
	bool		 now_is_bound;
};

/* Everything the rules read. Optional inputs may be NULL. */
struct advise_in {
	const struct buddyinfo		*bi;
	const struct frag		*frag;
	const struct zoneinfo		*zi;
	const struct pagetypeinfo	*pti;
	const long			*pti_zone;
	long				 kver;		/* text_kver(), -1: newest rules */
	int				 threshold;	/* vm.extfrag_threshold */
	enum advise_gfp			 gfp;
	/*
	 * vm.defrag_mode as read (-1: not read); its rules apply only when
	 * 1 under 6.15+ rules (advise_defrag_rules())
	 */
	int				 defrag_mode;
};

/*
 * What kcompactd does on its own on a node: nothing before 5.9, nothing
 * with vm.compaction_proactiveness 0, else compacts while the score is
 * above its high mark (working) or waits (idle).
 */
enum kcompactd_state {
	KCOMPACTD_NONE, KCOMPACTD_OFF, KCOMPACTD_WORKING, KCOMPACTD_IDLE
};

/*
 * kcompactd as two reads of /proc/vmstat saw it: not seen (one snapshot,
 * or a kernel without its counters), its counters moved between them, or
 * they stood still (kcompactd_seen()).
 */
enum kcompactd_seen { KCOMPACTD_UNSEEN, KCOMPACTD_MOVED, KCOMPACTD_STILL };

/* The proactive compaction state of one node (mm/compaction.c, 5.9+). */
struct kcompactd {
	unsigned	 node;
	uint64_t	 score;		/* fragmentation_score_node() */
	unsigned	 low, high;	/* fragmentation_score_wmark() */
	bool		 proactive;	/* kcompactd would start proactive compaction */
	enum kcompactd_state state;	/* kcompactd_states() */
	/*
	 * vm.defrag_mode: pgdat_balanced() at the pageblock order, the high
	 * watermark met in whole free pageblocks (nr_free_pages_blocks):
	 * 1 balanced, 0 not, -1 unknown (a zone without nr_free_pages_blocks).
	 * blocks_zone is the zone that passed, or the one nearest to.
	 */
	int		 blocks_balanced;
	uint64_t	 blocks_free, blocks_need;	/* pages; passes when free > need */
	char		 blocks_zone[FRAG_NAME_SIZE];
};

/* Memory pressure urgency from PSI, thresholds in hundredths of a percent. */
enum urgency { URGENCY_UNKNOWN, URGENCY_CALM, URGENCY_ELEVATED, URGENCY_SEVERE };

/* The advice of one run, as the renderers show it. */
struct advice {
	enum advise_gfp		 gfp;
	int			 threshold;
	const char		*threshold_from;	/* "option", "sysctl", "default" */
	long			 kver;
	unsigned		 orders[FRAG_MAX_ORDERS];
	size_t			 norders;
	const char		*orders_from;		/* "option", "pageblock and THP", "default" */
	struct zadvice		*zones;		/* per eligible zone, per order */
	size_t			 nzones;
	enum verdict		*best;		/* advise_tally(): by node and order */
	struct kcompactd	*kc;		/* NULL without zoneinfo */
	size_t			 nkc;
	unsigned		 proactiveness, hpage_order;
	bool			 proactive_exists;	/* kernel 5.9+ (or unknown) */
	enum urgency		 urgency;
	uint32_t		 psi_some, psi_full;	/* thresholds, hundredths */
	/*
	 * What kcompactd's counters did between two reads of vmstat SEEN_MS
	 * apart (the live summary reads it again before it prints);
	 * KCOMPACTD_UNSEEN for a snapshot: its state is then inferred.
	 */
	enum kcompactd_seen	 seen;
	uint64_t		 seen_ms;
	/*
	 * Where the release whose rules apply came from: "option", "osrelease",
	 * "host", "inferred" (kver_text says from what, kver holds the rules
	 * used) or "assumed" (newest rules).
	 */
	const char		*kver_from;
	char			 kver_text[96];
	unsigned		 assumed;	/* ADVISE_ASSUMED_* */
	/*
	 * vm.defrag_mode as read (-1: not read) and whether its rules applied
	 * (set, under 6.15+ rules); the pageblock order they work at.
	 */
	int			 defrag_mode;
	bool			 defrag_rules;
	unsigned		 pageblock_order;
};

/* What advise_build() had to assume, for render_advice_assumed(). */
enum {
	ADVISE_ASSUMED_FREE = 1 << 0,	 /* no zoneinfo: buddyinfo for NR_FREE_PAGES, watermarks 0 */
	ADVISE_ASSUMED_RESERVE = 1 << 1, /* no zoneinfo: lowmem reserve at least the default ratio's */
	ADVISE_ASSUMED_LISTS = 1 << 2,	 /* no pagetypeinfo: every free block on a usable list */
	ADVISE_ASSUMED_KVER = 1 << 3,	 /* release not known: kver_text */
	ADVISE_ASSUMED_DEFRAG = 1 << 4,	 /* 6.15+ without vm.defrag_mode: 0, its default */
};

/* Returns the index of ORDER among ADV's orders, or -1 (ADV NULL: no advice). */
long	advice_order_index(const struct advice *adv, unsigned order);

/*
 * Returns the index of ORDER among the N ORDERS, or -1: the one lookup,
 * also for a list of orders still being built (orders_parse()).
 */
long	advice_order_find(const unsigned *orders, size_t n, unsigned order);

/* Free what ADV holds (advise_build(), advise_tally()). */
void	advise_free(struct advice *adv);

#endif

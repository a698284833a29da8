/* SPDX-License-Identifier: GPL-2.0-or-later */
/* advise.h - compact, reclaim or nothing: the kernel's own rules, per zone and order */
#ifndef FRAGSTAT_ADVISE_H
#define FRAGSTAT_ADVISE_H

#include "frag.h"
#include "model.h"

/* Defaults of vm.extfrag_threshold and vm.compaction_proactiveness. */
#define ADVISE_THRESHOLD	500
#define ADVISE_PROACTIVENESS	20
/* PAGE_ALLOC_COSTLY_ORDER: orders above it are "costly". */
#define ADVISE_COSTLY_ORDER	3

enum advise_gfp { ADVISE_MOVABLE, ADVISE_KERNEL };

/*
 * Returns A + B, or UINT64_MAX when that does not fit: watermarks,
 * reserves and counts come from files, and a sum that wrapped would turn
 * "far too little" into "plenty".
 */
uint64_t advise_sat_add(uint64_t a, uint64_t b);

/* Returns N blocks of 2^K pages in pages, or UINT64_MAX beyond 64 bits. */
uint64_t advise_sat_pages(uint64_t n, unsigned k);

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
	VERDICT_NSTATES
};

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
	 * may never use.
	 */
	uint64_t	 now, after;
	bool		 now_is_bound;
};

/* Everything the rules read. Optional inputs may be NULL. */
struct advise_in {
	const struct buddyinfo		*bi;
	const struct frag		*frag;
	const struct zoneinfo		*zi;
	const struct pagetypeinfo	*pti;
	const long			*pti_zone;
	long				 kver;		/* kver_parse(), -1: newest rules */
	int				 threshold;	/* vm.extfrag_threshold */
	enum advise_gfp			 gfp;
	/*
	 * vm.defrag_mode as read (-1: not read); its rules apply only when
	 * 1 under 6.15+ rules (advise_defrag_rules())
	 */
	int				 defrag_mode;
};

/* Returns whether IN's allocation follows vm.defrag_mode's rules (6.15+, set to 1). */
bool	advise_defrag_rules(const struct advise_in *in);

/*
 * Decide for zone Z of IN->bi and ORDER into *A. Returns false when an
 * allocation of IN->gfp may not use the zone at all (kernel allocations
 * never use Movable or HighMem); *A then says VERDICT_UNUSABLE, R_ZONE_TYPE.
 */
bool	advise_zone(const struct advise_in *in, size_t z, unsigned order,
	    struct zadvice *a);

/* The proactive compaction state of one node (mm/compaction.c, 5.9+). */
struct kcompactd {
	unsigned	 node;
	uint64_t	 score;		/* fragmentation_score_node() */
	unsigned	 low, high;	/* fragmentation_score_wmark() */
	bool		 proactive;	/* kcompactd would start proactive compaction */
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
void	advise_score_wmark(long kver, unsigned proactiveness, unsigned *low,
	    unsigned *high);

/* Memory pressure urgency from PSI, thresholds in hundredths of a percent. */
enum urgency { URGENCY_UNKNOWN, URGENCY_CALM, URGENCY_ELEVATED, URGENCY_SEVERE };

/* Returns the urgency for P (NULL: unknown): full avg10 >= FULL is severe, some avg10 >= SOME elevated. */
enum urgency advise_urgency(const struct psi *p, uint32_t some, uint32_t full);

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

/* What advise_build() had to assume, for advice_assumed(). */
enum {
	ADVISE_ASSUMED_FREE = 1 << 0,	 /* no zoneinfo: buddyinfo for NR_FREE_PAGES, watermarks 0 */
	ADVISE_ASSUMED_RESERVE = 1 << 1, /* no zoneinfo: lowmem reserve at least the default ratio's */
	ADVISE_ASSUMED_LISTS = 1 << 2,	 /* no pagetypeinfo: every free block on a usable list */
	ADVISE_ASSUMED_KVER = 1 << 3,	 /* release not known: kver_text */
	ADVISE_ASSUMED_DEFRAG = 1 << 4,	 /* 6.15+ without vm.defrag_mode: 0, its default */
};

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
void	advise_free(struct advice *adv);

/* Returns "ok", "compact", "reclaim", "unknown" or "unusable": JSON and metrics. */
const char *advise_verdict_name(enum verdict v);

/* Returns the word the human views use for V: the name, "not used" for unusable. */
const char *advise_verdict_word(enum verdict v);

/* Returns "unknown", "calm", "elevated" or "severe". */
const char *advise_urgency_name(enum urgency u);

/* Returns the index of migratetype NAME in P, or -1. */
int	advise_type_of(const struct pagetypeinfo *p, const char *name);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* recording.h - the summary of a recording, over its samples */
#ifndef FRAGSTAT_RECORDING_H
#define FRAGSTAT_RECORDING_H

#include <stdbool.h>
#include <stdint.h>

#include "events.h"
#include "judgement.h"

/*
 * The longest command line a recording's metadata keeps, quoted, and its
 * "argv" line (the arguments as JSON: at least as long as their bytes).
 */
#define EXPERIMENT_MAX_COMMAND	4096
#define EXPERIMENT_MAX_ARGV	8192
#include "model.h"
#include "thpoutcome.h"

/*
 * Intervals with a kcompactd wakeup, in a window where fragmentation never
 * fell below where it began, that make "again and again".
 */
#define FUTILE_INTERVALS	3

/*
 * The samples seen so far. The window opens at the first interval in
 * which compact_daemon_wake rose and closes when fragmentation falls below
 * where it stood when the window opened (kcompactd achieved something),
 * after FUTILE_INTERVALS intervals without a wakeup (it stopped), or when
 * the counter cannot be followed.
 */
struct futile {
	bool		 have_prev;
	uint64_t	 prev_wake;
	uint32_t	 prev_frag;
	uint32_t	 start_frag, last_frag;	/* thousandths */
	unsigned long	 woke;		/* intervals of the window with a wakeup */
	unsigned long	 intervals;	/* intervals of the window */
	unsigned long	 quiet;		/* intervals since the last wakeup */
	uint64_t	 wakes;		/* wakeups in the window */
};

/*
 * One sample's compact_daemon_wake (HAVE false: not recorded) against its
 * free pages and the pages of its whole free pageblocks: what
 * futile_replay() folds into a recording's futile window.
 */
struct rwake {
	uint64_t	 wake, free, blocks;
	bool		 have;
};

/*
 * The most zones and orders a recording holds: what --record writes at
 * most (FRAG_MAX_NODES nodes of FRAG_MAX_NODE_ZONES zones, FRAG_MAX_ORDERS
 * orders). Arrays are sized from the recording itself, never to these.
 */
#define REPLAY_MAX_ZONES	((size_t)FRAG_MAX_NODES * FRAG_MAX_NODE_ZONES)
#define REPLAY_MAX_ORDERS	FRAG_MAX_ORDERS
/*
 * The most samples kept one by one (two days at 1 s), of zones in all
 * samples, of their indices (two a recorded order: 44 MB), of pairs.
 */
#define REPLAY_MAX_SAMPLES	172800
#define REPLAY_MAX_POINTS	(8UL * REPLAY_MAX_SAMPLES)
#define REPLAY_MAX_CELLS	(16UL * REPLAY_MAX_POINTS)
#define REPLAY_MAX_PAIRS	64
/* An index a sample does not give (null). */
#define REPLAY_NONE		INT16_MIN

/* First, last, least and most of one index over the run (thousandths). */
struct rindex {
	long long	 first, last, min, max;
	bool		 seen;
};

struct rzone {
	unsigned	 node;
	char		 name[FRAG_NAME_SIZE];
	unsigned long	 samples;	/* that showed this zone */
	uint64_t	 free_first, free_last, pb_first, pb_last;
	/* One per recorded order (replay.norders), in one allocation. */
	struct rindex	*unusable, *fragindex;
	struct rindex	*now;		/* allocations free now */
	bool		*now_bound;	/* some sample's is a bound */
	/* The zone's first and last point in replay.series (UINT32_MAX: none). */
	uint32_t	 first_point, last_point;
};

/* Compaction runs that ended at one order (-1: a whole zone). */
struct rorder {
	int		 order;
	uint64_t	 attempts, ended;
	uint64_t	 outcome[EV_NOUTCOMES];	/* the runs ended, by outcome */
};

/*
 * One zone in one sample, as --watch --json printed it; its indices are
 * in rseries.ix (replay_point_indices()).
 */
struct rpoint {
	uint64_t	 free_pages, free_pageblocks;
	uint32_t	 sample;
	uint32_t	 next;		/* the zone's next point, or UINT32_MAX */
	uint16_t	 zone;		/* into replay.zones */
};

/* One sample's machine-wide values; shares and averages in hundredths of a percent. */
struct rsample {
	char		 time[32];
	uint32_t	 avg10[2], stall[2];	/* some, full */
	bool		 has_avg10[2], has_stall[2];
	bool		 has_events;
	uint64_t	 extfrag, fragmenting, runs;
};

/* A migratetype pair of extfrag events: ALLOC took a block of FALLBACK. */
struct rpair {
	char		 alloc[24], fallback[24];
	uint64_t	 fragmenting, other;	/* over the run */
};

/* What an rcount counts. */
enum rcount_kind { RC_PAIR, RC_COMPACTION, RC_THP };

/*
 * Counts of one sample, by its kind: an extfrag pair's, a compaction
 * order's (which of its runs ended well is kernel/evcount.c's ev_well()),
 * or a THP size and kind's.
 */
struct rcount {
	uint32_t	 sample;
	/* Index into replay.pairs, the order (-1: a zone), or into replay.outcomes. */
	int16_t		 key;
	enum rcount_kind kind;
	union {
		struct {	/* RC_PAIR */
			uint64_t fragmenting, other;
		} pair;
		struct {	/* RC_COMPACTION; attempts null: 0 */
			uint64_t attempts, ended;
			uint64_t success, complete;	/* of the runs ended */
		} runs;
		struct {	/* RC_THP */
			uint64_t alloc, fallback, fallback_charge;
		} thp;
	};
};

/* The run sample by sample, kept when replay_read() is asked to. */
struct rseries {
	struct rsample	*s;	/* replay.nsamples of them */
	struct rpoint	*p;
	size_t		 np, pcap, scap;
	/* Point I's unusable indices at 2 * I * norders, then its fragmentation indices. */
	int16_t		*ix;
	size_t		 ixcap;
	struct rcount	*c;
	size_t		 nc, ccap;
	struct rpair	 pairs[REPLAY_MAX_PAIRS];
	size_t		 npairs;
};

/* The stalls of one kind over the run, and its worst sample. */
struct rstall {
	bool		 seen;		/* recorded (not null) in some sample */
	uint64_t	 count, total_us, max_us;
	uint64_t	 worst_us;	/* the most stall time in one sample */
	char		 worst_time[32];
};

/* What THP allocations of one size and kind got over a recording. */
struct routcome {
	uint64_t	 size_kb;
	int		 order;
	enum outcome_kind kind;
	/* Summed over the intervals; d.have_charge: every one counted it. */
	struct outcome	 d;
	/* The interval where the largest share fell back, if any fell back. */
	uint64_t	 worst_alloc, worst_fallback;
	char		 worst_time[32];	/* "" when none fell back */
};

#define REPLAY_MAX_OUTCOMES	((size_t)2 * THP_MAX_SIZES)

/* A /proc/vmstat counter at the first and the last sample that had it. */
struct rcounter {
	char		 name[48];
	uint64_t	 first, last;
};

#define REPLAY_MAX_COUNTERS	64

/*
 * The judgement of a recording's end: the machine at ORDER in its last/
 * capture, as the summary judges it (--compare of recordings; KNOWN false
 * where last/ could not be judged).
 */
struct replay_end {
	bool		 known;
	unsigned	 order;
	enum judgement	 judgement;
	uint64_t	 now, after;
	bool		 now_is_bound;	/* NOW is an upper bound */
};

struct replay {
	char		 host[HOST_NAME_SIZE], release[KVER_MAX_LEN + 1];
	struct replay_end end;		/* run/ fills it for --compare */
	char		 start[32], first[32], last[32];
	unsigned long	 page_size;
	unsigned	 interval_ms, pageblock_order;
	bool		 events;		/* recorded with --events */
	/* A command's run (fragstat --record DIR -- COMMAND): "" when none. */
	char		 command[EXPERIMENT_MAX_COMMAND];
	/* Its arguments exact, each ended by a NUL ("argv"; none before it). */
	char		 args[EXPERIMENT_MAX_ARGV];
	size_t		 args_len;
	bool		 has_args;
	int		 exit_status;		/* -1: not written (a crash) */
	int		 signal;		/* the signal that killed it, or 0 */
	uint64_t	 wall_ms;
	bool		 has_wall;
	unsigned long	 nsamples;
	bool		 truncated;		/* a last line cut short was ignored */
	unsigned	 orders[REPLAY_MAX_ORDERS];
	size_t		 norders;
	signed char	 order_index[REPLAY_MAX_ORDERS];	/* into orders, or -1 */
	struct rzone	*zones;		/* grown as samples show them */
	size_t		 nzones, zcap;
	uint32_t	*zhash;		/* zone index + 1 by node and name; 0: free */
	size_t		 zhcap;
	/* Events: totals, and the most in one sample. */
	uint64_t	 extfrag, fragmenting, claimed, peak;
	uint64_t	 captured;
	bool		 claimed_unknown;	/* a sample could not tell */
	bool		 captured_unknown;	/* a sample could not tell */
	char		 peak_time[32];
	uint64_t	 runs, lost;
	struct rorder	 by_order[FRAG_MAX_ORDERS + 1];
	size_t		 nby_order;
	/* Allocations: recorded by this fragstat (alloc not null), by order. */
	bool		 has_alloc, alloc_flags;	/* flags: the split known */
	unsigned	 alloc_min_order;
	/* As a sample counts them; alloc_names.type[] names their types. */
	struct ev_alloc	 alloc[FRAG_MAX_ORDERS];
	struct ev_names	 alloc_names;
	uint64_t	 alloc_worst;		/* most failures in one sample */
	char		 alloc_worst_time[32];
	struct rstall	 stalls[EV_NSTALLS];
	struct rseries	*series;	/* NULL unless asked for */
	/* kcompactd's wakeups against the machine's free pages and pageblocks, sample by sample. */
	struct futile	 futile;		/* futile_replay() */
	uint64_t	 sample_free, sample_blocks;
	struct rwake	*wakes;		/* one per sample */
	size_t		 nwakes, wcap;
	/* The samples' outcomes_interval, by THP size and kind. */
	struct routcome	 outcomes[REPLAY_MAX_OUTCOMES];
	size_t		 noutcomes;
	/* The samples' "counters" and "outcomes"."vmstat", first and last. */
	struct rcounter	 counters[REPLAY_MAX_COUNTERS];
	size_t		 ncounters;
};

/* Returns counter NAME of R (its first and last value), or NULL. */
const struct rcounter *replay_counter(const struct replay *r,
	    const char *name);

/* Returns the zone NODE, NAME of R, or NULL. */
const struct rzone *replay_zone(const struct replay *r, unsigned node,
	    const char *name);

/* Returns the REPLAY_NONE-padded unusable indices of point P of R, then its fragmentation indices (R->norders each). */
const int16_t *replay_point_indices(const struct replay *r,
	    const struct rpoint *p);

/* Returns the index of ORDER among R's recorded orders, or -1. */
long	replay_order_index(const struct replay *r, unsigned order);

/*
 * Returns the slot of zone NODE, NAME (N bytes) in R's hash: its own, or
 * the free one it would take.
 */
size_t	replay_zone_slot(const struct replay *r, uint64_t node,
	    const char *name, size_t n);

/* Returns 0 with A added to *SUM, or -1 when it overflows. */
int	replay_sum_add(uint64_t *sum, uint64_t a);

/* Free what R holds: its zones, and its series when kept. */
void	replay_free(struct replay *r);

/* Free zone Z's indices (not Z). */
void	replay_zone_free(struct rzone *z);

/* Returns the hash of zone NODE, NAME (N bytes) in R's hash table (hashtab.h). */
uint64_t	replay_zone_hash(uint64_t node, const char *name, size_t n);

#endif

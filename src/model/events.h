/* SPDX-License-Identifier: GPL-2.0-or-later */
/* events.h - the kernel's fragmentation and compaction events, counted between samples */
#ifndef FRAGSTAT_EVENTS_H
#define FRAGSTAT_EVENTS_H

#include <stdbool.h>
#include <stdint.h>

#include "model.h"

/* The tracepoints fragstat follows; ev_event_name() gives "system:event". */
enum ev_kind {
	EV_EXTFRAG,		/* kmem:mm_page_alloc_extfrag */
	EV_BEGIN,		/* compaction:mm_compaction_begin */
	EV_END,			/* compaction:mm_compaction_end */
	EV_TRY,			/* compaction:mm_compaction_try_to_compact_pages */
	EV_SUITABLE,		/* compaction:mm_compaction_suitable */
	EV_FINISHED,		/* compaction:mm_compaction_finished */
	EV_DEFERRED,		/* compaction:mm_compaction_deferred */
	EV_DEFER_COMPACTION,	/* compaction:mm_compaction_defer_compaction */
	EV_DEFER_RESET,		/* compaction:mm_compaction_defer_reset */
	EV_KCOMPACTD_WAKE,	/* compaction:mm_compaction_kcompactd_wake */
	EV_ALLOC,		/* kmem:mm_page_alloc, filtered on the order */
	EV_RECLAIM_BEGIN,	/* vmscan:mm_vmscan_direct_reclaim_begin */
	EV_RECLAIM_END,		/* vmscan:mm_vmscan_direct_reclaim_end */
	EV_NKINDS
};

/* Bounds of the values an event carries that index the counts. */
#define EV_MAX_STATUS	16	/* enum compact_result has 9 (6.18) to 11 values */
#define EV_NORDERS	(FRAG_MAX_ORDERS + 1)	/* order -1 (whole zone) and up */

/* One event as the kernel recorded it, decoded; fields the kind lacks are -1. */
struct ev_record {
	enum ev_kind	 kind;
	int		 pid;		/* common_pid: whose compaction run */
	int		 node, zone;	/* zone: the kernel's enum zone_type */
	int		 order;		/* alloc_order for extfrag */
	int		 fallback_order;
	int		 alloc_type, fallback_type;	/* enum migratetype */
	int		 change_ownership;	/* -1: not in this kernel's event */
	int		 status;	/* enum compact_result (ret, status) */
	int		 migratetype;	/* mm_page_alloc: of the request */
	int64_t		 pfn;		/* mm_page_alloc: -1 when it failed */
	uint64_t	 gfp;		/* mm_page_alloc: gfp_flags */
	uint64_t	 ts;		/* nanoseconds, the instance's clock (mono) */
};

/* What the values of the events are called on the kernel that sent them. */
struct ev_names {
	char		 status[EV_MAX_STATUS][FRAG_NAME_SIZE];	/* "" unknown */
	char		 zone[FRAG_MAX_NODE_ZONES][FRAG_NAME_SIZE];
	char		 type[FRAG_MAX_TYPES][FRAG_NAME_SIZE];	/* as pagetypeinfo */
	unsigned	 ntypes;
	unsigned	 pageblock_order;	/* fragmenting: fallback order below it */
	bool		 have[EV_NKINDS];	/* per ev_kind: enabled */
	bool		 have_claimed;	/* the event has change_ownership */
	/*
	 * The gfp bits of this kernel, from mm_page_alloc's __print_flags()
	 * (they moved between releases); have_gfp: all three were found.
	 */
	uint64_t	 gfp_direct_reclaim, gfp_noretry, gfp_nowarn;
	bool		 have_gfp;
	unsigned	 alloc_min_order;	/* the filter: order >= this */
};

/* High-order allocations of one order: mm_page_alloc, pfn -1 when failed. */
struct ev_alloc {
	uint64_t	 succeeded, failed;
	uint64_t	 type_succeeded[FRAG_MAX_TYPES], type_failed[FRAG_MAX_TYPES];
	/* __GFP_NORETRY or __GFP_NOWARN: the caller has a fallback. */
	uint64_t	 opportunistic_failed;
	uint64_t	 could_wait_failed;	/* __GFP_DIRECT_RECLAIM */
};

/* Whose stall a begin/end pair was. */
enum ev_stall_kind {
	EV_STALL_COMPACTION,	/* direct: after try_to_compact_pages */
	EV_STALL_KCOMPACTD,	/* a run of kcompactd (woken or proactive) */
	EV_STALL_MANUAL,	/* any other task: compact_memory, nodeN/compact */
	EV_STALL_RECLAIM,	/* direct reclaim */
	EV_NSTALLS
};

/* Histogram buckets: [1, 2) us (and below), [2, 4), ..., the last open. */
#define EV_HIST		32

/* The stalls of one kind over an interval. */
struct ev_stall {
	uint64_t	 count, total_ns, max_ns;
	uint64_t	 hist[EV_HIST];
	uint64_t	 order_count[EV_NORDERS], order_ns[EV_NORDERS];	/* order + 1 */
};

/* The kernel's TASK_COMM_LEN: a task's name, 15 bytes and the NUL. */
#define EV_COMM_LEN	16

/* One task's stalls of one kind over an interval. */
struct ev_staller {
	enum ev_stall_kind kind;
	int		 pid;
	char		 comm[EV_COMM_LEN];
	uint64_t	 count, total_ns;
};

/* The suitable and finished outcomes of one zone at one order. */
struct ev_zone {
	int		 node, zone, order;
	uint64_t	 suitable[EV_MAX_STATUS];
	uint64_t	 finished[EV_MAX_STATUS];
};

/* Everything counted over one interval. */
struct ev_counts {
	uint64_t	 n[EV_NKINDS];		/* events of each kind */
	uint64_t	 fragmenting, claimed;	/* of the extfrag events */
	/*
	 * Of the extfrag events, those compaction_capture() fired (6.15+,
	 * f46012c0ec9f): counted in the rest too, as a captured page of
	 * another type mixes its block as a fallback does.
	 */
	uint64_t	 captured;
	/* extfrag events by alloc type, fallback type, fallback order */
	uint64_t	 pairs[FRAG_MAX_TYPES][FRAG_MAX_TYPES][FRAG_MAX_ORDERS];
	uint64_t	 attempts[EV_NORDERS];	/* try_to_compact_pages, by order + 1 */
	uint64_t	 outcomes[EV_NORDERS][EV_MAX_STATUS];	/* end, by order + 1 */
	uint64_t	 ends[EV_MAX_STATUS];	/* end, every run (order known or not) */
	struct ev_zone	*zones;		/* in the order first seen */
	size_t		 nzones, zones_cap;
	struct ev_alloc	 alloc[FRAG_MAX_ORDERS];
	struct ev_stall	 stalls[EV_NSTALLS];
	struct ev_staller *stallers;	/* in the order first seen */
	size_t		 nstallers, stallers_cap;
	/*
	 * Direct reclaims and compaction runs that began (their begin event
	 * settled) in a task that is not kcompactd: --trigger stall.
	 */
	uint64_t	 stall_begins;
	uint64_t	 lost;		/* events the kernel dropped (overruns) */
	uint64_t	 out_of_range;	/* events counted in n[] only */
};

#define EV_MAX_TASKS	64
#define EV_MAX_OPEN	256
#define EV_MAX_PEND	(1UL << 22)	/* begin/end events held for pairing */

/*
 * A begin, end or try_to_compact_pages event, or an extfrag event that may
 * be a compaction capture, waiting for ev_settle().
 */
struct ev_pend {
	uint64_t	 ts, seq;	/* seq: arrival, for equal times */
	enum ev_kind	 kind;
	int		 pid, order;	/* order: extfrag's alloc_order */
};

/* A task's open compaction run and direct reclaim, in time order. */
struct ev_open {
	int		 pid;
	char		 comm[EV_COMM_LEN];
	bool		 direct;	/* it called try_to_compact_pages */
	int		 compact_order;	/* of that call */
	bool		 compacting, reclaiming;
	uint64_t	 compact_begin, reclaim_begin;
	int		 reclaim_order;
};

/*
 * Copies into COMM (16 bytes) the name of task PID: "<...>", as the
 * kernel's trace shows it, when unknown. ARG is the caller's.
 */
typedef void	(*ev_comm_fn)(void *arg, int pid, char *comm);

/*
 * What outlives an interval: the order of each task's compaction run, as
 * mm_compaction_end does not carry it (the run's suitable, finished,
 * try_to_compact_pages or kcompactd_wake events before it do).
 */
struct ev_tasks {
	int		 pid[EV_MAX_TASKS];
	int		 order[EV_MAX_TASKS];
	unsigned	 n, next;
	/*
	 * The begin/end events waiting to be paired: the buffers of the CPUs
	 * are read one after the other, so a task that moved to another CPU
	 * may come end first. ev_settle() pairs them in time order.
	 */
	struct ev_pend	*pend;
	size_t		 npend, pend_cap;
	uint64_t	 seq;
	struct ev_open	*open;		/* per task, EV_MAX_OPEN of them */
	unsigned	 nopen, next_open;
};

/* Returns "system:event" of kind K. */
const char	*ev_event_name(enum ev_kind k);

/* Returns whether an event of kind K must exist for --events to work. */
bool		 ev_required(enum ev_kind k);

/* Set C to zero counts, keeping its zone array for reuse. */
void		 ev_reset(struct ev_counts *c);
void		 ev_free(struct ev_counts *c);

/*
 * Returns the counts of zone (NODE, ZONE) at ORDER in C, added when new;
 * NULL when out of memory.
 */
struct ev_zone	*ev_zone_of(struct ev_counts *c, int node, int zone, int order);

/*
 * Returns task PID's (named COMM) stalls of kind K in C, added when new;
 * NULL when out of memory.
 */
struct ev_staller *ev_staller_of(struct ev_counts *c, enum ev_stall_kind k,
		    int pid, const char *comm);

/*
 * How events are counted (kernel/evcount.c's ev_count_rules): io/ decodes
 * them, kernel/ counts them, run/ hands the rules to the reader. ADD
 * counts record R into C, the run orders in T; SETTLE pairs the begin and
 * end events of T older than CUT. Both return 0, or -1 when out of memory.
 */
struct ev_rules {
	int	(*add)(struct ev_counts *c, struct ev_tasks *t,
		    const struct ev_record *r, const struct ev_names *nm);
	int	(*settle)(struct ev_counts *c, struct ev_tasks *t, uint64_t cut,
		    ev_comm_fn comm, void *arg);
};

/* Free what T holds. */
void		 ev_tasks_free(struct ev_tasks *t);

/* Returns "compaction", "kcompactd", "manual_compaction" or "reclaim". */
const char	*ev_stall_name(enum ev_stall_kind k);

/* High-order allocations summed over their orders. */
struct ev_alloc_total {
	uint64_t	 succeeded, failed;
	uint64_t	 opportunistic_failed, could_wait_failed;
};

/* A fallback pair of extfrag events {alloc, fallback, order} and its count. */
struct ev_pair {
	int		 alloc, fallback, fallback_order;
	uint64_t	 count;
};

/* Returns BUF holding the name of migratetype T ("Movable", else "type T"). */
const char	*ev_type_name(char *buf, size_t size, const struct ev_names *nm,
		    int t);

/*
 * What a compaction run's end status (mm_compaction_end, enum
 * compact_result in include/linux/compaction.h) means for the run.
 */
enum ev_outcome {
	EV_SUCCESS,	/* success: a free page of the order was made */
	EV_COMPLETE,	/* complete, partial_skipped: the scanners met */
	EV_GAVE_UP,	/* no_suitable_page, contended */
	EV_NOT_RUN,	/* skipped, deferred, not_suitable_zone */
	EV_OTHER,	/* continue, or a status this fragstat does not know */
	EV_NOUTCOMES
};

/* Returns the outcome of the status named NAME (N bytes). */
enum ev_outcome	 ev_outcome_of(const char *name, size_t n);

/* Returns "success", "complete", "gave_up", "not_run" or "other". */
const char	*ev_outcome_name(enum ev_outcome o);

/* Returns BUF holding the name of status S ("success", else its number). */
const char	*ev_status_name(char *buf, size_t size, const struct ev_names *nm,
		    int s);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check_events.c - counting the kernel's events: made-up streams, then a captured one */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "buddyinfo.h"
#include "evcount.h"
#include "events.h"
#include "frag.h"
#include "jsonw.h"
#include "render_watch.h"
#include "testutil.h"
#include "thpoutcome.h"
#include "trace.h"
#include "trace_decode.h"
#include "watch.h"

/* The names of this machine's kernel (6.18, x86-64): pagetypeinfo and the formats. */
static void
names_618(struct ev_names *nm)
{
	static const char *const types[] = { "Unmovable", "Movable",
	    "Reclaimable", "HighAtomic", "Isolate" };
	static const char *const status[] = { "not_suitable_zone", "skipped",
	    "deferred", "no_suitable_page", "continue", "complete",
	    "partial_skipped", "contended", "success" };
	size_t i;

	memset(nm, 0, sizeof(*nm));
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		strcpy(nm->type[i], types[i]);
	nm->ntypes = (unsigned)i;
	for (i = 0; i < sizeof(status) / sizeof(status[0]); i++)
		strcpy(nm->status[i], status[i]);
	strcpy(nm->zone[0], "DMA");
	strcpy(nm->zone[1], "DMA32");
	strcpy(nm->zone[2], "Normal");
	nm->pageblock_order = 9;
	for (i = 0; i < EV_NKINDS; i++)
		nm->have[i] = true;
	nm->have_claimed = true;
}

/* Returns an event of kind K from task PID with every field unset. */
static struct ev_record
rec(enum ev_kind k, int pid)
{
	struct ev_record r;

	memset(&r, -1, sizeof(r));
	r.kind = k;
	r.pid = pid;
	return r;
}

/* An extfrag event: ALLOC fell back to FALLBACK's block of order FORDER. */
static struct ev_record
extfrag(int alloc, int fallback, int forder, int claimed)
{
	struct ev_record r = rec(EV_EXTFRAG, 1);

	r.order = 0;
	r.alloc_type = alloc;
	r.fallback_type = fallback;
	r.fallback_order = forder;
	r.change_ownership = claimed;
	return r;
}

/* A suitable or finished event of task PID: zone ZONE of node 0 at ORDER said STATUS. */
static struct ev_record
zone_ev(enum ev_kind k, int pid, int zone, int order, int status)
{
	struct ev_record r = rec(k, pid);

	r.node = 0;
	r.zone = zone;
	r.order = order;
	r.status = status;
	return r;
}

/* Count the N records R into C. */
static void
add_all(struct ev_counts *c, struct ev_tasks *t, const struct ev_record *r,
    size_t n, const struct ev_names *nm)
{
	size_t i;

	for (i = 0; i < n; i++)
		ck_assert_int_eq(ev_add(c, t, &r[i], nm), 0);
}

START_TEST(test_extfrag)
{
	struct ev_names nm;
	struct ev_counts c;
	struct ev_tasks t;
	struct ev_pair top[2];
	const struct ev_record r[] = {
		/* Below the pageblock order (9): the block now mixes types. */
		extfrag(0, 1, 3, 0), extfrag(0, 1, 3, 0), extfrag(0, 1, 3, 1),
		/* A whole block or more, claimed for the allocation's type. */
		extfrag(2, 1, 9, 1), extfrag(0, 1, 10, 1),
		extfrag(1, 0, 0, 0),
		/* A kernel without change_ownership: never claimed. */
		extfrag(1, 0, 0, -1),
	};

	names_618(&nm);
	memset(&c, 0, sizeof(c));
	memset(&t, 0, sizeof(t));
	add_all(&c, &t, r, sizeof(r) / sizeof(r[0]), &nm);
	ck_assert_uint_eq(c.n[EV_EXTFRAG], 7);
	ck_assert_uint_eq(c.fragmenting, 5);
	ck_assert_uint_eq(c.claimed, 3);
	ck_assert_uint_eq(c.pairs[0][1][3], 3);
	ck_assert_uint_eq(c.pairs[2][1][9], 1);
	ck_assert_uint_eq(c.pairs[1][0][0], 2);
	/* The biggest first; of equal counts, the first in type order. */
	ck_assert_uint_eq(ev_top_pairs(&c, top, 2), 2);
	ck_assert(top[0].alloc == 0 && top[0].fallback == 1 &&
	    top[0].fallback_order == 3 && top[0].count == 3);
	ck_assert(top[1].alloc == 1 && top[1].fallback == 0 &&
	    top[1].fallback_order == 0 && top[1].count == 2);
	ev_free(&c);
	ev_tasks_free(&t);
}
END_TEST

START_TEST(test_compaction_orders)
{
	struct ev_names nm;
	struct ev_counts c;
	struct ev_tasks t;
	struct ev_record r[] = {
		/* A direct compaction of task 10 at order 9, zone Normal... */
		rec(EV_TRY, 10),
		zone_ev(EV_SUITABLE, 10, 2, 9, 4),
		rec(EV_BEGIN, 10),
		/* ...interleaved with kcompactd (task 20) at order 2. */
		rec(EV_KCOMPACTD_WAKE, 20),
		zone_ev(EV_SUITABLE, 20, 1, 2, 4),
		rec(EV_BEGIN, 20),
		zone_ev(EV_FINISHED, 10, 2, 9, 4),
		zone_ev(EV_FINISHED, 20, 1, 2, 8),
		rec(EV_END, 20),
		zone_ev(EV_FINISHED, 10, 2, 9, 8),
		rec(EV_END, 10),
		/* A run whose start was before tracing: ends only. */
		rec(EV_END, 30),
		/* The whole zone (compact_memory): order -1. */
		rec(EV_BEGIN, 40),
		zone_ev(EV_FINISHED, 40, 0, -1, 5),
		rec(EV_END, 40),
		rec(EV_DEFERRED, 10),
		rec(EV_DEFER_COMPACTION, 10),
	};

	r[0].order = 9;
	r[3].order = 2;
	r[8].status = 8;
	r[10].status = 6;
	r[11].status = 1;
	r[14].status = 5;
	names_618(&nm);
	memset(&c, 0, sizeof(c));
	memset(&t, 0, sizeof(t));
	add_all(&c, &t, r, sizeof(r) / sizeof(r[0]), &nm);
	ck_assert_uint_eq(c.n[EV_BEGIN], 3);
	ck_assert_uint_eq(c.n[EV_KCOMPACTD_WAKE], 1);
	ck_assert_uint_eq(c.n[EV_DEFERRED], 1);
	ck_assert_uint_eq(c.n[EV_DEFER_COMPACTION], 1);
	ck_assert_uint_eq(c.attempts[9 + 1], 1);
	ck_assert_uint_eq(c.attempts[2 + 1], 0);
	ck_assert_uint_eq(c.outcomes[9 + 1][6], 1);
	ck_assert_uint_eq(c.outcomes[2 + 1][8], 1);
	ck_assert_uint_eq(c.outcomes[-1 + 1][5], 1);
	ck_assert_uint_eq(c.ends[1], 1);
	/* Zones in the order first seen, each with its own order. */
	ck_assert_uint_eq(c.nzones, 3);
	ck_assert(c.zones[0].zone == 2 && c.zones[0].order == 9 &&
	    c.zones[0].suitable[4] == 1 && c.zones[0].finished[4] == 1 &&
	    c.zones[0].finished[8] == 1);
	ck_assert(c.zones[1].zone == 1 && c.zones[1].order == 2 &&
	    c.zones[1].finished[8] == 1);
	ck_assert(c.zones[2].zone == 0 && c.zones[2].order == -1 &&
	    c.zones[2].finished[5] == 1);
	ev_free(&c);
	ev_tasks_free(&t);
}
END_TEST

/* An mm_page_alloc event: ORDER, of migratetype MT, PFN (-1: failed), with flags GFP. */
static struct ev_record
alloc_ev(int order, int mt, int64_t pfn, uint64_t gfp)
{
	struct ev_record r = rec(EV_ALLOC, 1);

	r.order = order;
	r.migratetype = mt;
	r.pfn = pfn;
	r.gfp = gfp;
	return r;
}

/* 6.18's bits, as its format's __print_flags() gives them. */
#define DIRECT_RECLAIM	0x400
#define NOWARN		0x2000
#define NORETRY		0x10000

START_TEST(test_alloc)
{
	struct ev_names nm;
	struct ev_counts c;
	struct ev_tasks t;
	struct ev_record r[] = {
		alloc_ev(2, 1, 0x1000, DIRECT_RECLAIM),
		alloc_ev(2, 1, 0x1004, 0),
		alloc_ev(2, 0, -1, NOWARN),
		/* THP: could wait, and has a fallback (small pages). */
		alloc_ev(9, 1, -1, DIRECT_RECLAIM | NORETRY),
		alloc_ev(9, 1, -1, DIRECT_RECLAIM),
		alloc_ev(9, 1, -1, 0),
		alloc_ev(9, 1, 0x200, 0),
		/* A migratetype beyond the table still counts; an order does not. */
		alloc_ev(3, 9, 0x8, 0),
		alloc_ev(40, 0, 0x8, 0),
	};

	names_618(&nm);
	nm.gfp_direct_reclaim = DIRECT_RECLAIM;
	nm.gfp_nowarn = NOWARN;
	nm.gfp_noretry = NORETRY;
	nm.have_gfp = true;
	memset(&c, 0, sizeof(c));
	memset(&t, 0, sizeof(t));
	add_all(&c, &t, r, sizeof(r) / sizeof(r[0]), &nm);
	ck_assert_uint_eq(c.n[EV_ALLOC], 9);
	ck_assert_uint_eq(c.alloc[2].succeeded, 2);
	ck_assert_uint_eq(c.alloc[2].failed, 1);
	ck_assert_uint_eq(c.alloc[2].type_succeeded[1], 2);
	ck_assert_uint_eq(c.alloc[2].type_failed[0], 1);
	ck_assert_uint_eq(c.alloc[2].opportunistic_failed, 1);
	ck_assert_uint_eq(c.alloc[2].could_wait_failed, 0);
	ck_assert_uint_eq(c.alloc[9].succeeded, 1);
	ck_assert_uint_eq(c.alloc[9].failed, 3);
	ck_assert_uint_eq(c.alloc[9].type_failed[1], 3);
	ck_assert_uint_eq(c.alloc[9].opportunistic_failed, 1);
	ck_assert_uint_eq(c.alloc[9].could_wait_failed, 2);
	ck_assert_uint_eq(c.alloc[3].succeeded, 1);
	ck_assert_uint_eq(c.out_of_range, 1);
	/* A kernel whose format does not name the flags: no split. */
	nm.have_gfp = false;
	ev_reset(&c);
	add_all(&c, &t, r, sizeof(r) / sizeof(r[0]), &nm);
	ck_assert_uint_eq(c.alloc[9].failed, 3);
	ck_assert_uint_eq(c.alloc[9].opportunistic_failed, 0);
	ck_assert_uint_eq(c.alloc[9].could_wait_failed, 0);
	ev_free(&c);
	ev_tasks_free(&t);
}
END_TEST

/* An event of task PID at TS microseconds (of kind K, ORDER where it has one). */
static struct ev_record
at(enum ev_kind k, int pid, uint64_t us, int order)
{
	struct ev_record r = rec(k, pid);

	r.ts = us * 1000;
	r.order = order;
	return r;
}

/* Names of the made-up tasks: kcompactd0 is 20, the rest "task<PID>". */
static void
fake_comm(void *arg, int pid, char *comm)
{
	(*(int *)arg)++;
	if (pid == 20)
		snprintf(comm, 16, "kcompactd0");
	else
		snprintf(comm, 16, "task%d", pid);
}

START_TEST(test_stalls)
{
	struct ev_names nm;
	struct ev_counts c;
	struct ev_tasks t;
	/* As two CPUs' buffers give them: each in time order, not together. */
	struct ev_record r[] = {
		/* CPU 0 */
		at(EV_TRY, 10, 100, 9),
		at(EV_BEGIN, 10, 110, -1),
		at(EV_RECLAIM_BEGIN, 11, 200, 3),
		at(EV_BEGIN, 20, 300, -1),
		at(EV_END, 20, 1300, -1),
		/* the kcompactd begins again at 2000: on CPU 1 */
		at(EV_BEGIN, 40, 5000, -1),
		at(EV_END, 40, 5001, -1),
		/* after the cut of 9000: waits for the next call */
		at(EV_BEGIN, 10, 9500, -1),
		/* CPU 1 */
		at(EV_END, 10, 150, -1),	/* task 10 moved: 40 us, order 9 */
		at(EV_END, 30, 160, -1),	/* began before we looked */
		at(EV_BEGIN, 20, 2000, -1),
		at(EV_END, 20, 2003, -1),
		at(EV_RECLAIM_END, 11, 4300, -1),	/* 4100 us at order 3 */
		at(EV_END, 10, 9600, -1),
	};
	const struct ev_staller *top[4];
	int calls = 0;

	names_618(&nm);
	memset(&c, 0, sizeof(c));
	memset(&t, 0, sizeof(t));
	add_all(&c, &t, r, sizeof(r) / sizeof(r[0]), &nm);
	ck_assert_int_eq(ev_settle(&c, &t, 9000 * 1000, fake_comm, &calls), 0);
	/* Direct: after try_to_compact_pages, at its order. */
	ck_assert_uint_eq(c.stalls[EV_STALL_COMPACTION].count, 1);
	ck_assert_uint_eq(c.stalls[EV_STALL_COMPACTION].total_ns, 40000);
	ck_assert_uint_eq(c.stalls[EV_STALL_COMPACTION].order_count[9 + 1], 1);
	ck_assert_uint_eq(c.stalls[EV_STALL_COMPACTION].hist[5], 1);
	/* kcompactd by its name: 1000 us and 3 us. */
	ck_assert_uint_eq(c.stalls[EV_STALL_KCOMPACTD].count, 2);
	ck_assert_uint_eq(c.stalls[EV_STALL_KCOMPACTD].total_ns, 1003000);
	ck_assert_uint_eq(c.stalls[EV_STALL_KCOMPACTD].max_ns, 1000000);
	ck_assert_uint_eq(c.stalls[EV_STALL_KCOMPACTD].hist[9], 1);
	ck_assert_uint_eq(c.stalls[EV_STALL_KCOMPACTD].hist[1], 1);
	/* Neither: a write to compact_memory; 1 us goes to the first bucket. */
	ck_assert_uint_eq(c.stalls[EV_STALL_MANUAL].count, 1);
	ck_assert_uint_eq(c.stalls[EV_STALL_MANUAL].hist[0], 1);
	ck_assert_uint_eq(c.stalls[EV_STALL_RECLAIM].count, 1);
	ck_assert_uint_eq(c.stalls[EV_STALL_RECLAIM].total_ns, 4100000);
	ck_assert_uint_eq(c.stalls[EV_STALL_RECLAIM].order_ns[3 + 1], 4100000);
	ck_assert_uint_eq(c.stalls[EV_STALL_RECLAIM].hist[12], 1);
	/* One name per task: 10, 11, 20, 30, 40. */
	ck_assert_int_eq(calls, 5);
	ck_assert_uint_eq(ev_top_stallers(&c, EV_STALL_KCOMPACTD, top, 4), 1);
	ck_assert_str_eq(top[0]->comm, "kcompactd0");
	ck_assert_uint_eq(top[0]->count, 2);
	ck_assert_uint_eq(t.npend, 2);
	/* The next interval: the run that straddled the cut. */
	ev_reset(&c);
	ck_assert_int_eq(ev_settle(&c, &t, UINT64_MAX, fake_comm, &calls), 0);
	ck_assert_uint_eq(c.stalls[EV_STALL_COMPACTION].count, 1);
	ck_assert_uint_eq(c.stalls[EV_STALL_COMPACTION].total_ns, 100000);
	ck_assert_uint_eq(ev_top_stallers(&c, EV_STALL_COMPACTION, top, 4), 1);
	ck_assert_str_eq(top[0]->comm, "task10");
	ck_assert_int_eq(top[0]->pid, 10);
	ck_assert_uint_eq(t.npend, 0);
	ev_free(&c);
	ev_tasks_free(&t);
}
END_TEST

/* An extfrag event of task PID at TS microseconds: ORDER took a page of FORDER. */
static struct ev_record
extfrag_at(int pid, uint64_t us, int order, int forder)
{
	struct ev_record r = extfrag(1, 0, forder, 0);

	r.pid = pid;
	r.ts = us * 1000;
	r.order = order;
	return r;
}

/*
 * Compaction captures (compaction_capture() in mm/page_alloc.c, 6.15+,
 * f46012c0ec9f) fire mm_page_alloc_extfrag with alloc_order and
 * fallback_order both the run's order, in the task that compacts
 * (current->capture_control, set by compact_zone_order() around
 * compact_zone(), whose mm_compaction_begin and _end bound it).
 */
START_TEST(test_captures)
{
	struct ev_names nm;
	struct ev_counts c;
	struct ev_tasks t;
	/* As two CPUs' buffers give them: each in time order, not together. */
	struct ev_record r[] = {
		/* CPU 0 */
		at(EV_TRY, 10, 100, 9),
		at(EV_BEGIN, 10, 110, -1),
		extfrag_at(10, 130, 0, 0),	/* an order-0 fallback inside */
		at(EV_END, 10, 200, -1),
		extfrag_at(10, 210, 9, 9),	/* after the run: a fallback */
		at(EV_BEGIN, 20, 300, -1),	/* kcompactd0 never captures */
		extfrag_at(20, 310, 9, 9),
		at(EV_END, 20, 320, -1),
		extfrag_at(50, 400, 3, 3),	/* a task that never compacted */
		at(EV_TRY, 11, 500, 4),
		at(EV_BEGIN, 11, 510, -1),
		extfrag_at(11, 9100, 4, 4),	/* after the cut: the next call */
		/* CPU 1 */
		extfrag_at(10, 120, 9, 9),	/* task 10 moved here: a capture */
		extfrag_at(10, 150, 9, 10),	/* a fallback: orders differ */
		extfrag_at(11, 520, 4, 4),	/* a capture */
		extfrag_at(11, 530, 3, 3),	/* not the run's order */
	};
	int calls = 0;

	names_618(&nm);
	memset(&c, 0, sizeof(c));
	memset(&t, 0, sizeof(t));
	add_all(&c, &t, r, sizeof(r) / sizeof(r[0]), &nm);
	ck_assert(ev_tells_captures(&nm));
	/* Counted with the rest when read; captures are told when settled. */
	ck_assert_uint_eq(c.n[EV_EXTFRAG], 9);
	ck_assert_uint_eq(c.captured, 0);
	ck_assert_int_eq(ev_settle(&c, &t, 9000 * 1000, fake_comm, &calls), 0);
	ck_assert_uint_eq(c.captured, 2);
	/* Tasks 10, 20 and 11 are named; 50 only fell back. */
	ck_assert_int_eq(calls, 3);
	ck_assert_int_eq(ev_settle(&c, &t, UINT64_MAX, fake_comm, &calls), 0);
	ck_assert_uint_eq(c.captured, 3);
	ck_assert_uint_eq(t.npend, 0);
	ev_free(&c);
	ev_tasks_free(&t);

	/* Without try_to_compact_pages a direct run is not known: no count. */
	nm.have[EV_TRY] = false;
	ck_assert(!ev_tells_captures(&nm));
	memset(&c, 0, sizeof(c));
	memset(&t, 0, sizeof(t));
	add_all(&c, &t, r + 1, 2, &nm);
	ck_assert_uint_eq(t.npend, 1);
	ev_tasks_free(&t);
	ev_free(&c);
}
END_TEST

START_TEST(test_hist_top)
{
	struct ev_counts c;
	const struct ev_staller *top[2];
	struct ev_tasks t;
	struct ev_names nm;
	int calls = 0;
	struct ev_record r[] = {
		at(EV_RECLAIM_BEGIN, 1, 0, 0), at(EV_RECLAIM_END, 1, 10, 0),
		at(EV_RECLAIM_BEGIN, 2, 0, 0), at(EV_RECLAIM_END, 2, 30, 0),
		at(EV_RECLAIM_BEGIN, 3, 0, 0), at(EV_RECLAIM_END, 3, 20, 0),
		at(EV_RECLAIM_BEGIN, 3, 40, 0), at(EV_RECLAIM_END, 3, 50, 0),
		at(EV_RECLAIM_BEGIN, 4, 0, 0), at(EV_RECLAIM_END, 4, 30, 0),
	};

	ck_assert_uint_eq(ev_hist_bucket(0), 0);
	ck_assert_uint_eq(ev_hist_bucket(1999), 0);
	ck_assert_uint_eq(ev_hist_bucket(2000), 1);
	ck_assert_uint_eq(ev_hist_bucket(3999), 1);
	ck_assert_uint_eq(ev_hist_bucket(4000), 2);
	ck_assert_uint_eq(ev_hist_bucket(1000000), 9);
	ck_assert_uint_eq(ev_hist_bucket(UINT64_MAX), EV_HIST - 1);
	names_618(&nm);
	memset(&c, 0, sizeof(c));
	memset(&t, 0, sizeof(t));
	add_all(&c, &t, r, sizeof(r) / sizeof(r[0]), &nm);
	ck_assert_int_eq(ev_settle(&c, &t, UINT64_MAX, fake_comm, &calls), 0);
	/* 30 us each for 2, 3 (two stalls) and 4: more stalls, then lower pid. */
	ck_assert_uint_eq(ev_top_stallers(&c, EV_STALL_RECLAIM, top, 2), 2);
	ck_assert_int_eq(top[0]->pid, 3);
	ck_assert_int_eq(top[1]->pid, 2);
	ck_assert_uint_eq(c.stalls[EV_STALL_RECLAIM].max_ns, 30000);
	ev_free(&c);
	ev_tasks_free(&t);
}
END_TEST

/* The table's one list of who stalled most: each kind's longest, then the longest of all, ties in the kinds' order. */
START_TEST(test_top_merged)
{
	static const enum ev_stall_kind kinds[] = { EV_STALL_COMPACTION,
	    EV_STALL_RECLAIM, EV_STALL_MANUAL };
	struct ev_staller st[] = {
		{ EV_STALL_RECLAIM, 1, "a", 1, 5000 },
		{ EV_STALL_COMPACTION, 2, "b", 1, 5000 },
		{ EV_STALL_RECLAIM, 3, "c", 1, 9000 },
		{ EV_STALL_MANUAL, 4, "d", 1, 1000 },
		{ EV_STALL_KCOMPACTD, 5, "e", 1, 99000 },
	};
	const struct ev_staller *top[3];
	struct ev_counts c;

	memset(&c, 0, sizeof(c));
	c.stallers = st;
	c.nstallers = sizeof(st) / sizeof(st[0]);
	/* kcompactd is not asked for; 5000 of compaction before reclaim's. */
	ck_assert_uint_eq(ev_top_stallers_merged(&c, kinds, 3, top, 3), 3);
	ck_assert_int_eq(top[0]->pid, 3);
	ck_assert_int_eq(top[1]->pid, 2);
	ck_assert_int_eq(top[2]->pid, 1);
	ck_assert_uint_eq(ev_top_stallers_merged(&c, kinds + 2, 1, top, 3), 1);
	ck_assert_int_eq(top[0]->pid, 4);
}
END_TEST

START_TEST(test_reset)
{
	struct ev_names nm;
	struct ev_counts a;
	struct ev_tasks t;
	struct ev_record r[] = {
		extfrag(0, 1, 3, 0),
		zone_ev(EV_FINISHED, 10, 2, 9, 8),
	};

	names_618(&nm);
	memset(&a, 0, sizeof(a));
	memset(&t, 0, sizeof(t));
	add_all(&a, &t, r, 2, &nm);
	ck_assert_uint_eq(a.n[EV_EXTFRAG], 1);
	ck_assert_uint_eq(a.nzones, 1);
	/* The counts go, the zones' room stays for the next sample. */
	ev_reset(&a);
	ck_assert_uint_eq(a.n[EV_EXTFRAG], 0);
	ck_assert_uint_eq(a.nzones, 0);
	ck_assert_ptr_nonnull(a.zones);
	ev_free(&a);
	ev_tasks_free(&t);
}
END_TEST

START_TEST(test_out_of_range)
{
	struct ev_names nm;
	struct ev_counts c;
	struct ev_tasks t;
	struct ev_record r[] = {
		extfrag(FRAG_MAX_TYPES, 1, 3, 0),
		extfrag(0, 1, FRAG_MAX_ORDERS, 0),
		zone_ev(EV_FINISHED, 10, 2, 9, EV_MAX_STATUS),
		rec(EV_END, 10),
	};
	char b[16];

	r[3].status = -1;
	names_618(&nm);
	memset(&c, 0, sizeof(c));
	memset(&t, 0, sizeof(t));
	add_all(&c, &t, r, sizeof(r) / sizeof(r[0]), &nm);
	/* Counted as events, never written past an array. */
	ck_assert_uint_eq(c.n[EV_EXTFRAG], 2);
	ck_assert_uint_eq(c.out_of_range, 4);
	ck_assert_uint_eq(c.nzones, 0);
	ck_assert_str_eq(ev_type_name(b, sizeof(b), &nm, 6), "type 6");
	ck_assert_str_eq(ev_status_name(b, sizeof(b), &nm, 12), "12");
	ck_assert_str_eq(ev_status_name(b, sizeof(b), &nm, 8), "success");
	ev_free(&c);
	ev_tasks_free(&t);
}
END_TEST

#ifdef HAVE_TRACEFS
/* Decode the sub-buffers in fixture file REL into C. */
static void
decode_file(struct trace_decoder *d, const char *rel, struct ev_counts *c)
{
	size_t len, off;
	char *buf = tu_read(rel, &len);

	ck_assert_uint_eq(len % 4096, 0);
	for (off = 0; off < len; off += 4096)
		ck_assert_int_eq(trace_decode(d, buf + off, c), 0);
	free(buf);
}

/* A list of 300 names holds every one, whole (it once ended at its room). */
START_TEST(test_list_long)
{
	char *list = NULL, name[32], *want;
	size_t cap = 0, len;
	FILE *fp;
	int i;

	ck_assert_ptr_nonnull(fp = open_memstream(&want, &len));
	for (i = 1; i <= 300; i++) {
		snprintf(name, sizeof(name), "fragstat-%d", 2000000000 + i);
		ck_assert_int_eq(trace_list_add(&list, &cap, name), 0);
		fprintf(fp, "%s%s", i > 1 ? ", " : "", name);
	}
	fclose(fp);
	ck_assert_str_eq(list, want);
	free(want);
	free(list);
}
END_TEST

/* The captured stream of trace618 (PROVENANCE) decoded into C, with its names in NM. */
static struct trace_decoder *
decode_capture(struct ev_counts *c, struct ev_names *nm)
{
	struct trace_decoder *d;
	struct ferr e = { .path = "" };
	char *note;
	char *dir = tu_path("trace618");

	names_618(nm);
	memset(nm->status, 0, sizeof(nm->status));
	memset(nm->zone, 0, sizeof(nm->zone));
	d = trace_decoder_new(dir, nm, &ev_count_rules, &note, &e);
	ck_assert_msg(d != NULL, "%s: %s", e.path, e.msg);
	ck_assert_ptr_null(note);
	free(dir);
	memset(c, 0, sizeof(*c));
	decode_file(d, "trace618/cpu0.raw", c);
	decode_file(d, "trace618/cpu1.raw", c);
	return d;
}

/* A tracefs directory too long for its format paths: the error names it, not a cut path. */
START_TEST(test_dir_too_long)
{
	struct ev_names nm;
	struct ferr e = { .path = "" };
	char *note, *dir;

	dir = malloc(PATH_MAX - 8);
	ck_assert_ptr_nonnull(dir);
	memset(dir, 'd', PATH_MAX - 9);
	dir[0] = '/';
	dir[PATH_MAX - 9] = '\0';
	memset(&nm, 0, sizeof(nm));
	ck_assert_ptr_null(trace_decoder_new(dir, &nm, &ev_count_rules,
	    &note, &e));
	ck_assert_str_eq(e.path, dir);
	ck_assert_str_eq(e.msg, "a path under it is longer than PATH_MAX");
	free(dir);
}
END_TEST

START_TEST(test_capture)
{
	struct trace_decoder *d;
	struct ev_names nm;
	struct ev_counts c;
	int k;

	d = decode_capture(&c, &nm);
	/* The names come from the formats' __print_symbolic(). */
	ck_assert_str_eq(nm.status[5], "complete");
	ck_assert_str_eq(nm.status[0], "not_suitable_zone");
	ck_assert_str_eq(nm.zone[3], "Movable");
	for (k = 0; k < EV_NKINDS; k++)
		ck_assert(nm.have[k]);
	ck_assert(nm.have_claimed);
	/* What the second instance's trace.txt shows, line for line. */
	ck_assert_uint_eq(c.n[EV_EXTFRAG], 11);
	ck_assert_uint_eq(c.pairs[0][1][10], 11);
	ck_assert_uint_eq(c.fragmenting, 0);
	ck_assert_uint_eq(c.claimed, 11);
	ck_assert_uint_eq(c.n[EV_BEGIN], 3);
	ck_assert_uint_eq(c.n[EV_END], 3);
	ck_assert_uint_eq(c.n[EV_FINISHED], 3);
	ck_assert_uint_eq(c.outcomes[0][5], 3);
	ck_assert_uint_eq(c.nzones, 3);
	ck_assert(c.zones[0].zone == 0 && c.zones[0].order == -1 &&
	    c.zones[0].finished[5] == 1);
	ck_assert(c.zones[2].zone == 2 && c.zones[2].finished[5] == 1);
	ev_free(&c);
	trace_decoder_free(d);
}
END_TEST

START_TEST(test_capture_json)
{
	struct trace_decoder *d;
	struct buddyinfo bi;
	struct ev_names nm;
	struct ev_counts c;
	struct ev_record r[] = {
		zone_ev(EV_SUITABLE, 10, 2, 9, 4),
		zone_ev(EV_SUITABLE, 10, 2, 3, 1),
	};
	struct ev_tasks t;
	struct wsample s;
	struct jsonw w;
	struct frag *f;
	struct ferr e = { .path = "buddyinfo" };
	char *buf, *out;
	size_t len;
	FILE *fp;

	d = decode_capture(&c, &nm);
	memset(&t, 0, sizeof(t));
	add_all(&c, &t, r, 2, &nm);
	buf = tu_read("corpus/vm-6.18-x86-64-holes/proc/buddyinfo", &len);
	ck_assert_int_eq(buddyinfo_parse(buf, len, &bi, &e), 0);
	ck_assert_ptr_nonnull(f = frag_compute_all(&bi));
	memset(&s, 0, sizeof(s));
	s.ev = &c;
	s.evn = &nm;
	s.prev_bi = &bi;
	s.prev_frag = f;
	ck_assert_ptr_nonnull(fp = open_memstream(&out, &len));
	jw_init(&w, fp);
	render_events_json(&w, &s);
	ck_assert_int_eq(jw_finish(&w), 0);
	fclose(fp);
	tu_golden("trace618/events.json", out);
	free(out);
	free(f);
	buddyinfo_free(&bi);
	free(buf);
	ev_free(&c);
	trace_decoder_free(d);
	ev_tasks_free(&t);
}
END_TEST

/* The allocations and stalls of trace618-alloc (PROVENANCE), RAW0 as CPU 0's, decoded into C. */
static struct trace_decoder *
decode_alloc(struct ev_counts *c, struct ev_names *nm, const char *raw0)
{
	struct trace_decoder *d;
	struct ferr e = { .path = "" };
	char *note;
	char *dir = tu_path("trace618-alloc");

	names_618(nm);
	nm->alloc_min_order = 1;
	d = trace_decoder_new(dir, nm, &ev_count_rules, &note, &e);
	ck_assert_msg(d != NULL, "%s: %s", e.path, e.msg);
	ck_assert_ptr_null(note);
	free(dir);
	memset(c, 0, sizeof(*c));
	decode_file(d, raw0, c);
	decode_file(d, "trace618-alloc/cpu1.raw", c);
	ck_assert_int_eq(trace_settle(d, UINT64_MAX, c), 0);
	return d;
}

START_TEST(test_alloc_capture)
{
	struct trace_decoder *d;
	struct ev_names nm;
	struct ev_counts c;
	const struct ev_staller *top[2];
	const struct ev_stall *st;

	d = decode_alloc(&c, &nm, "trace618-alloc/cpu0.raw");
	/* The bits of 6.18's __print_flags() table. */
	ck_assert(nm.have_gfp);
	ck_assert_uint_eq(nm.gfp_direct_reclaim, DIRECT_RECLAIM);
	ck_assert_uint_eq(nm.gfp_nowarn, NOWARN);
	ck_assert_uint_eq(nm.gfp_noretry, NORETRY);
	/* What the second instance's trace.txt shows, line for line. */
	ck_assert_uint_eq(c.n[EV_ALLOC], 77);
	ck_assert_uint_eq(c.alloc[1].succeeded, 58);
	ck_assert_uint_eq(c.alloc[1].type_succeeded[0], 56);
	ck_assert_uint_eq(c.alloc[1].type_succeeded[1], 2);
	ck_assert_uint_eq(c.alloc[2].succeeded, 2);
	ck_assert_uint_eq(c.alloc[2].type_succeeded[1], 1);
	ck_assert_uint_eq(c.alloc[2].type_succeeded[2], 1);
	ck_assert_uint_eq(c.alloc[3].succeeded, 1);
	ck_assert_uint_eq(c.alloc[9].succeeded, 16);
	ck_assert_uint_eq(c.alloc[9].type_succeeded[1], 16);
	ck_assert_uint_eq(c.alloc[1].failed + c.alloc[2].failed +
	    c.alloc[3].failed + c.alloc[9].failed, 0);
	/* compact_memory of bash 32711: 11, 6395 and 398 us in trace.txt. */
	st = &c.stalls[EV_STALL_MANUAL];
	ck_assert_uint_eq(st->count, 3);
	ck_assert_uint_eq(st->hist[3], 1);
	ck_assert_uint_eq(st->hist[8], 1);
	ck_assert_uint_eq(st->hist[12], 1);
	ck_assert_uint_ge(st->max_ns, 6394000);
	ck_assert_uint_lt(st->max_ns, 6396000);
	ck_assert_uint_eq(c.stalls[EV_STALL_COMPACTION].count, 0);
	ck_assert_uint_eq(c.stalls[EV_STALL_RECLAIM].count, 0);
	ck_assert_uint_eq(ev_top_stallers(&c, EV_STALL_MANUAL, top, 2), 1);
	ck_assert_str_eq(top[0]->comm, "bash");
	ck_assert_int_eq(top[0]->pid, 32711);
	ev_free(&c);
	trace_decoder_free(d);
}
END_TEST

START_TEST(test_alloc_failed)
{
	struct trace_decoder *d;
	struct ev_names nm;
	struct ev_counts c;
	struct wsample s;
	struct jsonw w;
	char *out;
	size_t len;
	FILE *fp;

	/* Two events of cpu0.raw made failures (PROVENANCE). */
	d = decode_alloc(&c, &nm, "trace618-alloc/failed.raw");
	ck_assert_uint_eq(c.alloc[1].succeeded, 57);
	ck_assert_uint_eq(c.alloc[1].failed, 1);
	ck_assert_uint_eq(c.alloc[1].type_failed[0], 1);
	ck_assert_uint_eq(c.alloc[1].could_wait_failed, 1);
	ck_assert_uint_eq(c.alloc[1].opportunistic_failed, 0);
	ck_assert_uint_eq(c.alloc[3].succeeded, 0);
	ck_assert_uint_eq(c.alloc[3].failed, 1);
	ck_assert_uint_eq(c.alloc[3].opportunistic_failed, 1);
	ck_assert_uint_eq(c.alloc[3].could_wait_failed, 0);
	/* The JSON of both, golden. */
	memset(&s, 0, sizeof(s));
	s.ev = &c;
	s.evn = &nm;
	ck_assert_ptr_nonnull(fp = open_memstream(&out, &len));
	jw_init(&w, fp);
	render_events_json(&w, &s);
	ck_assert_int_eq(jw_finish(&w), 0);
	fclose(fp);
	tu_golden("trace618-alloc/events.json", out);
	free(out);
	ev_free(&c);
	trace_decoder_free(d);
}
END_TEST

/* The events of trace618 and of trace618-alloc's failures as --watch's table lines, golden. */
START_TEST(test_events_table)
{
	struct trace_decoder *d;
	struct ev_names nm;
	struct ev_counts c;
	struct wsample s;
	char *out;
	size_t len;
	FILE *fp;

	ck_assert_ptr_nonnull(fp = open_memstream(&out, &len));
	memset(&s, 0, sizeof(s));
	s.ev = &c;
	s.evn = &nm;
	/* A rate per second: 3 runs in 1.5 s are "2.00". */
	s.elapsed_ms = 1500;
	d = decode_capture(&c, &nm);
	ck_assert_int_eq(trace_settle(d, UINT64_MAX, &c), 0);
	render_events_table(fp, &s);
	ev_free(&c);
	trace_decoder_free(d);
	d = decode_alloc(&c, &nm, "trace618-alloc/failed.raw");
	render_events_table(fp, &s);
	fclose(fp);
	tu_golden("trace618-alloc/events.table", out);
	free(out);
	ev_free(&c);
	trace_decoder_free(d);
}
END_TEST
#endif

/* The end statuses of mm_compaction_end, grouped as mm/compaction.c means them. */
START_TEST(test_outcomes)
{
	static const struct {
		const char	*name;
		enum ev_outcome	 o;
	} c[] = {
		{ "success", EV_SUCCESS }, { "complete", EV_COMPLETE },
		{ "partial_skipped", EV_COMPLETE },
		{ "no_suitable_page", EV_GAVE_UP }, { "contended", EV_GAVE_UP },
		{ "skipped", EV_NOT_RUN }, { "deferred", EV_NOT_RUN },
		{ "not_suitable_zone", EV_NOT_RUN }, { "continue", EV_OTHER },
		{ "7", EV_OTHER }, { "successful", EV_OTHER }, { "succes", EV_OTHER },
	};
	size_t i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		ck_assert_msg(ev_outcome_of(c[i].name, strlen(c[i].name)) ==
		    c[i].o, "%s", c[i].name);
	ck_assert_str_eq(ev_outcome_name(EV_COMPLETE), "complete");
	ck_assert_str_eq(ev_outcome_name(EV_GAVE_UP), "gave_up");
}
END_TEST

/* The THP outcome kinds' keys (the stats/ prefixes), and no other, read back. */
START_TEST(test_outcome_kinds)
{
	static const char *const bad[] = {
		"shmem_fault", "anon", "anon_fault_alloc", "SHMEM", "",
	};
	enum outcome_kind k, got;
	size_t i;

	ck_assert_str_eq(outcome_kind_key(OUTCOME_ANON), "anon_fault");
	ck_assert_str_eq(outcome_kind_key(OUTCOME_SHMEM), "shmem");
	for (k = 0; k < OUTCOME_NKINDS; k++) {
		ck_assert(outcome_kind_parse(outcome_kind_key(k), &got));
		ck_assert_int_eq(got, k);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		got = OUTCOME_NKINDS;
		ck_assert_msg(!outcome_kind_parse(bad[i], &got), "%s", bad[i]);
		ck_assert_int_eq(got, OUTCOME_NKINDS);
	}
}
END_TEST

int
main(void)
{
	Suite *s = suite_create("events");
	TCase *ta = tcase_create("aggregation");
#ifdef HAVE_TRACEFS
	TCase *tc = tcase_create("capture");
#endif

	tcase_add_test(ta, test_extfrag);
	tcase_add_test(ta, test_compaction_orders);
	tcase_add_test(ta, test_alloc);
	tcase_add_test(ta, test_stalls);
	tcase_add_test(ta, test_captures);
	tcase_add_test(ta, test_hist_top);
	tcase_add_test(ta, test_top_merged);
	tcase_add_test(ta, test_reset);
	tcase_add_test(ta, test_out_of_range);
	tcase_add_test(ta, test_outcomes);
	tcase_add_test(ta, test_outcome_kinds);
	suite_add_tcase(s, ta);
#ifdef HAVE_TRACEFS
	tcase_add_test(tc, test_list_long);
	tcase_add_test(tc, test_dir_too_long);
	tcase_add_test(tc, test_capture);
	tcase_add_test(tc, test_capture_json);
	tcase_add_test(tc, test_alloc_capture);
	tcase_add_test(tc, test_alloc_failed);
	tcase_add_test(tc, test_events_table);
	suite_add_tcase(s, tc);
#endif
	return tu_run(s);
}

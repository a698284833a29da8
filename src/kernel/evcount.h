/* SPDX-License-Identifier: GPL-2.0-or-later */
/* evcount.h - the kernel's events counted by its rules */
#ifndef FRAGSTAT_EVCOUNT_H
#define FRAGSTAT_EVCOUNT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "events.h"
#include "recording.h"

/*
 * Count record R into C, the run orders in T. Returns 0, or -1 when out of
 * memory (R is then counted in C->n[] only).
 */
int		 ev_add(struct ev_counts *c, struct ev_tasks *t,
		    const struct ev_record *r, const struct ev_names *nm);

/*
 * Pair the begin and end events of T older than CUT (ns of the trace
 * clock; UINT64_MAX: all) in time order, and count into C the stall each
 * pair measured, naming tasks with COMM (ARG), and the extfrag events
 * that were compaction captures. Events at or after CUT wait for the
 * next call. Returns 0, or -1 when out of memory.
 */
int		 ev_settle(struct ev_counts *c, struct ev_tasks *t, uint64_t cut,
		    ev_comm_fn comm, void *arg);

/*
 * Returns whether the events of NM tell compaction captures apart: the
 * compaction run's begin, end and try_to_compact_pages are traced.
 */
bool		 ev_tells_captures(const struct ev_names *nm);

/* Returns the histogram bucket of a stall of NS nanoseconds. */
unsigned	 ev_hist_bucket(uint64_t ns);

/*
 * The tasks of C that stalled longest of kind K: up to MAX into P, most
 * stall time first (then most stalls, then lowest pid). Returns how many.
 */
size_t		 ev_top_stallers(const struct ev_counts *c, enum ev_stall_kind k,
		    const struct ev_staller **p, size_t max);

/* The biggest fallback pairs of C: up to MAX into P, largest first. */
size_t		 ev_top_pairs(const struct ev_counts *c, struct ev_pair *p,
		    size_t max);

/*
 * The tasks of C that stalled longest of the NKINDS kinds KINDS: each
 * kind's top MAX (at most EV_TOP_MERGED), then the longest stall time
 * first, ties in the order of KINDS; up to MAX into P. Returns how many.
 */
#define EV_TOP_MERGED	16
size_t		 ev_top_stallers_merged(const struct ev_counts *c,
		    const enum ev_stall_kind *kinds, size_t nkinds,
		    const struct ev_staller **p, size_t max);

/*
 * Returns whether a fallback from FALLBACK_ORDER fragments, with NM's
 * pageblock order: mm_page_alloc_extfrag's TP_printk, fallback_order <
 * pageblock_order.
 */
bool		 ev_fragmenting(const struct ev_names *nm, int fallback_order);

/*
 * The high-order allocations A (FRAG_MAX_ORDERS of them: a sample's or a
 * recording's) over all their orders.
 */
struct ev_alloc_total ev_alloc_sum(const struct ev_alloc *a);

/*
 * Returns how many of the compaction runs at ORDER (-1: whole zones) that
 * ended with SUCCESS and COMPLETE ended well: with success, or, for whole
 * zones (no order to succeed at), complete.
 */
uint64_t	 ev_well(int order, uint64_t success, uint64_t complete);

/* ev_well() of RO's runs ended: its outcomes add up to RO's ended. */
uint64_t	 ev_ended_well(const struct rorder *ro);

/* ev_add() and ev_settle(), for the reader of tracefs. */
extern const struct ev_rules ev_count_rules;

#endif

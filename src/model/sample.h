/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sample.h - one --watch sample and what changed since the previous one */
#ifndef FRAGSTAT_SAMPLE_H
#define FRAGSTAT_SAMPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "advice.h"
#include "model.h"
#include "prepared.h"

struct report;
struct frag;
struct ev_counts;
struct ev_names;
struct futile;
struct outcome_interval;

/* One sample and what changed since the previous one: what a renderer of samples is handed. */
struct wsample {
	const struct report	*r;
	const struct vmstat	*vm;		/* NULL without /proc/vmstat */
	struct timespec		 wall;
	uint64_t		 elapsed_ms;	/* since the previous sample, 0: first */
	unsigned		 interval_ms;	/* asked for: below 1000, times show ms */
	const unsigned		*orders;	/* the orders that matter */
	size_t			 norders;
	unsigned		 pageblock_order;
	/* The zones summed: free pages, free pageblocks (rate_totals()) */
	uint64_t		 free_pages, free_pageblocks;
	bool			 pmd_thp_on;	/* outcome_pmd_on() */
	uint64_t		 rate[VM_NCOUNTERS];	/* hundredths per second */
	bool			 rate_ok[VM_NCOUNTERS];	/* per counter: it has a rate */
	uint32_t		 stall[2];	/* some, full: hundredths of a percent */
	bool			 stall_ok[2];
	const struct ev_counts	*ev;		/* --events: since the previous sample */
	const struct ev_names	*evn;
	const struct buddyinfo	*prev_bi;	/* the previous sample, NULL at first */
	const struct frag	*prev_frag;
	const struct futile	*futile;	/* kcompactd's wakeups so far */
	/* kcompactd's counters over the interval: kcompactd_seen() */
	enum kcompactd_seen	 kc_seen;
	/* THP outcomes since the previous sample: NULL at first or without THP */
	const struct outcome_interval *thp_interval;
	/*
	 * --need: the blocks of its size free now where it asks, and from the
	 * second sample on (HAS_TREND) their trend over TREND_MS since the
	 * first, when there were NEED_FIRST.
	 */
	uint64_t		 need_now, need_first;
	bool			 has_trend;
	uint64_t		 trend_ms;
	struct fc_trend		 trend;
};

#endif

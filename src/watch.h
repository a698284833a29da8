/* SPDX-License-Identifier: GPL-2.0-or-later */
/* watch.h - sample fragmentation, compaction effort and pressure repeatedly */
#ifndef FRAGSTAT_WATCH_H
#define FRAGSTAT_WATCH_H

#include <stdio.h>
#include <time.h>

#include "events.h"
#include "futile.h"
#include "inputs.h"
#include "report.h"

/* One sample and what changed since the previous one. */
struct wsample {
	const struct report	*r;
	const struct vmstat	*vm;		/* NULL without /proc/vmstat */
	struct timespec		 wall;
	uint64_t		 elapsed_ms;	/* since the previous sample, 0: first */
	unsigned		 interval_ms;	/* asked for: below 1000, times show ms */
	const unsigned		*orders;	/* the orders that matter */
	size_t			 norders;
	unsigned		 pageblock_order;
	uint64_t		 rate[VM_NCOUNTERS];	/* hundredths per second */
	uint32_t		 rate_ok;	/* bit per counter with a rate */
	uint32_t		 stall[2];	/* some, full: hundredths of a percent */
	bool			 stall_ok[2];
	const struct ev_counts	*ev;		/* --events: since the previous sample */
	const struct ev_names	*evn;
	const struct buddyinfo	*prev_bi;	/* the previous sample, NULL at first */
	const struct frag	*prev_frag;
	const struct futile	*futile;	/* kcompactd's wakeups so far */
	const struct thp	*prev_thp;	/* NULL at first or without THP */
	const struct vmstat	*prev_vm;
};

/*
 * Fill the rates of S from the counters PREV and CUR taken ELAPSED_MS
 * apart, and the stall shares from the PSI totals PPSI and CPSI (either
 * may be NULL). Counters that went backwards get no rate.
 */
void	watch_rates(struct wsample *s, const struct vmstat *prev,
	    const struct vmstat *cur, const struct psi *ppsi,
	    const struct psi *cpsi, uint64_t elapsed_ms);

/* Print sample S as lines of the table, or as one JSON line. */
void	render_watch_table(FILE *fp, const struct wsample *s, unsigned long n);
void	render_watch_json(FILE *fp, const struct wsample *s);

/* The events of sample S: the "events" member's value, or table lines. */
void	render_events_json(struct jsonw *w, const struct wsample *s);
void	render_events_table(FILE *fp, const struct wsample *s);

struct watch_opts {
	struct input_opts	 io;
	unsigned		 interval_ms;
	unsigned long		 count;		/* 0: until interrupted */
	bool			 json, quiet;
	const unsigned		*orders;
	size_t			 norders;
	unsigned		 pageblock_order;
	struct trace		*trace;		/* --events, or NULL */
	const struct ev_names	*evn;
	struct record		*rec;		/* --record, or NULL */
	/*
	 * Fill R's advice and counts (R->avail) from the sample IN, with
	 * COUNTS_ARG; NULL: no counts. Returns 0, or -1 when out of memory.
	 */
	int			(*counts)(void *counts_arg,
				    const struct inputs *in, struct report *r);
	void			*counts_arg;
};

/*
 * Make SIGINT, SIGTERM, SIGHUP and SIGQUIT end watch_run() after its
 * current sample: from this call on they stay blocked but while it
 * sleeps, so whatever runs before or between samples (a capture of
 * --record, the tracefs instance of --events) ends whole.
 */
void	watch_signals(void);

/*
 * Sample until COUNT samples were printed, a signal of watch_signals(), or a closed
 * standard output. A sample whose files cannot be read or parsed is
 * reported on standard error and skipped. Each sample also goes to O->rec
 * when set. Returns 0, or -1 with E set when standard output fails for
 * another reason than a closed pipe, or the recording cannot be written.
 */
int	watch_run(const struct watch_opts *o, struct report *tmpl,
	    struct ferr *e);

#endif

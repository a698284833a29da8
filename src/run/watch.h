/* SPDX-License-Identifier: GPL-2.0-or-later */
/* watch.h - sample fragmentation, compaction effort and pressure repeatedly */
#ifndef FRAGSTAT_WATCH_H
#define FRAGSTAT_WATCH_H

#include <stdio.h>
#include <sys/types.h>
#include <time.h>

#include "inputs.h"
#include "report.h"
#include "sample.h"
#include "trigger.h"
#include "window.h"

/*
 * Fill the rates of S from the counters PREV and CUR taken ELAPSED_MS
 * apart, and the stall shares from the PSI totals PPSI and CPSI (either
 * may be NULL). Counters that went backwards get no rate.
 */
void	watch_rates(struct wsample *s, const struct vmstat *prev,
	    const struct vmstat *cur, const struct psi *ppsi,
	    const struct psi *cpsi, uint64_t elapsed_ms);

/* Returns the milliseconds from A to B, two times of CLOCK_MONOTONIC. */
uint64_t	watch_ms_between(const struct timespec *a,
	    const struct timespec *b);

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
	/* --record --trigger: the windows and what opens them, or NULL. */
	struct window		*win;
	const struct trigger	*trig;
	/*
	 * The command run under --record (0: none): sampling ends one sample
	 * after it exits, and its wait status goes to *CHILD_STATUS. Nothing
	 * is printed while it runs: standard output is its own.
	 */
	pid_t			 child;
	int			*child_status;
	struct timespec		*child_end;	/* when it was seen to exit */
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
 * --record, the tracefs instance of --events) ends whole. SIGCHLD is
 * held the same way, to wake the sleep when a command exits.
 */
void	watch_signals(void);

/*
 * From now on, send those signals to process PID (a command run under
 * --record) instead of stopping, unless the terminal sent them to its
 * whole process group, PID included, already; 0: stop again.
 */
void	watch_forward(pid_t pid);

/*
 * Wait for the command PID, the stopping signals let in meanwhile: they
 * go to it as watch_forward() said, whatever ended watch_run() (a failed
 * recording too). Returns PID with *WSTATUS set, or -1 when it was
 * reaped already.
 */
pid_t	watch_wait(pid_t pid, int *wstatus);

/*
 * Sample until COUNT samples were printed, a signal of watch_signals(), or a closed
 * standard output. A sample whose files cannot be read or parsed is
 * reported on standard error and skipped. Each sample also goes to O->rec
 * when set. Returns 0, or -1 with E set when standard output fails for
 * another reason than a closed pipe, the recording cannot be written, or
 * a sample lacks an order the watch shows (buddyinfo rewritten).
 */
int	watch_run(const struct watch_opts *o, struct report *tmpl,
	    struct ferr *e);

#endif

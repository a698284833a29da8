/* SPDX-License-Identifier: GPL-2.0-or-later */
/* trace.h - a private tracefs instance whose events fragstat counts (libtracefs) */
#ifndef FRAGSTAT_TRACE_H
#define FRAGSTAT_TRACE_H

#include <signal.h>
#include <stddef.h>
#include <time.h>

#include "events.h"
#include "ferr.h"

/* The per-CPU ring buffer of the instance: a busy 1 s sample loses nothing. */
#define TRACE_BUFFER_KB		1024

struct trace;

/*
 * Remove the tracefs instances "fragstat-N" whose process N is gone (a
 * fragstat killed with SIGKILL leaves its own, events enabled and buffers
 * allocated), and ours, "fragstat-PID", that cannot be ours yet. Their
 * names go to the comma-separated list *REMOVED, every one however many
 * (NULL when none; free() it). Returns how many, 0 when not root or
 * without tracefs (trace_open() then says why), -1 when out of memory.
 */
int	trace_sweep(char **removed);

/*
 * Create the tracefs instance "fragstat-PID" (libtracefs finds tracefs, or
 * mounts it where trace-cmd would), enable the events of events.h in it
 * (mm_page_alloc filtered in the kernel: order >= NM->alloc_min_order),
 * with the mono clock, and open its per-CPU buffers. NM brings the migratetype names and the
 * pageblock order and gets the rest; optional events this kernel lacks
 * are named in the comma-separated list *NOTE (NULL when none; free() it).
 * The events are counted by RULES (kernel/evcount.c's). Returns 0, or -1
 * with E set and nothing left behind.
 */
int	trace_open(struct trace **tp, struct ev_names *nm,
	    const struct ev_rules *rules, char **note, struct ferr *e);

/*
 * Count into C every event the buffers hold, and the events the kernel
 * dropped since the last call. Returns 0, or -1 with E set.
 */
int	trace_read(struct trace *t, struct ev_counts *c, struct ferr *e);

/*
 * Sleep until UNTIL (CLOCK_MONOTONIC) with the signal mask MASK (set
 * atomically, as ppoll() does: a signal pending before is seen at once),
 * counting into C the events of any buffer of T (NULL: none) that fills
 * meanwhile. Returns 0 at UNTIL, or EINTR when a signal came first.
 */
int	trace_wait(struct trace *t, const struct timespec *until,
	    const sigset_t *mask, struct ev_counts *c);

/* Close the buffers and remove the instance. Returns 0, or -1 with E set. */
int	trace_close(struct trace *t, struct ferr *e);

#endif

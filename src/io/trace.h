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
struct trace_decoder;

/*
 * Remove the tracefs instances "fragstat-N" whose process N is gone (a
 * fragstat killed with SIGKILL leaves its own, events enabled and buffers
 * allocated), and ours, "fragstat-PID", that cannot be ours yet. Their
 * names go to the comma-separated list in REMOVED. Returns how many, 0
 * when not root or without tracefs (trace_open() then says why).
 */
int	trace_sweep(char *removed, size_t size);

/*
 * Create the tracefs instance "fragstat-PID" (libtracefs finds tracefs, or
 * mounts it where trace-cmd would), enable the events of events.h in it
 * (mm_page_alloc filtered in the kernel: order >= NM->alloc_min_order),
 * with the mono clock, and open its per-CPU buffers. NM brings the migratetype names and the
 * pageblock order and gets the rest; optional events this kernel lacks
 * are named in NOTE. Returns 0, or -1 with E set and nothing left behind.
 */
int	trace_open(struct trace **tp, struct ev_names *nm, char *note,
	    size_t note_size, struct ferr *e);

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

/*
 * A decoder of the binary sub-buffers of a tracefs tree at DIR (the live
 * one, or a copy of its events/ formats): for trace_open() and the tests.
 * Fills NM as trace_open() does. Returns NULL with E set.
 */
struct trace_decoder *trace_decoder_new(const char *dir, struct ev_names *nm,
	    char *note, size_t note_size, struct ferr *e);

/*
 * Count into C the events of one sub-buffer SUBBUF as trace_pipe_raw
 * gives it. Returns 0, or -1 when it is malformed or out of memory.
 */
int	trace_decode(struct trace_decoder *d, void *subbuf, struct ev_counts *c);
void	trace_decoder_free(struct trace_decoder *d);

/*
 * Count into C the stalls the begin and end events decoded so far
 * measured, those older than CUT (ns of the trace clock, mono: as
 * CLOCK_MONOTONIC; UINT64_MAX: all); task names come from DIR's
 * saved_cmdlines. Returns 0, or -1 when out of memory.
 */
int	trace_settle(struct trace_decoder *d, uint64_t cut, struct ev_counts *c);

#endif

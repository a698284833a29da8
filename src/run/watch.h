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

struct experiment_progress;

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
	struct experiment_progress *progress;	/* its line, with a recording */
	/*
	 * Fill R's advice and counts (R->avail) from the sample IN, with
	 * COUNTS_ARG; NULL: no counts. Returns 0, or -1 when out of memory.
	 */
	int			(*counts)(void *counts_arg,
				    const struct inputs *in, struct report *r);
	void			*counts_arg;
};

/*
 * Sample until COUNT samples were printed, a signal of watch_signals()
 * (watch_signals.h), or a closed standard output. A sample whose files cannot be read or parsed is
 * reported on standard error and skipped. Each sample also goes to O->rec
 * when set. Returns 0, or -1 with E set when standard output fails for
 * another reason than a closed pipe, the recording cannot be written, or
 * a sample lacks an order the watch shows (buddyinfo rewritten).
 */
int	watch_run(const struct watch_opts *o, struct report *tmpl,
	    struct ferr *e);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* experiment.h - run a command under --record: start it, its status */
#ifndef FRAGSTAT_EXPERIMENT_H
#define FRAGSTAT_EXPERIMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#include "ferr.h"
#include "recording.h"

/* The exit statuses a shell gives: command not runnable, not found, signal 0. */
#define EXPERIMENT_NOT_RUNNABLE	126
#define EXPERIMENT_NOT_FOUND	127
#define EXPERIMENT_SIGNALLED	128

/*
 * Start ARGV as a child with this process's standard input, output and
 * error, and the signal mask fragstat began with, less the signals it
 * catches (watch_sleep_mask()); those, SIGPIPE and SIGXFSZ are back at
 * their defaults. Returns its pid, or -1 with E set when it cannot be
 * started. A command that cannot be run exits EXPERIMENT_NOT_FOUND
 * (EXPERIMENT_NOT_RUNNABLE: found but not runnable), as in a shell.
 */
pid_t	experiment_spawn(char *const *argv, struct ferr *e);

/* The progress line while the command runs (experiment_progress_begin()). */
struct experiment_progress {
	bool		 on;		/* standard error is a terminal */
	bool		 shown;		/* a line is written and not ended */
	const char	*dir;		/* the recording */
	struct timespec	 t0;		/* when the command started */
};

/*
 * While the command runs: with ON (standard error a terminal), each
 * experiment_progress() rewrites one line on standard error, "fragstat:
 * recording DIR: 12.4 s, 62 samples written" (render_experiment.c);
 * experiment_progress_end() ends it with a newline. Without ON, nothing.
 */
void	experiment_progress_begin(struct experiment_progress *p, bool on,
	    const char *dir);
void	experiment_progress(struct experiment_progress *p,
	    unsigned long samples);
void	experiment_progress_end(struct experiment_progress *p);

/*
 * Returns the exit status a shell gives wait status WSTATUS: its code, or
 * EXPERIMENT_SIGNALLED + N after signal N.
 */
int	experiment_status(int wstatus);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* watch_signals.h - the signals that end --watch, wake its sleep or go to its command */
#ifndef FRAGSTAT_WATCH_SIGNALS_H
#define FRAGSTAT_WATCH_SIGNALS_H

#include <signal.h>
#include <stdbool.h>
#include <sys/types.h>

/*
 * Make the signals of endsigs.h (SIGINT, SIGTERM, SIGHUP, SIGQUIT and the
 * others that would end the process) end watch_run() after its
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

/* Returns whether a stopping signal came: the loop ends after its sample. */
bool	watch_stopping(void);

/*
 * Between two runs of --repeat: let in the stopping signals that came
 * while they were held (none went to a command then), forget the last
 * command's SIGCHLD. Returns the signal that asks to stop, or 0.
 */
int	watch_between(void);

/*
 * Returns whether a SIGCHLD came since the last call that returned true
 * (TAKE: and forget it, as the one who reaps the command does).
 */
bool	watch_child_exited(bool take);

/* The signal mask to sleep with: the one watch_signals() began with, ours let in. */
const sigset_t	*watch_sleep_mask(void);

#endif

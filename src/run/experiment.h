/* SPDX-License-Identifier: GPL-2.0-or-later */
/* experiment.h - run a command under --record: start it, its status */
#ifndef FRAGSTAT_EXPERIMENT_H
#define FRAGSTAT_EXPERIMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "ferr.h"
#include "recording.h"

/*
 * Start ARGV as a child with this process's standard input, output and
 * error, every signal unblocked and SIGPIPE back to its default. Returns
 * its pid, or -1 with E set when it cannot be started. A command that
 * cannot be run exits 127 (126: found but not runnable), as in a shell.
 */
pid_t	experiment_spawn(char *const *argv, struct ferr *e);

/*
 * While the command runs: with ON (standard error a terminal), each
 * experiment_progress() rewrites one line on standard error, "fragstat:
 * recording DIR: 12.4 s, 62 samples written"; experiment_progress_end()
 * ends it with a newline. Without ON, nothing.
 */
void	experiment_progress_begin(bool on, const char *dir);
void	experiment_progress(unsigned long samples);
void	experiment_progress_end(void);

/* Returns the exit status a shell gives wait status WSTATUS: its code, or 128+N after signal N. */
int	experiment_status(int wstatus);

#endif

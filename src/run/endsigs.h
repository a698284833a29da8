/* SPDX-License-Identifier: GPL-2.0-or-later */
/* endsigs.h - the signals that would end fragstat, which it catches to leave nothing behind */
#ifndef FRAGSTAT_ENDSIGS_H
#define FRAGSTAT_ENDSIGS_H

#include <signal.h>
#include <stdbool.h>

/*
 * Returns whether SIG's default action ends the process and fragstat
 * catches it, so that none leaves a partial capture or recording: all
 * but SIGKILL and SIGSTOP (they cannot be caught), those ignored or
 * stopping by default, the faults (a bug's: it dies with its core), and
 * SIGPIPE and SIGXFSZ (ignored: the write fails and takes the error path).
 */
bool	endsigs_has(int sig);

/* Fill SET with every signal endsigs_has() takes. */
void	endsigs_fill(sigset_t *set);

#endif

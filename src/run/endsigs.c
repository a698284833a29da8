// SPDX-License-Identifier: GPL-2.0-or-later
/* endsigs.c - the signals that would end fragstat, which it catches to leave nothing behind */
#include "config.h"

#include <stdbool.h>

#include "endsigs.h"

/*
 * Returns whether SIG's default action ends the process and fragstat
 * catches it: all but SIGKILL and SIGSTOP (they cannot be caught), those
 * ignored or stopping by default, the faults (a bug's: it dies with its
 * core), and SIGPIPE and SIGXFSZ (ignored: the write fails instead).
 */
static bool
endsigs_has(int sig)
{
	switch (sig) {
	case SIGKILL: case SIGSTOP:
	case SIGCHLD: case SIGCONT: case SIGURG: case SIGWINCH:
	case SIGTSTP: case SIGTTIN: case SIGTTOU:
	case SIGSEGV: case SIGBUS: case SIGFPE: case SIGILL: case SIGTRAP:
	case SIGSYS: case SIGABRT:
	case SIGPIPE: case SIGXFSZ:
		return false;
	default:
		return sig > 0 && sig <= SIGRTMAX;
	}
}

void
endsigs_fill(sigset_t *set)
{
	int sig;

	sigemptyset(set);
	/* sigaddset() refuses the C library's own, just below SIGRTMIN. */
	for (sig = 1; sig <= SIGRTMAX; sig++)
		if (endsigs_has(sig))
			sigaddset(set, sig);
}

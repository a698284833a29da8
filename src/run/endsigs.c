// SPDX-License-Identifier: GPL-2.0-or-later
/* endsigs.c - the signals that would end fragstat, which it catches to leave nothing behind */
#include "config.h"

#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "endsigs.h"

/* The signals ignored when fragstat began, and its mask then (endsigs_note_entry()). */
static sigset_t entry_ignored, entry_mask;

/*
 * Returns whether SIG's default action ends the process and fragstat
 * catches it: all but SIGKILL and SIGSTOP (they cannot be caught), those
 * ignored or stopping by default, the faults (a bug's: it dies with its
 * core; SIGABRT is caught, endsigs_fault() tells a bug's from another
 * process's), and SIGPIPE and SIGXFSZ (ignored: the write fails instead).
 */
static bool
endsigs_has(int sig)
{
	switch (sig) {
	case SIGKILL: case SIGSTOP:
	case SIGCHLD: case SIGCONT: case SIGURG: case SIGWINCH:
	case SIGTSTP: case SIGTTIN: case SIGTTOU:
	case SIGSEGV: case SIGBUS: case SIGFPE: case SIGILL: case SIGTRAP:
	case SIGSYS:
	case SIGPIPE: case SIGXFSZ:
		return false;
	default:
		return sig > 0 && sig <= SIGRTMAX;
	}
}

void
endsigs_note_entry(void)
{
	struct sigaction sa;
	int sig;

	sigemptyset(&entry_ignored);
	sigprocmask(SIG_SETMASK, NULL, &entry_mask);
	for (sig = 1; sig < NSIG; sig++)
		if (sigaction(sig, NULL, &sa) == 0 && sa.sa_handler == SIG_IGN)
			sigaddset(&entry_ignored, sig);
}

void
endsigs_fill(sigset_t *set)
{
	int sig;

	sigemptyset(set);
	/* sigaddset() refuses the C library's own, just below SIGRTMIN. */
	for (sig = 1; sig <= SIGRTMAX; sig++)
		if (endsigs_has(sig) && sigismember(&entry_ignored, sig) != 1)
			sigaddset(set, sig);
}

bool
endsigs_fault(int sig, const siginfo_t *si)
{
	return sig == SIGABRT && (si->si_code > 0 || si->si_pid == getpid());
}

void
endsigs_restore_entry(void)
{
	struct sigaction sa;
	int sig;

	memset(&sa, 0, sizeof(sa));
	/* Before the mask lets a pending one in: no handler of ours may run. */
	for (sig = 1; sig < NSIG; sig++) {
		if (sig == SIGKILL || sig == SIGSTOP)
			continue;
		sa.sa_handler = sigismember(&entry_ignored, sig) == 1 ?
		    SIG_IGN : SIG_DFL;
		sigaction(sig, &sa, NULL);
	}
	sigprocmask(SIG_SETMASK, &entry_mask, NULL);
}

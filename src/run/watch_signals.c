/* SPDX-License-Identifier: GPL-2.0-or-later */
/* watch_signals.c - the signals that end --watch, wake its sleep or go to its command */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "endsigs.h"
#include "slurp.h"
#include "watch_signals.h"

static volatile sig_atomic_t stop, child_exited;

/* The command the stopping signals go to (watch_forward()), or 0. */
static volatile pid_t forward_to;

/* The signal mask while watch_run() sleeps: the one it began with, ours let in. */
static sigset_t sleep_mask;

/* The signals that stop the loop. */
static sigset_t stop_sigs;

/*
 * The signal handler: note a command's exit, pass a signal on to the
 * command, or ask the loop to stop. A terminal's ^C reaches the whole
 * foreground process group (si_code SI_KERNEL): the command has it then,
 * unless it left our group (setsid, a shell's set -m). A fault goes to
 * its default action (endsigs_fault()).
 */
static void
on_signal(int sig, siginfo_t *si, void *ctx)
{
	(void)ctx;
	if (endsigs_fault(sig, si)) {
		signal(sig, SIG_DFL);
		raise(sig);
	} else if (sig == SIGCHLD)
		child_exited = 1;
	else if (forward_to > 0) {
		if (si->si_code != SI_KERNEL || getpgid(forward_to) != getpgrp())
			kill(forward_to, sig);
	} else
		stop = sig;
}

void
watch_forward(pid_t pid)
{
	forward_to = pid;
}

void
watch_signals(void)
{
	struct sigaction sa;
	sigset_t set;
	int sig;

	endsigs_fill(&stop_sigs);
	/* SIGCHLD only wakes the sleep. */
	set = stop_sigs;
	sigaddset(&set, SIGCHLD);
	/*
	 * Held blocked except in the sleep's ppoll(), which lets them in
	 * atomically: a capture, a sample or the tracefs instance is never
	 * cut midway, and a signal that came before the sleep ends it at once.
	 */
	sigprocmask(SIG_BLOCK, &set, &sleep_mask);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sigfillset(&sa.sa_mask);
	/* A signal only asks the loop to stop: no system call may fail for it. */
	sa.sa_flags = SA_RESTART | SA_SIGINFO | SA_NOCLDSTOP;
	/*
	 * --events must remove its tracefs instance whatever ends it; one
	 * ignored when fragstat began is not in SET (endsigs_fill()): nohup's
	 * SIGHUP stays ignored, by fragstat and by its command.
	 */
	for (sig = 1; sig < NSIG; sig++)
		if (sigismember(&set, sig) == 1) {
			sigdelset(&sleep_mask, sig);
			sigaction(sig, &sa, NULL);
		}
	/* A read that never returns (a FIFO under --sysroot) ends for them too. */
	slurp_stoppable(&stop_sigs, &stop);
}

pid_t
watch_wait(pid_t pid, int *wstatus)
{
	pid_t got;

	/*
	 * Asleep only in sigsuspend(), which lets the signals in atomically:
	 * one sent now is forwarded while PID cannot have been reaped yet,
	 * and the SIGCHLD of an exit after the check wakes it.
	 */
	while ((got = waitpid(pid, wstatus, WNOHANG)) == 0)
		sigsuspend(&sleep_mask);
	return got;
}

bool
watch_stopping(void)
{
	return stop != 0;
}

int
watch_between(void)
{
	sigset_t held;

	/* Unblocked, a signal held meanwhile is handled before this returns. */
	sigprocmask(SIG_SETMASK, &sleep_mask, &held);
	sigprocmask(SIG_SETMASK, &held, NULL);
	child_exited = 0;
	return stop;
}

bool
watch_child_exited(bool take)
{
	if (!child_exited)
		return false;
	if (take)
		child_exited = 0;
	return true;
}

const sigset_t *
watch_sleep_mask(void)
{
	return &sleep_mask;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* endsigs.h - the signals that would end fragstat, which it catches to leave nothing behind */
#ifndef FRAGSTAT_ENDSIGS_H
#define FRAGSTAT_ENDSIGS_H

#include <signal.h>
#include <stdbool.h>

/*
 * Note the signal dispositions and mask fragstat began with, before it
 * changes any (the first thing main() does): what a shell or nohup set
 * is kept, and given back to a command fragstat runs.
 */
void	endsigs_note_entry(void);

/*
 * Fill SET with every signal whose default action ends the process and
 * that fragstat catches, so that none leaves a partial capture or
 * recording (endsigs.c says which are left out, and why): one ignored
 * when fragstat began (nohup's SIGHUP) is not, it stays ignored.
 */
void	endsigs_fill(sigset_t *set);

/*
 * Returns whether SIG, as SI says, is a fault of ours rather than a
 * request to end: a SIGABRT that abort() raised in this process or
 * the kernel sent. One that another process sent (kill -ABRT from a
 * watchdog, si_code <= 0) ends the run like SIGTERM. A handler gives a
 * fault back to its default action (a core) without cleaning up.
 */
bool	endsigs_fault(int sig, const siginfo_t *si);

/*
 * In a child about to exec a command: every signal back to the
 * disposition fragstat began with (SIG_IGN where it was ignored, else
 * SIG_DFL) and the mask to the one it began with. Async-signal-safe.
 */
void	endsigs_restore_entry(void);

#endif

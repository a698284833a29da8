/* SPDX-License-Identifier: GPL-2.0-or-later */
/* endsigs.h - the signals that would end fragstat, which it catches to leave nothing behind */
#ifndef FRAGSTAT_ENDSIGS_H
#define FRAGSTAT_ENDSIGS_H

#include <signal.h>

/*
 * Every signal whose default action ends the process and that another
 * process or a limit may send: the standalone capture and --watch catch
 * each of them, so that none leaves a partial capture or recording. (The
 * faults, SIGSEGV and its kin, say a bug; SIGKILL cannot be caught;
 * SIGXFSZ is ignored instead, so that a write past the file size limit
 * fails with EFBIG and takes the error path.) For array initialisers.
 */
#define ENDSIGS	SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, \
	SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGPWR

#endif

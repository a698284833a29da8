/* SPDX-License-Identifier: GPL-2.0-or-later */
/* experiment.c - run a command under --record: start it, its status */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "elapsed.h"
#include "endsigs.h"
#include "experiment.h"
#include "render_experiment.h"

pid_t
experiment_spawn(char *const *argv, struct ferr *e)
{
	pid_t pid;
	int err;

	fflush(NULL);
	if (ferr_inject("spawn") || (pid = fork()) == -1) {
		/* E named an input until now: name the command. */
		ferr_keep_path(e, argv[0]);
		return ferr_set(e, 0, "cannot start: %s", strerror(errno));
	}
	if (pid > 0)
		return pid;
	/*
	 * The child: what it inherits from fragstat's run is not its own.
	 * Every signal goes back to what fragstat began with, an ignored one
	 * (nohup's SIGHUP) ignored, the others SIG_DFL, and then the mask too:
	 * fragstat's handler must not run in the child.
	 */
	endsigs_restore_entry();
	execvp(argv[0], argv);
	err = errno;
	ferr_say("%s: cannot run: %s", argv[0], strerror(err));
	_exit(err == ENOENT ? EXPERIMENT_NOT_FOUND : EXPERIMENT_NOT_RUNNABLE);
}

void
experiment_progress_begin(struct experiment_progress *p, bool on,
    const char *dir)
{
	p->on = on;
	p->shown = false;
	p->dir = dir;
	clock_gettime(CLOCK_MONOTONIC, &p->t0);
}

void
experiment_progress(struct experiment_progress *p, unsigned long samples)
{
	struct timespec now;

	if (!p->on)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	render_experiment_progress(stderr, p->dir, elapsed_ms_between(&p->t0,
	    &now), samples);
	p->shown = true;
}

void
experiment_progress_end(struct experiment_progress *p)
{
	if (p->shown)
		render_experiment_progress_end(stderr);
	p->shown = false;
}

int
experiment_status(int wstatus)
{
	if (WIFSIGNALED(wstatus))
		return EXPERIMENT_SIGNALLED + WTERMSIG(wstatus);
	return WEXITSTATUS(wstatus);
}

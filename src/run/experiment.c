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

#include "experiment.h"
#include "options.h"

pid_t
experiment_spawn(char *const *argv, struct ferr *e)
{
	sigset_t none;
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
	/* The child: what it inherits from fragstat's run is not its own. */
	signal(SIGPIPE, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	execvp(argv[0], argv);
	err = errno;
	ferr_say("%s: cannot run: %s", argv[0], strerror(err));
	_exit(err == ENOENT ? 127 : 126);
}

/* The progress line: shown at all, since when, of which recording, written yet. */
static bool progress_on, progress_shown;
static struct timespec progress_t0;
static const char *progress_dir;

void
experiment_progress_begin(bool on, const char *dir)
{
	progress_on = on;
	progress_dir = dir;
	clock_gettime(CLOCK_MONOTONIC, &progress_t0);
}

void
experiment_progress(unsigned long samples)
{
	struct timespec now;
	long long ds;

	if (!progress_on)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	ds = ((long long)(now.tv_sec - progress_t0.tv_sec) * 1000 +
	    (now.tv_nsec - progress_t0.tv_nsec) / 1000000) / 100;
	/* Back to the line's start, and the rest of the old line cleared. */
	fprintf(stderr, "\r%s: recording %s: %lld.%lld s, %lu sample%s "
	    "written\033[K", progname, progress_dir, ds / 10, ds % 10, samples,
	    samples == 1 ? "" : "s");
	fflush(stderr);
	progress_shown = true;
}

void
experiment_progress_end(void)
{
	if (progress_shown)
		fputc('\n', stderr);
	progress_shown = false;
}

int
experiment_status(int wstatus)
{
	if (WIFSIGNALED(wstatus))
		return 128 + WTERMSIG(wstatus);
	return WEXITSTATUS(wstatus);
}

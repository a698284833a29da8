/* SPDX-License-Identifier: GPL-2.0-or-later */
/* experiment.c - run a command under --record: start it, its status */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
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
	fprintf(stderr, "%s: %s: cannot run: %s\n", progname, argv[0],
	    strerror(err));
	_exit(err == ENOENT ? 127 : 126);
}

int
experiment_status(int wstatus)
{
	if (WIFSIGNALED(wstatus))
		return 128 + WTERMSIG(wstatus);
	return WEXITSTATUS(wstatus);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mode_capture.c - --capture DIR: one capture, removed whole when a signal ends it */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "capture.h"
#include "endsigs.h"
#include "mode_capture.h"
#include "render_capture.h"
#include "stage.h"

/*
 * The capture being made, where the handler finds what to remove: a few
 * hundred bytes that stage.c sets and clears with every signal blocked.
 */
static struct stage staged = { .fd = -1, .spare = -1 };

/* A signal that ends us: remove the partial capture (not for a fault), then die of SIG. */
static void
on_signal(int sig, siginfo_t *si, void *ctx)
{
	(void)ctx;
	if (!endsigs_fault(sig, si))
		stage_remove_now(&staged);
	signal(sig, SIG_DFL);
	raise(sig);
}

int
mode_capture_run(const char *src, const char *dir, unsigned long page_size,
    const struct map_rules *map, FILE *out, struct ferr *e)
{
	struct sigaction sa, old[NSIG];
	struct capture_done done;
	sigset_t ends, saved;
	int rc, sig;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO;
	sigfillset(&sa.sa_mask);
	endsigs_fill(&ends);
	/* Only what was saved is put back: one may be refused (valgrind's own). */
	sigemptyset(&saved);
	for (sig = 1; sig < NSIG; sig++)
		if (sigismember(&ends, sig) == 1 &&
		    sigaction(sig, &sa, &old[sig]) == 0)
			sigaddset(&saved, sig);
	rc = capture_run(src, dir, page_size, map, &staged, &done, e);
	for (sig = 1; sig < NSIG; sig++)
		if (sigismember(&saved, sig) == 1)
			sigaction(sig, &old[sig], NULL);
	if (rc == 0 && out != NULL)
		render_capture(out, dir, &done);
	return rc;
}

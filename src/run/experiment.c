/* SPDX-License-Identifier: GPL-2.0-or-later */
/* experiment.c - run a command under --record: start it, quote it, its status */
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

/* Returns whether byte C needs no quoting in a shell word. */
static bool
plain(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || strchr("_@%+=:,./-", c) != NULL;
}

/* Append the N bytes at S to BUF (SIZE bytes) at *AT. Returns 0, or -1 when they do not fit. */
static int
put(char *buf, size_t size, size_t *at, const char *s, size_t n)
{
	if (*at + n >= size)
		return -1;
	memcpy(buf + *at, s, n);
	*at += n;
	buf[*at] = '\0';
	return 0;
}

int
experiment_quote(char *buf, size_t size, char *const *argv)
{
	const unsigned char *p;
	char esc[8];
	size_t at = 0;
	bool quoted;
	int i;

	if (size == 0)
		return -1;
	buf[0] = '\0';
	for (i = 0; argv[i] != NULL; i++) {
		if (i > 0 && put(buf, size, &at, " ", 1) != 0)
			return -1;
		for (p = (const unsigned char *)argv[i]; *p && plain(*p); p++)
			;
		if (*p == '\0' && argv[i][0] != '\0') {
			if (put(buf, size, &at, argv[i], strlen(argv[i])) != 0)
				return -1;
			continue;
		}
		/*
		 * Inside '...' everything is literal but the quote itself;
		 * a control character (a newline would end the metadata's
		 * line) is written as $'\ooo' between two quoted parts.
		 */
		quoted = false;
		for (p = (const unsigned char *)argv[i]; *p; p++) {
			if (*p < 0x20 || *p == 0x7f || *p == '\'') {
				if (quoted && put(buf, size, &at, "'", 1) != 0)
					return -1;
				quoted = false;
				if (*p == '\'')
					snprintf(esc, sizeof(esc), "\\'");
				else
					snprintf(esc, sizeof(esc), "$'\\%03o'",
					    *p);
				if (put(buf, size, &at, esc, strlen(esc)) != 0)
					return -1;
				continue;
			}
			if (!quoted && put(buf, size, &at, "'", 1) != 0)
				return -1;
			quoted = true;
			if (put(buf, size, &at, (const char *)p, 1) != 0)
				return -1;
		}
		if ((quoted || argv[i][0] == '\0') &&
		    put(buf, size, &at, argv[i][0] ? "'" : "''", argv[i][0] ?
		    1 : 2) != 0)
			return -1;
	}
	return 0;
}

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

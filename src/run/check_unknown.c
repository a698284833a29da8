/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check_unknown.c - --check ends with a status line whatever ends the run
 * (bad arguments and bad input are UNKNOWN, 3, as the monitoring plugins'
 * guidelines ask), and standard error stays standard error
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "check_unknown.h"
#include "ferr.h"
#include "opts.h"
#include "render_check.h"

/* Whether the status line was printed, and its state. */
static bool printed;
static enum check_state printed_state;
/* Whether standard output failed: nothing more can be written to it. */
static bool unwritten;

bool
check_wanted(int argc, char **argv)
{
	size_t n;
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
		/* "--check=X" too: its usage error is UNKNOWN as well. */
		n = strcspn(argv[i], "=");
		/* getopt_long() takes "--ch" and longer: no other option starts so. */
		if (n >= strlen("--ch") && n <= strlen("--check") &&
		    strncmp(argv[i], "--check", n) == 0)
			return true;
	}
	return false;
}

/*
 * A monitoring system shows a plugin's standard output only: the message
 * of an error (any of the many places that say one) must reach the
 * UNKNOWN line. ferr keeps the last one said. Standard error is not
 * parked in a file: what the C library or a sanitizer writes there when
 * fragstat crashes would be lost with it.
 */
void
check_begin(void)
{
	ferr_keep_begin();
}

void
check_printed(enum check_state s)
{
	printed = true;
	printed_state = s;
}

void
check_unwritten(void)
{
	unwritten = true;
}

int
check_end(int rc)
{
	const char *why = ferr_kept();

	/* The error is on standard error: the status line cannot follow. */
	if (unwritten) {
		ferr_keep_end();
		return CHECK_UNKNOWN;
	}
	if (printed || rc == EXIT_OK) {
		ferr_keep_end();
		return printed ? (int)printed_state : EXIT_OK;
	}
	/* Bad arguments or input: the guidelines' UNKNOWN, never 1 or 2. */
	render_check_unknown(stdout, why != NULL ? why :
	    "fragstat failed: see its standard error");
	ferr_keep_end();
	fflush(stdout);
	return CHECK_UNKNOWN;
}

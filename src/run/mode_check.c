/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mode_check.c - --check: a monitoring plugin's status line and exit
 * status (0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN, also for bad arguments
 * and bad input, as the monitoring plugins' guidelines ask), and the exit
 * status --need gives scripts
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "advise.h"
#include "avail.h"
#include "ferr.h"
#include "health.h"
#include "mode_check.h"
#include "orders.h"
#include "render_check.h"
#include "usage.h"

/* Standard error while --check runs: a file the messages are kept in. */
static FILE *kept;
static int saved_stderr = -1;
/* Whether the status line was printed, and its state. */
static bool printed;
static enum check_state printed_state;

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
 * of an error (any of the many places that print one) must reach the
 * UNKNOWN line. Standard error goes to a file until check_end().
 */
void
check_begin(void)
{
	fflush(stderr);
	/* Without a file, the messages stay on standard error alone. */
	if (ferr_inject("check-keep") || (kept = tmpfile()) == NULL)
		return;
	if ((saved_stderr = dup(STDERR_FILENO)) < 0 ||
	    dup2(fileno(kept), STDERR_FILENO) < 0) {
		if (saved_stderr >= 0)
			close(saved_stderr);
		saved_stderr = -1;
		fclose(kept);
		kept = NULL;
	}
}

/* Returns whether LINE is a message of ours: "fragstat: ...", not a hint. */
static bool
ours(const char *line)
{
	size_t pre = strlen(progname);

	return strncmp(line, progname, pre) == 0 &&
	    strncmp(line + pre, ": ", 2) == 0;
}

/*
 * Put standard error back and write what was kept to it. Returns its
 * last message of ours whole (the error: the notes on optional files come
 * first, "Try ... --help" after), else its first line, without
 * "fragstat: " and the newline, for the caller to free; NULL when nothing
 * was kept or memory ran out.
 */
static char *
check_restore(void)
{
	char *line = NULL, *pick = NULL;
	size_t cap = 0, pre = strlen(progname);
	bool pick_ours = false;
	ssize_t len;

	if (kept == NULL)
		return NULL;
	fflush(stderr);
	dup2(saved_stderr, STDERR_FILENO);
	close(saved_stderr);
	rewind(kept);
	while ((len = getline(&line, &cap, kept)) > 0) {
		fwrite(line, 1, (size_t)len, stderr);
		if (pick != NULL && !ours(line))
			continue;
		free(pick);
		pick_ours = ours(line);
		pick = strdup(line);
	}
	free(line);
	fclose(kept);
	kept = NULL;
	if (pick == NULL)
		return NULL;
	pick[strcspn(pick, "\n")] = '\0';
	/* "fragstat: " goes: the line says "FRAGSTAT UNKNOWN" already. */
	if (pick_ours)
		memmove(pick, pick + pre + 2, strlen(pick + pre + 2) + 1);
	return pick;
}

int
check_end(int rc)
{
	char *first = check_restore();

	if (printed || rc == EXIT_OK) {
		free(first);
		return printed ? (int)printed_state : EXIT_OK;
	}
	/* Bad arguments or input: the guidelines' UNKNOWN, never 1 or 2. */
	render_check_unknown(stdout, first != NULL ? first :
	    "fragstat failed: see its standard error");
	free(first);
	fflush(stdout);
	return CHECK_UNKNOWN;
}

/*
 * Set *ORDER from --warn's or --crit's SIZE (NULL: DEFAULT_ORDER), named
 * OPT in a message. Returns 0, or -1 after a usage message.
 */
static int
size_order(const char *opt, const char *size, unsigned long page_size,
    unsigned norders, unsigned default_order, unsigned *order)
{
	*order = default_order;
	if (size == NULL)
		return 0;
	return orders_one(opt, size, page_size, norders, order);
}

int
check_ask_of(const struct opts *o, const struct inputs *in,
    unsigned long page_size, const struct advice *adv, struct check_ask *ask)
{
	unsigned def = advise_block_order(in->have_pti ? &in->pti : NULL, adv);
	unsigned w = def, c = def;

	memset(ask, 0, sizeof(*ask));
	ask->warn = o->warn;
	ask->crit = o->crit;
	ask->node = o->node;
	ask->order = def;
	if ((o->warn != 0 && size_order("--warn", o->warn_size, page_size,
	    in->bi.norders, def, &w) != 0) || (o->crit != 0 &&
	    size_order("--crit", o->crit_size, page_size, in->bi.norders, def,
	    &c) != 0))
		return -1;
	if (o->warn != 0 && o->crit != 0 && w != c) {
		usage_error("%s", "--warn and --crit count blocks of one size: "
		    "give both the same SIZE");
		return -1;
	}
	ask->order = o->warn != 0 ? w : c;
	return 0;
}

int
run_check(const struct opts *o, const struct inputs *in,
    const struct report *r)
{
	struct check_answer c;
	struct check_ask ask;

	if (check_ask_of(o, in, r->page_size, r->advice, &ask) != 0)
		return EXIT_USAGE;
	health_judge_nodes(&c, r->avail, r->need, r->need_answer.possible,
	    &ask);
	render_check(stdout, r, &ask, &c);
	printed_state = c.n > 0 ? c.nodes[c.worst].state : CHECK_UNKNOWN;
	printed = true;
	return printed_state;
}

int
check_need_status(const struct report *r)
{
	switch (r->need_answer.verdict) {
	case VERDICT_OK:
		return EXIT_OK;
	case VERDICT_COMPACT:
		return EXIT_NEED_COMPACT;
	case VERDICT_RECLAIM:
		return EXIT_NEED_RECLAIM;
	case VERDICT_UNUSABLE:
		return EXIT_NEED_IMPOSSIBLE;
	case VERDICT_PINNED:
		return EXIT_NEED_PINNED;
	case VERDICT_UNKNOWN:
	case VERDICT_NSTATES:
		break;
	}
	return EXIT_NEED_UNKNOWN;
}

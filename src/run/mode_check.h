/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mode_check.h - --check, a monitoring plugin's status line and exit
 * status, and the exit status --need gives scripts
 */
#ifndef FRAGSTAT_MODE_CHECK_H
#define FRAGSTAT_MODE_CHECK_H

#include <stdbool.h>

#include "checkask.h"
#include "inputs.h"
#include "options.h"
#include "report.h"

/*
 * Returns whether ARGV asks for --check (or an abbreviation of it) before
 * any '--': known before the options are read, so that a usage error too
 * ends as UNKNOWN.
 */
bool	check_wanted(int argc, char **argv);

/* Start --check: keep what fragstat writes on standard error for the status line. */
void	check_begin(void);

/*
 * End --check with RC, the exit status of the run: the state of the status
 * line printed, else 0 after --help or --version, else "FRAGSTAT UNKNOWN"
 * and the first message on standard error, and 3. What was written to
 * standard error is written there now. Returns the exit status.
 */
int	check_end(int rc);

/*
 * Set ASK from O's --warn, --crit and --node for IN with pages of
 * PAGE_SIZE (the size by default: ADV's advise_block_order()). Returns 0,
 * or -1 after a usage message.
 */
int	check_ask_of(const struct opts *o, const struct inputs *in,
	    unsigned long page_size, const struct advice *adv,
	    struct check_ask *ask);

/* --check: print the status line for IN and R. Returns the state. */
int	run_check(const struct opts *o, const struct inputs *in,
	    const struct report *r);

/* Returns the exit status of --need's answer in R: 0 ok, else EXIT_NEED_*. */
int	check_need_status(const struct report *r);

/* Returns the exit status of --need's answer V: 0 ok, else EXIT_NEED_*. */
int	check_verdict_status(enum verdict v);

/*
 * Set *WORST (VERDICT_OK to start) to R's --need answer where it is worse
 * (advise_rank(): ok, unknown, compact, reclaim, impossible): several
 * roots exit with their worst answer.
 */
void	check_worst_need(enum verdict *worst, const struct report *r);

#endif

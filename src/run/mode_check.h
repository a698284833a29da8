/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mode_check.h - --check, a monitoring plugin's status line and exit status */
#ifndef FRAGSTAT_MODE_CHECK_H
#define FRAGSTAT_MODE_CHECK_H

#include "checkask.h"
#include "inputs.h"
#include "options.h"
#include "report.h"

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

#endif

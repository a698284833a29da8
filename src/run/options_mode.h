/* SPDX-License-Identifier: GPL-2.0-or-later */
/* options_mode.h - between options.c and options_mode.c: the options' ids and the mode check */
#ifndef FRAGSTAT_OPTIONS_MODE_H
#define FRAGSTAT_OPTIONS_MODE_H

#include <stdbool.h>

#include "opts.h"

/* Long options without a short one; a short one is its own character. */
enum { OPT_BUDDYINFO = 256, OPT_PAGETYPEINFO, OPT_PRESSURE, OPT_NO_PTI,
	OPT_KERNEL, OPT_PAGE_SIZE, OPT_VERIFY, OPT_COLOR, OPT_ZONEINFO,
	OPT_ADVISE, OPT_GFP, OPT_THRESHOLD, OPT_PSI_SOME, OPT_PSI_FULL,
	OPT_COMPACT, OPT_ROOTS_FROM, OPT_COMPARE, OPT_WATCH, OPT_COUNT,
	OPT_MIGRATETYPES, OPT_ORDERS, OPT_CAPTURE, OPT_EVENTS, OPT_RECORD,
	OPT_MAP, OPT_NEED, OPT_NODE, OPT_LOW, OPT_CAPTURES_EVERY,
	OPT_EVENTS_MIN_ORDER, OPT_CGROUPS, OPT_TRIGGER, OPT_BEFORE, OPT_AFTER,
	OPT_FRAGMENTED, OPT_FORCE, OPT_DRY_RUN, OPT_FLEET, OPT_ROWS, OPT_CHECK,
	OPT_WARN, OPT_CRIT, OPT_MAP_EVERY, OPT_PREPARE, OPT_RECLAIM, OPT_REPEAT, OPT_END };

/*
 * Set O->action from the options GIVEN (indexed by option id) and check
 * every option against it and O->format. Returns EXIT_OK, or EXIT_USAGE
 * after a message.
 */
int	options_mode_check(struct opts *o, const bool *given);

/*
 * Every mode but a recording's summary and --compare of two reads
 * snapshots: a recording among O's roots is a usage error that names it,
 * what the mode reads and what reads a recording. Called once every root
 * is known, those of --roots-from too. Returns EXIT_OK, or EXIT_USAGE
 * after a message.
 */
int	options_refuse_recordings(const struct opts *o);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_watch.h - one --watch sample and its events, as table lines or one JSON line */
#ifndef FRAGSTAT_RENDER_WATCH_H
#define FRAGSTAT_RENDER_WATCH_H

#include <stddef.h>
#include <stdio.h>

#include "jsonw.h"
#include "report.h"
#include "sample.h"
#include "thpoutcome.h"
#include "trigger.h"

/* Print sample S as lines of the table, or as one JSON line. */
void	render_watch_table(FILE *fp, const struct wsample *s, unsigned long n);
void	render_watch_json(FILE *fp, const struct wsample *s);

/* The events of sample S: the "events" member's value, or table lines. */
void	render_events_json(struct jsonw *w, const struct wsample *s);

/*
 * Write the members min_order (MIN_ORDER) and by_order of the high-order
 * allocations ALLOC (FRAG_MAX_ORDERS), their migratetypes named by NM,
 * the gfp split null unless HAVE_FLAGS: the one shape of a --watch
 * --events sample's and a recording's "alloc".
 */
void	render_alloc_orders_json(struct jsonw *w,
	    const struct ev_alloc *alloc, const struct ev_names *nm,
	    unsigned min_order, bool have_flags);
void	render_events_table(FILE *fp, const struct wsample *s);

/*
 * Write the members of what THP allocations of SIZE_KB (ORDER) and KIND
 * got, D: size_kb, order, kind, alloc, fallback and fallback_charge (null
 * where the kernel does not count it apart): the one shape of a --watch
 * sample's "outcomes_interval" and a recording's "thp_outcomes".
 */
void	render_outcome_json(struct jsonw *w, uint64_t size_kb, int order,
	    enum outcome_kind kind, const struct outcome *d);

/*
 * Returns BUF (SIZE bytes) saying what of T fired (WHY, trigger_fired()),
 * for a triggered recording's "fired" line.
 */
const char *render_trigger(char *buf, size_t size, const struct trigger *t,
	    const struct trigger_fire *why);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* trace_decode.h - the decoder of tracefs sub-buffers into event counts, which trace.c's instance reads through */
#ifndef FRAGSTAT_TRACE_DECODE_H
#define FRAGSTAT_TRACE_DECODE_H

#include <stddef.h>
#include <stdint.h>

#include "events.h"
#include "ferr.h"

struct trace_decoder;

/*
 * A decoder of the binary sub-buffers of a tracefs tree at DIR (the live
 * one, or a copy of its events/ formats): for trace_open() and the tests.
 * Fills NM and *NOTE as trace_open() does; counts by RULES. Returns NULL
 * with E set (and *NOTE NULL).
 */
struct trace_decoder *trace_decoder_new(const char *dir, struct ev_names *nm,
	    const struct ev_rules *rules, char **note, struct ferr *e);

/*
 * Count into C the events of one sub-buffer SUBBUF as trace_pipe_raw
 * gives it. Returns 0, or -1 when it is malformed or out of memory.
 */
int	trace_decode(struct trace_decoder *d, void *subbuf, struct ev_counts *c);
void	trace_decoder_free(struct trace_decoder *d);

/*
 * Count into C the stalls the begin and end events decoded so far
 * measured, those older than CUT (ns of the trace clock, mono: as
 * CLOCK_MONOTONIC; UINT64_MAX: all); task names come from DIR's
 * saved_cmdlines. Returns 0, or -1 when out of memory.
 */
int	trace_settle(struct trace_decoder *d, uint64_t cut, struct ev_counts *c);


/*
 * Append NAME to the comma-separated list *LIST (*CAP bytes; NULL and 0
 * before the first), grown as long as it needs. Returns 0, or -1 when out
 * of memory (*LIST and *CAP kept).
 */
int	trace_list_add(char **list, size_t *cap, const char *name);

/*
 * Store in SYS and NAME the system and event of kind K ("kmem",
 * "mm_page_alloc_extfrag").
 */
void	trace_split_name(enum ev_kind k, char *sys, size_t size,
	    const char **name);

/*
 * Let D name a task from /proc/PID/comm when saved_cmdlines does not:
 * its events are this machine's, as they happen (trace_open()).
 */
void	trace_decoder_live(struct trace_decoder *d);

#endif

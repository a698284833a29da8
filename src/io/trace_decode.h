/* SPDX-License-Identifier: GPL-2.0-or-later */
/* trace_decode.h - between trace.c and trace_decode.c: what the instance takes from the decoder */
#ifndef FRAGSTAT_TRACE_DECODE_H
#define FRAGSTAT_TRACE_DECODE_H

#include <stddef.h>

#include "events.h"
#include "trace.h"

/* Append "NAME" to the comma-separated list in BUF. */
void	trace_list_add(char *buf, size_t size, const char *name);

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

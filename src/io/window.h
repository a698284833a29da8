/* SPDX-License-Identifier: GPL-2.0-or-later */
/* window.h - triggered recording: windows of samples around each trigger */
#ifndef FRAGSTAT_WINDOW_H
#define FRAGSTAT_WINDOW_H

#include <stdbool.h>
#include <stdio.h>

#include "ferr.h"
#include "record.h"

struct window;

/*
 * Make the directory RO->dir (or take it when it exists and is not a
 * recording itself) to hold the windows, each a recording made with RO
 * but for its directory, keeping the last BEFORE samples and writing
 * AFTER samples past the last trigger. Returns 0 with *WP set, or -1
 * with E set.
 */
int	window_open(struct window **wp, const struct record_opts *ro,
	    unsigned long before, unsigned long after, struct ferr *e);

/*
 * Take a sample written by WRITE(fp, ARG) as a recording holds it. FIRED
 * says what fired on it (NULL: nothing). When FIRED and no window is open, open one named by the UTC time of this
 * sample (RO->dir/YYYYMMDDTHHMMSSZ, "-2" and up when taken) with the kept
 * samples and this one; when FIRED in an open window, it runs AFTER
 * samples from this one on. A window ends, capturing last/, after its
 * last sample. Returns 0, or -1 with E set.
 */
int	window_sample(struct window *w, void (*write)(FILE *, const void *),
	    const void *arg, const char *fired, struct ferr *e);

/* Returns how many windows W opened. */
unsigned long	window_count(const struct window *w);

/* End the open window, if any, and free W (NULL: nothing). Returns 0 or -1. */
int	window_close(struct window *w, struct ferr *e);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mode_capture.h - --capture DIR: one capture, removed whole when a signal ends it */
#ifndef FRAGSTAT_MODE_CAPTURE_H
#define FRAGSTAT_MODE_CAPTURE_H

#include <stdbool.h>
#include <stdio.h>

#include "ferr.h"
#include "physmap.h"

/*
 * capture_run() of SRC into DIR as a program of its own: a signal of
 * endsigs.h removes the partial capture and ends the program by that
 * signal; the handlers before are back when it returns. Once it
 * is made, one line on OUT (NULL: none) says what it holds. Returns 0,
 * or -1 with E set.
 */
int	mode_capture_run(const char *src, const char *dir,
	    unsigned long page_size, const struct map_rules *map, FILE *out,
	    struct ferr *e);

#endif

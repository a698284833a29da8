/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay.h - read a recording made by --record into its summary */
#ifndef FRAGSTAT_REPLAY_H
#define FRAGSTAT_REPLAY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ferr.h"
#include "recording.h"

/*
 * Read the recording DIR into R, with every sample in R->series when
 * SERIES (up to REPLAY_MAX_SAMPLES). A last line cut short (a crash while
 * it was written) is ignored, with R->truncated set. Returns 0, or -1 with
 * E set (FILE:LINE of the first thing that is wrong). replay_free() frees
 * what R holds in both cases.
 */
int	replay_read(const char *dir, struct replay *r, bool series,
	    struct ferr *e);

#endif

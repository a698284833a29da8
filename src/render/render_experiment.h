/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_experiment.h - the progress line of a command run under --record */
#ifndef FRAGSTAT_RENDER_EXPERIMENT_H
#define FRAGSTAT_RENDER_EXPERIMENT_H

#include <stdint.h>
#include <stdio.h>

/*
 * Rewrite the progress line on FP, a terminal: "fragstat: recording DIR:
 * 12.4 s, 62 samples written", MS milliseconds after the start.
 */
void	render_experiment_progress(FILE *fp, const char *dir, uint64_t ms,
	    unsigned long samples);

/* End the progress line on FP, so that what follows starts a line. */
void	render_experiment_progress_end(FILE *fp);

#endif

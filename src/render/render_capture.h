/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_capture.h - what a standalone --capture made, in one line */
#ifndef FRAGSTAT_RENDER_CAPTURE_H
#define FRAGSTAT_RENDER_CAPTURE_H

#include <stdio.h>

#include "capdone.h"

/* Say on FP what the capture DONE into DIR did: one line. */
void	render_capture(FILE *fp, const char *dir,
	    const struct capture_done *done);

#endif

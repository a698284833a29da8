/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_experiment.c - the progress line of a command run under --record */

#include "config.h"

#include "ferr.h"
#include "render_experiment.h"

void
render_experiment_progress(FILE *fp, const char *dir, uint64_t ms,
    unsigned long samples)
{
	uint64_t ds = ms / 100;

	/* Back to the line's start, and the rest of the old line cleared. */
	fprintf(fp, "\r%s: recording %s: %llu.%llu s, %lu sample%s "
	    "written\033[K", progname, dir, (unsigned long long)(ds / 10),
	    (unsigned long long)(ds % 10), samples, samples == 1 ? "" : "s");
	fflush(fp);
}

void
render_experiment_progress_end(FILE *fp)
{
	fputc('\n', fp);
}

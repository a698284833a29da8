/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_pictures.h - the SVG pictures of snapshots and recordings */
#ifndef FRAGSTAT_RENDER_PICTURES_H
#define FRAGSTAT_RENDER_PICTURES_H

#include <stddef.h>
#include <stdio.h>

#include "mapseries.h"
#include "report.h"

struct replay;

/*
 * Pictures (render_svg_snapshot.c, render_svg_compare.c,
 * render_svg_batch.c): one SVG document of R; of A beside B with the
 * change; of the N snapshots R[0..N) over time, which returns 0, or -1
 * when out of memory, before anything is written.
 */
void	render_svg(FILE *fp, const struct report *r);
void	render_svg_compare(FILE *fp, const struct report *a,
	    const struct report *b);
int	render_svg_batch(FILE *fp, const struct report *r, size_t n);

/*
 * The recording R (read from DIR with its series, replay.h) over time,
 * with its map summaries MS (NULL or none: no pollution chart); recording
 * A beside B on the same scales, with the change. Each returns 0, or -1
 * when out of memory, before anything is written.
 */
int	render_svg_recording(FILE *fp, const char *dir, const struct replay *r,
	    const struct mapseries *ms);
int	render_svg_recordings(FILE *fp, const char *da, const struct replay *a,
	    const char *db, const struct replay *b);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_capture.c - what a standalone --capture made, in one line */

#include "config.h"

#include "model.h"
#include "render_capture.h"

void
render_capture(FILE *fp, const char *dir, const struct capture_done *done)
{
	fprintf(fp, "captured %s: %d files", dir, done->files);
	if (done->stable)
		fprintf(fp, ", buddyinfo stable around the index files");
	if (done->map)
		fprintf(fp, ", the map in %zu bytes", done->map_size);
	fprintf(fp, "%s\n", done->unreadable ?
	    "; some files unreadable, listed in " CAPTURE_META : "");
}

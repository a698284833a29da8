/* SPDX-License-Identifier: GPL-2.0-or-later */
/* load.c - the inputs of a run: read and parsed (io/), then the indices computed (kernel/) */
#include "config.h"

#include "frag.h"
#include "load.h"

int
load_inputs(const struct input_opts *o, struct inputs *in, struct ferr *e)
{
	if (inputs_load(o, in, e) != 0)
		return -1;
	if ((in->frag = frag_compute_all(&in->bi)) == NULL) {
		ferr_keep_path(e, in->bpath);
		return ferr_set(e, 0, "out of memory");
	}
	return 0;
}

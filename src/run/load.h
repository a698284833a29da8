/* SPDX-License-Identifier: GPL-2.0-or-later */
/* load.h - the inputs of a run: read and parsed (io/), then the indices computed (kernel/) */
#ifndef FRAGSTAT_LOAD_H
#define FRAGSTAT_LOAD_H

#include "ferr.h"
#include "inputs.h"

/*
 * inputs_load() what O asks for into IN, then compute every buddyinfo
 * zone's indices into IN->frag. Returns 0, or -1 with E set (inputs_free()
 * frees IN in both cases).
 */
int	load_inputs(const struct input_opts *o, struct inputs *in,
	    struct ferr *e);

#endif

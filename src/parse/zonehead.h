/* SPDX-License-Identifier: GPL-2.0-or-later */
/* zonehead.h - the "Node N, zone NAME" prefix shared by the per-zone files */
#ifndef FRAGSTAT_ZONEHEAD_H
#define FRAGSTAT_ZONEHEAD_H

#include "ferr.h"
#include "model.h"
#include "text.h"
#include "zoneset.h"

/*
 * Parse tokens T[0..3] as "Node" "N," "zone" "NAME" into *NODE and NAME
 * (zeros after the string, to the end of the array); when NAME_SUFFIX is
 * not 0 (',' in pagetypeinfo) it must end the name.
 * Returns 0, or -1 with E set for LINE.
 */
int	zonehead_parse(const struct tok *t, char name_suffix, unsigned *node,
	    char name[FRAG_NAME_SIZE], unsigned long line, struct ferr *e);

#endif

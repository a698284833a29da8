/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mode_prepare.h - --prepare: get --need's pages, or say why not before trying */
#ifndef FRAGSTAT_MODE_PREPARE_H
#define FRAGSTAT_MODE_PREPARE_H

#include <stdbool.h>

#include "inputs.h"
#include "mapview.h"
#include "opts.h"
#include "report.h"

/*
 * Returns whether --prepare of O reads the map: a capture's stored map,
 * or this host's page flags as root.
 */
bool	prepare_wants_map(const struct opts *o);

/*
 * --prepare: forecast R's --need from IN and the map V (NULL: none), say
 * the plan, and unless --dry-run compact the nodes short of it, then,
 * with --reclaim, reclaim what the forecast says and compact again,
 * counting after each step and stopping once the need is met. Returns
 * the exit status: 0 when the pages are there, else --need's.
 */
int	run_prepare(struct opts *o, const struct inputs *in,
	    const struct report *r, const struct mapview *v);

#endif

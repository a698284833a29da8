/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_unmanaged.h - memory present but not managed, in words and as JSON members */
#ifndef FRAGSTAT_RENDER_UNMANAGED_H
#define FRAGSTAT_RENDER_UNMANAGED_H

#include <stddef.h>
#include <stdio.h>

#include "jsonw.h"
#include "report.h"

/*
 * Memory present but not managed (render_unmanaged.c): BUF holding one
 * sentence on R->unm for the views, with its *LABEL ("Not managed:"), or
 * NULL when there is nothing to say; for --need, when the answer is
 * reclaim and that memory would cover it.
 */
const char *unmanaged_sentence(char *buf, size_t size, const struct report *r,
	    const char **label);
const char *unmanaged_need(char *buf, size_t size, const struct report *r);

/* The "unmanaged_pages" and "unmanaged_cause" members of zone BZ. */
void	render_unmanaged_zone_json(struct jsonw *w, const struct report *r,
	    const struct bzone *bz);

/* The machine's "unmanaged" member (null without zoneinfo). */
void	render_unmanaged_json(struct jsonw *w, const struct report *r);

#endif

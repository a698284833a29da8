/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_unmanaged.h - memory present but not managed, in words and as JSON members */
#ifndef FRAGSTAT_RENDER_UNMANAGED_H
#define FRAGSTAT_RENDER_UNMANAGED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "jsonw.h"
#include "report.h"

struct render_sentence;

/*
 * Memory present but not managed (render_unmanaged.c): say to T one
 * sentence on R->unm for the views, with its *LABEL ("Not managed:");
 * for --need, when that memory would cover it (R->need_unmanaged). Each
 * returns whether there is something to say.
 */
bool	render_unmanaged_sentence(struct render_sentence *t,
	    const struct report *r, const char **label);
bool	render_unmanaged_need(struct render_sentence *t,
	    const struct report *r);

/* The "unmanaged_pages" and "unmanaged_cause" members of zone BZ. */
void	render_unmanaged_zone_json(struct jsonw *w, const struct report *r,
	    const struct bzone *bz);

/* The machine's "unmanaged" member (null without zoneinfo). */
void	render_unmanaged_json(struct jsonw *w, const struct report *r);

#endif

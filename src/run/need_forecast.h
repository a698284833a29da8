/* SPDX-License-Identifier: GPL-2.0-or-later */
/* need_forecast.h - the forecast of a --need from the counts, zoneinfo and the map */
#ifndef FRAGSTAT_NEED_FORECAST_H
#define FRAGSTAT_NEED_FORECAST_H

#include "inputs.h"
#include "mapview.h"
#include "prepared.h"
#include "report.h"

/*
 * Build F, the forecast of the need N (POSSIBLE: whether its size can be
 * had) from R's counts, IN's zoneinfo and the map V (NULL: none, the
 * pinned limit unknown). Returns 0, or -1 after a message (out of
 * memory); forecast_free() frees F.
 */
int	need_forecast(struct forecast *f, const struct report *r,
	    const struct inputs *in, const struct mapview *v,
	    const struct need *n, enum avail_possible possible);

/*
 * Build FS[i] for each of R's needs and point R at them. Returns 0, or -1
 * after a message with none left to free.
 */
int	need_forecasts(struct forecast *fs, struct report *r,
	    const struct inputs *in, const struct mapview *v);

/* Free the N forecasts FS. */
void	need_forecasts_free(struct forecast *fs, size_t n);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* need_status.h - the exit status --need's answer gives scripts, the worst of several */
#ifndef FRAGSTAT_NEED_STATUS_H
#define FRAGSTAT_NEED_STATUS_H

#include "report.h"

/* Returns the exit status of --need's answer in R: 0 ok, else EXIT_NEED_*. */
int	need_status(const struct report *r);

/* Returns the exit status of --need's answer V: 0 ok, else EXIT_NEED_*. */
int	need_verdict_status(enum verdict v);

/*
 * Set *WORST (VERDICT_OK to start) to R's --need answer where it is worse
 * (advise_rank(): ok, unknown, compact, reclaim, pinned, impossible): several
 * roots exit with their worst answer.
 */
void	need_worst(enum verdict *worst, const struct report *r);

#endif

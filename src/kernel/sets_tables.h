/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets_tables.h - --compare of sets: the metrics every run may have, as tables */
#ifndef FRAGSTAT_SETS_TABLES_H
#define FRAGSTAT_SETS_TABLES_H

#include <stddef.h>

#include "sets_metrics.h"

/* In the comparison's order: the run's, the stalls', after the THP sizes. */
extern const struct sets_mspec sets_run_metrics[], sets_stall_metrics[],
	    sets_late_metrics[];
extern const size_t sets_nrun_metrics, sets_nstall_metrics,
	    sets_nlate_metrics;

/*
 * Per THP size and kind, per recorded order of x's zone, per map of x's
 * zone: their NAME, LABEL and ABBR are parts of the names sets.c makes.
 */
extern const struct sets_mspec sets_thp_metrics[], sets_index_metrics[],
	    sets_map_metrics[];
extern const size_t sets_nthp_metrics, sets_nindex_metrics,
	    sets_nmap_metrics;

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets_tables.h - --compare of sets: the metrics every run may have, as tables */
#ifndef FRAGSTAT_SETS_TABLES_H
#define FRAGSTAT_SETS_TABLES_H

#include <stddef.h>

#include "sets_metrics.h"

/*
 * The groups of metrics, as the views head them; sets_rank() ranks the
 * metrics by their group, so each name is written here only.
 */
#define SETS_G_RUN		"Run"
#define SETS_G_THP_FAULTS	"THP faults"
#define SETS_G_DIRECT		"Direct compaction"
#define SETS_G_SCANNING		"Compaction scanning"
#define SETS_G_STALLS		"Stalls"
#define SETS_G_FAILURES		"Allocation failures"
#define SETS_G_EVENTS		"Events"
#define SETS_G_PRESSURE		"Pressure"
#define SETS_G_FRAGMENTATION	"Fragmentation"
#define SETS_G_THP_SIZE		"THP by size"
#define SETS_G_POLLUTION	"Pollution"

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

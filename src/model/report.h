/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report.h - everything one run knows, handed to a renderer */
#ifndef FRAGSTAT_REPORT_H
#define FRAGSTAT_REPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "advice.h"
#include "availability.h"
#include "model.h"

struct map;
struct pins;
struct pollution;
struct pollution_zone;
struct regions;
struct offline;
struct memcg;
struct owners;
struct census;
struct unmanaged;
struct explain;
struct cma_check;
struct cma_areas;
struct forecast;

struct report {
	const char			*buddyinfo_path;
	const struct buddyinfo		*bi;
	const struct frag		*frag;		/* one per bi->zones[] */
	const char			*pagetypeinfo_path;
	const struct pagetypeinfo	*pti;		/* NULL when not read */
	const long			*pti_zone;	/* per bi zone: index in pti or -1 */
	const char			*pressure_path;
	const struct psi		*psi;		/* NULL when not read */
	const char			*release;	/* kernel release or NULL */
	unsigned long			 page_size;	/* bytes */
	const char			*page_size_from; /* "host", "option", "assumed" */
	const struct advice		*advice;	/* NULL without --advise */
	const char			*zoneinfo_path;	/* NULL when not read */
	const char			*snapshot;	/* root named in batches */
	const struct map		*map;		/* --map, else NULL */
	const struct pins		*pins;		/* --map alone: the pinned pageblocks */
	const struct pollution		*pollution;	/* with the pins: how far they spread */
	const struct regions		*regions;	/* --map: the 1 GiB regions, or NULL */
	const struct offline		*offline;	/* --map: the memory blocks, or NULL */
	const char			*offline_note;	/* why there are none to show */
	const struct memcg		*cg;		/* --map --cgroups, else NULL */
	const struct owners		*owners;	/* --map --cgroups, else NULL */
	const struct census		*census;	/* with page_owner read, else NULL */
	const struct explain		*explain;	/* --map: its pages by the counters, or NULL */
	const struct cma_check		*cma;		/* --map: CMA by every source, or NULL */
	const struct cma_areas		*cma_areas;	/* --map: the CMA areas read, or NULL */
	const struct availability	*avail;		/* with the advice */
	const struct need		*need;		/* --need (the worst answered), else NULL */
	/* Every --need and its answer, in the order given (NNEEDS 0: none). */
	const struct need		*needs;
	const struct need_answer	*need_answers;
	size_t				 nneeds;
	/* Each --need's forecast in steps (run/'s need_forecast()), or NULL. */
	const struct forecast		*need_forecasts;
	/*
	 * Computed once with the counts (run/'s pipe_count()) for every view:
	 * --need's answer (with NEED), the machine's worst verdict over the
	 * advice's orders and --need, and the index in ADVICE's orders of the
	 * order it is worst at (avail_worst()).
	 */
	struct need_answer		 need_answer;
	enum verdict			 worst;
	size_t				 worst_j;
	/*
	 * Also once with the counts, for the next step: the pages not managed
	 * that would cover --need (unm_need_cover(), 0: none), the zone at the
	 * worst order that needs the least memory freed before compaction
	 * runs and how much (advise_least_reclaim(); NULL, 0: none), and the
	 * row of a node judged the most fragmented (judge_worst()).
	 */
	uint64_t			 need_unmanaged;
	const struct zadvice		*reclaim_least;
	uint64_t			 reclaim_short;
	const struct avail		*judged_worst;
	const struct hugetlb		*huge;		/* the hugetlb pools, or NULL */
	bool				 huge_known;	/* read: NULL huge means none */
	const struct thp		*thp;		/* the THP sizes, or NULL */
	const struct vmstat		*vm;		/* /proc/vmstat, or NULL */
	const struct unmanaged		*unm;		/* with zoneinfo, else NULL */
	bool				 ndjson;	/* JSON on one line */
	/* --format=csv or ndjson (render_rows.h): which rows, the CSV header. */
	bool				 rows_ndjson, rows_sizes, rows_head;
	bool				 color;
};

#endif

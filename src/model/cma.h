/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cma.h - the CMA areas (sysfs, debugfs) and what every source says of CMA, side by side */
#ifndef FRAGSTAT_CMA_H
#define FRAGSTAT_CMA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The most CMA areas read (the kernel's CONFIG_CMA_AREAS: 20 at most on most arches). */
#define CMA_MAX_AREAS	64
#define CMA_NAME_SIZE	64

/* The sysfs directory of the areas (mm/cma_sysfs.c), and debugfs's (mm/cma_debug.c). */
#define CMA_SYSFS_DIR	"sys/kernel/mm/cma"
#define CMA_DEBUG_DIR	"sys/kernel/debug/cma"

/*
 * The files of an area: in sysfs (CONFIG_CMA_SYSFS) alloc_pages_success
 * and alloc_pages_fail (5.14+), release_pages_success (6.x), total_pages
 * and available_pages (6.15?); in debugfs base_pfn and count, the range.
 */
enum cma_file {
	CMA_ALLOC_OK, CMA_ALLOC_FAIL, CMA_RELEASED, CMA_TOTAL, CMA_AVAILABLE,
	CMA_NSYSFS,
	CMA_BASE_PFN = CMA_NSYSFS, CMA_COUNT,
	CMA_NFILES
};

/* The files of an area's sysfs directory and its debugfs one, by enum cma_file. */
extern const char *const cma_files[CMA_NFILES];

/* One CMA area, as its files say. */
struct cma_area {
	char		 name[CMA_NAME_SIZE];
	uint64_t	 v[CMA_NFILES];
	unsigned	 have;			/* bit per enum cma_file read */
};

struct cma_areas {
	struct cma_area	 a[CMA_MAX_AREAS];	/* ascending name */
	size_t		 n;
	bool		 sysfs;		/* the sysfs directory exists */
};

/* What each source says of CMA, in pages, and whether it said it. */
enum cma_source {
	CMA_SRC_BLOCKS,		/* pagetypeinfo: CMA pageblocks x their pages */
	CMA_SRC_ZONE_CMA,	/* zoneinfo "cma" (zone->cma_pages, 5.12+) */
	CMA_SRC_TOTAL,		/* meminfo CmaTotal (totalcma_pages) */
	CMA_SRC_SYSFS_TOTAL,	/* the areas' total_pages */
	CMA_SRC_FREE,		/* meminfo CmaFree (NR_FREE_CMA_PAGES) */
	CMA_SRC_ZONE_FREE,	/* zoneinfo nr_free_cma */
	CMA_SRC_AVAILABLE,	/* the areas' available_pages */
	CMA_NSOURCES
};

/* What disagrees: a bit per pair that should be equal. */
enum {
	CMA_BAD_BLOCKS = 1 << 0,	/* pagetypeinfo's blocks != CmaTotal */
	CMA_BAD_ZONES = 1 << 1,		/* zoneinfo cma != CmaTotal */
	CMA_BAD_SYSFS = 1 << 2,		/* the areas' total_pages != CmaTotal */
	CMA_BAD_FREE = 1 << 3,		/* nr_free_cma != CmaFree */
	CMA_FAILED = 1 << 4,		/* an area's alloc_pages_fail > 0 */
};

struct cma_check {
	uint64_t	 pages[CMA_NSOURCES];
	bool		 have[CMA_NSOURCES];
	uint64_t	 blocks;	/* pagetypeinfo's CMA pageblocks */
	uint64_t	 failed;	/* the areas' alloc_pages_fail added up */
	unsigned	 bad;		/* CMA_BAD_* and CMA_FAILED */
	bool		 any;		/* some source says there is CMA */
};

#endif

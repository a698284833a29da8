/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cma.c - the names of a CMA area's files */
#include "config.h"

#include "cma.h"

const char *const cma_files[CMA_NFILES] = {
	"alloc_pages_success", "alloc_pages_fail", "release_pages_success",
	"total_pages", "available_pages", "base_pfn", "count",
};

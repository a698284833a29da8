/* SPDX-License-Identifier: GPL-2.0-or-later */
/* unmanaged.h - memory present in the zones but not managed by the allocator, and why */
#ifndef FRAGSTAT_UNMANAGED_H
#define FRAGSTAT_UNMANAGED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "unm.h"

/*
 * A zone's pages not managed are said when they exceed this share of its
 * present pages (1/16, 6.25%): the usual reservations stay below it (the
 * memory map's struct pages are 1.6% of present with 4 KiB pages, the
 * kernel image, firmware tables and the DMA zone's first pages a few MiB).
 */
#define UNM_SHARE_DIV	16
/* The same share in ten-thousandths, as the views print it. */
#define UNM_SHARE_PERMYRIAD	(10000 / UNM_SHARE_DIV)

/*
 * Why a cause is unknown: no meminfo to tell, both memory not yet
 * initialised and ballooned cover half the pages said, or neither does
 * (reserved at boot).
 */
enum unm_unknown { UNM_UNKNOWN_NO_MEMINFO, UNM_UNKNOWN_BOTH, UNM_UNKNOWN_RESERVED };

struct need;
struct need_answer;

/*
 * Fill U from ZI, MI (NULL: no meminfo) and VM (NULL: no vmstat) for
 * pages of PAGE_SIZE bytes. Returns 0, or -1 when out of memory.
 */
int	unm_build(struct unmanaged *u, const struct zoneinfo *zi,
	    const struct meminfo *mi, const struct vmstat *vm,
	    unsigned long page_size);

/* Returns whether U has something to say: a zone said, or pages not accepted. */
bool	unm_any(const struct unmanaged *u);

/*
 * Sum U's zones of NODE (-1: every node) into *PRESENT and *PAGES (pages
 * not managed), of the zones said only when SAID. Returns the zones summed.
 */
size_t	unm_sum(const struct unmanaged *u, int node, bool said,
	    uint64_t *present, uint64_t *pages);

/* Returns why U's cause is unknown, when unm_build() found it so. */
enum unm_unknown unm_unknown_why(const struct unmanaged *u);

/*
 * Returns the pages U does not manage (or has not accepted) on --need ND's
 * node that would cover ND, when ANS, the answer to ND, is reclaim (or
 * short) and the free pages of its row with them are enough; else 0.
 */
uint64_t unm_need_cover(const struct unmanaged *u, const struct need *nd,
	    const struct need_answer *ans);

/* Returns the name of cause C for JSON and Prometheus: "not_initialised". */
const char	*unm_cause_name(enum unm_cause c);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* explain.h - every page of the map explained by the kernel's own counters */
#ifndef FRAGSTAT_EXPLAIN_H
#define FRAGSTAT_EXPLAIN_H

#include "explained.h"
#include "model.h"
#include "physmap.h"
#include "pinned.h"

/* Returns the regime of /proc/kpageflags of RELEASE (NULL or unparsed: unknown). */
enum ex_regime	explain_regime(const char *release);

/*
 * Reconcile the classes of map M (map_compute()d) with the counters of
 * ZI (its zones' and nodes'), MI and VM (either NULL: not read), pages of
 * PAGE_SIZE bytes, the release RELEASE (NULL: unknown), into X; with P
 * (pins_compute()d, or NULL), count the kernel kind's pages in pinned
 * pageblocks too. Returns 0, or -1 when out of memory (X then empty).
 */
int	explain_compute(struct explain *x, const struct map *m,
	    const struct pins *p, const struct zoneinfo *zi,
	    const struct meminfo *mi, const struct vmstat *vm,
	    const char *release, unsigned long page_size);

/* Returns whether X read any counter that explains pages of class K. */
bool	explain_counted(const struct explain *x, enum ex_class k);

void	explain_free(struct explain *x);

/* Returns the JSON and text name of class C ("ambiguous"). */
const char	*explain_class_name(enum ex_class c);

/* Returns the name of counter C ("slab"), and the kernel's source of it. */
const char	*explain_counter_name(enum ex_counter c);
const char	*explain_counter_source(enum ex_counter c);

/* Returns the name of regime R ("snapshot"), NULL when unknown. */
const char	*explain_regime_name(enum ex_regime r);

#endif

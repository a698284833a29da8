/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fleet.h - many roots summed up: per size, the distribution of the counts over hosts and nodes */
#ifndef FRAGSTAT_FLEET_H
#define FRAGSTAT_FLEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "advise.h"
#include "avail.h"
#include "fleetsum.h"

/* Start F empty; NEED_COUNT from --need (0: none). */
void	fleet_init(struct fleet *f, uint64_t need_count);

/* Add root R to F. Returns 0, or -1 when out of memory. */
int	fleet_add(struct fleet *f, const struct fleet_root *r);

/*
 * Finish F once every root is added: each size's values sorted, their
 * distributions and the hosts and nodes judged against --need, for the
 * renderers to read.
 */
void	fleet_finish(struct fleet *f);

/*
 * Returns the nearest rank (1..N) of the share NUM / DEN of N sorted
 * values: ceil(NUM * N / DEN), at least 1. The percentiles and the
 * fleet's picture both read it.
 */
uint64_t fleet_rank(size_t n, uint64_t num, uint64_t den);

/*
 * Returns the nearest-rank percentile P (whole percents, 1..100) of the N
 * sorted values V: the value of rank ceil(P * N / 100), at least rank 1.
 */
uint64_t fleet_percentile(const uint64_t *v, size_t n, unsigned p);

/*
 * Returns how many of BY_VERDICT fail a need: compact, reclaim or
 * impossible (unusable). Unknown is not a failure: an input was missing.
 */
uint64_t fleet_need_failing(const uint64_t *by_verdict);

void	fleet_free(struct fleet *f);

#endif

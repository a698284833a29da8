/* SPDX-License-Identifier: GPL-2.0-or-later */
/* rules.h - what advise.c and counts.c both read: saturating sums, a migratetype's index, vm.defrag_mode */
#ifndef FRAGSTAT_RULES_H
#define FRAGSTAT_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "advice.h"
#include "model.h"

/*
 * Returns A + B, or UINT64_MAX when that does not fit: watermarks,
 * reserves and counts come from files, and a sum that wrapped would turn
 * "far too little" into "plenty".
 */
uint64_t advise_sat_add(uint64_t a, uint64_t b);

/* Returns N blocks of 2^K pages in pages, or UINT64_MAX beyond 64 bits. */
uint64_t advise_sat_pages(uint64_t n, unsigned k);

/* Returns whether IN's allocation follows vm.defrag_mode's rules (6.15+, set to 1). */
bool	advise_defrag_rules(const struct advise_in *in);

/* Returns the index of migratetype NAME in P, or -1. */
int	advise_type_of(const struct pagetypeinfo *p, const char *name);

#endif

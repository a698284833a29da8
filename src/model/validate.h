/* SPDX-License-Identifier: GPL-2.0-or-later */
/* validate.h - free counts the kernel's arithmetic is defined for */
#ifndef FRAGSTAT_VALIDATE_H
#define FRAGSTAT_VALIDATE_H

#include <stdint.h>

#include "ferr.h"
#include "model.h"

/*
 * Returns NULL when the kernel's arithmetic is defined for these counts, or a
 * message saying why it is not (a sum beyond 64 bits, a zero 32-bit divisor).
 */
const char	*frag_check(const uint64_t *n, unsigned norders);

/*
 * Check every zone's free counts of BI with frag_check(): the model
 * fragstat computes on. Returns 0, or -1 with E set at the line of the
 * first zone whose counts it refuses.
 */
int	buddyinfo_check(const struct buddyinfo *bi, struct ferr *e);

/*
 * Check P's pageblock order against its orders, then every free row of P
 * as buddyinfo_check() does, the first in the file first.
 */
int	pagetypeinfo_check(const struct pagetypeinfo *p, struct ferr *e);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* elapsed.c - the one way a duration between two clock readings is counted */
#include "config.h"

#include "elapsed.h"

uint64_t
elapsed_ms_between(const struct timespec *a, const struct timespec *b)
{
	return (uint64_t)((b->tv_sec - a->tv_sec) * 1000 +
	    (b->tv_nsec - a->tv_nsec) / 1000000);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* grow.h - the one way an array grows: by doubling, up to a bound */
#ifndef FRAGSTAT_GROW_H
#define FRAGSTAT_GROW_H

#include <stddef.h>

/*
 * Returns ARR, N used of its *CAP elements of SIZE bytes, or its copy
 * with room for one more: grown by doubling (from 16), never past MOST
 * elements (SIZE_MAX: no bound but memory's). NULL when N is MOST or
 * memory runs out; ARR and *CAP are kept then.
 */
void	*grow_room(void *arr, size_t *cap, size_t n, size_t size, size_t most);

#endif

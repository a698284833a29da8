/* SPDX-License-Identifier: GPL-2.0-or-later */
/* grow.c - the one way an array grows: by doubling, up to a bound */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "grow.h"

void *
grow_room(void *arr, size_t *cap, size_t n, size_t size, size_t most)
{
	size_t want = *cap ? 2 * *cap : 16;

	if (n < *cap)
		return arr;
	if (n >= most || want > SIZE_MAX / size)
		return NULL;
	if (want > most)
		want = most;
	if ((arr = realloc(arr, want * size)) != NULL)
		*cap = want;
	return arr;
}

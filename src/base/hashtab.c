/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hashtab.c - the one hash table: indices into an array its owner keeps */
#include "config.h"

#include <stdlib.h>

#include "hashtab.h"

uint64_t
hashtab_fnv(uint64_t h, const void *s, size_t n)
{
	const unsigned char *p = s;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return h;
}

size_t
hashtab_slot(const uint32_t *slots, size_t cap, uint64_t h,
    hashtab_eq_fn *eq, const void *arg)
{
	size_t s;

	for (s = (size_t)h & (cap - 1); slots[s] != 0; s = (s + 1) & (cap - 1))
		if (eq(arg, slots[s] - 1))
			break;
	return s;
}

long
hashtab_find(const uint32_t *slots, size_t cap, uint64_t h,
    hashtab_eq_fn *eq, const void *arg)
{
	size_t s;

	if (cap == 0)
		return -1;
	s = hashtab_slot(slots, cap, h, eq, arg);
	return slots[s] ? (long)slots[s] - 1 : -1;
}

int
hashtab_room(uint32_t **slots, size_t *cap, size_t n, size_t min,
    hashtab_hash_fn *hash, const void *arg)
{
	size_t ncap = *cap ? *cap * 2 : min, i, s;
	uint32_t *t;

	if (2 * (n + 1) <= *cap)
		return 0;
	if ((t = calloc(ncap, sizeof(*t))) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		for (s = (size_t)hash(arg, i) & (ncap - 1); t[s] != 0;
		    s = (s + 1) & (ncap - 1))
			;
		t[s] = (uint32_t)i + 1;
	}
	free(*slots);
	*slots = t;
	*cap = ncap;
	return 0;
}

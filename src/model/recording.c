/* SPDX-License-Identifier: GPL-2.0-or-later */
/* recording.c - lookups in the summary of a recording */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "recording.h"

/* Returns the hash of zone NODE, NAME (N bytes): FNV-1a. */
static uint32_t
zone_hash(uint64_t node, const char *name, size_t n)
{
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < 8; i++)
		h = (h ^ (uint8_t)(node >> (8 * i))) * 16777619u;
	for (i = 0; i < n; i++)
		h = (h ^ (uint8_t)name[i]) * 16777619u;
	return h;
}

/* Returns the slot of zone NODE, NAME (N bytes) in R's hash: its own, or the free one it would take. */
size_t
replay_zone_slot(const struct replay *r, uint64_t node, const char *name, size_t n)
{
	const struct rzone *z;
	size_t i, mask = r->zhcap - 1;

	for (i = zone_hash(node, name, n) & mask; r->zhash[i]; i = (i + 1) &
	    mask) {
		z = &r->zones[r->zhash[i] - 1];
		if (z->node == node && strlen(z->name) == n &&
		    memcmp(z->name, name, n) == 0)
			break;
	}
	return i;
}

const struct rzone *
replay_zone(const struct replay *r, unsigned node, const char *name)
{
	size_t slot;

	if (r->zhcap == 0)
		return NULL;
	slot = replay_zone_slot(r, node, name, strlen(name));
	return r->zhash[slot] ? &r->zones[r->zhash[slot] - 1] : NULL;
}

const int16_t *
replay_point_indices(const struct replay *r, const struct rpoint *p)
{
	return r->series->ix + 2 * r->norders * (size_t)(p - r->series->p);
}

long
replay_order_index(const struct replay *r, unsigned order)
{
	return order < REPLAY_MAX_ORDERS ? r->order_index[order] : -1;
}

const struct rcounter *
replay_counter(const struct replay *r, const char *name)
{
	size_t i;

	for (i = 0; i < r->ncounters; i++)
		if (strcmp(r->counters[i].name, name) == 0)
			return &r->counters[i];
	return NULL;
}

/*
 * Returns ARR, holding *CAP items of SIZE bytes of which N are used, with
 * room for one more: grown by doubling up to MOST. NULL when full or out
 * of memory (ARR is kept then).
 */
void *
replay_grow(void *arr, size_t *cap, size_t n, size_t size, size_t most)
{
	size_t want = *cap ? 2 * *cap : 64;

	if (n == most)
		return NULL;
	if (n < *cap)
		return arr;
	if (want > most)
		want = most;
	if ((arr = realloc(arr, want * size)) != NULL)
		*cap = want;
	return arr;
}

/* Returns 0 with A added to *SUM, or -1 when it overflows. */
int
replay_sum_add(uint64_t *sum, uint64_t a)
{
	if (a > UINT64_MAX - *sum)
		return -1;
	*sum += a;
	return 0;
}

void
replay_free(struct replay *r)
{
	size_t i;

	for (i = 0; i < r->nzones; i++)
		free(r->zones[i].unusable);
	free(r->zones);
	free(r->zhash);
	free(r->wakes);
	r->zones = NULL;
	r->zhash = NULL;
	r->wakes = NULL;
	r->nwakes = r->wcap = 0;
	r->nzones = r->zcap = r->zhcap = 0;
	if (r->series == NULL)
		return;
	free(r->series->s);
	free(r->series->p);
	free(r->series->ix);
	free(r->series->c);
	free(r->series);
	r->series = NULL;
}

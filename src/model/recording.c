/* SPDX-License-Identifier: GPL-2.0-or-later */
/* recording.c - lookups in the summary of a recording */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hashtab.h"
#include "recording.h"

uint64_t
replay_zone_hash(uint64_t node, const char *name, size_t n)
{
	return hashtab_fnv(hashtab_fnv(HASHTAB_FNV, &node, sizeof(node)), name,
	    n);
}

/* The key of a lookup: zone NODE, NAME (N bytes) of recording R. */
struct zone_key {
	const struct replay	*r;
	uint64_t		 node;
	const char		*name;
	size_t			 n;
};

/* hashtab's test whether zone I is the key ARG's. */
static bool
zone_is(const void *arg, size_t i)
{
	const struct zone_key *k = arg;
	const struct rzone *z = &k->r->zones[i];

	return z->node == k->node && strlen(z->name) == k->n &&
	    memcmp(z->name, k->name, k->n) == 0;
}

size_t
replay_zone_slot(const struct replay *r, uint64_t node, const char *name, size_t n)
{
	struct zone_key k = { r, node, name, n };

	return hashtab_slot(r->zhash, r->zhcap, replay_zone_hash(node, name, n),
	    zone_is, &k);
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
replay_zone_free(struct rzone *z)
{
	free(z->unusable);
	free(z->fragindex);
	free(z->now);
	free(z->now_bound);
}

void
replay_free(struct replay *r)
{
	size_t i;

	for (i = 0; i < r->nzones; i++)
		replay_zone_free(&r->zones[i]);
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

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* owners.c - the stacks of page_owner's records: kept once each, freed, sorted */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "hashtab.h"
#include "owners.h"

/* hashtab's hash of stack I of the owners ARG. */
static uint64_t
stack_hash(const void *arg, size_t i)
{
	const struct owners *ow = arg;

	return hashtab_fnv(HASHTAB_FNV, ow->o[i].stack,
	    strlen(ow->o[i].stack));
}

/* The key of a lookup: a stack's N bytes at S among the owners OW. */
struct stack_key {
	const struct owners	*ow;
	const char		*s;
	size_t			 n;
};

/* hashtab's test whether stack I is the key ARG's. */
static bool
stack_is(const void *arg, size_t i)
{
	const struct stack_key *k = arg;
	const char *st = k->ow->o[i].stack;

	return strlen(st) == k->n && memcmp(st, k->s, k->n) == 0;
}

struct owner *
owners_stack(struct owners *ow, const char *s, size_t n)
{
	struct stack_key k = { ow, s, n };
	struct owner *no;
	size_t h;

	if (hashtab_room(&ow->hash, &ow->hcap, ow->n, 256, stack_hash, ow) != 0)
		return NULL;
	h = hashtab_slot(ow->hash, ow->hcap, hashtab_fnv(HASHTAB_FNV, s, n),
	    stack_is, &k);
	if (ow->hash[h])
		return &ow->o[ow->hash[h] - 1];
	if ((no = grow_room(ow->o, &ow->cap, ow->n, sizeof(*no),
	    SIZE_MAX)) == NULL)
		return NULL;
	ow->o = no;
	no = &ow->o[ow->n];
	memset(no, 0, sizeof(*no));
	if ((no->stack = malloc(n + 1)) == NULL)
		return NULL;
	memcpy(no->stack, s, n);
	no->stack[n] = '\0';
	ow->hash[h] = (uint32_t)++ow->n;
	return no;
}

/* Start OW empty. */
void
owners_init(struct owners *ow)
{
	memset(ow, 0, sizeof(*ow));
}

/* Free every stack of OW and forget them. */
void
owners_free(struct owners *ow)
{
	size_t i;

	for (i = 0; i < ow->n; i++)
		free(ow->o[i].stack);
	free(ow->o);
	free(ow->hash);
	memset(ow, 0, sizeof(*ow));
}

/* qsort() order of two owners: most pinned pageblocks, pages, then by stack. */
static int
cmp_owner(const void *a, const void *b)
{
	const struct owner *x = a, *y = b;

	if (x->pinned_blocks != y->pinned_blocks)
		return x->pinned_blocks < y->pinned_blocks ? 1 : -1;
	if (x->pinned_pages != y->pinned_pages)
		return x->pinned_pages < y->pinned_pages ? 1 : -1;
	return strcmp(x->stack, y->stack);
}

void
owners_sort(struct owners *ow)
{
	/* No owner (an empty page_owner): no array to pass qsort(). */
	if (ow->n > 0)
		qsort(ow->o, ow->n, sizeof(*ow->o), cmp_owner);
	/* The hash indexes the old order: gone with it. */
	free(ow->hash);
	ow->hash = NULL;
	ow->hcap = 0;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* owners.c - the stacks of page_owner's records: kept once each, freed, sorted */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "owners.h"

/* Returns the FNV-1a hash of the N bytes at S. */
static uint64_t
hash(const char *s, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return h;
}

/* Double OW's hash table. Returns 0 or -1 when out of memory. */
static int
rehash(struct owners *ow)
{
	size_t cap = ow->hcap ? ow->hcap * 2 : 256, i, s;
	uint32_t *h = calloc(cap, sizeof(*h));

	if (h == NULL)
		return -1;
	for (i = 0; i < ow->n; i++) {
		s = hash(ow->o[i].stack, strlen(ow->o[i].stack)) & (cap - 1);
		while (h[s])
			s = (s + 1) & (cap - 1);
		h[s] = (uint32_t)i + 1;
	}
	free(ow->hash);
	ow->hash = h;
	ow->hcap = cap;
	return 0;
}

struct owner *
owners_stack(struct owners *ow, const char *s, size_t n)
{
	struct owner *no;
	size_t h;

	if (ow->n * 2 >= ow->hcap && rehash(ow) != 0)
		return NULL;
	for (h = hash(s, n) & (ow->hcap - 1); ow->hash[h]; h = (h + 1) &
	    (ow->hcap - 1)) {
		no = &ow->o[ow->hash[h] - 1];
		if (strlen(no->stack) == n && memcmp(no->stack, s, n) == 0)
			return no;
	}
	if (ow->n == ow->cap) {
		ow->cap = ow->cap ? ow->cap * 2 : 64;
		if ((no = realloc(ow->o, ow->cap * sizeof(*no))) == NULL)
			return NULL;
		ow->o = no;
	}
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

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* zonehead.c - the "Node N, zone NAME" prefix and a set of zones */

#include "config.h"
#include <stdlib.h>
#include <string.h>

#include "zonehead.h"

int
zonehead_parse(const struct tok *t, char name_suffix, unsigned *node,
    char name[FRAG_NAME_SIZE], unsigned long line, struct ferr *e)
{
	struct tok id = t[1], nt = t[3];
	const struct tok *bad;
	uint64_t v;
	char q[64];
	int rc;

	if (!tok_is(&t[0], "Node") || !tok_is(&t[2], "zone")) {
		/* Quote the word that is wrong, not always the first. */
		bad = tok_is(&t[0], "Node") ? &t[2] : &t[0];
		return ferr_set(e, line, "expected 'Node N, zone NAME', found "
		    "'%s'", ferr_quote(q, sizeof(q), bad->s, bad->n));
	}
	if (!tok_chop(&id, ','))
		return ferr_set(e, line, "expected ',' after the node id");
	/* The message quotes the token as written, comma included. */
	if ((rc = num_u64(&id, &v)) != 0)
		return num_error(e, line, &t[1], rc, "node id");
	/* NODES_SHIFT is at most 10 on every architecture. */
	if (v >= FRAG_MAX_NODES)
		return ferr_set(e, line, "node id %llu is out of range (at most "
		    "%d)", (unsigned long long)v, FRAG_MAX_NODES - 1);
	if (name_suffix != '\0' && !tok_chop(&nt, name_suffix))
		return ferr_set(e, line, "expected '%c' after the zone name",
		    name_suffix);
	if (!tok_is_name(&nt))
		return ferr_set(e, line, "zone name '%s' is not 1 to %d printable "
		    "ASCII characters", ferr_quote(q, sizeof(q), nt.s, nt.n),
		    FRAG_NAME_SIZE - 1);
	*node = (unsigned)v;
	/* Zeros to the end, so that a zoneset compares whole arrays. */
	memset(name, 0, FRAG_NAME_SIZE);
	memcpy(name, nt.s, nt.n);
	return 0;
}

void
zoneset_init(struct zoneset *zs)
{
	memset(zs->first, 0xff, sizeof(zs->first));
	memset(zs->count, 0, sizeof(zs->count));
	zs->e = NULL;
	zs->n = zs->cap = 0;
}

void
zoneset_free(struct zoneset *zs)
{
	free(zs->e);
	zs->e = NULL;
}

struct zoneset *
zoneset_new(void)
{
	struct zoneset *zs = malloc(sizeof(*zs));

	if (zs != NULL)
		zoneset_init(zs);
	return zs;
}

void
zoneset_delete(struct zoneset *zs)
{
	if (zs != NULL)
		zoneset_free(zs);
	free(zs);
}

long
zoneset_find(const struct zoneset *zs, unsigned node, const char *name)
{
	int i;

	for (i = zs->first[node]; i != -1; i = zs->e[i].next)
		if (memcmp(zs->e[i].name, name, FRAG_NAME_SIZE) == 0)
			return i;
	return -1;
}

long
zoneset_lookup(const struct zoneset *zs, unsigned node, const char *name)
{
	char key[FRAG_NAME_SIZE] = { 0 };
	size_t n = strlen(name);

	if (zs == NULL || n >= FRAG_NAME_SIZE || node >= FRAG_MAX_NODES)
		return -1;
	memcpy(key, name, n + 1);
	return zoneset_find(zs, node, key);
}

int
zoneset_add(struct zoneset *zs, unsigned node, const char *name,
    unsigned long line, struct ferr *e)
{
	struct zsentry *ne;

	if (zs->count[node] == FRAG_MAX_NODE_ZONES)
		return ferr_set(e, line, "node %u has more than %d zones", node,
		    FRAG_MAX_NODE_ZONES);
	if (zs->n == zs->cap) {
		size_t cap = zs->cap ? zs->cap * 2 : 8;

		if ((ne = realloc(zs->e, cap * sizeof(*ne))) == NULL)
			return ferr_set(e, line, "out of memory");
		zs->e = ne;
		zs->cap = cap;
	}
	/* First in the node's chain: its names are distinct, any order finds them. */
	zs->e[zs->n].next = zs->first[node];
	zs->first[node] = (int)zs->n;
	memcpy(zs->e[zs->n].name, name, FRAG_NAME_SIZE);
	zs->count[node]++;
	zs->n++;
	return 0;
}

int
zoneset_claim(struct zoneset *zs, unsigned node, const char *name,
    unsigned long line, struct ferr *e)
{
	if (zoneset_find(zs, node, name) != -1)
		return ferr_set(e, line, "duplicate zone: node %u, zone %s",
		    node, name);
	return zoneset_add(zs, node, name, line, e);
}

void *
zone_array_grow(void *arr, size_t n, size_t size)
{
	if (n != 0 && (n < 4 || (n & (n - 1)) != 0))
		return arr;
	return realloc(arr, (n ? n * 2 : 4) * size);
}

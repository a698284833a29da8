/* SPDX-License-Identifier: GPL-2.0-or-later */
/* zoneset.c - the (node, zone name) pairs of a file, for lookups */

#include "config.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "zoneset.h"

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
	if ((ne = grow_room(zs->e, &zs->cap, zs->n, sizeof(*ne),
	    SIZE_MAX)) == NULL)
		return ferr_set_nomem(e);
	zs->e = ne;
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

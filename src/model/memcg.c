/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memcg.c - page frames by memory cgroup (kpagecgroup_read() in fs/proc/page.c), per pageblock: the groups by inode and their charges */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "memcg.h"

void
memcg_init(struct memcg *cg)
{
	memset(cg, 0, sizeof(*cg));
}

void
memcg_free(struct memcg *cg)
{
	size_t i;

	for (i = 0; i < cg->ngroups; i++)
		free(cg->groups[i].path);
	free(cg->groups);
	free(cg->charges);
	free(cg->hash);
	free(cg->rank);
	memset(cg, 0, sizeof(*cg));
}

/* Returns the hash slot of inode INO in a table of CAP (a power of two) slots. */
static size_t
slot(uint64_t ino, size_t cap)
{
	return (size_t)((ino * 0x9e3779b97f4a7c15ULL) >> 40) & (cap - 1);
}

/* Double CG's hash table. Returns 0 or -1 when out of memory. */
static int
rehash(struct memcg *cg)
{
	size_t cap = cg->hcap ? cg->hcap * 2 : 64, i, s;
	uint32_t *h = calloc(cap, sizeof(*h));

	if (h == NULL)
		return -1;
	for (i = 0; i < cg->ngroups; i++) {
		for (s = slot(cg->groups[i].ino, cap); h[s]; s = (s + 1) &
		    (cap - 1))
			;
		h[s] = (uint32_t)i + 1;
	}
	free(cg->hash);
	cg->hash = h;
	cg->hcap = cap;
	return 0;
}

long
memcg_group(struct memcg *cg, uint64_t ino)
{
	struct memcg_group *ng;
	size_t s;

	if (cg->last < cg->ngroups && cg->groups[cg->last].ino == ino)
		return (long)cg->last;
	/* At most half full, so that a probe ends soon. */
	if (cg->ngroups * 2 >= cg->hcap && rehash(cg) != 0)
		return -1;
	for (s = slot(ino, cg->hcap); cg->hash[s]; s = (s + 1) &
	    (cg->hcap - 1))
		if (cg->groups[cg->hash[s] - 1].ino == ino)
			return (long)(cg->last = cg->hash[s] - 1);
	if (cg->ngroups == cg->gcap) {
		cg->gcap = cg->gcap ? cg->gcap * 2 : 16;
		if ((ng = realloc(cg->groups, cg->gcap * sizeof(*ng))) == NULL)
			return -1;
		cg->groups = ng;
	}
	memset(&cg->groups[cg->ngroups], 0, sizeof(*cg->groups));
	cg->groups[cg->ngroups].ino = ino;
	cg->hash[s] = (uint32_t)++cg->ngroups;
	return (long)(cg->last = cg->ngroups - 1);
}

int
memcg_charge(struct memcg *cg, uint32_t zone, uint32_t block, uint32_t g,
    enum memcg_class c, uint16_t n)
{
	struct memcg_charge *nc;
	size_t i;

	if (cg->cur < cg->ncharges && (cg->charges[cg->cur].zone != zone ||
	    cg->charges[cg->cur].block != block))
		cg->cur = cg->ncharges;
	/* A pageblock has few groups: look through its charges. */
	for (i = cg->cur; i < cg->ncharges; i++)
		if (cg->charges[i].group == g) {
			cg->charges[i].n[c] += n;
			return 0;
		}
	if (cg->ncharges == cg->ccap) {
		cg->ccap = cg->ccap ? cg->ccap * 2 : 1024;
		if ((nc = realloc(cg->charges, cg->ccap * sizeof(*nc))) == NULL)
			return -1;
		cg->charges = nc;
	}
	nc = &cg->charges[cg->ncharges++];
	memset(nc, 0, sizeof(*nc));
	nc->zone = zone;
	nc->block = block;
	nc->group = g;
	nc->n[c] = n;
	return 0;
}

long
memcg_find(const struct memcg *cg, uint64_t ino)
{
	size_t s;

	if (cg->hcap == 0)
		return -1;
	for (s = slot(ino, cg->hcap); cg->hash[s]; s = (s + 1) &
	    (cg->hcap - 1))
		if (cg->groups[cg->hash[s] - 1].ino == ino)
			return (long)cg->hash[s] - 1;
	return -1;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memcg.c - page frames by memory cgroup (kpagecgroup_read() in fs/proc/page.c), per pageblock: the groups by inode and their charges */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "hashtab.h"
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

/* Returns the hash of inode INO. */
static uint64_t
ino_hash(uint64_t ino)
{
	return hashtab_fnv(HASHTAB_FNV, &ino, sizeof(ino));
}

/* hashtab's hash of group I of the memcg ARG. */
static uint64_t
group_hash(const void *arg, size_t i)
{
	const struct memcg *cg = arg;

	return ino_hash(cg->groups[i].ino);
}

/* The key of a lookup: an inode among a memcg's groups. */
struct ino_key {
	const struct memcg	*cg;
	uint64_t		 ino;
};

/* hashtab's test whether group I has the inode of the key ARG. */
static bool
group_is(const void *arg, size_t i)
{
	const struct ino_key *k = arg;

	return k->cg->groups[i].ino == k->ino;
}

long
memcg_group(struct memcg *cg, uint64_t ino)
{
	struct ino_key k = { cg, ino };
	struct memcg_group *ng;
	size_t s;

	if (cg->last < cg->ngroups && cg->groups[cg->last].ino == ino)
		return (long)cg->last;
	if (hashtab_room(&cg->hash, &cg->hcap, cg->ngroups, 64, group_hash,
	    cg) != 0)
		return -1;
	s = hashtab_slot(cg->hash, cg->hcap, ino_hash(ino), group_is, &k);
	if (cg->hash[s])
		return (long)(cg->last = cg->hash[s] - 1);
	if ((ng = grow_room(cg->groups, &cg->gcap, cg->ngroups, sizeof(*ng),
	    SIZE_MAX)) == NULL)
		return -1;
	cg->groups = ng;
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
	if ((nc = grow_room(cg->charges, &cg->ccap, cg->ncharges, sizeof(*nc),
	    SIZE_MAX)) == NULL)
		return -1;
	cg->charges = nc;
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
	struct ino_key k = { cg, ino };

	return hashtab_find(cg->hash, cg->hcap, ino_hash(ino), group_is, &k);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* zoneset.h - the (node, zone name) pairs of a file, for lookups */
#ifndef FRAGSTAT_ZONESET_H
#define FRAGSTAT_ZONESET_H

#include <stddef.h>

#include "ferr.h"
#include "bounds.h"

/*
 * The (node, zone name) pairs of one file, indexed in the order added. A
 * NAME is FRAG_NAME_SIZE bytes with zeros after the string, as
 * zonehead_parse() writes it.
 */
struct zoneset {
	int		 first[FRAG_MAX_NODES];	/* per node, -1 when none */
	unsigned char	 count[FRAG_MAX_NODES];
	struct zsentry {
		int	 next;
		char	 name[FRAG_NAME_SIZE];
	}		*e;
	size_t		 n, cap;
};

void	zoneset_init(struct zoneset *zs);
void	zoneset_free(struct zoneset *zs);

/* A zoneset kept with a file's zones, for lookups after parsing; NULL when out of memory. */
struct zoneset *zoneset_new(void);

/* Free ZS, from zoneset_new(); NULL is none. */
void	zoneset_delete(struct zoneset *zs);

/* Returns the index of (NODE, NAME), or -1 when the set does not hold it. */
long	zoneset_find(const struct zoneset *zs, unsigned node, const char *name);

/*
 * zoneset_find() of NAME, any string (not padded); -1 as well when ZS is
 * NULL (no zones), NAME is too long to be held, or NODE out of range.
 */
long	zoneset_lookup(const struct zoneset *zs, unsigned node,
	    const char *name);

/*
 * Add (NODE, NAME), known to be absent, as index zs->n. Returns 0, or -1
 * with E set when the node is full or memory ran out.
 */
int	zoneset_add(struct zoneset *zs, unsigned node, const char *name,
	    unsigned long line, struct ferr *e);

/*
 * Add (NODE, NAME) as a new zone of the file: -1 with E set when the file
 * already had it ("duplicate zone") or it cannot be added, else 0.
 */
int	zoneset_claim(struct zoneset *zs, unsigned node, const char *name,
	    unsigned long line, struct ferr *e);

#endif

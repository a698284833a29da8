/* SPDX-License-Identifier: GPL-2.0-or-later */
/* hashtab.h - the one hash table: indices into an array its owner keeps */
#ifndef FRAGSTAT_HASHTAB_H
#define FRAGSTAT_HASHTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A table of SLOTS (CAP of them, a power of two, or none yet) that maps a
 * key to the index of its item in an array the owner keeps: a slot holds
 * the index + 1, 0 when free. Open addressing with linear probing, grown
 * at half load so that a probe ends soon. The owner's struct holds the
 * two fields (uint32_t *slots; size_t cap) and frees SLOTS.
 *
 * Not libc's hsearch_r(): its keys are strings (fragstat's are inode
 * numbers and (node, zone) pairs too), its size is fixed when it is made,
 * and it keeps pointers to the keys rather than indices.
 */

/* Returns whether item I of the owner's array has the key ARG. */
typedef bool	hashtab_eq_fn(const void *arg, size_t i);

/* Returns the hash of item I of the owner's array ARG. */
typedef uint64_t hashtab_hash_fn(const void *arg, size_t i);

/* FNV-1a's offset basis: the hash of no bytes. */
#define HASHTAB_FNV	0xcbf29ce484222325ULL

/* Returns the hash H (HASHTAB_FNV at first) taken on over the N bytes at S: FNV-1a. */
uint64_t	hashtab_fnv(uint64_t h, const void *s, size_t n);

/*
 * Returns the slot for the key of hash H in SLOTS (CAP > 0 slots): the
 * one whose item EQ(ARG, i) says has the key, else the free slot where
 * the key would go.
 */
size_t	hashtab_slot(const uint32_t *slots, size_t cap, uint64_t h,
	    hashtab_eq_fn *eq, const void *arg);

/*
 * Returns the index of the item of hash H that EQ(ARG, i) accepts, or -1
 * (also in a table not made yet).
 */
long	hashtab_find(const uint32_t *slots, size_t cap, uint64_t h,
	    hashtab_eq_fn *eq, const void *arg);

/*
 * Make room in *SLOTS (*CAP slots) for one item more than the N held:
 * at half load, double it (at first MIN slots) and place the items again
 * by HASH(ARG, i). Returns 0, or -1 when out of memory (nothing changed).
 */
int	hashtab_room(uint32_t **slots, size_t *cap, size_t n, size_t min,
	    hashtab_hash_fn *hash, const void *arg);

#endif

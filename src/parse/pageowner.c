/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pageowner.c - read debugfs page_owner (print_page_owner() in mm/page_owner.c) and rank the stacks that pin pageblocks */
#include "config.h"

#include <stdlib.h>

#include "hashtab.h"
#include "pageowner.h"
#include "text.h"

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

/* Returns OW's stack S (N bytes), added when new; NULL when out of memory. */
static struct owner *
stack(struct owners *ow, const char *s, size_t n)
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

/* Returns the index in map.blocks of the pageblock of PFN in M, or -1 outside every zone. */
static long
block_of(const struct map *m, uint64_t pfn)
{
	const struct map_zone *z;
	size_t i;

	for (i = 0; i < m->nzones; i++) {
		z = &m->zones[i];
		if (pfn >= z->start_pfn && pfn - z->start_pfn < z->spanned)
			return (long)((z->blocks - m->blocks) + (long)((pfn >>
			    m->pageblock_order) - z->first_block));
	}
	return -1;
}

/* One record being read: its order, PFN, page type and stack. */
struct record {
	uint64_t	 order, pfn;
	bool		 have_order, have_pfn, movable;
	char		*frames;	/* the stack, frames without indent */
	size_t		 len, cap;
};

/* Append the frame S (N bytes) to R. Returns 0 or -1 when out of memory. */
static int
frame(struct record *r, const char *s, size_t n)
{
	char *nf;

	while (n > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	if (r->len + n + 2 > r->cap) {
		r->cap = (r->len + n + 2) * 2;
		if ((nf = realloc(r->frames, r->cap)) == NULL)
			return -1;
		r->frames = nf;
	}
	memcpy(r->frames + r->len, s, n);
	r->len += n;
	r->frames[r->len++] = '\n';
	return 0;
}

/* Parse token T, "0x" hexadecimal (since 5.17) or decimal, into *V. Returns 0 or -1. */
static int
pfn_number(struct tok t, uint64_t *v)
{
	if (t.n > 2 && t.s[0] == '0' && t.s[1] == 'x') {
		t.s += 2;
		t.n -= 2;
		return num_hex(&t, v) == 0 ? 0 : -1;
	}
	return num_u64(&t, v) == 0 ? 0 : -1;
}

/* Read the line S (N bytes) of a record into R. Returns 0 or -1 when out of memory. */
static int
record_line(struct record *r, const char *s, size_t n)
{
	struct tok t[8];
	size_t nt;

	if (n > 0 && (s[0] == ' ' || s[0] == '\t'))
		return frame(r, s, n);
	nt = tok_split(s, n, t, 8);
	/* "Page allocated via order %u, mask %#x(%pGg), pid ..." */
	if (nt >= 5 && tok_is(&t[0], "Page") && tok_is(&t[1], "allocated") &&
	    tok_is(&t[3], "order") && tok_chop(&t[4], ','))
		r->have_order = num_u64(&t[4], &r->order) == 0 && r->order < 64;
	/* "PFN %#lx type %s Block %lu type %s Flags %pGp" */
	else if (nt >= 4 && tok_is(&t[0], "PFN") && tok_is(&t[2], "type")) {
		r->have_pfn = pfn_number(t[1], &r->pfn) == 0;
		r->movable = tok_is(&t[3], "Movable");
	}
	return 0;
}

/* Count the record R into OW when it pins. Returns 0 or -1 when out of memory. */
static int
record_end(struct owners *ow, struct record *r, const struct map *m,
    const struct pins *p)
{
	struct owner *o;
	long b;

	if (r->have_order && r->have_pfn)
		ow->records++;
	if (!r->have_order || !r->have_pfn || r->movable || r->len == 0 ||
	    (b = block_of(m, r->pfn)) < 0 || p->state[b] != PINS_PINNED)
		return 0;
	ow->pinning++;
	if ((o = stack(ow, r->frames, r->len - 1)) == NULL)
		return -1;
	o->pinned_pages += (uint64_t)1 << r->order;
	/* Records come in PFN order: a pageblock's come together. */
	if (o->last_block != (uint64_t)b + 1) {
		o->pinned_blocks++;
		o->last_block = (uint64_t)b + 1;
	}
	return 0;
}

long
owners_feed(struct owners *ow, const char *buf, size_t len,
    const struct map *m, const struct pins *p, struct ferr *e)
{
	const char *s = buf, *end = buf + len, *nl, *start = buf;
	struct record r;
	size_t used = 0;

	memset(&r, 0, sizeof(r));
	while (s < end && (nl = memchr(s, '\n', (size_t)(end - s))) != NULL) {
		if (nl == s) {
			if (start != s && record_end(ow, &r, m, p) != 0)
				goto oom;
			r.have_order = r.have_pfn = r.movable = false;
			r.len = 0;
			used = (size_t)(nl + 1 - buf);
			start = nl + 1;
		} else if (record_line(&r, s, (size_t)(nl - s)) != 0)
			goto oom;
		s = nl + 1;
	}
	free(r.frames);
	ow->read = true;
	return (long)used;
oom:
	free(r.frames);
	return ferr_set(e, 0, "out of memory");
}

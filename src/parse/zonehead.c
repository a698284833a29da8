/* SPDX-License-Identifier: GPL-2.0-or-later */
/* zonehead.c - the "Node N, zone NAME" prefix shared by the per-zone files */

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
		return num_error(e, line, &t[1], rc, 10, "node id");
	/* NODES_SHIFT is at most 10 on every architecture. */
	if (v >= FRAG_MAX_NODES)
		return ferr_set(e, line, "node id %llu is out of range (at most "
		    "%d)", (unsigned long long)v, FRAG_MAX_NODES - 1);
	if (name_suffix != '\0' && !tok_chop(&nt, name_suffix))
		return ferr_set(e, line, "expected '%c' after the zone name",
		    name_suffix);
	if (!tok_is_name(&nt, FRAG_NAME_SIZE - 1))
		return ferr_set(e, line, "zone name '%s' is not 1 to %d printable "
		    "ASCII characters", ferr_quote(q, sizeof(q), nt.s, nt.n),
		    FRAG_NAME_SIZE - 1);
	*node = (unsigned)v;
	/* Zeros to the end, so that a zoneset compares whole arrays. */
	memset(name, 0, FRAG_NAME_SIZE);
	memcpy(name, nt.s, nt.n);
	return 0;
}

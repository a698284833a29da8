/* SPDX-License-Identifier: GPL-2.0-or-later */
/* memblock_parse.c - parse a memory block's size, state, zones and removable files */
#include "config.h"

#include <string.h>

#include "bounds.h"
#include "ferr.h"
#include "memblock_parse.h"
#include "text.h"

/*
 * Set T to the one line of BUF (LEN bytes), its newline removed: a value
 * without it may have been cut short. Returns 0, or -1 with E set.
 */
static int
one_line(const char *buf, size_t len, struct tok *t, struct ferr *e)
{
	t->s = buf;
	t->n = len;
	if (!tok_chop(t, '\n') || memchr(t->s, '\n', t->n) != NULL)
		return lines_whole(buf, len, 1, e) != 0 ? -1 :
		    ferr_set(e, 1, "expected one line");
	return 0;
}

int
memblock_parse_size(const char *buf, size_t len, uint64_t *v, struct ferr *e)
{
	struct tok t;
	int rc;

	if (one_line(buf, len, &t, e) != 0)
		return -1;
	if ((rc = num_hex(&t, v)) != 0)
		return num_error(e, 1, &t, rc, 16, "block size");
	if (*v == 0 || (*v & (*v - 1)) != 0)
		return ferr_set(e, 1, "block size %#llx is not a power of two",
		    (unsigned long long)*v);
	return 0;
}

int
memblock_parse_state(const char *buf, size_t len, enum memblock_state *s,
    struct ferr *e)
{
	static const char *const names[MB_NSTATES] = {
		"online", "offline", "going-offline",
	};
	struct tok t;
	unsigned i;
	char q[64];

	if (one_line(buf, len, &t, e) != 0)
		return -1;
	for (i = 0; i < MB_NSTATES; i++)
		if (tok_is(&t, names[i])) {
			*s = (enum memblock_state)i;
			return 0;
		}
	return ferr_set(e, 1, "'%s' is not online, offline or going-offline",
	    ferr_quote(q, sizeof(q), t.s, t.n));
}

int
memblock_parse_zones(const char *buf, size_t len, char *zones, size_t size,
    struct ferr *e)
{
	struct tok t, w[FRAG_MAX_NODE_ZONES];
	size_t n, i, k = 0;
	char q[64];

	if (one_line(buf, len, &t, e) != 0)
		return -1;
	n = tok_split(t.s, t.n, w, FRAG_MAX_NODE_ZONES);
	if (n == 0 || n > FRAG_MAX_NODE_ZONES)
		return ferr_set(e, 1, "expected 1 to %d zone names",
		    FRAG_MAX_NODE_ZONES);
	for (i = 0; i < n; i++) {
		if (!tok_is_name(&w[i], FRAG_NAME_SIZE - 1) ||
		    k + w[i].n + 1 >= size)
			return ferr_set(e, 1, "'%s' is not a zone name",
			    ferr_quote(q, sizeof(q), w[i].s, w[i].n));
		if (i)
			zones[k++] = ' ';
		memcpy(zones + k, w[i].s, w[i].n);
		k += w[i].n;
	}
	zones[k] = '\0';
	return 0;
}

int
memblock_parse_removable(const char *buf, size_t len, int *v, struct ferr *e)
{
	struct tok t;

	if (one_line(buf, len, &t, e) != 0)
		return -1;
	if (!tok_is(&t, "0") && !tok_is(&t, "1"))
		return ferr_set(e, 1, "expected 0 or 1");
	*v = t.s[0] - '0';
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* buddyinfo.c - parse /proc/buddyinfo: "Node N, zone NAME" and one count per order */

#include "config.h"
#include <stdlib.h>
#include <string.h>

#include "buddyinfo.h"
#include "frag.h"
#include "text.h"
#include "zonehead.h"

#define MAX_TOKS	(4 + FRAG_MAX_ORDERS)

/*
 * Returns the number of counts of line S (N bytes) in FREE, read past the
 * 'Node N, zone NAME' header T[0..3] (NT tokens), or -1 with E set.
 */
static long
counts(const char *s, size_t n, struct tok *t, size_t nt, uint64_t *free,
    unsigned long l, struct ferr *e)
{
	const char *rest = t[3].s + t[3].n;
	size_t k;
	int rc;

	/* Most lines: digits and blanks, read in one pass. */
	if (nt > 4 && (k = nums_u64(rest, (size_t)(s + n - rest), free,
	    FRAG_MAX_ORDERS, NULL)) <= FRAG_MAX_ORDERS)
		return (long)k;
	/* Anything else: token by token, for a message that names the token. */
	if ((nt = tok_split(s, n, t, MAX_TOKS)) == 4)
		return ferr_set(e, l, "zone %.*s has no free counts",
		    (int)t[3].n, t[3].s);
	if (nt > MAX_TOKS)
		return ferr_set(e, l, "more than %d orders", FRAG_MAX_ORDERS);
	for (k = 0; k + 4 < nt; k++)
		if ((rc = num_u64(&t[k + 4], &free[k])) != 0)
			return num_error(e, l, &t[k + 4], rc, "free count");
	return (long)k;
}

/*
 * Returns 0 with line L (S, N bytes) appended to BI as a zone, or skipped
 * when blank; -1 with E set. BI has room for CAP zones, and its counts,
 * once the first zone has set the orders, for CAP rows and FRAG_MAX_ORDERS
 * counts more, so that a row is read in place and nothing moves.
 */
static int
parse_line(struct buddyinfo *bi, size_t cap, struct zoneset *zs,
    const char *s, size_t n, unsigned long l, struct ferr *e)
{
	uint64_t first[FRAG_MAX_ORDERS], *row;
	struct bzone *z = &bi->zones[bi->nzones];
	struct tok t[MAX_TOKS + 1];
	const char *why;
	size_t head, nt;
	unsigned k;
	long nk;

	row = bi->nzones == 0 ? first : bi->counts + bi->nzones * bi->norders;
	/* Nearly every line: the kernel's own head, then digits and blanks. */
	if ((head = zonehead_scan(s, n, '\0', &z->node, z->name)) != 0 &&
	    (nk = (long)nums_u64(s + head, n - head, row, FRAG_MAX_ORDERS,
	    NULL)) > 0 && nk <= FRAG_MAX_ORDERS)
		;
	/* Anything else: by tokens, for a message that names what is wrong. */
	else if ((nt = tok_split(s, n, t, 4)) == 0)
		return 0;	/* tolerate blank lines from transcriptions */
	else if (nt < 4)
		return ferr_set(e, l, "expected 'Node N, zone NAME' and free "
		    "counts per order");
	else if (zonehead_parse(t, '\0', &z->node, z->name, l, e) != 0 ||
	    (nk = counts(s, n, t, nt, row, l, e)) < 0)
		return -1;
	k = (unsigned)nk;
	if (bi->nzones == 0) {
		if ((bi->counts = malloc((cap * k + FRAG_MAX_ORDERS) *
		    sizeof(*row))) == NULL)
			return ferr_set(e, l, "out of memory");
		bi->norders = k;
		/* ROW is FIRST, which the counts just filled. */
		/* cppcheck-suppress uninitvar */
		row = memcpy(bi->counts, first, k * sizeof(*row));
	} else if (k != bi->norders)
		return ferr_set(e, l, "%u order%s, but line %lu has %u", k, k == 1 ? "" : "s",
		    bi->zones[0].line, bi->norders);
	if ((why = frag_check(row, k)) != NULL)
		return ferr_set(e, l, "%s", why);
	if (zoneset_claim(zs, z->node, z->name, l, e) != 0)
		return -1;
	z->line = l;
	z->free = row;
	bi->nzones++;
	return 0;
}

int
buddyinfo_parse(const char *buf, size_t len, struct buddyinfo *bi,
    struct ferr *e)
{
	struct zoneset zs;
	struct lines ls;
	const char *s;
	size_t n, cap = lines_count(buf, len);
	int rc = 0;

	memset(bi, 0, sizeof(*bi));
	/* At most one zone a line. */
	if ((bi->zones = malloc(cap * sizeof(*bi->zones) + 1)) == NULL)
		return ferr_set(e, 0, "out of memory");
	zoneset_init(&zs);
	lines_init(&ls, buf, len);
	while ((rc = lines_next(&ls, &s, &n, e)) == 1)
		if ((rc = parse_line(bi, cap, &zs, s, n, ls.no, e)) != 0)
			break;
	zoneset_free(&zs);
	if (rc == 0 && bi->nzones == 0)
		rc = ferr_set(e, ls.no ? ls.no : 1, "no zones: expected lines "
		    "'Node N, zone NAME' with free counts per order");
	if (rc != 0) {
		buddyinfo_free(bi);
		return -1;
	}
	return 0;
}

void
buddyinfo_free(struct buddyinfo *bi)
{
	free(bi->zones);
	free(bi->counts);
	memset(bi, 0, sizeof(*bi));
}

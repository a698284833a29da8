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
 * Returns 0 with line L (S, N bytes, its first tokens T[0..NT), NT at most
 * 5 of the MAX_TOKS + 1 T holds) appended to BI as a zone, or -1 with E set.
 */
static int
parse_line(struct buddyinfo *bi, struct zoneset *zs, const char *s,
    size_t n, struct tok *t, size_t nt, unsigned long l, struct ferr *e)
{
	uint64_t free[FRAG_MAX_ORDERS], *nc;
	struct bzone z, *nz;
	const char *why;
	unsigned k;
	long nk;

	if (nt < 4)
		return ferr_set(e, l, "expected 'Node N, zone NAME' and free "
		    "counts per order");
	if (zonehead_parse(t, '\0', &z.node, z.name, l, e) != 0)
		return -1;
	if ((nk = counts(s, n, t, nt, free, l, e)) < 0)
		return -1;
	k = (unsigned)nk;
	z.line = l;
	z.free = NULL;	/* set by buddyinfo_parse() once counts stops moving */
	if (bi->nzones == 0)
		bi->norders = k;
	else if (k != bi->norders)
		return ferr_set(e, l, "%u order%s, but line %lu has %u", k, k == 1 ? "" : "s",
		    bi->zones[0].line, bi->norders);
	if ((why = frag_check(free, k)) != NULL)
		return ferr_set(e, l, "%s", why);
	if (zoneset_claim(zs, z.node, z.name, l, e) != 0)
		return -1;
	if ((nz = zone_array_grow(bi->zones, bi->nzones, sizeof(*nz))) == NULL)
		return ferr_set(e, l, "out of memory");
	bi->zones = nz;
	if ((nc = counts_append(bi->counts, bi->nzones, free, k)) == NULL)
		return ferr_set(e, l, "out of memory");
	bi->counts = nc;
	bi->zones[bi->nzones++] = z;
	return 0;
}

int
buddyinfo_parse(const char *buf, size_t len, struct buddyinfo *bi,
    struct ferr *e)
{
	struct tok t[MAX_TOKS + 1];
	struct zoneset zs;
	struct lines ls;
	const char *s;
	size_t n, nt;
	int rc;

	memset(bi, 0, sizeof(*bi));
	zoneset_init(&zs);
	lines_init(&ls, buf, len);
	while ((rc = lines_next(&ls, &s, &n, e)) == 1) {
		if ((nt = tok_split(s, n, t, 4)) == 0)
			continue;	/* tolerate blank lines from transcriptions */
		if ((rc = parse_line(bi, &zs, s, n, t, nt, ls.no, e)) != 0)
			break;
	}
	zoneset_free(&zs);
	for (n = 0; n < bi->nzones; n++)
		bi->zones[n].free = bi->counts + n * bi->norders;
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

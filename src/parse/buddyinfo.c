/* SPDX-License-Identifier: GPL-2.0-or-later */
/* buddyinfo.c - parse /proc/buddyinfo: "Node N, zone NAME" and one count per order */

#include "config.h"
#include <stdlib.h>
#include <string.h>

#include "buddyinfo.h"
#include "text.h"
#include "zonehead.h"

#define MAX_TOKS	(4 + FRAG_MAX_ORDERS)

/*
 * Returns 0 with line L (S, N bytes) appended to BI as a zone, or skipped
 * when blank; -1 with E set. BI has room for CAP zones, and its counts,
 * once the first zone has set the orders, for CAP rows.
 */
static int
parse_line(struct buddyinfo *bi, size_t cap, struct zoneset *zs,
    const char *s, size_t n, unsigned long l, struct ferr *e)
{
	struct bzone *z = &bi->zones[bi->nzones];
	uint64_t row[FRAG_MAX_ORDERS];
	struct tok t[MAX_TOKS + 1];
	size_t nt;
	unsigned k;
	int rc;

	if ((nt = tok_split(s, n, t, MAX_TOKS)) == 0)
		return 0;	/* tolerate blank lines from transcriptions */
	if (nt < 4)
		return ferr_set(e, l, "expected 'Node N, zone NAME' and free "
		    "counts per order");
	if (zonehead_parse(t, '\0', &z->node, z->name, l, e) != 0)
		return -1;
	if (nt == 4)
		return ferr_set(e, l, "zone %s has no free counts", z->name);
	if (nt > MAX_TOKS)
		return ferr_set(e, l, "more than %d orders", FRAG_MAX_ORDERS);
	for (k = 0; k + 4 < nt; k++)
		if ((rc = num_u64(&t[k + 4], &row[k])) != 0)
			return num_error(e, l, &t[k + 4], rc, 10, "free count");
	if (bi->nzones == 0) {
		if ((bi->counts = malloc(cap * k * sizeof(*row))) == NULL)
			return ferr_set(e, l, "out of memory");
		bi->norders = k;
	} else if (k != bi->norders)
		return ferr_set(e, l, "%u order%s, but line %lu has %u", k,
		    k == 1 ? "" : "s", bi->zones[0].line, bi->norders);
	if (zoneset_claim(zs, z->node, z->name, l, e) != 0)
		return -1;
	z->line = l;
	z->free = memcpy(bi->counts + bi->nzones * k, row, k * sizeof(*row));
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
	/*
	 * The kernel ends every line, the last too: one without its newline
	 * was cut short (head -c, a full disk), and its counts with it.
	 */
	if (rc == 0)
		rc = lines_whole(buf, len, ls.no, e);
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

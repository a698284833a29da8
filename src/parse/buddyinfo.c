/* SPDX-License-Identifier: GPL-2.0-or-later */
/* buddyinfo.c - parse /proc/buddyinfo: "Node N, zone NAME" and one count per order */

#include "config.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buddyinfo.h"
#include "grow.h"
#include "text.h"
#include "zonehead.h"

#define MAX_TOKS	(4 + FRAG_MAX_ORDERS)

/* Where buddyinfo_parse() is: the zones so far, and the room of BI's arrays. */
struct bstate {
	struct buddyinfo	*bi;
	size_t			 zcap, ccap;	/* zones, rows of counts */
	struct zoneset		 zs;
};

/*
 * Append zone Z with its counts ROW (BI's norders of them) to ST's
 * buddyinfo, its arrays grown as the zones come: never sized by the
 * file's lines, which a file of blank lines makes millions. Returns 0, or
 * -1 with E set for line L.
 */
static int
append(struct bstate *st, const struct bzone *z, const uint64_t *row,
    unsigned long l, struct ferr *e)
{
	struct buddyinfo *bi = st->bi;
	size_t rowsize = bi->norders * sizeof(*row);
	void *p;

	if ((p = grow_room(bi->zones, &st->zcap, bi->nzones, sizeof(*z),
	    SIZE_MAX)) == NULL)
		return ferr_set(e, l, "out of memory");
	bi->zones = p;
	if ((p = grow_room(bi->counts, &st->ccap, bi->nzones, rowsize,
	    SIZE_MAX)) == NULL)
		return ferr_set(e, l, "out of memory");
	bi->counts = p;
	memcpy(bi->counts + bi->nzones * bi->norders, row, rowsize);
	/* Its free counts are pointed to once the rows stop moving. */
	bi->zones[bi->nzones++] = *z;
	return 0;
}

/*
 * Returns 0 with line L (S, N bytes) appended to ST's buddyinfo as a
 * zone, or skipped when blank; -1 with E set.
 */
static int
parse_line(struct bstate *st, const char *s, size_t n, unsigned long l,
    struct ferr *e)
{
	struct buddyinfo *bi = st->bi;
	uint64_t row[FRAG_MAX_ORDERS];
	struct tok t[MAX_TOKS + 1];
	struct bzone z;
	size_t nt;
	unsigned k;
	int rc;

	if ((nt = tok_split(s, n, t, MAX_TOKS)) == 0)
		return 0;	/* tolerate blank lines from transcriptions */
	if (nt < 4)
		return ferr_set(e, l, "expected 'Node N, zone NAME' and free "
		    "counts per order");
	memset(&z, 0, sizeof(z));
	if (zonehead_parse(t, '\0', &z.node, z.name, l, e) != 0)
		return -1;
	if (nt == 4)
		return ferr_set(e, l, "zone %s has no free counts", z.name);
	if (nt > MAX_TOKS)
		return ferr_set(e, l, "more than %d orders", FRAG_MAX_ORDERS);
	for (k = 0; k + 4 < nt; k++)
		if ((rc = num_u64(&t[k + 4], &row[k])) != 0)
			return num_error(e, l, &t[k + 4], rc, 10, "free count");
	if (bi->nzones == 0)
		bi->norders = k;
	else if (k != bi->norders)
		return ferr_set(e, l, "%u order%s, but line %lu has %u", k,
		    k == 1 ? "" : "s", bi->zones[0].line, bi->norders);
	if (zoneset_claim(&st->zs, z.node, z.name, l, e) != 0)
		return -1;
	z.line = l;
	return append(st, &z, row, l, e);
}

int
buddyinfo_parse(const char *buf, size_t len, struct buddyinfo *bi,
    struct ferr *e)
{
	struct bstate st;
	struct lines ls;
	const char *s;
	size_t n, i;
	int rc = 0;

	memset(bi, 0, sizeof(*bi));
	/*
	 * The kernel ends every line, the last too: one without its newline
	 * was cut short (head -c, a full disk), and its counts with it. That,
	 * not what the cut left of the line (too few counts, none), is what
	 * is wrong, so it is looked for first, as pagetypeinfo_parse() does.
	 */
	if (lines_whole(buf, len, lines_count(buf, len), e) != 0)
		return -1;
	st.bi = bi;
	st.zcap = st.ccap = 0;
	zoneset_init(&st.zs);
	lines_init(&ls, buf, len);
	while ((rc = lines_next(&ls, &s, &n, e)) == 1)
		if ((rc = parse_line(&st, s, n, ls.no, e)) != 0)
			break;
	zoneset_free(&st.zs);
	if (rc == 0 && bi->nzones == 0)
		rc = ferr_set(e, ls.no ? ls.no : 1, "no zones: expected lines "
		    "'Node N, zone NAME' with free counts per order");
	if (rc != 0) {
		buddyinfo_free(bi);
		return -1;
	}
	for (i = 0; i < bi->nzones; i++)
		bi->zones[i].free = bi->counts + i * bi->norders;
	return 0;
}

void
buddyinfo_free(struct buddyinfo *bi)
{
	free(bi->zones);
	free(bi->counts);
	memset(bi, 0, sizeof(*bi));
}

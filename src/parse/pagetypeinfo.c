/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pagetypeinfo.c - parse /proc/pagetypeinfo (pagetypeinfo_show() in mm/vmstat.c) */

#include "config.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "pagetypeinfo.h"
#include "text.h"
#include "zonehead.h"

#define MAX_TOKS	(8 + FRAG_MAX_ORDERS)

/* Which per-zone table "Node N, zone NAME count..." rows belong to. */
enum table { T_NONE, T_BLOCKS, T_MIXED };

/* The kernel prints no row of a type a zone lacks: zeros. */
static const uint64_t zeros[FRAG_MAX_ORDERS];

/* Whose a free row of pagetypeinfo.counts is: zone ZONE's row of migratetype TYPE. */
struct prow {
	size_t		 zone;
	int		 type;
};

struct pstate {
	struct pagetypeinfo	*p;
	size_t			 nrows, ccap;	/* free rows read; room in counts */
	struct prow		*rows;		/* each row's zone and type */
	size_t			 rcap;
	bool			 have_order, have_ppb, have_orders;
	enum table		 table;
	int			 cols[FRAG_MAX_TYPES];	/* column -> type */
	unsigned		 ncols;
	unsigned long		 orders_line;
};

/* Returns whether tokens T[0..N) spell the words of PHRASE. */
static bool
words(const struct tok *t, size_t nt, const char *phrase)
{
	const char *w = phrase;
	size_t i, n;

	for (i = 0; *w != '\0'; i++) {
		n = strcspn(w, " ");
		if (i >= nt || t[i].n != n || memcmp(t[i].s, w, n) != 0)
			return false;
		w += n + (w[n] == ' ');
	}
	return true;
}

/* Returns the index of migratetype T, adding it when new; -1 with E set when full or bad. */
static int
type_index(struct pagetypeinfo *p, const struct tok *t, unsigned long l,
    struct ferr *e)
{
	char q[64];
	unsigned i;

	for (i = 0; i < p->ntypes; i++)
		if (tok_is(t, p->types[i]))
			return (int)i;
	if (!tok_is_name(t, FRAG_NAME_SIZE - 1))
		return ferr_set(e, l, "migratetype '%s' is not 1 to %d printable "
		    "ASCII characters", ferr_quote(q, sizeof(q), t->s, t->n),
		    FRAG_NAME_SIZE - 1);
	if (p->ntypes == FRAG_MAX_TYPES)
		return ferr_set(e, l, "more than %d migratetypes",
		    FRAG_MAX_TYPES);
	memcpy(p->types[i], t->s, t->n);
	p->types[i][t->n] = '\0';
	p->ntypes++;
	return (int)i;
}

/* Returns the zone (NODE, NAME), adding it when new; NULL with E set. */
static struct ptzone *
zone(struct pagetypeinfo *p, unsigned node, const char *name, unsigned long l,
    struct ferr *e)
{
	struct ptzone *nz;
	long i;

	if ((i = zoneset_find(p->set, node, name)) != -1)
		return &p->zones[i];
	if (zoneset_add(p->set, node, name, l, e) != 0)
		return NULL;
	if ((nz = grow_room(p->zones, &p->zones_cap, p->nzones, sizeof(*nz),
	    SIZE_MAX)) == NULL) {
		ferr_set(e, l, "out of memory");
		return NULL;
	}
	p->zones = nz;
	nz = &p->zones[p->nzones++];
	memset(nz, 0, sizeof(*nz));
	for (i = 0; i < FRAG_MAX_TYPES; i++)
		nz->free[i] = zeros;
	nz->node = node;
	strcpy(nz->name, name);
	nz->line = l;
	return nz;
}

/* Parse "Page block order: N" or "Pages per block:  N" into *V; must agree across nodes. */
static int
header_number(const struct tok *t, size_t nt, bool *have, uint64_t *v,
    const char *what, unsigned long l, struct ferr *e)
{
	uint64_t x;
	int rc;

	if (nt != 4)
		return ferr_set(e, l, "expected '%s: N'", what);
	if ((rc = num_u64(&t[3], &x)) != 0)
		return num_error(e, l, &t[3], rc, 10, what);
	if (*have && x != *v)
		return ferr_set(e, l, "%s %llu differs from the earlier %llu",
		    what, (unsigned long long)x, (unsigned long long)*v);
	*have = true;
	*v = x;
	return 0;
}

/*
 * Once both header numbers are known, check the one just read at line L
 * against the other; returns 0, or -1 with E set.
 */
static int
block_size_check(const struct pstate *st, unsigned long l, struct ferr *e)
{
	const struct pagetypeinfo *p = st->p;

	if (st->have_order && st->have_ppb &&
	    p->pages_per_block != 1ULL << p->pageblock_order)
		return ferr_set(e, l, "%llu pages per block does not match "
		    "page block order %u", (unsigned long long)
		    p->pages_per_block, p->pageblock_order);
	return 0;
}

/* "Free pages count per migrate type at order 0 1 ... K-1". */
static int
orders_header(struct pstate *st, const struct tok *t, size_t nt,
    unsigned long l, struct ferr *e)
{
	unsigned k, n = (unsigned)nt - 8;
	uint64_t v;

	if (nt > MAX_TOKS)
		return ferr_set(e, l, "more than %d orders", FRAG_MAX_ORDERS);
	if (n == 0)
		return ferr_set(e, l, "no orders after 'at order'");
	for (k = 0; k < n; k++)
		if (num_u64(&t[8 + k], &v) != 0 || v != k)
			return ferr_set(e, l, "orders must count 0, 1, 2, ...: "
			    "column %u is not %u", k + 1, k);
	if (st->have_orders && n != st->p->norders)
		return ferr_set(e, l, "%u order%s, but line %lu has %u", n, n == 1 ? "" : "s",
		    st->orders_line, st->p->norders);
	st->have_orders = true;
	st->p->norders = n;
	st->orders_line = l;
	st->table = T_NONE;
	return 0;
}

/* "Number of blocks type T..." / "Number of mixed blocks T...": column names. */
static int
table_header(struct pstate *st, const struct tok *t, size_t nt,
    enum table table, unsigned long l, struct ferr *e)
{
	unsigned c, j;
	int ti;

	if (nt == 4)
		return ferr_set(e, l, "no migratetype names in the header");
	if (nt - 4 > FRAG_MAX_TYPES)
		return ferr_set(e, l, "more than %d migratetypes",
		    FRAG_MAX_TYPES);
	for (c = 0; c + 4 < nt; c++) {
		if ((ti = type_index(st->p, &t[4 + c], l, e)) < 0)
			return -1;
		/* Else its rows would fail as "second pageblock row". */
		for (j = 0; j < c; j++)
			if (st->cols[j] == ti)
				return ferr_set(e, l, "migratetype %s appears "
				    "twice in the header", st->p->types[ti]);
		st->cols[c] = ti;
	}
	st->ncols = c;
	st->table = table;
	return 0;
}

/*
 * Returns room in ST's counts for one free row more, grown as rows come
 * (never sized by the file's lines, which blank ones make millions), and
 * for its owner; NULL with E set for line L.
 */
static uint64_t *
row_room(struct pstate *st, unsigned long l, struct ferr *e)
{
	struct pagetypeinfo *p = st->p;
	void *np;

	if ((np = grow_room(p->counts, &st->ccap, st->nrows, p->norders *
	    sizeof(*p->counts), SIZE_MAX)) == NULL) {
		ferr_set(e, l, "out of memory");
		return NULL;
	}
	p->counts = np;
	if ((np = grow_room(st->rows, &st->rcap, st->nrows, sizeof(*st->rows),
	    SIZE_MAX)) == NULL) {
		ferr_set(e, l, "out of memory");
		return NULL;
	}
	st->rows = np;
	return p->counts + st->nrows * p->norders;
}

/*
 * "Node N, zone NAME, type TYPE count..." where a count may read ">100000":
 * line tokens T[0..NT). Returns 0, or -1 with E set.
 */
static int
free_row(struct pstate *st, const struct tok *t, size_t nt, unsigned long l,
    struct ferr *e)
{
	struct pagetypeinfo *p = st->p;
	char name[FRAG_NAME_SIZE];
	uint32_t capped = 0;
	struct ptzone *z;
	unsigned node, k;
	uint64_t *row;
	struct tok c;
	int ti, rc;

	if (zonehead_parse(t, ',', &node, name, l, e) != 0)
		return -1;
	if (!st->have_orders)
		return ferr_set(e, l, "free list row before the 'Free pages "
		    "count per migrate type at order' header");
	/* tok_split() stopped counting at MAX_TOKS + 1 tokens. */
	if (nt > MAX_TOKS)
		return ferr_set(e, l, "more than %d free counts, but the header "
		    "on line %lu has %u orders", MAX_TOKS - 6, st->orders_line,
		    p->norders);
	if (nt != 6 + p->norders)
		return ferr_set(e, l, "%zu free counts, but the header on line "
		    "%lu has %u orders", nt - 6, st->orders_line, p->norders);
	if ((ti = type_index(p, &t[5], l, e)) < 0 ||
	    (row = row_room(st, l, e)) == NULL)
		return -1;
	for (k = 0; k < p->norders; k++) {
		c = t[6 + k];
		/* Since 5.4 pagetypeinfo_showfree_print() stops counting at
		 * 100000 and prints ">100000": a lower bound. */
		if (c.n > 0 && c.s[0] == '>') {
			capped |= 1u << k;
			c.s++;
			c.n--;
		}
		if ((rc = num_u64(&c, &row[k])) != 0)
			return num_error(e, l, &t[6 + k], rc, 10, "free count");
	}
	if ((z = zone(st->p, node, name, l, e)) == NULL)
		return -1;
	if (z->has_free[ti])
		return ferr_set(e, l, "second row for node %u, zone %s, type %s",
		    node, name, p->types[ti]);
	/* Pointed to once the rows stop moving: pagetypeinfo_parse(). */
	st->rows[st->nrows].zone = (size_t)(z - p->zones);
	st->rows[st->nrows++].type = ti;
	z->free_line[ti] = l;
	z->capped[ti] = capped;
	z->has_free[ti] = true;
	return 0;
}

/*
 * "Node N, zone NAME count..." under a blocks or mixed-blocks header: line
 * tokens T[0..NT), a count per column of the header. Returns 0, or -1
 * with E set.
 */
static int
count_row(struct pstate *st, const struct tok *t, size_t nt, unsigned long l,
    struct ferr *e)
{
	uint64_t limit = (UINT64_MAX / 1000) >> st->p->pageblock_order, sum = 0;
	char name[FRAG_NAME_SIZE];
	unsigned node, c;
	struct ptzone *z;
	uint64_t *dst;
	bool *has;
	int rc;

	if (zonehead_parse(t, '\0', &node, name, l, e) != 0)
		return -1;
	if (st->table == T_NONE)
		return ferr_set(e, l, "pageblock count row before a 'Number of "
		    "blocks type' header");
	if (nt != 4 + st->ncols)
		return ferr_set(e, l, "expected %u counts, one per migratetype "
		    "in the header", st->ncols);
	if ((z = zone(st->p, node, name, l, e)) == NULL)
		return -1;
	dst = st->table == T_BLOCKS ? z->blocks : z->mixed;
	has = st->table == T_BLOCKS ? z->has_blocks : z->has_mixed;
	for (c = 0; c < st->ncols; c++) {
		if (has[st->cols[c]])
			return ferr_set(e, l, "second %s row for node %u, zone "
			    "%s", st->table == T_BLOCKS ? "pageblock" :
			    "mixed-block", node, name);
		if ((rc = num_u64(&t[4 + c], &dst[st->cols[c]])) != 0)
			return num_error(e, l, &t[4 + c], rc, 10,
			    "pageblock count");
		has[st->cols[c]] = true;
		/* The row is the whole zone: its shares are taken in thousandths. */
		if (dst[st->cols[c]] > limit - sum)
			return ferr_set(e, l, "pageblock counts add up to more "
			    "pages than 64-bit arithmetic holds");
		sum += dst[st->cols[c]];
	}
	return 0;
}

/* Returns whether HAS marks some migratetype of P. */
static bool
any_type(const struct pagetypeinfo *p, const bool *has)
{
	unsigned t;

	for (t = 0; t < p->ntypes; t++)
		if (has[t])
			return true;
	return false;
}

/*
 * Every zone has its row in the pageblock table, and in the mixed-block
 * table when a zone has one: pagetypeinfo_show() prints them for each
 * populated zone after its free lists.
 */
int
pagetypeinfo_whole(const struct pagetypeinfo *p, struct ferr *e)
{
	unsigned long l = p->lines;
	const struct ptzone *z;
	bool mixed = false;
	size_t i;

	for (i = 0; i < p->nzones; i++)
		mixed |= any_type(p, p->zones[i].has_mixed);
	for (i = 0; i < p->nzones; i++) {
		z = &p->zones[i];
		if (!any_type(p, z->has_blocks))
			return ferr_set(e, l, "node %u, zone %s has no row in "
			    "the 'Number of blocks type' table: the file is "
			    "cut short", z->node, z->name);
		if (mixed && !any_type(p, z->has_mixed))
			return ferr_set(e, l, "node %u, zone %s has no row in "
			    "the 'Number of mixed blocks' table: the file is "
			    "cut short", z->node, z->name);
	}
	return 0;
}

/* Returns 0 with line L (tokens T[0..NT)) applied to ST, or -1 with E set. */
static int
parse_line(struct pstate *st, const struct tok *t, size_t nt,
    unsigned long l, struct ferr *e)
{
	struct pagetypeinfo *p = st->p;
	uint64_t v;
	char q[64];

	if (tok_is(&t[0], "Node")) {
		if (nt >= 6 && tok_is(&t[4], "type"))
			return free_row(st, t, nt, l, e);
		if (nt >= 4)
			return count_row(st, t, nt, l, e);
	} else if (words(t, nt, "Page block order:")) {
		v = p->pageblock_order;
		if (header_number(t, nt, &st->have_order, &v,
		    "Page block order", l, e) != 0)
			return -1;
		if (v >= FRAG_MAX_ORDERS)
			return ferr_set(e, l, "page block order %llu is out of "
			    "range", (unsigned long long)v);
		p->pageblock_order = (unsigned)v;
		p->order_line = l;
		return block_size_check(st, l, e);
	} else if (words(t, nt, "Pages per block:")) {
		if (header_number(t, nt, &st->have_ppb, &p->pages_per_block,
		    "Pages per block", l, e) != 0)
			return -1;
		return block_size_check(st, l, e);
	} else if (words(t, nt, "Free pages count per migrate type at order"))
		return orders_header(st, t, nt, l, e);
	else if (words(t, nt, "Number of blocks type"))
		return table_header(st, t, nt, T_BLOCKS, l, e);
	else if (words(t, nt, "Number of mixed blocks"))
		return table_header(st, t, nt, T_MIXED, l, e);
	return ferr_set(e, l, "unrecognised line starting '%s'",
	    ferr_quote(q, sizeof(q), t[0].s, t[0].n));
}

int
pagetypeinfo_parse(const char *buf, size_t len, struct pagetypeinfo *p,
    struct ferr *e)
{
	struct tok t[MAX_TOKS + 1];
	struct pstate st;
	struct lines ls;
	const char *s;
	size_t n, nt, i;
	int rc;

	memset(p, 0, sizeof(*p));
	/* A count cut short reads as a smaller one: never accept it. */
	if (lines_whole(buf, len, lines_count(buf, len), e) != 0)
		return -1;
	memset(&st, 0, sizeof(st));
	st.p = p;
	/* Kept in P: its zones are looked up by node and name. */
	if ((p->set = zoneset_new()) == NULL)
		return ferr_set(e, 0, "out of memory");
	lines_init(&ls, buf, len);
	while ((rc = lines_next(&ls, &s, &n, e)) == 1) {
		if ((nt = tok_split(s, n, t, MAX_TOKS)) == 0)
			continue;
		if ((rc = parse_line(&st, t, nt, ls.no, e)) != 0)
			break;
	}
	if (rc == 0 && p->nzones == 0)
		rc = ferr_set(e, ls.no ? ls.no : 1, "no zones");
	else if (rc == 0 && (!st.have_order || !st.have_ppb))
		rc = ferr_set(e, ls.no, "no 'Page block order' and 'Pages per "
		    "block' header");
	/* The kernel always prints the free lists; without them, 0 orders. */
	else if (rc == 0 && !st.have_orders)
		rc = ferr_set(e, ls.no, "no 'Free pages count per migrate type "
		    "at order' table");
	if (rc != 0) {
		free(st.rows);
		pagetypeinfo_free(p);
		return -1;
	}
	for (i = 0; i < st.nrows; i++)
		p->zones[st.rows[i].zone].free[st.rows[i].type] = p->counts +
		    i * p->norders;
	free(st.rows);
	p->lines = ls.no;
	return 0;
}

void
pagetypeinfo_free(struct pagetypeinfo *p)
{
	free(p->zones);
	free(p->counts);
	zoneset_delete(p->set);
	memset(p, 0, sizeof(*p));
}

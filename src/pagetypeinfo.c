/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pagetypeinfo.c - parse /proc/pagetypeinfo (pagetypeinfo_show() in mm/vmstat.c) */

#include "config.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "frag.h"
#include "pagetypeinfo.h"
#include "text.h"
#include "zonehead.h"

#define MAX_TOKS	(8 + FRAG_MAX_ORDERS)

/* Which per-zone table "Node N, zone NAME count..." rows belong to. */
enum table { T_NONE, T_BLOCKS, T_MIXED };

/* The kernel prints no row of a type a zone lacks: zeros. */
static const uint64_t zeros[FRAG_MAX_ORDERS];

struct pstate {
	struct pagetypeinfo	*p;
	size_t			 nrows, cap;	/* free rows read; lines */
	size_t			 last;		/* the zone zone() found last */
	bool			 have_order, have_ppb, have_orders;
	enum table		 table;
	int			 cols[FRAG_MAX_TYPES];	/* column -> type */
	unsigned		 ncols;
	unsigned long		 orders_line;
};

/* A free row's head, "Node N, zone NAME, type TYPE", and where its counts start. */
struct rowhead {
	unsigned	 node;
	char		 name[FRAG_NAME_SIZE];
	struct tok	 type;
	const char	*rest;
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

	/*
	 * A known name was checked when it was added, and the names are
	 * zero-padded: no strlen() to compare them.
	 */
	for (i = 0; t->n < FRAG_NAME_SIZE && i < p->ntypes; i++)
		if (p->types[i][t->n] == '\0' &&
		    memcmp(p->types[i], t->s, t->n) == 0)
			return (int)i;
	if (!tok_is_name(t))
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
zone(struct pstate *st, unsigned node, const char *name, unsigned long l,
    struct ferr *e)
{
	struct pagetypeinfo *p = st->p;
	struct ptzone *nz;
	long i;

	/* A zone's rows come together: the last zone first. */
	if (st->last < p->nzones && p->zones[st->last].node == node &&
	    memcmp(p->zones[st->last].name, name, FRAG_NAME_SIZE) == 0)
		return &p->zones[st->last];
	if ((i = zoneset_find(p->set, node, name)) != -1) {
		st->last = (size_t)i;
		return &p->zones[i];
	}
	if (zoneset_add(p->set, node, name, l, e) != 0)
		return NULL;
	if ((nz = zone_array_grow(p->zones, p->nzones, sizeof(*nz))) == NULL) {
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
	st->last = p->nzones - 1;
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
		return num_error(e, l, &t[3], rc, what);
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
	/*
	 * Room for a row a line and FRAG_MAX_ORDERS counts more, so that a
	 * row is read in place and nothing moves.
	 */
	if (!st->have_orders && (st->p->counts = malloc((st->cap * n +
	    FRAG_MAX_ORDERS) * sizeof(*st->p->counts))) == NULL)
		return ferr_set(e, l, "out of memory");
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
 * Read the counts of free row S (N bytes), from REST on, into ROW and
 * *CAPPED; T (MAX_TOKS + 1) is room to split the row for a message.
 * Returns 0, or -1 with E set.
 */
static int
free_counts(struct pstate *st, const char *s, size_t n, const char *rest,
    struct tok *t, uint64_t *row, uint32_t *capped, unsigned long l,
    struct ferr *e)
{
	struct pagetypeinfo *p = st->p;
	unsigned k;
	struct tok c;
	size_t nt;
	int rc;

	/* Most rows: digits, blanks and '>', read in one pass. */
	if (nums_u64(rest, (size_t)(s + n - rest), row, FRAG_MAX_ORDERS,
	    capped) == p->norders)
		return 0;
	/* Anything else: token by token, for a message that names the token. */
	*capped = 0;
	nt = tok_split(s, n, t, MAX_TOKS);
	/* tok_split() stopped counting at MAX_TOKS + 1 tokens. */
	if (nt > MAX_TOKS)
		return ferr_set(e, l, "more than %d free counts, but the header "
		    "on line %lu has %u orders", MAX_TOKS - 6, st->orders_line,
		    p->norders);
	if (nt != 6 + p->norders)
		return ferr_set(e, l, "%zu free counts, but the header on line "
		    "%lu has %u orders", nt - 6, st->orders_line, p->norders);
	if (type_index(p, &t[5], l, e) < 0)
		return -1;
	for (k = 0; k < p->norders; k++) {
		c = t[6 + k];
		/* Since 5.4 pagetypeinfo_showfree_print() stops counting at
		 * 100000 and prints ">100000": a lower bound. */
		if (c.n > 0 && c.s[0] == '>') {
			*capped |= 1u << k;
			c.s++;
			c.n--;
		}
		if ((rc = num_u64(&c, &row[k])) != 0)
			return num_error(e, l, &t[6 + k], rc, "free count");
	}
	return 0;
}

/*
 * "Node N, zone NAME, type TYPE count..." where a count may read ">100000":
 * line S (N bytes) with its head H; T holds MAX_TOKS + 1 tokens. Returns
 * 0, or -1 with E set.
 */
static int
free_row(struct pstate *st, const struct rowhead *h, const char *s,
    size_t n, struct tok *t, unsigned long l, struct ferr *e)
{
	struct pagetypeinfo *p = st->p;
	uint32_t capped = 0;
	struct ptzone *z;
	uint64_t *row;
	const char *why;
	int ti;

	if (!st->have_orders)
		return ferr_set(e, l, "free list row before the 'Free pages "
		    "count per migrate type at order' header");
	row = p->counts + st->nrows * p->norders;
	if (free_counts(st, s, n, h->rest, t, row, &capped, l, e) != 0)
		return -1;
	if ((ti = type_index(p, &h->type, l, e)) < 0)
		return -1;
	if ((why = frag_check(row, p->norders)) != NULL)
		return ferr_set(e, l, "%s", why);
	if ((z = zone(st, h->node, h->name, l, e)) == NULL)
		return -1;
	if (z->has_free[ti])
		return ferr_set(e, l, "second row for node %u, zone %s, type %s",
		    h->node, h->name, p->types[ti]);
	st->nrows++;
	z->free[ti] = row;
	z->capped[ti] = capped;
	z->has_free[ti] = true;
	return 0;
}

/* free_row() of line S (N bytes) whose head is tokens T[0..5]. */
static int
tok_row(struct pstate *st, const char *s, size_t n, struct tok *t,
    unsigned long l, struct ferr *e)
{
	struct rowhead h;

	if (zonehead_parse(t, ',', &h.node, h.name, l, e) != 0)
		return -1;
	h.type = t[5];
	h.rest = t[5].s + t[5].n;
	return free_row(st, &h, s, n, t, l, e);
}

/*
 * Returns whether line S (N bytes) starts with a free row's head as the
 * kernel prints it (pagetypeinfo_showfree_print(): "Node %4d, zone %8s,
 * type %12s"), read into *H as tok_row() would; false for anything else,
 * which the tokens judge.
 */
static bool
row_head(const char *s, size_t n, struct rowhead *h)
{
	const char *p, *end = s + n;
	size_t k;

	if ((k = zonehead_scan(s, n, ',', &h->node, h->name)) == 0)
		return false;
	p = s + k;
	if (end - p < 6 || memcmp(p, " type ", 6) != 0)
		return false;
	for (p += 6; p < end && *p == ' '; p++)
		;
	for (h->type.s = p; p < end && *p != ' ' && *p != '\t'; p++)
		;
	h->type.n = (size_t)(p - h->type.s);
	h->rest = p;
	return h->type.n > 0;
}

/*
 * "Node N, zone NAME count..." under a blocks or mixed-blocks header, of
 * zone (NODE, NAME): line tokens T[0..NT), the counts from T[4] on, or
 * when T is NULL the counts V already read, as many as the header has
 * columns. Returns 0, or -1 with E set.
 */
static int
count_row(struct pstate *st, unsigned node, const char *name,
    const struct tok *t, size_t nt, const uint64_t *v, unsigned long l,
    struct ferr *e)
{
	uint64_t limit = (UINT64_MAX / 1000) >> st->p->pageblock_order, sum = 0;
	struct ptzone *z;
	uint64_t *dst;
	bool *has;
	unsigned c;
	int rc;

	if (st->table == T_NONE)
		return ferr_set(e, l, "pageblock count row before a 'Number of "
		    "blocks type' header");
	if (t != NULL && nt != 4 + st->ncols)
		return ferr_set(e, l, "expected %u counts, one per migratetype "
		    "in the header", st->ncols);
	if ((z = zone(st, node, name, l, e)) == NULL)
		return -1;
	dst = st->table == T_BLOCKS ? z->blocks : z->mixed;
	has = st->table == T_BLOCKS ? z->has_blocks : z->has_mixed;
	for (c = 0; c < st->ncols; c++) {
		if (has[st->cols[c]])
			return ferr_set(e, l, "second %s row for node %u, zone "
			    "%s", st->table == T_BLOCKS ? "pageblock" :
			    "mixed-block", node, name);
		if (t == NULL)
			dst[st->cols[c]] = v[c];
		else if ((rc = num_u64(&t[4 + c], &dst[st->cols[c]])) != 0)
			return num_error(e, l, &t[4 + c], rc, "pageblock count");
		has[st->cols[c]] = true;
		/* The row is the whole zone: its shares are taken in thousandths. */
		if (dst[st->cols[c]] > limit - sum)
			return ferr_set(e, l, "pageblock counts add up to more "
			    "pages than 64-bit arithmetic holds");
		sum += dst[st->cols[c]];
	}
	return 0;
}

/* count_row() of line tokens T[0..NT), whose first four are the head. */
static int
tok_count_row(struct pstate *st, const struct tok *t, size_t nt,
    unsigned long l, struct ferr *e)
{
	char name[FRAG_NAME_SIZE];
	unsigned node;

	if (zonehead_parse(t, '\0', &node, name, l, e) != 0)
		return -1;
	return count_row(st, node, name, t, nt, NULL, l, e);
}

/*
 * Returns 1 after count_row() of line S (N bytes) when it is a count row as
 * the kernel prints it (pagetypeinfo_showblockcount_print(): "Node %d,
 * zone %8s" and a count per column of the header), with count_row()'s
 * result; 0 for anything else, which the tokens judge.
 */
static int
scan_count_row(struct pstate *st, const char *s, size_t n, unsigned long l,
    struct ferr *e, int *rc)
{
	uint64_t v[FRAG_MAX_TYPES];
	char name[FRAG_NAME_SIZE];
	unsigned node;
	size_t k;

	if ((k = zonehead_scan(s, n, '\0', &node, name)) == 0 ||
	    st->ncols == 0 || nums_u64(s + k, n - k, v, FRAG_MAX_TYPES,
	    NULL) != st->ncols)
		return 0;
	*rc = count_row(st, node, name, NULL, 0, v, l, e);
	return 1;
}

/* Returns 0 with line L (S, N bytes; tokens T[0..NT)) applied to ST, or -1 with E set. */
static int
parse_line(struct pstate *st, const char *s, size_t n, struct tok *t,
    size_t nt, unsigned long l, struct ferr *e)
{
	struct pagetypeinfo *p = st->p;
	uint64_t v;
	char q[64];

	/* The zone rows first: nearly every line is one. */
	if (tok_is(&t[0], "Node")) {
		if (nt >= 6 && tok_is(&t[4], "type"))
			return tok_row(st, s, n, t, l, e);
		if (nt >= 4)
			return tok_count_row(st, t, nt, l, e);
	} else if (words(t, nt, "Page block order:")) {
		v = p->pageblock_order;
		if (header_number(t, nt, &st->have_order, &v,
		    "Page block order", l, e) != 0)
			return -1;
		if (v >= FRAG_MAX_ORDERS)
			return ferr_set(e, l, "page block order %llu is out of "
			    "range", (unsigned long long)v);
		p->pageblock_order = (unsigned)v;
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
	struct rowhead h;
	struct pstate st;
	struct lines ls;
	const char *s;
	size_t n, nt;
	int rc;

	memset(p, 0, sizeof(*p));
	memset(&st, 0, sizeof(st));
	st.p = p;
	st.cap = lines_count(buf, len);
	/* Kept in P: its zones are looked up by node and name. */
	if ((p->set = zoneset_new()) == NULL)
		return ferr_set(e, 0, "out of memory");
	lines_init(&ls, buf, len);
	while ((rc = lines_next(&ls, &s, &n, e)) == 1) {
		/* The free rows, nearly every line: the kernel's head read in
		 * one pass, or split no further than the head. */
		if (row_head(s, n, &h))
			rc = free_row(&st, &h, s, n, t, ls.no, e);
		/* The pageblock counts, as the kernel prints them too. */
		else if (scan_count_row(&st, s, n, ls.no, e, &rc))
			;
		else if ((nt = tok_split(s, n, t, 6)) > 6 &&
		    tok_is(&t[0], "Node") && tok_is(&t[4], "type"))
			rc = tok_row(&st, s, n, t, ls.no, e);
		else if (nt == 0)
			continue;
		else
			rc = parse_line(&st, s, n, t, tok_split(s, n, t,
			    MAX_TOKS), ls.no, e);
		if (rc != 0)
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
		pagetypeinfo_free(p);
		return -1;
	}
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

long
pagetypeinfo_find(const struct pagetypeinfo *p, unsigned node,
    const char *name)
{
	return zoneset_lookup(p->set, node, name);
}

uint64_t
pagetypeinfo_pages(const struct pagetypeinfo *p, const struct ptzone *z,
    unsigned type)
{
	uint64_t pages = 0;
	unsigned k;

	for (k = 0; k < p->norders; k++)
		pages += z->free[type][k] << k;
	return pages;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_compare.c - what changed between two snapshots, zone by zone */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "avail.h"
#include "folios.h"
#include "humanize.h"
#include "jsonw.h"
#include "report.h"
#include "render_compare.h"
#include "render_json.h"
#include "render_map_folios.h"
#include "render_words.h"
#include "zonepair.h"

/* What vectors() writes of each zone, order by order. */
enum vector_kind {
	VECTOR_FREE_BLOCKS,
	VECTOR_UNUSABLE,
	VECTOR_FRAGINDEX,
};

/* Returns BUF holding the fragmentation index of F at O ("succeeds" where the allocation would). */
static const char *
fragindex(char *buf, size_t size, const struct frag *f, unsigned o)
{
	return hum_fragindex(buf, size, f->fragindex[o], FRAG_INDEX_SUCCEEDS);
}

/* Print zone I of A beside zone J of B. */
static void
zone_table(FILE *fp, const struct report *a, size_t i, const struct report *b,
    size_t j)
{
	const struct bzone *za = &a->bi->zones[i], *zb = &b->bi->zones[j];
	const struct frag *fa = &a->frag[i], *fb = &b->frag[j];
	char s1[32], s2[32], c[32], u1[16], u2[16], f1[16], f2[16];
	unsigned o;

	fprintf(fp, "\nNode %u, zone %s: %s -> %s free, largest order %d -> "
	    "%d\n", za->node, za->name,
	    hum_size(s1, sizeof(s1), fa->free_pages, a->page_size),
	    hum_size(s2, sizeof(s2), fb->free_pages, b->page_size),
	    fa->largest_order, fb->largest_order);
	fprintf(fp, " order  free blocks A  free blocks B        change  "
	    "unusable A -> B  fragindex A -> B\n");
	for (o = 0; o < a->bi->norders; o++)
		fprintf(fp, "%6u %14" PRIu64 " %14" PRIu64 " %13s  %6s -> %6s  "
		    "%6s -> %6s\n", o, za->free[o], zb->free[o],
		    render_change(c, sizeof(c), za->free[o], zb->free[o],
		    false),
		    hum_index(u1, sizeof(u1), fa->unusable[o]),
		    hum_index(u2, sizeof(u2), fb->unusable[o]),
		    fragindex(f1, sizeof(f1), fa, o),
		    fragindex(f2, sizeof(f2), fb, o));
}

/* Print the PSI line KIND of A and B. */
static void
psi_table(FILE *fp, const char *kind, const struct psi_line *a,
    const struct psi_line *b)
{
	char c1[16], c2[16], d[32];

	if (!a->present || !b->present)
		return;
	fprintf(fp, "  %s  avg10 %s -> %s, stalled %s us since the first\n",
	    kind, hum_centi(c1, sizeof(c1), a->avg10),
	    hum_centi(c2, sizeof(c2), b->avg10),
	    render_change(d, sizeof(d), a->total_us, b->total_us, false));
}

/* Returns whether R's buddyinfo has a zone on NODE. */
static bool
has_node(const struct report *r, unsigned node)
{
	size_t i;

	for (i = 0; i < r->bi->nzones; i++)
		if (r->bi->zones[i].node == node)
			return true;
	return false;
}

/*
 * Returns the verdict name of NODE (-1: the machine) at ORDER in R, or
 * NULL when R has no such node or did not advise at that order.
 */
static const char *
verdict_at(const struct report *r, int node, unsigned order)
{
	long j = advice_order_index(r->advice, order);

	if (j < 0 || (node >= 0 && !has_node(r, (unsigned)node)))
		return NULL;
	return advise_verdict_name(advise_best(r->advice, node, (size_t)j));
}

/* Write KEY: [a, b] for two counts, null for a side without the zone. */
static void
pair(struct jsonw *w, const char *key, const uint64_t *a, const uint64_t *b)
{
	jw_key(w, key);
	jw_array(w, true);
	if (a)
		jw_u64(w, *a);
	else
		jw_null(w);
	if (b)
		jw_u64(w, *b);
	else
		jw_null(w);
	jw_end(w);
}

/* Where the advice lines go (a table's FP or JSON's W), and both sides. */
struct cmp {
	FILE			*fp;
	struct jsonw		*w;
	const struct report	*a, *b;
};

/*
 * Call FN for every node of A (then B's nodes A lacks), then the machine
 * (-1), at every order A advised on.
 */
static void
each_verdict(const struct report *a, const struct report *b,
    void (*fn)(struct cmp *, int, unsigned, const char *, const char *),
    struct cmp *arg)
{
	const struct report *side[2] = { a, b };
	unsigned node, order;
	size_t i, j;
	int s;

	for (j = 0; j < a->advice->norders; j++) {
		order = a->advice->orders[j];
		for (s = 0; s < 2; s++) {
			i = 0;
			while (advise_next_node(side[s]->bi, &i, &node)) {
				if (s == 1 && has_node(a, node))
					continue;
				fn(arg, (int)node, order, verdict_at(a, (int)node,
				    order), verdict_at(b, (int)node, order));
			}
		}
		fn(arg, -1, order, verdict_at(a, -1, order), verdict_at(b, -1,
		    order));
	}
}

/* One line of the advice table: NODE (-1: machine) at ORDER, verdicts VA and VB, and the counts. */
static void
verdict_line(struct cmp *c, int node, unsigned order, const char *va,
    const char *vb)
{
	bool changed = va && vb && strcmp(va, vb) != 0;
	const struct avail *x = avail_find(c->a->avail, node, -1, order);
	const struct avail *y = avail_find(c->b->avail, node, -1, order);
	char who[32], na[24] = "-", nb[24] = "-", aa[24] = "-", ab[24] = "-";

	if (node < 0)
		snprintf(who, sizeof(who), "Machine");
	else
		snprintf(who, sizeof(who), "Node %d", node);
	if (x) {
		render_now(na, sizeof(na), x);
		snprintf(aa, sizeof(aa), "%" PRIu64, x->after);
	}
	if (y) {
		render_now(nb, sizeof(nb), y);
		snprintf(ab, sizeof(ab), "%" PRIu64, y->after);
	}
	/* The judgement first: what a user of the size gets, A -> B. */
	fprintf(c->fp, "  %s, order %u: %s -> %s%s; next allocation %s -> %s%s;"
	    " free now %s -> %s, at most %s -> %s after compaction\n", who,
	    order, x ? judge_name(x->judgement) : "-", y ?
	    judge_name(y->judgement) : "-", x && y && x->judgement !=
	    y->judgement ? " (changed)" : "", va ? va : "-", vb ? vb : "-",
	    changed ? " (changed)" : "", na, nb, aa, ab);
}

/* Write KEY: [a, b] for the counts of rows X and Y (NULL: null), AFTER or now. */
static void
count_pair(struct jsonw *w, const char *key, const struct avail *x,
    const struct avail *y, bool after)
{
	pair(w, key, x ? (after ? &x->after : &x->now) : NULL, y ? (after ?
	    &y->after : &y->now) : NULL);
}

/* Write "judgement": [a, b], the words of rows X and Y (NULL: null). */
static void
judgement_pair(struct jsonw *w, const struct avail *x, const struct avail *y)
{
	jw_key(w, "judgement");
	jw_array(w, true);
	if (x)
		jw_string(w, judge_name(x->judgement));
	else
		jw_null(w);
	if (y)
		jw_string(w, judge_name(y->judgement));
	else
		jw_null(w);
	jw_end(w);
}

/* The same as one JSON object. */
static void
verdict_json(struct cmp *c, int node, unsigned order, const char *va,
    const char *vb)
{
	struct jsonw *w = c->w;

	jw_object(w);
	if (jw_key_or_null(w, "node", node >= 0))
		jw_int(w, node);
	jw_key(w, "order");
	jw_int(w, order);
	if (jw_key_or_null(w, "a", va != NULL))
		jw_string(w, va);
	if (jw_key_or_null(w, "b", vb != NULL))
		jw_string(w, vb);
	judgement_pair(w, avail_find(c->a->avail, node, -1, order),
	    avail_find(c->b->avail, node, -1, order));
	/* free_now as in every view; now, its name before #45. */
	count_pair(w, "free_now", avail_find(c->a->avail, node, -1, order),
	    avail_find(c->b->avail, node, -1, order), false);
	count_pair(w, "now", avail_find(c->a->avail, node, -1, order),
	    avail_find(c->b->avail, node, -1, order), false);
	count_pair(w, "after_compaction", avail_find(c->a->avail, node, -1,
	    order), avail_find(c->b->avail, node, -1, order), true);
	jw_end(w);
}

/* Returns zone I of M's census (I < 0 or not read: NULL). */
static const uint64_t (*census(const struct map *m, long i))[FRAG_MAX_ORDERS]
{
	if (m == NULL || i < 0 || (size_t)i >= m->nzones ||
	    !m->zones[i].have_folios)
		return NULL;
	return m->zones[i].folios;
}

/* Print the folio censuses of A's and B's stored maps side by side, when both have one. */
static void
folios_table(FILE *fp, const struct report *a, const struct report *b)
{
	const struct bzone *z;
	struct zonepair p;
	size_t at = 0;

	if (a->map == NULL || b->map == NULL)
		return;
	render_map_folios_pair_head(fp, "the stored maps");
	while (zonepair_next(a->bi, b->bi, &at, &p)) {
		z = p.a >= 0 ? &a->bi->zones[p.a] : &b->bi->zones[p.b];
		render_map_folios_pair_rows(fp, z->node, z->name,
		    census(a->map, p.a), census(b->map, p.b), b->page_size);
	}
}

/* Write "folios": a zone's censuses of A's and B's stored maps, when both have one. */
static void
folios_json(struct jsonw *w, const struct report *a, const struct report *b)
{
	const struct bzone *z;
	struct zonepair p;
	size_t at = 0;
	int top = folios_max_order(a->map), tb = folios_max_order(b->map);
	unsigned n = folios_orders(a->map, tb > top ? tb : top);

	jw_key(w, "folios");
	jw_array(w, false);
	while (zonepair_next(a->bi, b->bi, &at, &p)) {
		z = p.a >= 0 ? &a->bi->zones[p.a] : &b->bi->zones[p.b];
		jw_object(w);
		render_zone_json(w, z->node, z->name);
		render_map_folios_pair_json(w, census(a->map, p.a),
		    census(b->map, p.b), n);
		jw_end(w);
	}
	jw_end(w);
}

void
render_compare_table(FILE *fp, const struct report *a, const struct report *b)
{
	struct cmp c = { fp, NULL, a, b };
	struct zonepair p;
	size_t at = 0;

	fprintf(fp, "A: %s\nB: %s\n", a->snapshot, b->snapshot);
	/* The answer first: the verdicts and counts, A -> B. */
	if (a->advice && b->advice) {
		fprintf(fp, "\nAllocations (%s), A -> B\n",
		    advise_gfp_name(a->advice->gfp));
		each_verdict(a, b, verdict_line, &c);
	}
	while (zonepair_next(a->bi, b->bi, &at, &p))
		if (p.a >= 0 && p.b >= 0)
			zone_table(fp, a, (size_t)p.a, b, (size_t)p.b);
		else if (p.a >= 0)
			fprintf(fp, "\nNode %u, zone %s: only in A\n",
			    a->bi->zones[p.a].node, a->bi->zones[p.a].name);
		else
			fprintf(fp, "\nNode %u, zone %s: only in B\n",
			    b->bi->zones[p.b].node, b->bi->zones[p.b].name);
	if (a->psi && b->psi) {
		fprintf(fp, "\nMemory pressure (PSI), A -> B\n");
		psi_table(fp, "some", &a->psi->some, &b->psi->some);
		psi_table(fp, "full", &a->psi->full, &b->psi->full);
	}
	folios_table(fp, a, b);
}

/* Write KEY: [[...], [...]] for per-order counts or indices (WHAT) of both sides. */
static void
vectors(struct jsonw *w, const char *key, const struct report *a, long ia,
    const struct report *b, long ib, enum vector_kind what)
{
	const struct report *r[2] = { a, b };
	long idx[2] = { ia, ib };
	unsigned o;
	int s;

	jw_key(w, key);
	jw_array(w, false);
	for (s = 0; s < 2; s++) {
		if (idx[s] < 0) {
			jw_null(w);
			continue;
		}
		jw_array(w, true);
		for (o = 0; o < r[s]->bi->norders; o++)
			if (what == VECTOR_FREE_BLOCKS)
				jw_u64(w, r[s]->bi->zones[idx[s]].free[o]);
			else if (what == VECTOR_UNUSABLE)
				jw_fixed(w, r[s]->frag[idx[s]].unusable[o], 3);
			else
				jw_fixed(w, r[s]->frag[idx[s]].fragindex[o], 3);
		jw_end(w);
	}
	jw_end(w);
}

/* Write one zone present in A (index IA) and/or B (index IB). */
static void
zone_json(struct jsonw *w, const struct report *a, long ia,
    const struct report *b, long ib)
{
	const struct bzone *z = ia >= 0 ? &a->bi->zones[ia] : &b->bi->zones[ib];

	jw_object(w);
	render_zone_json(w, z->node, z->name);
	jw_key(w, "in");
	jw_string(w, ia >= 0 && ib >= 0 ? "both" : ia >= 0 ? "a" : "b");
	pair(w, "free_pages", ia >= 0 ? &a->frag[ia].free_pages : NULL,
	    ib >= 0 ? &b->frag[ib].free_pages : NULL);
	vectors(w, "free_blocks", a, ia, b, ib, VECTOR_FREE_BLOCKS);
	vectors(w, "unusable_index", a, ia, b, ib, VECTOR_UNUSABLE);
	vectors(w, "fragmentation_index", a, ia, b, ib, VECTOR_FRAGINDEX);
	jw_end(w);
}

void
render_compare_json(FILE *fp, const struct report *a, const struct report *b)
{
	struct jsonw w;
	struct cmp c = { NULL, &w, a, b };
	struct zonepair p;
	size_t at = 0;

	jw_init(&w, fp);
	jw_object(&w);
	jw_key(&w, "compare");
	jw_object(&w);
	jw_key(&w, "a");
	jw_string(&w, a->snapshot);
	jw_key(&w, "b");
	jw_string(&w, b->snapshot);
	jw_end(&w);
	jw_key(&w, "zones");
	jw_array(&w, false);
	while (zonepair_next(a->bi, b->bi, &at, &p))
		zone_json(&w, a, p.a, b, p.b);
	jw_end(&w);
	if (jw_key_or_null(&w, "pressure", a->psi != NULL &&
	    b->psi != NULL)) {
		jw_object(&w);
		pair(&w, "some_total_us", a->psi->some.present ?
		    &a->psi->some.total_us : NULL, b->psi->some.present ?
		    &b->psi->some.total_us : NULL);
		pair(&w, "full_total_us", a->psi->full.present ?
		    &a->psi->full.total_us : NULL, b->psi->full.present ?
		    &b->psi->full.total_us : NULL);
		jw_end(&w);
	}
	if (a->advice && b->advice) {
		/* A node or machine (node null) and order: A's verdict and B's. */
		jw_key(&w, "advice");
		jw_array(&w, false);
		each_verdict(a, b, verdict_json, &c);
		jw_end(&w);
	}
	/* Only with both stored maps: the member is new with them. */
	if (a->map && b->map)
		folios_json(&w, a, b);
	jw_end(&w);
	jw_done(&w);
}

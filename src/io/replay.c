/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay.c - read a recording made by --record into its summary: metadata, then one sample per line */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "jsonr.h"
#include "record.h"
#include "replay.h"
#include "slurp.h"
#include "text.h"

/* Copy token T into BUF (SIZE bytes), cut to fit. */
static void
tok_copy(char *buf, size_t size, const struct tok *t)
{
	snprintf(buf, size, "%.*s", (int)t->n, t->s);
}

/* Parse the metadata BUF (LEN bytes) into R. Returns 0, or -1 with E set. */
static int
read_meta(const char *buf, size_t len, struct replay *r, struct ferr *e)
{
	struct tok t[2], v;
	struct lines ls;
	const char *s;
	uint64_t x;
	size_t n, k;
	int rc, magic = 0;

	memset(r->order_index, -1, sizeof(r->order_index));
	r->exit_status = -1;
	lines_init(&ls, buf, len);
	while ((rc = lines_next(&ls, &s, &n, e)) == 1) {
		k = tok_split(s, n, t, 2);
		/* The command line is the rest of its line, spaces and all. */
		if (k >= 2 && tok_is(&t[0], "command")) {
			v = t[1];
			v.n = (size_t)(s + n - v.s);
			tok_copy(r->command, sizeof(r->command), &v);
			continue;
		}
		if (k != 2)
			continue;
		v = t[1];
		if (tok_is(&t[0], "exit_status")) {
			if ((rc = num_u64(&v, &x)) != 0 || x > 255)
				return num_error(e, ls.no, &v, rc ? rc : -ERANGE,
				    "exit status");
			r->exit_status = (int)x;
		} else if (tok_is(&t[0], "wall_s")) {
			/* Seconds with three decimals, as record_end() writes them. */
			const char *dot = memchr(v.s, '.', v.n);
			struct tok sec = { v.s, dot ? (size_t)(dot - v.s) : v.n };
			struct tok frac;
			uint64_t ms;

			frac.s = v.s + sec.n + 1;
			frac.n = sec.n < v.n ? v.n - sec.n - 1 : 0;
			if (frac.n != 3 || num_u64(&sec, &x) != 0 ||
			    num_u64(&frac, &ms) != 0 || x > UINT64_MAX / 1000 - 1)
				return ferr_set(e, ls.no, "wall_s '%.*s' is not "
				    "seconds such as 1.250", (int)v.n, v.s);
			r->wall_ms = x * 1000 + ms;
			r->has_wall = true;
		} else if (tok_is(&t[0], "fragstat_recording")) {
			if (!tok_is(&v, "1"))
				return ferr_set(e, ls.no, "recording format %.*s "
				    "is not 1", (int)v.n, v.s);
			magic = 1;
		} else if (tok_is(&t[0], "hostname"))
			tok_copy(r->host, sizeof(r->host), &v);
		else if (tok_is(&t[0], "release"))
			tok_copy(r->release, sizeof(r->release), &v);
		else if (tok_is(&t[0], "start_utc"))
			tok_copy(r->start, sizeof(r->start), &v);
		else if (tok_is(&t[0], "events"))
			r->events = tok_is(&v, "yes");
		else if (tok_is(&t[0], "page_size") ||
		    tok_is(&t[0], "interval_ms") ||
		    tok_is(&t[0], "pageblock_order")) {
			if ((rc = num_u64(&v, &x)) != 0 || x > UINT_MAX)
				return num_error(e, ls.no, &v, rc ? rc : -ERANGE,
				    "value");
			if (tok_is(&t[0], "page_size"))
				r->page_size = (unsigned long)x;
			else if (tok_is(&t[0], "interval_ms"))
				r->interval_ms = (unsigned)x;
			else
				r->pageblock_order = (unsigned)x;
		} else if (tok_is(&t[0], "orders")) {
			struct tok o = { v.s, 0 };

			while (o.s < v.s + v.n) {
				o.n = strcspn(o.s, ",");
				if (o.s + o.n > v.s + v.n)
					o.n = (size_t)(v.s + v.n - o.s);
				if ((rc = num_u64(&o, &x)) != 0 ||
				    x >= REPLAY_MAX_ORDERS)
					return num_error(e, ls.no, &o, rc ? rc :
					    -ERANGE, "order");
				/* Distinct orders below 32: never more than 32. */
				if (r->order_index[x] >= 0)
					return ferr_set(e, ls.no, "order %u "
					    "listed twice", (unsigned)x);
				r->order_index[x] = (signed char)r->norders;
				r->orders[r->norders++] = (unsigned)x;
				o.s += o.n + 1;
			}
		}
	}
	if (rc < 0)
		return -1;
	if (!magic)
		return ferr_set(e, 0, "no 'fragstat_recording 1' line: not a "
		    "recording");
	if (r->page_size == 0 || r->norders == 0)
		return ferr_set(e, 0, "no %s line", r->page_size ? "orders" :
		    "page_size");
	return 0;
}

/* Returns 0 with R's hash grown to hold one zone more at half load, or -1 when out of memory. */
static int
zone_hash_grow(struct replay *r)
{
	uint32_t *old = r->zhash;
	size_t i, cap = r->zhcap ? 2 * r->zhcap : 64;

	if (2 * (r->nzones + 1) <= r->zhcap)
		return 0;
	if ((r->zhash = calloc(cap, sizeof(*r->zhash))) == NULL) {
		r->zhash = old;
		return -1;
	}
	r->zhcap = cap;
	for (i = 0; i < r->nzones; i++)
		r->zhash[replay_zone_slot(r, r->zones[i].node, r->zones[i].name,
		    strlen(r->zones[i].name))] = (uint32_t)i + 1;
	free(old);
	return 0;
}

/*
 * Returns the zone NODE, NAME of R, added when new, or NULL with *WHAT
 * set when it cannot be: more zones than the writer writes, a node past
 * its last, a name too long, or out of memory.
 */
static struct rzone *
zone_of(struct replay *r, uint64_t node, const struct jr_val *name,
    const char **what)
{
	struct rindex *ix;
	struct rzone *z;
	size_t slot;

	if (r->zhcap && (slot = replay_zone_slot(r, node, name->s, name->n),
	    r->zhash[slot]))
		return &r->zones[r->zhash[slot] - 1];
	*what = "a node past the last one fragstat records (1023)";
	if (node >= FRAG_MAX_NODES)
		return NULL;
	*what = "a zone name longer than 31 bytes";
	if (name->n >= sizeof(z->name))
		return NULL;
	if (r->nzones == REPLAY_MAX_ZONES) {
		*what = "more zones than fragstat records (1024 nodes of 8)";
		return NULL;
	}
	*what = "out of memory";
	if (r->nzones == r->zcap) {
		size_t cap = r->zcap ? 2 * r->zcap : 16;

		if ((z = realloc(r->zones, cap * sizeof(*z))) == NULL)
			return NULL;
		r->zones = z;
		r->zcap = cap;
	}
	if (zone_hash_grow(r) != 0 || (ix = calloc(r->norders, 3 *
	    sizeof(*ix) + sizeof(bool))) == NULL)
		return NULL;
	z = &r->zones[r->nzones];
	memset(z, 0, sizeof(*z));
	z->node = (unsigned)node;
	memcpy(z->name, name->s, name->n);
	z->unusable = ix;
	z->fragindex = ix + r->norders;
	z->now = ix + 2 * r->norders;
	z->now_bound = (bool *)(ix + 3 * r->norders);
	z->first_point = z->last_point = UINT32_MAX;
	slot = replay_zone_slot(r, node, name->s, name->n);
	r->zhash[slot] = (uint32_t)++r->nzones;
	return z;
}

/* Fold M into X: the first, last, least and most of the run. */
static void
fold(struct rindex *x, long long m)
{
	if (!x->seen || m < x->min)
		x->min = m;
	if (!x->seen || m > x->max)
		x->max = m;
	if (!x->seen)
		x->first = m;
	x->last = m;
	x->seen = true;
}

/* Fold index value V (null: nothing) into X, and set *KEEP to it (null: REPLAY_NONE). */
static int
index_add(struct rindex *x, const struct jr_val *v, int16_t *keep)
{
	long long m;

	*keep = REPLAY_NONE;
	if (v != NULL && v->type == JR_NULL)
		return 0;
	/* Both indices lie in -1.000 to 1.000, as the kernel prints them. */
	if (jr_fixed(v, 3, &m) != 0 || m < -1000 || m > 1000)
		return -1;
	*keep = (int16_t)m;
	fold(x, m);
	return 0;
}

/*
 * Fold the count of allocations free now V into X; a recording made
 * before the counts, or a zone the allocation never uses, has none.
 */
static int
count_fold(struct rindex *x, const struct jr_val *v)
{
	uint64_t n;

	if (v == NULL || v->type == JR_NULL)
		return 0;
	if (jr_u64(v, &n) != 0 || n > INT64_MAX)
		return -1;
	fold(x, (long long)n);
	return 0;
}

/*
 * Returns ARR, holding *CAP items of SIZE bytes of which N are used, with
 * room for one more: grown by doubling up to MOST. NULL when full or out
 * of memory (ARR is kept then).
 */
static void *
grow(void *arr, size_t *cap, size_t n, size_t size, size_t most)
{
	size_t want = *cap ? 2 * *cap : 64;

	if (n == most)
		return NULL;
	if (n < *cap)
		return arr;
	if (want > most)
		want = most;
	if ((arr = realloc(arr, want * size)) != NULL)
		*cap = want;
	return arr;
}

/*
 * Returns 0 with room in R's series for one point more, with its indices,
 * or -1 with *WHAT set: more than REPLAY_MAX_POINTS, or than
 * REPLAY_MAX_CELLS indices, or out of memory.
 */
static int
point_room(struct replay *r, const char **what)
{
	struct rseries *se = r->series;
	size_t per = 2 * r->norders, most = REPLAY_MAX_CELLS / per;
	void *p;

	if (most > REPLAY_MAX_POINTS)
		most = REPLAY_MAX_POINTS;
	*what = "more zones in all samples than --format=svg draws";
	if (se->np == most)
		return -1;
	*what = "out of memory";
	if ((p = grow(se->p, &se->pcap, se->np, sizeof(*se->p), most)) == NULL)
		return -1;
	se->p = p;
	if (se->ixcap < se->pcap * per) {
		if ((p = realloc(se->ix, se->pcap * per *
		    sizeof(*se->ix))) == NULL)
			return -1;
		se->ix = p;
		se->ixcap = se->pcap * per;
	}
	return 0;
}

/* Returns 0 with A added to *SUM, or -1 when it overflows. */
static int
sum_add(uint64_t *sum, uint64_t a)
{
	if (a > UINT64_MAX - *sum)
		return -1;
	*sum += a;
	return 0;
}

/* Fold the zones of sample S into R. Returns 0, or -1 with *WHAT set. */
static int
zones_add(struct replay *r, const struct jr_doc *d, const struct jr_val *s,
    const char **what)
{
	const struct jr_val *zv, *ov, *name, *bv;
	struct rseries *se = r->series;
	struct rpoint *pt = NULL;
	struct rzone *z;
	uint64_t node, fp, pb, o;
	int16_t scratch[2 * REPLAY_MAX_ORDERS], *u;
	size_t k;

	*what = "'zones' is not a list of zones as --watch --json writes";
	if ((zv = jr_get(d, s, "zones")) == NULL || zv->type != JR_ARR)
		return -1;
	for (zv = jr_first(d, zv); zv; zv = jr_next(d, zv)) {
		name = jr_get(d, zv, "zone");
		if (jr_u64(jr_get(d, zv, "node"), &node) != 0 || name == NULL ||
		    name->type != JR_STR ||
		    jr_u64(jr_get(d, zv, "free_pages"), &fp) != 0 ||
		    jr_u64(jr_get(d, zv, "free_pageblocks"), &pb) != 0 ||
		    (ov = jr_get(d, zv, "orders")) == NULL || ov->type != JR_ARR)
			return -1;
		if ((z = zone_of(r, node, name, what)) == NULL)
			return -1;
		*what = "'zones' is not a list of zones as --watch --json writes";
		if (z->samples++ == 0) {
			z->free_first = fp;
			z->pb_first = pb;
		}
		z->free_last = fp;
		z->pb_last = pb;
		if (sum_add(&r->sample_free, fp) != 0 ||
		    sum_add(&r->sample_blocks, pb) != 0)
			return -1;
		/* The indices go straight to the series when it is kept. */
		u = scratch;
		if (se != NULL) {
			if (point_room(r, what) != 0)
				return -1;
			pt = &se->p[se->np];
			memset(pt, 0, sizeof(*pt));
			pt->free_pages = fp;
			pt->free_pageblocks = pb;
			pt->sample = (uint32_t)r->nsamples;
			pt->zone = (uint16_t)(z - r->zones);
			pt->next = UINT32_MAX;
			u = se->ix + 2 * r->norders * se->np;
		}
		for (k = 0; k < 2 * r->norders; k++)
			u[k] = REPLAY_NONE;
		*what = "'zones' is not a list of zones as --watch --json writes";
		for (ov = jr_first(d, ov); ov; ov = jr_next(d, ov)) {
			if (jr_u64(jr_get(d, ov, "order"), &o) != 0)
				return -1;
			if (o >= REPLAY_MAX_ORDERS || r->order_index[o] < 0) {
				*what = "an order the metadata does not list";
				return -1;
			}
			k = (size_t)r->order_index[o];
			if (index_add(&z->unusable[k], jr_get(d, ov,
			    "unusable_index"), &u[k]) != 0 ||
			    index_add(&z->fragindex[k], jr_get(d, ov,
			    "fragmentation_index"), &u[r->norders + k]) != 0 ||
			    count_fold(&z->now[k], jr_get(d, ov,
			    "available_now")) != 0)
				return -1;
			bv = jr_get(d, ov, "available_now_is_bound");
			z->now_bound[k] |= bv != NULL && bv->type == JR_BOOL &&
			    bv->s[0] == 't';
		}
		if (se == NULL)
			continue;
		/* Each zone's points chained, so a picture finds them without a search. */
		if (z->last_point != UINT32_MAX)
			se->p[z->last_point].next = (uint32_t)se->np;
		else
			z->first_point = (uint32_t)se->np;
		z->last_point = (uint32_t)se->np++;
	}
	return 0;
}

/* Returns 0 with count V (null: 0) added to *SUM, or -1. */
static int
count_add(const struct jr_val *v, uint64_t *sum)
{
	uint64_t x;

	if (v != NULL && v->type == JR_NULL)
		return 0;
	if (jr_u64(v, &x) != 0)
		return -1;
	return sum_add(sum, x);
}

/* Keep the counts N of one sample's KEY of kind K in R's series. Returns 0 or -1. */
static int
count_keep(struct replay *r, enum rcount_kind k, int key, const uint64_t n[3])
{
	struct rseries *se = r->series;
	struct rcount *c;

	if (se == NULL)
		return 0;
	if ((c = grow(se->c, &se->ccap, se->nc, sizeof(*c),
	    REPLAY_MAX_POINTS)) == NULL)
		return -1;
	se->c = c;
	c = &se->c[se->nc++];
	c->sample = (uint32_t)r->nsamples;
	c->key = (int16_t)key;
	c->kind = k;
	memcpy(c->n, n, sizeof(c->n));
	return 0;
}

/* Fold the compaction outcomes of one by_order entry B into R. Returns 0 or -1. */
static int
order_add(struct replay *r, const struct jr_doc *d, const struct jr_val *b)
{
	const struct jr_val *ov = jr_get(d, b, "order"), *st;
	uint64_t o, n[3] = { 0, 0, 0 }, by[EV_NOUTCOMES];
	struct rorder *ro;
	int order;
	size_t i, k;

	if (ov != NULL && ov->type == JR_NUM && ov->n == 2 &&
	    memcmp(ov->s, "-1", 2) == 0)
		order = -1;
	else if (jr_u64(ov, &o) == 0 && o < FRAG_MAX_ORDERS)
		order = (int)o;
	else
		return -1;
	for (i = 0; i < r->nby_order && r->by_order[i].order != order; i++)
		;
	if (i == r->nby_order) {
		/* Kept in order: -1 first, as the kernel's events come. */
		for (i = 0; i < r->nby_order && r->by_order[i].order < order; i++)
			;
		memmove(&r->by_order[i + 1], &r->by_order[i],
		    (r->nby_order - i) * sizeof(r->by_order[0]));
		memset(&r->by_order[i], 0, sizeof(r->by_order[0]));
		r->by_order[i].order = order;
		r->nby_order++;
	}
	ro = &r->by_order[i];
	if (count_add(jr_get(d, b, "attempts"), &n[0]) != 0)
		return -1;
	if ((st = jr_get(d, b, "outcomes")) == NULL || st->type != JR_OBJ)
		return -1;
	memset(by, 0, sizeof(by));
	for (st = jr_first(d, st); st; st = jr_next(d, st))
		if (count_add(st, &n[1]) != 0 || count_add(st,
		    &by[ev_outcome_of(st->key, st->keyn)]) != 0)
			return -1;
	for (k = 0; k < EV_NOUTCOMES; k++)
		if (sum_add(&ro->outcome[k], by[k]) != 0)
			return -1;
	/*
	 * The picture: the runs that ended well. A run of an order ends well
	 * with a block made (success): complete is compaction_failed() in
	 * include/linux/compaction.h. A whole-zone run (order -1:
	 * compact_memory, proactive) never makes one; complete is its end.
	 */
	n[2] = by[EV_SUCCESS];
	if ((order < 0 && sum_add(&n[2], by[EV_COMPLETE]) != 0) ||
	    sum_add(&ro->attempts, n[0]) != 0 ||
	    sum_add(&ro->ended, n[1]) != 0)
		return -1;
	return count_keep(r, RC_COMPACTION, order, n);
}

/* Returns 0 with the string V copied into BUF (SIZE bytes), or -1 when it is no string or too long. */
static int
str_copy(char *buf, size_t size, const struct jr_val *v)
{
	if (v == NULL || v->type != JR_STR || v->n >= size)
		return -1;
	memcpy(buf, v->s, v->n);
	buf[v->n] = '\0';
	return 0;
}

/* Keep one extfrag "by" entry B (a migratetype pair's count) in R's series. Returns 0 or -1. */
static int
pair_add(struct replay *r, const struct jr_doc *d, const struct jr_val *b)
{
	struct rseries *se = r->series;
	const struct jr_val *fr = jr_get(d, b, "fragmenting");
	struct rpair p, *q;
	uint64_t n[3] = { 0, 0, 0 };
	bool frag;
	size_t i;

	memset(&p, 0, sizeof(p));
	if (str_copy(p.alloc, sizeof(p.alloc), jr_get(d, b, "alloc")) != 0 ||
	    str_copy(p.fallback, sizeof(p.fallback), jr_get(d, b,
	    "fallback")) != 0 || fr == NULL || fr->type != JR_BOOL)
		return -1;
	frag = fr->s[0] == 't';
	if (count_add(jr_get(d, b, "count"), &n[frag ? 0 : 1]) != 0)
		return -1;
	for (i = 0; i < se->npairs; i++)
		if (strcmp(se->pairs[i].alloc, p.alloc) == 0 &&
		    strcmp(se->pairs[i].fallback, p.fallback) == 0)
			break;
	if (i == REPLAY_MAX_PAIRS)
		return -1;
	if (i == se->npairs)
		se->pairs[se->npairs++] = p;
	q = &se->pairs[i];
	if (sum_add(&q->fragmenting, n[0]) != 0 ||
	    sum_add(&q->other, n[1]) != 0)
		return -1;
	return count_keep(r, RC_PAIR, (int)i, n);
}

/* Keep the pressure of sample S in ONE: PSI avg10 and stall shares (null: absent). Returns 0 or -1. */
static int
psi_keep(struct rsample *one, const struct jr_doc *d, const struct jr_val *s)
{
	static const char *const keys[4] = { "some_avg10", "full_avg10",
	    "some_stall_share", "full_stall_share" };
	const struct jr_val *p = jr_get(d, s, "pressure"), *v;
	long long x;
	int i;

	if (p == NULL || p->type == JR_NULL)
		return 0;
	for (i = 0; i < 4; i++) {
		if ((v = jr_get(d, p, keys[i])) != NULL && v->type == JR_NULL)
			continue;
		/* Percent with two decimals: 0.00 to 100.00. */
		if (jr_fixed(v, 2, &x) != 0 || x < 0 || x > 10000)
			return -1;
		if (i < 2) {
			one->avg10[i] = (uint32_t)x;
			one->has_avg10[i] = true;
		} else {
			one->stall[i - 2] = (uint32_t)x;
			one->has_stall[i - 2] = true;
		}
	}
	return 0;
}

/* Returns 0 with V (a count, or null: unknown, *KNOWN cleared) added to *SUM, or -1. */
static int
maybe_add(const struct jr_val *v, uint64_t *sum, bool *known)
{
	if (v != NULL && v->type == JR_NULL) {
		*known = false;
		return 0;
	}
	return count_add(v, sum);
}

/*
 * Fold the allocations A of one sample (at TIME) into R: absent in
 * recordings of a fragstat before them, null without the event.
 * Returns 0 or -1.
 */
static int
alloc_add(struct replay *r, const struct jr_doc *d, const struct jr_val *a,
    const struct jr_val *time)
{
	const struct jr_val *b, *ov;
	uint64_t o, mo, failed = 0;
	struct ralloc *ra;

	if (a == NULL || a->type == JR_NULL)
		return 0;
	if (jr_u64(jr_get(d, a, "min_order"), &mo) != 0 ||
	    mo >= FRAG_MAX_ORDERS || (b = jr_get(d, a, "by_order")) == NULL ||
	    b->type != JR_ARR)
		return -1;
	if (!r->has_alloc) {
		r->has_alloc = r->alloc_flags = true;
		r->alloc_min_order = (unsigned)mo;
	}
	for (b = jr_first(d, b); b; b = jr_next(d, b)) {
		ov = jr_get(d, b, "order");
		if (jr_u64(ov, &o) != 0 || o >= FRAG_MAX_ORDERS)
			return -1;
		ra = &r->alloc[o];
		if (count_add(jr_get(d, b, "succeeded"), &ra->succeeded) != 0 ||
		    count_add(jr_get(d, b, "failed"), &ra->failed) != 0 ||
		    count_add(jr_get(d, b, "failed"), &failed) != 0 ||
		    maybe_add(jr_get(d, b, "opportunistic_failed"),
		    &ra->opportunistic_failed, &r->alloc_flags) != 0 ||
		    maybe_add(jr_get(d, b, "could_wait_failed"),
		    &ra->could_wait_failed, &r->alloc_flags) != 0)
			return -1;
	}
	if (failed > r->alloc_worst) {
		r->alloc_worst = failed;
		snprintf(r->alloc_worst_time, sizeof(r->alloc_worst_time),
		    "%.*s", (int)time->n, time->s);
	}
	return 0;
}

/* Fold the stalls ST of one sample (at TIME) into R: absent or null kinds are skipped. Returns 0 or -1. */
static int
stalls_add(struct replay *r, const struct jr_doc *d, const struct jr_val *st,
    const struct jr_val *time)
{
	const struct jr_val *v;
	struct rstall *rs;
	uint64_t total = 0, max;
	int k;

	if (st == NULL || st->type == JR_NULL)
		return 0;
	if (st->type != JR_OBJ)
		return -1;
	for (k = 0; k < EV_NSTALLS; k++) {
		rs = &r->stalls[k];
		if ((v = jr_get(d, st, ev_stall_name(k))) == NULL ||
		    v->type == JR_NULL)
			continue;
		total = 0;
		if (count_add(jr_get(d, v, "count"), &rs->count) != 0 ||
		    count_add(jr_get(d, v, "total_us"), &total) != 0 ||
		    jr_u64(jr_get(d, v, "max_us"), &max) != 0 ||
		    sum_add(&rs->total_us, total) != 0)
			return -1;
		rs->seen = true;
		if (max > rs->max_us)
			rs->max_us = max;
		if (total > rs->worst_us) {
			rs->worst_us = total;
			snprintf(rs->worst_time, sizeof(rs->worst_time), "%.*s",
			    (int)time->n, time->s);
		}
	}
	return 0;
}

/* Fold the events of sample S into R (and ONE, when kept). Returns 0, or -1 with *WHAT set. */
static int
events_add(struct replay *r, struct rsample *one, const struct jr_doc *d,
    const struct jr_val *s, const struct jr_val *time, const char **what)
{
	const struct jr_val *ev = jr_get(d, s, "events"), *x, *c, *b, *by;
	uint64_t total = 0, frag = 0, runs = 0;

	*what = "'events' is not what --watch --events --json writes";
	if (ev == NULL || ev->type == JR_NULL)
		return 0;
	x = jr_get(d, ev, "extfrag");
	c = jr_get(d, ev, "compaction");
	if (count_add(jr_get(d, x, "total"), &total) != 0 ||
	    count_add(jr_get(d, x, "fragmenting"), &frag) != 0 ||
	    count_add(jr_get(d, x, "claimed"), &r->claimed) != 0 ||
	    count_add(jr_get(d, c, "runs"), &runs) != 0 ||
	    count_add(jr_get(d, ev, "lost"), &r->lost) != 0 ||
	    (b = jr_get(d, c, "by_order")) == NULL || b->type != JR_ARR ||
	    sum_add(&r->extfrag, total) != 0 ||
	    sum_add(&r->fragmenting, frag) != 0 ||
	    sum_add(&r->runs, runs) != 0)
		return -1;
	if (total > r->peak) {
		r->peak = total;
		snprintf(r->peak_time, sizeof(r->peak_time), "%.*s",
		    (int)time->n, time->s);
	}
	for (b = jr_first(d, b); b; b = jr_next(d, b))
		if (order_add(r, d, b) != 0)
			return -1;
	if (alloc_add(r, d, jr_get(d, ev, "alloc"), time) != 0 ||
	    stalls_add(r, d, jr_get(d, ev, "stalls"), time) != 0)
		return -1;
	if (one == NULL)
		return 0;
	one->has_events = true;
	one->extfrag = total;
	one->fragmenting = frag;
	one->runs = runs;
	if ((by = jr_get(d, x, "by")) == NULL || by->type != JR_ARR)
		return -1;
	for (by = jr_first(d, by); by; by = jr_next(d, by))
		if (pair_add(r, d, by) != 0)
			return -1;
	return 0;
}

/*
 * Follow kcompactd in sample S: its compact_daemon_wake (null or absent
 * without /proc/vmstat) against the free memory outside whole pageblocks
 * of the zones zones_add() summed.
 */
static void counters_keep(struct replay *r, const struct jr_doc *d,
    const struct jr_val *c);

static void
counters_add(struct replay *r, const struct jr_doc *d, const struct jr_val *s)
{
	const struct jr_val *c = jr_get(d, s, "counters");
	uint64_t wake = 0;
	bool have;

	counters_keep(r, d, c);
	counters_keep(r, d, jr_get(d, jr_get(d, s, "outcomes"), "vmstat"));

	have = c != NULL && c->type == JR_OBJ &&
	    jr_u64(jr_get(d, c, "compact_daemon_wake"), &wake) == 0;
	futile_add(&r->futile, have, wake, futile_frag(r->sample_free,
	    r->sample_blocks, r->pageblock_order));
}


/* Returns whether FALLBACK of ASKED is a larger share than WF of WA. */
static bool
worse(uint64_t fallback, uint64_t asked, uint64_t wf, uint64_t wa)
{
	/* Only which interval to name hangs on it: no count is printed from it. */
	return (double)fallback / (double)asked > (double)wf / (double)wa;
}

/*
 * Keep the first and the latest value of each counter of the object C
 * (NULL: none) in R, for the deltas of --compare of sets; a null counter
 * (the kernel lacks it) is left out of that sample.
 */
static void
counters_keep(struct replay *r, const struct jr_doc *d, const struct jr_val *c)
{
	struct rcounter *k;
	uint64_t x;
	size_t i;

	if (c == NULL || c->type != JR_OBJ)
		return;
	for (c = jr_first(d, c); c; c = jr_next(d, c)) {
		if (jr_u64(c, &x) != 0 || c->keyn >= sizeof(k->name))
			continue;
		for (i = 0; i < r->ncounters && (strlen(r->counters[i].name) !=
		    c->keyn || memcmp(r->counters[i].name, c->key, c->keyn) !=
		    0); i++)
			;
		if (i == r->ncounters) {
			if (i == REPLAY_MAX_COUNTERS)
				continue;
			k = &r->counters[r->ncounters++];
			memcpy(k->name, c->key, c->keyn);
			k->name[c->keyn] = '\0';
			k->first = x;
		}
		r->counters[i].last = x;
	}
}

/*
 * Fold the member "outcomes_interval" of sample S (at time T) into R's
 * totals. Returns 0, or -1 with *WHAT set.
 */
static int
outcomes_add(struct replay *r, const struct jr_doc *d, const struct jr_val *s,
    const struct jr_val *t, const char **what)
{
	const struct jr_val *ov = jr_get(d, s, "outcomes_interval"), *o, *c;
	struct routcome *x;
	uint64_t kb, order, alloc, fallback, charge = 0, n[3];
	char kind[16];
	size_t i;

	*what = "'outcomes_interval' is not what --watch --json writes";
	if (ov == NULL || ov->type == JR_NULL)
		return 0;
	if (ov->type != JR_ARR)
		return -1;
	for (o = jr_first(d, ov); o; o = jr_next(d, o)) {
		c = jr_get(d, o, "fallback_charge");
		alloc = fallback = charge = 0;
		if (jr_u64(jr_get(d, o, "size_kb"), &kb) != 0 ||
		    jr_u64(jr_get(d, o, "order"), &order) != 0 ||
		    order >= FRAG_MAX_ORDERS ||
		    str_copy(kind, sizeof(kind), jr_get(d, o, "kind")) != 0 ||
		    jr_u64(jr_get(d, o, "alloc"), &alloc) != 0 ||
		    jr_u64(jr_get(d, o, "fallback"), &fallback) != 0 ||
		    c == NULL || count_add(c, &charge) != 0)
			return -1;
		for (i = 0; i < r->noutcomes && (r->outcomes[i].size_kb != kb ||
		    strcmp(r->outcomes[i].kind, kind) != 0); i++)
			;
		if (i == r->noutcomes) {
			if (i == REPLAY_MAX_OUTCOMES) {
				*what = "more THP sizes than fragstat reads";
				return -1;
			}
			x = &r->outcomes[r->noutcomes++];
			memset(x, 0, sizeof(*x));
			x->size_kb = kb;
			x->order = (int)order;
			memcpy(x->kind, kind, sizeof(kind));
			x->have_charge = true;
		}
		x = &r->outcomes[i];
		*what = "THP outcome totals beyond 64 bits";
		if (sum_add(&x->alloc, alloc) != 0 ||
		    sum_add(&x->fallback, fallback) != 0 ||
		    sum_add(&x->charge, charge) != 0)
			return -1;
		x->have_charge &= c->type != JR_NULL;
		n[0] = alloc;
		n[1] = fallback;
		n[2] = charge;
		*what = "out of memory";
		if (alloc + fallback > 0 && count_keep(r, RC_THP, (int)i,
		    n) != 0)
			return -1;
		if (fallback > 0 && (x->worst_time[0] == '\0' ||
		    worse(fallback, alloc + fallback, x->worst_fallback,
		    x->worst_alloc + x->worst_fallback))) {
			x->worst_alloc = alloc;
			x->worst_fallback = fallback;
			snprintf(x->worst_time, sizeof(x->worst_time), "%.*s",
			    (int)t->n, t->s);
		}
	}
	return 0;
}

/* Fold the sample line S (N bytes) into R. Returns 0, or -1 with *COL and *WHAT set. */
static int
sample_add(struct replay *r, const char *s, size_t n, size_t *col,
    const char **what)
{
	struct rseries *se = r->series;
	struct rsample *one = NULL;
	const struct jr_val *t;
	struct jr_doc d;
	int rc = -1;

	*col = 0;
	if (jr_parse(&d, s, n, col, what) != 0) {
		jr_free(&d);
		return -1;
	}
	*what = "a sample is an object with 'time' as --watch --json writes";
	if (d.v[0].type != JR_OBJ || (t = jr_get(&d, &d.v[0], "time")) == NULL ||
	    t->type != JR_STR || t->n >= sizeof(r->first))
		goto out;
	if (se != NULL) {
		if ((one = grow(se->s, &se->scap, r->nsamples, sizeof(*one),
		    REPLAY_MAX_SAMPLES)) == NULL) {
			*what = r->nsamples == REPLAY_MAX_SAMPLES ? "more "
			    "samples than --format=svg draws (172800: two days "
			    "at 1 s)" : "out of memory";
			goto out;
		}
		se->s = one;
		one = &se->s[r->nsamples];
		memset(one, 0, sizeof(*one));
		memcpy(one->time, t->s, t->n);
	}
	r->sample_free = r->sample_blocks = 0;
	if (zones_add(r, &d, &d.v[0], what) != 0 ||
	    events_add(r, one, &d, &d.v[0], t, what) != 0 ||
	    outcomes_add(r, &d, &d.v[0], t, what) != 0)
		goto out;
	counters_add(r, &d, &d.v[0]);
	*what = "'pressure' is not what --watch --json writes";
	if (one != NULL && psi_keep(one, &d, &d.v[0]) != 0)
		goto out;
	if (r->nsamples == 0)
		snprintf(r->first, sizeof(r->first), "%.*s", (int)t->n, t->s);
	snprintf(r->last, sizeof(r->last), "%.*s", (int)t->n, t->s);
	r->nsamples++;
	rc = 0;
out:
	jr_free(&d);
	return rc;
}

void
replay_free(struct replay *r)
{
	size_t i;

	for (i = 0; i < r->nzones; i++)
		free(r->zones[i].unusable);
	free(r->zones);
	free(r->zhash);
	r->zones = NULL;
	r->zhash = NULL;
	r->nzones = r->zcap = r->zhcap = 0;
	if (r->series == NULL)
		return;
	free(r->series->s);
	free(r->series->p);
	free(r->series->ix);
	free(r->series->c);
	free(r->series);
	r->series = NULL;
}

int
replay_read(const char *dir, struct replay *r, bool series, struct ferr *e)
{
	char path[PATH_MAX + 32];
	struct slurp m;
	const char *what;
	char *line = NULL;
	size_t cap = 0, col;
	unsigned long no = 0;
	ssize_t n;
	FILE *fp;
	int rc = -1;

	memset(r, 0, sizeof(*r));
	if (series && (r->series = calloc(1, sizeof(*r->series))) == NULL)
		return ferr_set(e, 0, "out of memory");
	snprintf(path, sizeof(path), "%s/%s", dir, RECORD_META);
	ferr_keep_path(e, path);
	if (slurp_read(path, &m, e) != 0)
		return -1;
	rc = read_meta(m.buf, m.len, r, e);
	slurp_free(&m);
	if (rc != 0)
		return -1;
	snprintf(path, sizeof(path), "%s/%s", dir, RECORD_SAMPLES);
	ferr_keep_path(e, path);
	if ((fp = fopen(path, "re")) == NULL)
		return ferr_set(e, 0, "%s", strerror(errno));
	rc = -1;
	while ((n = getline(&line, &cap, fp)) > 0) {
		no++;
		if (line[n - 1] != '\n') {
			/* Cut short by a crash: every line before it is whole. */
			r->truncated = true;
			break;
		}
		if (sample_add(r, line, (size_t)n - 1, &col, &what) != 0) {
			if (col)
				ferr_set(e, no, "column %zu: %s", col, what);
			else
				ferr_set(e, no, "%s", what);
			goto out;
		}
	}
	if (ferror(fp)) {
		ferr_set(e, 0, "%s", strerror(errno));
		goto out;
	}
	if (r->nsamples == 0) {
		ferr_set(e, 0, "no whole sample");
		goto out;
	}
	rc = 0;
out:
	free(line);
	fclose(fp);
	return rc;
}

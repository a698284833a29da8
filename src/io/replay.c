/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay.c - read a recording made by --record into its summary: its metadata (replay_meta), then one sample per line */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "hashtab.h"
#include "inputs_path.h"
#include "jsonr.h"
#include "record.h"
#include "replay.h"
#include "replay_events.h"
#include "replay_meta.h"
#include "slurp.h"
#include "text.h"

/* The slots a recording's table of zones starts with: a few nodes of a few zones. */
#define ZONE_SLOTS_FIRST	64

/* Room for a message that names a limit of the recording. */
#define WHY_SIZE		96

/* hashtab's hash of zone I of the recording ARG. */
static uint64_t
zone_hash(const void *arg, size_t i)
{
	const struct replay *r = arg;

	return replay_zone_hash(r->zones[i].node, r->zones[i].name,
	    strlen(r->zones[i].name));
}

/*
 * Returns the zone NODE, NAME of R, added when new, or NULL with *WHAT
 * set when it cannot be: more zones than the writer writes, a node past
 * its last, a name too long (said in WHY, WHY_SIZE bytes), or out of
 * memory.
 */
static struct rzone *
zone_of(struct replay *r, uint64_t node, const struct jr_val *name,
    char *why, const char **what)
{
	struct tok t = { name->s, name->n };
	struct rzone *z;
	size_t slot;

	if (r->zhcap > 0) {
		slot = replay_zone_slot(r, node, name->s, name->n);
		if (r->zhash[slot] != 0)
			return &r->zones[r->zhash[slot] - 1];
	}
	*what = why;
	if (node >= FRAG_MAX_NODES) {
		snprintf(why, WHY_SIZE, "a node past the last one fragstat "
		    "records (%d)", FRAG_MAX_NODES - 1);
		return NULL;
	}
	if (name->n >= sizeof(z->name)) {
		snprintf(why, WHY_SIZE, "a zone name longer than %zu bytes",
		    sizeof(z->name) - 1);
		return NULL;
	}
	/* As the kernel names zones: every view prints it as it is. */
	if (!tok_is_name(&t, sizeof(z->name) - 1)) {
		snprintf(why, WHY_SIZE, "a zone name that is not printable "
		    "ASCII");
		return NULL;
	}
	if (r->nzones == REPLAY_MAX_ZONES) {
		snprintf(why, WHY_SIZE, "more zones than fragstat records (%d "
		    "nodes of %d)", FRAG_MAX_NODES, FRAG_MAX_NODE_ZONES);
		return NULL;
	}
	*what = "out of memory";
	if ((z = grow_room(r->zones, &r->zcap, r->nzones, sizeof(*z),
	    REPLAY_MAX_ZONES)) == NULL)
		return NULL;
	r->zones = z;
	if (hashtab_room(&r->zhash, &r->zhcap, r->nzones, ZONE_SLOTS_FIRST,
	    zone_hash, r) != 0)
		return NULL;
	z = &r->zones[r->nzones];
	memset(z, 0, sizeof(*z));
	z->unusable = calloc(r->norders, sizeof(*z->unusable));
	z->fragindex = calloc(r->norders, sizeof(*z->fragindex));
	z->now = calloc(r->norders, sizeof(*z->now));
	z->now_bound = calloc(r->norders, sizeof(*z->now_bound));
	if (z->unusable == NULL || z->fragindex == NULL || z->now == NULL ||
	    z->now_bound == NULL) {
		replay_zone_free(z);
		return NULL;
	}
	z->node = (unsigned)node;
	memcpy(z->name, name->s, name->n);
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
	if ((p = grow_room(se->p, &se->pcap, se->np, sizeof(*se->p), most)) == NULL)
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

/* The orders list OV of one zone's sample into zone Z, its indices also to U. */
static int
zone_orders_add(struct replay *r, const struct jr_doc *d,
    const struct jr_val *ov, struct rzone *z, int16_t *u, const char **what)
{
	const struct jr_val *bv;
	uint64_t o;
	size_t k;

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
	return 0;
}

/* Fold one sample's free pages FP and pageblocks PB into zone Z and the totals. */
static int
zone_free_add(struct replay *r, struct rzone *z, uint64_t fp, uint64_t pb)
{
	if (z->samples++ == 0) {
		z->free_first = fp;
		z->pb_first = pb;
	}
	z->free_last = fp;
	z->pb_last = pb;
	if (replay_sum_add(&r->sample_free, fp) != 0 ||
	    replay_sum_add(&r->sample_blocks, pb) != 0)
		return -1;
	return 0;
}

/*
 * Open zone Z's point of this sample in the kept series, with FP and PB;
 * *U is where its indices go. Returns 0, or -1 with *WHAT set.
 */
static int
point_open(struct replay *r, const struct rzone *z, uint64_t fp, uint64_t pb,
    int16_t **u, const char **what)
{
	struct rseries *se = r->series;
	struct rpoint *pt;

	if (point_room(r, what) != 0)
		return -1;
	pt = &se->p[se->np];
	memset(pt, 0, sizeof(*pt));
	pt->free_pages = fp;
	pt->free_pageblocks = pb;
	pt->sample = (uint32_t)r->nsamples;
	pt->zone = (uint16_t)(z - r->zones);
	pt->next = UINT32_MAX;
	*u = se->ix + 2 * r->norders * se->np;
	return 0;
}

/* Chain the point point_open() began to zone Z's, so a picture finds them without a search. */
static void
point_close(struct replay *r, struct rzone *z)
{
	struct rseries *se = r->series;

	if (z->last_point != UINT32_MAX)
		se->p[z->last_point].next = (uint32_t)se->np;
	else
		z->first_point = (uint32_t)se->np;
	z->last_point = (uint32_t)se->np++;
}

/* Fold the zones of sample S into R. Returns 0, or -1 with *WHAT set (perhaps to WHY). */
static int
zones_add(struct replay *r, const struct jr_doc *d, const struct jr_val *s,
    char *why, const char **what)
{
	const struct jr_val *zv, *ov, *name;
	struct rzone *z;
	uint64_t node, fp, pb;
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
		if ((z = zone_of(r, node, name, why, what)) == NULL)
			return -1;
		*what = "'zones' is not a list of zones as --watch --json writes";
		if (zone_free_add(r, z, fp, pb) != 0)
			return -1;
		/* The indices go straight to the series when it is kept. */
		u = scratch;
		if (r->series != NULL && point_open(r, z, fp, pb, &u, what) != 0)
			return -1;
		for (k = 0; k < 2 * r->norders; k++)
			u[k] = REPLAY_NONE;
		if (zone_orders_add(r, d, ov, z, u, what) != 0)
			return -1;
		if (r->series != NULL)
			point_close(r, z);
	}
	return 0;
}

/* Keep the pressure of sample S in ONE: PSI avg10 and stall shares (null: absent). Returns 0 or -1. */
static int
psi_keep(struct rsample *one, const struct jr_doc *d, const struct jr_val *s)
{
	const struct {
		const char	*key;
		uint32_t	*v;
		bool		*has;
	} keep[] = {
		{ "some_avg10", &one->avg10[0], &one->has_avg10[0] },
		{ "full_avg10", &one->avg10[1], &one->has_avg10[1] },
		{ "some_stall_share", &one->stall[0], &one->has_stall[0] },
		{ "full_stall_share", &one->stall[1], &one->has_stall[1] },
	};
	const struct jr_val *p = jr_get(d, s, "pressure"), *v;
	long long x;
	size_t i;

	if (p == NULL || p->type == JR_NULL)
		return 0;
	for (i = 0; i < sizeof(keep) / sizeof(keep[0]); i++) {
		if ((v = jr_get(d, p, keep[i].key)) != NULL && v->type == JR_NULL)
			continue;
		/* Percent with two decimals: 0.00 to 100.00. */
		if (jr_fixed(v, 2, &x) != 0 || x < 0 || x > 10000)
			return -1;
		*keep[i].v = (uint32_t)x;
		*keep[i].has = true;
	}
	return 0;
}

/*
 * Fold the sample line S (N bytes) into R. Returns 0, or -1 with *COL and
 * *WHAT set (perhaps to WHY, WHY_SIZE bytes).
 */
static int
sample_add(struct replay *r, const char *s, size_t n, size_t *col,
    char *why, const char **what)
{
	struct rseries *se = r->series;
	struct rsample *one = NULL;
	const struct jr_val *t;
	struct tok when;
	struct jr_doc d;
	int rc = -1;

	*col = 0;
	if (jr_parse(&d, s, n, col, what) != 0)
		goto out;
	*what = "a sample is an object with 'time' as --watch --json writes";
	if (d.v[0].type != JR_OBJ || (t = jr_get(&d, &d.v[0], "time")) == NULL ||
	    t->type != JR_STR || t->n >= sizeof(r->first))
		goto out;
	/* An ISO 8601 time, printed as it is. */
	when = (struct tok){ t->s, t->n };
	if (!tok_is_name(&when, sizeof(r->first) - 1))
		goto out;
	if (se != NULL) {
		if ((one = grow_room(se->s, &se->scap, r->nsamples, sizeof(*one),
		    REPLAY_MAX_SAMPLES)) == NULL) {
			*what = "out of memory";
			if (r->nsamples == REPLAY_MAX_SAMPLES) {
				snprintf(why, WHY_SIZE, "more samples than "
				    "--format=svg draws (%d: two days at 1 s)",
				    REPLAY_MAX_SAMPLES);
				*what = why;
			}
			goto out;
		}
		se->s = one;
		one = &se->s[r->nsamples];
		memset(one, 0, sizeof(*one));
		memcpy(one->time, t->s, t->n);
	}
	r->sample_free = r->sample_blocks = 0;
	if (zones_add(r, &d, &d.v[0], why, what) != 0 ||
	    replay_events_add(r, one, &d, &d.v[0], t, what) != 0 ||
	    replay_outcomes_add(r, &d, &d.v[0], t, what) != 0)
		goto out;
	if (replay_counters_add(r, &d, &d.v[0], what) != 0)
		goto out;
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

int
replay_read(const char *dir, struct replay *r, bool series, struct ferr *e)
{
	char path[PATH_MAX];
	struct slurp_lines ls;
	struct slurp m;
	const char *what, *line;
	char why[WHY_SIZE];
	size_t n, col;
	bool whole;
	int rc;

	memset(r, 0, sizeof(*r));
	if (series && (r->series = calloc(1, sizeof(*r->series))) == NULL)
		return ferr_set(e, 0, "out of memory");
	/* A cut path is never read: said, as replay_map_read() says it. */
	if (inputs_join_max(path, dir, RECORD_META, e) != 0)
		return -1;
	ferr_keep_path(e, path);
	if (slurp_read(path, &m, e) != 0)
		return -1;
	rc = replay_meta_parse(m.buf, m.len, r, e);
	slurp_free(&m);
	if (rc != 0)
		return -1;
	if (inputs_join_max(path, dir, RECORD_SAMPLES, e) != 0)
		return -1;
	ferr_keep_path(e, path);
	/*
	 * A recording may hold days of samples: read a line at a time, each
	 * at most SLURP_CAP (a sample of 1024 nodes of 4 zones of 11 orders
	 * is ~10 MiB), never the whole file.
	 */
	if (slurp_lines_open(path, &ls, SLURP_CAP, e) != 0)
		return -1;
	while ((rc = slurp_lines_next(&ls, &line, &n, &whole, e)) == 1) {
		if (!whole) {
			/* Cut short by a crash: every line before it is whole. */
			r->truncated = true;
			break;
		}
		if (sample_add(r, line, n, &col, why, &what) != 0) {
			if (col)
				ferr_set(e, ls.no, "column %zu: %s", col, what);
			else
				ferr_set(e, ls.no, "%s", what);
			rc = -1;
			break;
		}
	}
	slurp_lines_close(&ls);
	if (rc < 0)
		return -1;
	if (r->nsamples == 0)
		return ferr_set(e, 0, "no whole sample");
	return 0;
}

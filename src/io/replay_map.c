/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay_map.c - the map summaries of a recording, one JSON line each */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inputs.h"
#include "grow.h"
#include "jsonr.h"
#include "record.h"
#include "replay_map.h"
#include "slurp.h"
#include "text.h"

/* Returns V as hundredths or a count, -1 for null; -2 when it is neither. */
static long long
maybe(const struct jr_val *v, int digits)
{
	uint64_t n;
	long long f;

	if (v == NULL)
		return -2;
	if (v->type == JR_NULL)
		return -1;
	if (digits)
		return jr_fixed(v, digits, &f) == 0 && f >= 0 ? f : -2;
	return jr_u64(v, &n) == 0 && n <= LLONG_MAX ? (long long)n : -2;
}

/*
 * Read the folio census FV of a zone of D into F (null: not read, as
 * render_map_folios_json() writes it), the longest array into S.
 * Returns 0, or -1 when it is not one.
 */
static int
folios_of(const struct jr_doc *d, const struct jr_val *fv,
    struct mapseries_folios *f, struct mapseries *s)
{
	const struct jr_val *a, *v;
	unsigned k, o;

	if (fv->type == JR_NULL)
		return 0;
	if (fv->type != JR_OBJ)
		return -1;
	for (k = 0; k < MAP_NFOLIOS; k++) {
		a = jr_get(d, fv, map_folio_name((enum map_folio)k));
		if (a == NULL || a->type != JR_ARR)
			return -1;
		o = 0;
		for (v = jr_first(d, a); v != NULL; v = jr_next(d, v), o++)
			if (o >= FRAG_MAX_ORDERS ||
			    jr_u64(v, &f->n[k][o]) != 0)
				return -1;
		s->folio_orders = o > s->folio_orders ? o : s->folio_orders;
	}
	f->have = true;
	return 0;
}

/*
 * Read zone ZV (index I) of map K of D into S, the first map's names kept.
 * Returns 0, or -1 with E set at LINE.
 */
static int
zone_of(const struct jr_doc *d, const struct jr_val *zv, size_t k, size_t i,
    struct mapseries *s, unsigned long line, struct ferr *e)
{
	struct mapseries_zone *z = &s->z[k * s->nzones + i];
	const struct jr_val *fv = jr_get(d, zv, "folios");
	struct mapseries_folios *f = &s->folios[1][i];
	char name[FRAG_NAME_SIZE];
	uint64_t node;

	/* The last map's census so far; the first map's kept below. */
	memset(f, 0, sizeof(*f));
	/* Maps before the folio census (map file version 4) have none. */
	if (fv != NULL) {
		s->folios_recorded = true;
		if (folios_of(d, fv, f, s) != 0)
			return ferr_set(e, line, "zone %zu: folios: not "
			    "{\"anon\": [...], \"shmem\": [...], "
			    "\"file\": [...]} of counts by order", i + 1);
	}

	if (jr_u64(jr_get(d, zv, "node"), &node) != 0 ||
	    jr_bytes(d, jr_get(d, zv, "zone"), name, sizeof(name)) != 0 ||
	    jr_u64(jr_get(d, zv, "pageblocks"), &z->pageblocks) != 0 ||
	    jr_u64(jr_get(d, zv, "polluted_pageblocks"), &z->polluted) != 0 ||
	    (z->amplification = maybe(jr_get(d, zv, "amplification"), 2)) < -1 ||
	    (z->clean_regions = maybe(jr_get(d, zv, "clean_regions"), 0)) < -1 ||
	    (z->offlinable = maybe(jr_get(d, zv, "offlinable_blocks"), 0)) < -1)
		return ferr_set(e, line, "zone %zu: not a map summary", i + 1);
	if (k == 0) {
		s->folios[0][i] = *f;
		s->zone[i].node = (unsigned)node;
		memcpy(s->zone[i].name, name, sizeof(name));
		s->zone[i].line = line;
	} else if (s->zone[i].node != node || strcmp(s->zone[i].name,
	    name) != 0)
		return ferr_set(e, line, "zone %zu is node %llu, zone %s: the "
		    "first line's is node %u, zone %s", i + 1,
		    (unsigned long long)node, name, s->zone[i].node,
		    s->zone[i].name);
	return 0;
}

/*
 * Make room in MS for the NZ zones of the first map. Returns 0, or -1
 * with E set at LINE.
 */
static int
zones_alloc(struct mapseries *ms, size_t nz, unsigned long line,
    struct ferr *e)
{
	if (nz > MAPSERIES_MAX_ZONES)
		return ferr_set(e, line, "more than %zu zones",
		    (size_t)MAPSERIES_MAX_ZONES);
	/* One more than asked: no zone at all is still an allocation. */
	ms->zone = calloc(nz + 1, sizeof(*ms->zone));
	ms->span = calloc(nz + 1, sizeof(*ms->span));
	ms->folios[0] = calloc(nz + 1, sizeof(*ms->folios[0]));
	ms->folios[1] = calloc(nz + 1, sizeof(*ms->folios[1]));
	if (ms->zone == NULL || ms->span == NULL ||
	    ms->folios[0] == NULL || ms->folios[1] == NULL)
		return ferr_set(e, 0, "out of memory");
	return 0;
}

/* The room of a mapseries' arrays per map, as they grow a map at a time. */
struct maproom {
	size_t	 sample, elapsed, z;
};

/*
 * Make room in MS, whose arrays have the room R, for map K: its sample,
 * time and, when ZONES (the first map has said how many), its zones.
 * Returns 0, or -1 with E set.
 */
static int
map_room(struct mapseries *ms, struct maproom *r, size_t k, bool zones,
    struct ferr *e)
{
	/* A map without zones still takes a row: grow_room() needs a size. */
	size_t row = (ms->nzones ? ms->nzones : 1) * sizeof(*ms->z);
	void *p;

	if ((p = grow_room(ms->sample, &r->sample, k, sizeof(*ms->sample),
	    SIZE_MAX)) == NULL)
		return ferr_set(e, 0, "out of memory");
	ms->sample = p;
	if ((p = grow_room(ms->elapsed_ms, &r->elapsed, k,
	    sizeof(*ms->elapsed_ms), SIZE_MAX)) == NULL)
		return ferr_set(e, 0, "out of memory");
	ms->elapsed_ms = p;
	if (!zones)
		return 0;
	if ((p = grow_room(ms->z, &r->z, k, row, SIZE_MAX)) == NULL)
		return ferr_set(e, 0, "out of memory");
	ms->z = p;
	return 0;
}

/* Returns how many values the array A of D holds. */
static size_t
count(const struct jr_doc *d, const struct jr_val *a)
{
	const struct jr_val *v;
	size_t n = 0;

	for (v = jr_first(d, a); v != NULL; v = jr_next(d, v))
		n++;
	return n;
}

/*
 * Read map K from the LEN bytes of line LINE at S, MS's arrays grown as
 * R says. Returns 0, or -1 with E set.
 */
static int
map_of(const char *buf, size_t len, size_t k, struct maproom *r,
    struct mapseries *ms, unsigned long line, struct ferr *e)
{
	const struct jr_val *zv, *v;
	struct jr_doc d;
	const char *what;
	size_t col, i = 0;
	int rc;

	if (jr_parse(&d, buf, len, &col, &what) != 0)
		return ferr_set(e, line, "column %zu: %s", col, what);
	/* The first map's zones are counted first. */
	if ((rc = map_room(ms, r, k, k > 0, e)) != 0)
		goto out;
	if (jr_u64(jr_get(&d, &d.v[0], "sample"), &ms->sample[k]) != 0 ||
	    jr_u64(jr_get(&d, &d.v[0], "elapsed_ms"), &ms->elapsed_ms[k]) != 0 ||
	    jr_u64(jr_get(&d, &d.v[0], "map_ms"), &ms->map_ms) != 0 ||
	    (zv = jr_get(&d, &d.v[0], "zones")) == NULL || zv->type != JR_ARR) {
		rc = ferr_set(e, line, "not a map summary");
		goto out;
	}
	/* The first map says how many zones every map has. */
	if (k == 0) {
		ms->nzones = count(&d, zv);
		if ((rc = zones_alloc(ms, ms->nzones, line, e)) != 0 ||
		    (rc = map_room(ms, r, k, true, e)) != 0)
			goto out;
	}
	for (v = jr_first(&d, zv); v != NULL && rc == 0; v = jr_next(&d, v),
	    i++)
		rc = i < ms->nzones ? zone_of(&d, v, k, i, ms, line, e) :
		    ferr_set(e, line, "more zones than the first line");
	if (rc == 0 && i != ms->nzones)
		rc = ferr_set(e, line, "%zu zones, the first line %zu", i,
		    ms->nzones);
out:
	jr_free(&d);
	return rc;
}

int
replay_map_read(const char *dir, struct mapseries *s, struct ferr *e)
{
	struct maproom room = { 0, 0, 0 };
	char path[PATH_MAX];
	struct slurp_lines l;
	const char *ln;
	size_t n;
	bool whole;
	int rc;

	memset(s, 0, sizeof(*s));
	if (inputs_join_max(path, dir, RECORD_MAPS, e) != 0)
		return -1;
	ferr_keep_path(e, path);
	/* A map a line, --map-every's: the file grows with the recording. */
	if ((rc = slurp_lines_open(path, &l, SLURP_CAP, e)) == -ENOENT)
		return 1;
	if (rc != 0)
		return -1;
	/* A last line cut short by a crash: the maps before it stand. */
	while ((rc = slurp_lines_next(&l, &ln, &n, &whole, e)) == 1 && whole) {
		rc = map_of(ln, n, s->nmaps, &room, s, l.no, e);
		s->nmaps++;
		if (rc != 0)
			break;
	}
	slurp_lines_close(&l);
	if (rc < 0) {
		mapseries_free(s);
		return -1;
	}
	return 0;
}

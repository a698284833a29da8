/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mapfile_load.c - read a capture's stored map against the capture's own files, within what they allow */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "mapfile.h"
#include "mapfile_load.h"
#include "slurp.h"
#include "text.h"
#include "zoneinfo.h"

/*
 * The longest lines a map file holds: the 8 header lines (version 2's) and 'end', a
 * zone line (two 20-digit numbers, a name, four 20-digit counts), and a
 * pageblock line: a repeat below 2^26 (8 digits) and 13 counts, the
 * MAP_NCLASSES classes' summing to the pageblock's pages (2^15 at most:
 * 23 digits at most) and the MAP_NPINS pins' to at most as many (34),
 * with 13 blanks and the newline: 79 bytes.
 */
#define MAPFILE_HEAD_MAX	512
/* A zone line, and its folio census: a line per kind and order, 48 bytes. */
#define MAPFILE_ZONE_MAX	(192 + 16 + MAP_NFOLIOS * FRAG_MAX_ORDERS * 48)
#define MAPFILE_BLOCK_MAX	80
/* The longest cgroup path (PATH_MAX), each byte perhaps written "\ooo". */
#define MAPFILE_CGROUP_MAX	(PATH_MAX * 4 + 32)
#define MAPFILE_CHARGE_MAX	64
/* The most memory cgroups: their ids are 16 bits (MEM_CGROUP_ID_MAX). */
#define MAPFILE_MOST_CGROUPS	65536

/*
 * What the lines of a map file read so far allow: its zones' pageblocks,
 * as the capture's own zoneinfo spans them in its pagetypeinfo's order
 * (the parser refuses a map that says otherwise), never as the file's
 * lines say.
 */
struct maplimit {
	size_t		 seen;		/* bytes of whole lines looked at */
	const struct buddyinfo *bi;
	const struct zoneinfo *zi;
	size_t		 zones;		/* zone lines seen */
	unsigned	 pageblock_order;	/* the capture's */
	uint64_t	 blocks;	/* the zones' pageblocks, up to MAP_MAX_BLOCKS */
	uint64_t	 groups, charges; /* the cgroups line's, bounded */
};

/*
 * Returns how many pageblocks of order O zone I of buddyinfo spans by
 * L's zoneinfo (0 when it has none: the parser refuses the zone line).
 */
static uint64_t
zone_blocks(const struct maplimit *l, size_t i, unsigned o)
{
	const struct bzone *b = &l->bi->zones[i];
	const struct zizone *zz = zoneinfo_find(l->zi, b->node, b->name);

	if (zz == NULL)
		return 0;
	/* As the parser counts them; past MAP_MAX_BLOCKS it refuses the zone. */
	return map_span_blocks(zz->start_pfn, zz->spanned, o);
}

/*
 * Returns the most bytes the map file whose first LEN bytes are BUF may
 * hold: a line per pageblock of the zones its zone lines name, at most
 * (a slurp_limit_fn over struct maplimit).
 */
static size_t
map_limit(void *arg, const char *buf, size_t len)
{
	struct maplimit *l = arg;
	const char *nl;
	struct tok t[3];	/* enough to tell a zone and the cgroups line */
	uint64_t nb;
	size_t nt;

	while ((nl = memchr(buf + l->seen, '\n', len - l->seen)) != NULL) {
		nt = tok_split(buf + l->seen, (size_t)(nl - buf - l->seen), t,
		    sizeof(t) / sizeof(t[0]));
		l->seen = (size_t)(nl - buf) + 1;
		if (nt >= 1 && tok_is(&t[0], "zone") &&
		    l->zones < l->bi->nzones) {
			nb = zone_blocks(l, l->zones++, l->pageblock_order);
			l->blocks += nb < MAP_MAX_BLOCKS - l->blocks ? nb :
			    MAP_MAX_BLOCKS - l->blocks;
		} else if (nt == 3 && tok_is(&t[0], "cgroups") &&
		    num_u64(&t[1], &l->groups) == 0 &&
		    num_u64(&t[2], &l->charges) == 0) {
			/* A charge per cgroup and page at most; 2^16 cgroups. */
			if (l->charges > l->blocks << l->pageblock_order)
				l->charges = l->blocks << l->pageblock_order;
			if (l->groups > MAPFILE_MOST_CGROUPS)
				l->groups = MAPFILE_MOST_CGROUPS;
		}
	}
	return MAPFILE_HEAD_MAX + l->bi->nzones * MAPFILE_ZONE_MAX +
	    (size_t)l->blocks * MAPFILE_BLOCK_MAX + (size_t)l->groups *
	    MAPFILE_CGROUP_MAX + (size_t)l->charges * MAPFILE_CHARGE_MAX;
}

/*
 * Point *ZI at the zoneinfo of the capture IN was read from: IN's, else
 * read here into OWN (zoneinfo_free() it after). Returns 0, or -1 with E
 * set: a stored map is read against the zoneinfo it was made from.
 */
static int
capture_zoneinfo(const struct inputs *in, const struct zoneinfo **zi,
    struct zoneinfo *own, struct ferr *e)
{
	struct slurp s;
	int rc;

	memset(own, 0, sizeof(*own));
	*zi = &in->zi;
	if (in->have_zi)
		return 0;
	if (in->zpath == NULL)
		return ferr_set(e, 0, "a stored map is read with its capture's "
		    "zoneinfo");
	ferr_keep_path(e, in->zpath);
	if (slurp_read(in->zpath, &s, e) != 0)
		return -1;
	rc = zoneinfo_parse(s.buf, s.len, own, e);
	slurp_free(&s);
	if (rc == 0 && ((rc = zoneinfo_whole(own, e)) != 0 ||
	    (rc = inputs_match_zi(in, own, in->zpath, e)) != 0))
		zoneinfo_free(own);
	*zi = own;
	return rc;
}

int
mapfile_load(const char *path, const struct inputs *in, struct map *m,
    struct memcg *cg, unsigned long *page_size, struct ferr *e)
{
	const struct zoneinfo *zi;
	struct zoneinfo own;
	struct maplimit l;
	struct slurp s;
	int rc;

	memset(m, 0, sizeof(*m));
	if (!in->have_pti) {
		ferr_keep_path(e, in->ppath ? in->ppath : path);
		return ferr_set(e, 0, "not read: a stored map is read with its "
		    "capture's pageblock order");
	}
	if (capture_zoneinfo(in, &zi, &own, e) != 0)
		return -1;
	memset(&l, 0, sizeof(l));
	l.bi = &in->bi;
	l.zi = zi;
	l.pageblock_order = in->pti.pageblock_order;
	ferr_keep_path(e, path);
	/* Not the kernel files' cap: 2 TiB of 2 MiB pageblocks pass 16 MiB. */
	rc = slurp_read_limit(e->path, &s, map_limit, &l, e) == 0 ? 0 : -1;
	if (rc == 0) {
		rc = mapfile_parse(s.buf, s.len, &in->bi, zi, &in->pti, m, cg,
		    page_size, e);
		slurp_free(&s);
	}
	zoneinfo_free(&own);
	return rc;
}

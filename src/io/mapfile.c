/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mapfile.c - parse the map a capture stores: pageblock counts, run-length encoded (format in mapfile.h) */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "mapfile.h"
#include "pageorder.h"
#include "text.h"
#include "zoneinfo.h"

/*
 * The most tokens a line of the map holds: a pageblock line's, a repeat
 * then each class and pin (block_lines()); the zone and charge lines
 * hold fewer. tok_split() says a longer line is longer.
 */
#define LINE_TOKENS	(1 + MAP_NCLASSES + MAP_NPINS)

/* The parser's place: the lines, the one being read, the zoneinfo it must agree with. */
struct cursor {
	struct lines	 ls;
	const char	*s;
	size_t		 n;
	struct tok	 t[LINE_TOKENS];
	size_t		 nt;
	const struct zoneinfo *zi;
};

/*
 * Read the next line into C, split; WHAT names what it should be. Returns
 * 0, or -1 with E set at the end of the file.
 */
static int
next(struct cursor *c, const char *what, struct ferr *e)
{
	int rc = lines_next(&c->ls, &c->s, &c->n, e);

	if (rc < 0)
		return -1;
	/* An empty file ends on its first line. */
	if (rc == 0)
		return ferr_set(e, c->ls.no ? c->ls.no : 1, "ends before %s "
		    "(cut short?)", what);
	c->nt = tok_split(c->s, c->n, c->t, sizeof(c->t) / sizeof(c->t[0]));
	return 0;
}

/* Parse token T of C's line, named WHAT, into *V from MIN to MAX. Returns 0 or -1 with E set. */
static int
number(const struct cursor *c, size_t t, const char *what, uint64_t min,
    uint64_t max, uint64_t *v, struct ferr *e)
{
	int rc;

	if ((rc = num_u64(&c->t[t], v)) != 0)
		return num_error(e, c->ls.no, &c->t[t], rc, 10, what);
	if (*v < min || *v > max)
		return ferr_set(e, c->ls.no, "%s %" PRIu64 " is not from %"
		    PRIu64 " to %" PRIu64, what, *v, min, max);
	return 0;
}

/* Read the line "KEY VALUE" of C into *V from MIN to MAX. Returns 0 or -1 with E set. */
static int
header(struct cursor *c, const char *key, uint64_t min, uint64_t max,
    uint64_t *v, struct ferr *e)
{
	if (next(c, key, e) != 0)
		return -1;
	if (c->nt != 2 || !tok_is(&c->t[0], key))
		return ferr_set(e, c->ls.no, "not '%s NUMBER'", key);
	return number(c, 1, key, min, max, v, e);
}

/*
 * A zone line's layout: "zone NODE NAME" and then each of ZONE_NKEYS keys
 * (start_pfn spanned free pcp) with its value; zone_line() reads it.
 */
#define ZONE_NODE	1
#define ZONE_NAME	2
#define ZONE_NKEYS	4
#define ZONE_KEY(k)	(3 + 2 * (k))		/* the token of key K */
#define ZONE_VALUE(k)	(ZONE_KEY(k) + 1)	/* and of its value */
#define ZONE_TOKENS	ZONE_KEY(ZONE_NKEYS)
_Static_assert(ZONE_TOKENS <= LINE_TOKENS, "a zone line's tokens do not fit");

/* Returns the free pages buddyinfo's zone B holds (buddyinfo_check(): they fit). */
static uint64_t
buddy_free(const struct bzone *b, unsigned norders)
{
	uint64_t pages = 0;
	unsigned k;

	for (k = 0; k < norders; k++)
		pages += b->free[k] << k;
	return pages;
}

/*
 * Returns 0 when the zone line of C for buddyinfo's zone B (NORDERS
 * orders), with the values V (start_pfn, spanned, free, pcp), is what the
 * capture's zoneinfo says (the map was made from it, so it is, to the
 * page) and holds buddyinfo's free pages; else -1 with E set. Before any
 * pageblock is allocated: a map file cannot make its zones larger than
 * the capture's.
 */
static int
zone_agrees(const struct cursor *c, const struct bzone *b, unsigned norders,
    const uint64_t *v, struct ferr *e)
{
	const struct zizone *zz;
	uint64_t bfree = buddy_free(b, norders);

	if (c->zi == NULL)
		return 0;
	if ((zz = zoneinfo_find(c->zi, b->node, b->name)) == NULL ||
	    (zz->have & (ZI_START_PFN | ZI_SPANNED | ZI_FREE)) !=
	    (ZI_START_PFN | ZI_SPANNED | ZI_FREE))
		return ferr_set(e, c->ls.no, "the capture's zoneinfo has no "
		    "start_pfn, spanned or free pages of node %u, zone %s: "
		    "not this capture's map", b->node, b->name);
	if (v[0] != zz->start_pfn || v[1] != zz->spanned || v[2] != zz->free ||
	    v[3] != zz->pcp)
		return ferr_set(e, c->ls.no, "node %u, zone %s: start_pfn, "
		    "spanned, free, pcp %" PRIu64 ", %" PRIu64 ", %" PRIu64
		    ", %" PRIu64 "; the capture's zoneinfo says %" PRIu64 ", %"
		    PRIu64 ", %" PRIu64 ", %" PRIu64 ": not this capture's "
		    "map", b->node, b->name, v[0], v[1], v[2], v[3],
		    zz->start_pfn, zz->spanned, zz->free, zz->pcp);
	if (bfree > zz->spanned)
		return ferr_set(e, c->ls.no, "node %u, zone %s spans %" PRIu64
		    " pages, fewer than the %" PRIu64 " free that buddyinfo "
		    "gives it", b->node, b->name, zz->spanned, bfree);
	return 0;
}

/*
 * Read C's zone line for zone I of M, which buddyinfo lists as B, and
 * add the zone to M. Returns 0 or -1 with E set.
 */
static int
zone_line(struct cursor *c, struct map *m, size_t i, const struct bzone *b,
    struct ferr *e)
{
	static const char *const keys[ZONE_NKEYS] = { "start_pfn", "spanned",
	    "free", "pcp" };
	uint64_t v[ZONE_NKEYS], node;
	size_t k;

	if (c->nt != ZONE_TOKENS || !tok_is(&c->t[0], "zone"))
		return ferr_set(e, c->ls.no, "not 'zone NODE NAME start_pfn N "
		    "spanned N free N pcp N'");
	if (number(c, ZONE_NODE, "node", 0, UINT32_MAX, &node, e) != 0)
		return -1;
	if (node != b->node || !tok_is(&c->t[ZONE_NAME], b->name))
		return ferr_set(e, c->ls.no, "buddyinfo lists node %u, zone %s "
		    "here", b->node, b->name);
	for (k = 0; k < ZONE_NKEYS; k++) {
		/* Fields are counted from 1, tokens from 0. */
		if (!tok_is(&c->t[ZONE_KEY(k)], keys[k]))
			return ferr_set(e, c->ls.no, "'%s' expected in field %zu",
			    keys[k], ZONE_KEY(k) + 1);
		if (number(c, ZONE_VALUE(k), keys[k], 0, UINT64_MAX, &v[k],
		    e) != 0)
			return -1;
	}
	if (zone_agrees(c, b, m->norders, v, e) != 0)
		return -1;
	return map_zone_add(m, i, b, v[0], v[1], v[2], v[3], c->ls.no, e);
}

/* The names of a pageblock line's fields, for messages. */
static const char *const block_fields[] = {
	"repeat", "free", "movable", "unmovable", "ambiguous", "hole", "slab",
	"pagetable", "reserved", "hugetlb", "zero", "poisoned", "offline",
	"kernel" };
/* A name for the repeat, each class and each pin of physmap.h's enums. */
_Static_assert(sizeof(block_fields) / sizeof(block_fields[0]) ==
    1 + MAP_NCLASSES + MAP_NPINS, "a pageblock field without a name");

/*
 * Read C's line (split) as a pageblock of M's: its page counts by class
 * into B, which add up to the pageblock, and by what holds them, which
 * add up to its unmovable and ambiguous pages. Returns 0 or -1 with E
 * set.
 */
static int
block_line(const struct cursor *c, const struct map *m, struct map_block *b,
    struct ferr *e)
{
	uint64_t pb = (uint64_t)1 << m->pageblock_order, v, sum = 0, pins = 0;
	unsigned j;

	memset(b, 0, sizeof(*b));
	for (j = 0; j < MAP_NCLASSES; j++) {
		if (number(c, 1 + j, block_fields[1 + j], 0, pb, &v, e) != 0)
			return -1;
		b->n[j] = (uint16_t)v;
		sum += v;
	}
	if (sum != pb)
		return ferr_set(e, c->ls.no, "the pages add up to %" PRIu64
		    ", not the pageblock's %" PRIu64, sum, pb);
	for (j = 0; j < MAP_NPINS; j++) {
		if (number(c, 1 + MAP_NCLASSES + j, block_fields[1 +
		    MAP_NCLASSES + j], 0, pb, &v, e) != 0)
			return -1;
		b->pin[j] = (uint16_t)v;
		pins += v;
	}
	if (pins != (uint64_t)b->n[MAP_UNMOVABLE] + b->n[MAP_AMBIGUOUS] ||
	    b->pin[MAP_PIN_KERNEL] < b->n[MAP_AMBIGUOUS])
		return ferr_set(e, c->ls.no, "the kinds add up to %" PRIu64
		    ", not the %u unmovable and ambiguous pages (kernel "
		    "holds the ambiguous ones)", pins,
		    (unsigned)b->n[MAP_UNMOVABLE] + b->n[MAP_AMBIGUOUS]);
	return 0;
}

/*
 * Read the pageblock lines of zone Z of M from C into BLOCKS (room for
 * Z->nblocks). Returns 0 or -1 with E set.
 */
static int
block_lines(struct cursor *c, const struct map *m, const struct map_zone *z,
    struct map_block *blocks, struct ferr *e)
{
	uint64_t v, head, tail;
	struct map_block b;
	size_t k = 0, i;

	while (k < z->nblocks) {
		if (next(c, "the zone's last pageblock", e) != 0)
			return -1;
		if (c->nt != 1 + MAP_NCLASSES + MAP_NPINS)
			return ferr_set(e, c->ls.no, "not 'REPEAT FREE MOVABLE "
			    "UNMOVABLE AMBIGUOUS HOLE' and the %d kinds (node "
			    "%u, zone %s has %zu pageblocks, %zu so far)",
			    MAP_NPINS, z->node, z->name, z->nblocks, k);
		if (block_line(c, m, &b, e) != 0 ||
		    number(c, 0, block_fields[0], 1, z->nblocks - k, &v, e) != 0)
			return -1;
		for (i = 0; i < v; i++)
			blocks[k++] = b;
	}
	/* The pages of the end pageblocks outside the zone are holes. */
	map_outside(m, z, &head, &tail);
	if (z->nblocks > 0 && blocks[0].n[MAP_HOLE] < head)
		return ferr_set(e, c->ls.no, "node %u, zone %s: its first "
		    "pageblock has %u hole pages, fewer than the %" PRIu64
		    " before start_pfn", z->node, z->name,
		    (unsigned)blocks[0].n[MAP_HOLE], head);
	tail += z->nblocks == 1 ? head : 0;
	if (z->nblocks > 0 && blocks[z->nblocks - 1].n[MAP_HOLE] < tail)
		return ferr_set(e, c->ls.no, "node %u, zone %s: its last "
		    "pageblock has %u hole pages, fewer than the %" PRIu64
		    " outside the zone", z->node, z->name,
		    (unsigned)blocks[z->nblocks - 1].n[MAP_HOLE], tail);
	return 0;
}

/*
 * Read C's NG cgroup lines into CG, each a new inode with its path ("?":
 * unknown). Returns 0 or -1 with E set.
 */
static int
cgroup_lines(struct cursor *c, uint64_t ng, struct memcg *cg, struct ferr *e)
{
	uint64_t ino;
	size_t i;

	for (i = 0; i < ng; i++) {
		if (next(c, "the cgroup lines", e) != 0)
			return -1;
		if (c->nt != 3 || !tok_is(&c->t[0], "cgroup"))
			return ferr_set(e, c->ls.no, "not 'cgroup INODE PATH'");
		if (number(c, 1, "inode", 0, UINT64_MAX, &ino, e) != 0)
			return -1;
		if (memcg_group(cg, ino) != (long)i)
			return ferr_set(e, c->ls.no, "cgroup %" PRIu64 " again",
			    ino);
		if (!tok_is(&c->t[2], "?") && (cg->groups[i].path =
		    text_unoctal(c->t[2].s, c->t[2].n)) == NULL)
			return ferr_set(e, 0, "out of memory");
	}
	return 0;
}

/* A charge line's tokens: zone, pageblock, cgroup (the lead), its pages by class. */
#define CHARGE_LEAD	3
#define CHARGE_TOKENS	(CHARGE_LEAD + MEMCG_NCLASSES)
_Static_assert(CHARGE_TOKENS <= LINE_TOKENS, "a charge line's tokens do not fit");

/* The map class whose pages of a pageblock bound each memcg class's charge. */
static const enum map_class charge_class[MEMCG_NCLASSES] = {
	[MEMCG_UNMOVABLE] = MAP_UNMOVABLE,
	[MEMCG_AMBIGUOUS] = MAP_AMBIGUOUS,
	[MEMCG_MOVABLE] = MAP_MOVABLE,
};

/*
 * Read C's next charge line into V (zone, pageblock, cgroup, then the
 * unmovable, ambiguous and movable pages), each within M and the NG
 * cgroups. Returns 0 or -1 with E set.
 */
static int
charge_line(struct cursor *c, const struct map *m, uint64_t ng, uint64_t *v,
    struct ferr *e)
{
	static const char *const what[CHARGE_TOKENS] = { "zone", "pageblock",
	    "cgroup",
	    [CHARGE_LEAD + MEMCG_UNMOVABLE] = "unmovable",
	    [CHARGE_LEAD + MEMCG_AMBIGUOUS] = "ambiguous",
	    [CHARGE_LEAD + MEMCG_MOVABLE] = "movable" };
	uint64_t pb = (uint64_t)1 << m->pageblock_order, nb;
	unsigned j;

	if (next(c, "the charge lines", e) != 0)
		return -1;
	if (c->nt != CHARGE_TOKENS)
		return ferr_set(e, c->ls.no, "not 'ZONE PAGEBLOCK CGROUP "
		    "UNMOVABLE AMBIGUOUS MOVABLE'");
	if (number(c, 0, what[0], 0, m->nzones - 1, &v[0], e) != 0)
		return -1;
	nb = m->zones[v[0]].nblocks;
	if (number(c, 1, what[1], 0, nb ? nb - 1 : 0, &v[1], e) != 0 ||
	    number(c, 2, what[2], 0, ng - 1, &v[2], e) != 0)
		return -1;
	for (j = CHARGE_LEAD; j < CHARGE_TOKENS; j++)
		if (number(c, j, what[j], 0, pb, &v[j], e) != 0)
			return -1;
	if (nb == 0 || v[2] >= ng)
		return ferr_set(e, c->ls.no, "zone %" PRIu64 " has no "
		    "pageblocks, or no cgroup %" PRIu64, v[0], v[2]);
	return 0;
}

/*
 * Read the cgroups section of C (its first line read) for M into CG.
 * Returns 0 or -1 with E set.
 */
static int
cgroups(struct cursor *c, const struct map *m, struct memcg *cg,
    struct ferr *e)
{
	uint64_t ng, nc, v[CHARGE_TOKENS] = { 0 }, prev[2] = { 0, 0 };
	const struct map_block *b;
	size_t i;
	unsigned j;

	if (c->nt != 3)
		return ferr_set(e, c->ls.no, "not 'cgroups GROUPS CHARGES'");
	if (number(c, 1, "cgroups", 0, UINT32_MAX, &ng, e) != 0 ||
	    number(c, 2, "charges", 0, UINT64_MAX, &nc, e) != 0)
		return -1;
	if (cgroup_lines(c, ng, cg, e) != 0)
		return -1;
	for (i = 0; i < nc; i++) {
		if (charge_line(c, m, ng, v, e) != 0)
			return -1;
		b = &m->zones[v[0]].blocks[v[1]];
		for (j = 0; j < MEMCG_NCLASSES; j++)
			if (v[CHARGE_LEAD + j] > b->n[charge_class[j]])
				return ferr_set(e, c->ls.no, "more pages "
				    "charged than the pageblock holds");
		if (i > 0 && (v[0] < prev[0] || (v[0] == prev[0] && v[1] <
		    prev[1])))
			return ferr_set(e, c->ls.no, "the charges are not in "
			    "zone and pageblock order");
		prev[0] = v[0];
		prev[1] = v[1];
		for (j = 0; j < MEMCG_NCLASSES; j++)
			if (memcg_charge(cg, (uint32_t)v[0], (uint32_t)v[1],
			    (uint32_t)v[2], j,
			    (uint16_t)v[CHARGE_LEAD + j]) != 0)
				return ferr_set(e, 0, "out of memory");
	}
	cg->read = true;
	return next(c, "'end'", e);
}

/*
 * Read the folio census of zone Z from C, whose line was read: when it is
 * "folios N", it and N "folio KIND ORDER COUNT" lines, then the next
 * line (WHAT names it). Returns 0 or -1 with E set.
 */
static int
folio_lines(struct cursor *c, struct map_zone *z, const char *what,
    struct ferr *e)
{
	uint64_t n, o, v;
	size_t i;
	int k;

	if (c->nt != 2 || !tok_is(&c->t[0], "folios"))
		return 0;
	if (number(c, 1, "folios", 0, (uint64_t)MAP_NFOLIOS * FRAG_MAX_ORDERS,
	    &n, e) != 0)
		return -1;
	z->have_folios = true;
	for (i = 0; i < n; i++) {
		if (next(c, "the folio lines", e) != 0)
			return -1;
		if (c->nt != 4 || !tok_is(&c->t[0], "folio"))
			return ferr_set(e, c->ls.no, "not 'folio KIND ORDER "
			    "COUNT'");
		for (k = 0; k < MAP_NFOLIOS; k++)
			if (tok_is(&c->t[1], map_folio_name((enum map_folio)k)))
				break;
		if (k == MAP_NFOLIOS)
			return ferr_set(e, c->ls.no, "folio kind not anon, "
			    "shmem or file");
		if (number(c, 2, "order", 0, FRAG_MAX_ORDERS - 1, &o, e) != 0 ||
		    number(c, 3, "count", 1, UINT64_MAX, &v, e) != 0)
			return -1;
		if (z->folios[k][o])
			return ferr_set(e, c->ls.no, "folio %s %" PRIu64
			    " again", map_folio_name((enum map_folio)k), o);
		z->folios[k][o] = v;
	}
	return next(c, what, e);
}

/* Read the zones of BI with their pageblocks from C into M. Returns 0 or -1 with E set. */
static int
zones(struct cursor *c, const struct buddyinfo *bi, struct map *m,
    struct memcg *cg, struct ferr *e)
{
	const char *what;
	size_t i;

	if (m->nzones > 0 && next(c, "a zone line for each buddyinfo zone",
	    e) != 0)
		return -1;
	for (i = 0; i < m->nzones; i++) {
		what = i + 1 < m->nzones ? "a zone line for each buddyinfo "
		    "zone" : "'end'";
		if (zone_line(c, m, i, &bi->zones[i], e) != 0 ||
		    block_lines(c, m, &m->zones[i], m->zones[i].blocks, e) != 0 ||
		    next(c, what, e) != 0 ||
		    folio_lines(c, &m->zones[i], what, e) != 0)
			return -1;
	}
	if (m->nzones == 0 && next(c, "'end'", e) != 0)
		return -1;
	/* Only a capture made where /proc/kpagecgroup could be read has these. */
	if (c->nt >= 1 && tok_is(&c->t[0], "cgroups") && cgroups(c, m, cg,
	    e) != 0)
		return -1;
	if (c->nt != 1 || !tok_is(&c->t[0], "end"))
		return ferr_set(e, c->ls.no, "not 'end': more pageblocks than "
		    "the last zone spans, or more zones than buddyinfo's %zu",
		    bi->nzones);
	return 0;
}

int
mapfile_parse(const char *buf, size_t len, const struct buddyinfo *bi,
    const struct zoneinfo *zi, const struct pagetypeinfo *pti, struct map *m,
    struct memcg *cg, unsigned long *page_size, struct ferr *e)
{
	uint64_t v = 0, version = 0, order = 0, norders = 0, balloon = 0,
	    head_only = 0, buddy = 0;
	struct cursor c;
	int rc;

	memset(m, 0, sizeof(*m));
	memset(&c, 0, sizeof(c));
	c.zi = zi;
	lines_init(&c.ls, buf, len);
	if (header(&c, "fragstat-map", 0, UINT64_MAX, &version, e) != 0)
		goto fail;
	if (version < MAPFILE_VERSION_MIN || version > MAPFILE_VERSION) {
		ferr_set(e, c.ls.no, "format version %" PRIu64 ": this fragstat "
		    "reads versions %d to %d", version, MAPFILE_VERSION_MIN,
		    MAPFILE_VERSION);
		goto fail;
	}
	if (header(&c, "page_size", PAGEORDER_PAGE_MIN, PAGEORDER_PAGE_MAX, &v,
	    e) != 0)
		goto fail;
	/* In range, so only a power of two is left to refuse. */
	if (!pageorder_page_ok(v)) {
		ferr_set(e, c.ls.no, "page_size is not a power of two");
		goto fail;
	}
	*page_size = (unsigned long)v;
	if (header(&c, "pageblock_order", 0, MAP_MAX_PAGEBLOCK_ORDER, &order,
	    e) != 0 || header(&c, "orders", bi->norders, bi->norders, &norders,
	    e) != 0)
		goto fail;
	if (order >= norders) {
		ferr_set(e, c.ls.no, "the pageblock order is not below the "
		    "%u orders", (unsigned)norders);
		goto fail;
	}
	/* A smaller one would make the zones' pageblocks many more. */
	if (pti != NULL && order != pti->pageblock_order) {
		ferr_set(e, c.ls.no, "pageblock_order %u, but the capture's "
		    "pagetypeinfo says %u: not this capture's map",
		    (unsigned)order, pti->pageblock_order);
		goto fail;
	}
	if (header(&c, "balloon", 0, 1, &balloon, e) != 0 ||
	    header(&c, "buddy_head_only", 0, 1, &head_only, e) != 0 ||
	    header(&c, "buddy_pages", 0, UINT64_MAX, &buddy, e) != 0 ||
	    (version == 2 && header(&c, "nr_free_pages", 0, UINT64_MAX, &v,
	    e) != 0))
		goto fail;
	if (map_start(m, bi->nzones, (unsigned)order, (unsigned)norders,
	    e) != 0)
		goto fail;
	m->balloon = balloon;
	m->buddy_head_only = head_only;
	m->buddy_pages = buddy;
	if (zones(&c, bi, m, cg, e) != 0)
		goto fail;
	if ((rc = lines_next(&c.ls, &c.s, &c.n, e)) == 0)
		return 0;
	if (rc > 0)
		ferr_set(e, c.ls.no, "a line after 'end'");
fail:
	map_free(m);
	memcg_free(cg);
	return -1;
}

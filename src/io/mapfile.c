/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mapfile.c - the map a capture stores: pageblock counts, run-length encoded (format in mapfile.h) */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "mapfile.h"
#include "pageorder.h"
#include "slurp.h"
#include "text.h"

/*
 * The format's version, and the oldest the parser reads: version 2 also
 * stored nr_free_pages, the zones' free pages added up, which the parser
 * skips and adds up itself; version 4 added the folio census.
 */
#define MAPFILE_VERSION		4
#define MAPFILE_VERSION_MIN	2

/* Returns whether pageblocks A and B hold the same counts. */
static bool
same_block(const struct map_block *a, const struct map_block *b)
{
	return memcmp(a->n, b->n, sizeof(a->n)) == 0 &&
	    memcmp(a->pin, b->pin, sizeof(a->pin)) == 0;
}

/* Write the path P, bytes that would split a line or a field as "\ooo". */
static void
write_path(FILE *fp, const char *p)
{
	const unsigned char *u = (const unsigned char *)p;

	for (; *u; u++)
		if (*u <= ' ' || *u >= 0x7f || *u == '\\')
			fprintf(fp, "\\%03o", *u);
		else
			putc(*u, fp);
}

/* Write CG's groups and charges: the cgroups section. */
static void
write_cgroups(FILE *fp, const struct memcg *cg)
{
	const struct memcg_charge *c;
	size_t i;
	unsigned j;

	fprintf(fp, "cgroups %zu %zu\n", cg->ngroups, cg->ncharges);
	for (i = 0; i < cg->ngroups; i++) {
		fprintf(fp, "cgroup %" PRIu64 " ", cg->groups[i].ino);
		if (cg->groups[i].path)
			write_path(fp, cg->groups[i].path);
		else
			putc('?', fp);
		putc('\n', fp);
	}
	for (i = 0; i < cg->ncharges; i++) {
		c = &cg->charges[i];
		fprintf(fp, "%" PRIu32 " %" PRIu32 " %" PRIu32, c->zone,
		    c->block, c->group);
		/* As many counts as charge_line() reads: one per class. */
		for (j = 0; j < MEMCG_NCLASSES; j++)
			fprintf(fp, " %u", (unsigned)c->n[j]);
		putc('\n', fp);
	}
}

/* Write zone Z's folio census, when read: "folios N", then N "folio KIND ORDER COUNT". */
static void
write_folios(FILE *fp, const struct map_zone *z)
{
	unsigned k, o, n = 0;

	if (!z->have_folios)
		return;
	for (k = 0; k < MAP_NFOLIOS; k++)
		for (o = 0; o < FRAG_MAX_ORDERS; o++)
			n += z->folios[k][o] != 0;
	fprintf(fp, "folios %u\n", n);
	for (k = 0; k < MAP_NFOLIOS; k++)
		for (o = 0; o < FRAG_MAX_ORDERS; o++)
			if (z->folios[k][o])
				fprintf(fp, "folio %s %u %" PRIu64 "\n",
				    map_folio_name((enum map_folio)k), o,
				    z->folios[k][o]);
}

void
mapfile_write(FILE *fp, const struct map *m, const struct memcg *cg,
    unsigned long page_size)
{
	const struct map_zone *z;
	const struct map_block *b;
	size_t i, k, run;
	unsigned c;

	fprintf(fp, "fragstat-map %d\npage_size %lu\npageblock_order %u\n"
	    "orders %u\nballoon %d\nbuddy_head_only %d\nbuddy_pages %" PRIu64
	    "\n", MAPFILE_VERSION, page_size, m->pageblock_order, m->norders,
	    m->balloon, m->buddy_head_only, m->buddy_pages);
	for (i = 0; i < m->nzones; i++) {
		z = &m->zones[i];
		fprintf(fp, "zone %u %s start_pfn %" PRIu64 " spanned %" PRIu64
		    " free %" PRIu64 " pcp %" PRIu64 "\n", z->node, z->name,
		    z->start_pfn, z->spanned, z->free_pages, z->pcp_free);
		for (k = 0; k < z->nblocks; k += run) {
			b = &z->blocks[k];
			for (run = 1; k + run < z->nblocks &&
			    same_block(b, &z->blocks[k + run]); run++)
				;
			fprintf(fp, "%zu", run);
			for (c = 0; c < MAP_NCLASSES; c++)
				fprintf(fp, " %u", (unsigned)b->n[c]);
			for (c = 0; c < MAP_NPINS; c++)
				fprintf(fp, " %u", (unsigned)b->pin[c]);
			fputc('\n', fp);
		}
		write_folios(fp, z);
	}
	if (cg && cg->read)
		write_cgroups(fp, cg);
	fputs("end\n", fp);
}

/* The parser's place: the lines, and the one being read. */
struct cursor {
	struct lines	 ls;
	const char	*s;
	size_t		 n;
	struct tok	 t[16];
	size_t		 nt;
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
 * (start_pfn spanned free pcp) with its value; zone_line() reads it and
 * zone_blocks() looks ahead at it.
 */
#define ZONE_NODE	1
#define ZONE_NAME	2
#define ZONE_NKEYS	4
#define ZONE_KEY(k)	(3 + 2 * (k))		/* the token of key K */
#define ZONE_VALUE(k)	(ZONE_KEY(k) + 1)	/* and of its value */
#define ZONE_TOKENS	ZONE_KEY(ZONE_NKEYS)
#define ZONE_START	0			/* the key start_pfn */
#define ZONE_SPANNED	1			/* the key spanned */

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

	if (c->nt != 3 || number(c, 1, "cgroups", 0, UINT32_MAX, &ng, e) ||
	    number(c, 2, "charges", 0, UINT64_MAX, &nc, e))
		return c->nt != 3 ? ferr_set(e, c->ls.no, "not 'cgroups "
		    "GROUPS CHARGES'") : -1;
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
	if (number(c, 1, "folios", 0, MAP_NFOLIOS * FRAG_MAX_ORDERS, &n,
	    e) != 0)
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
    struct map *m, struct memcg *cg, unsigned long *page_size,
    struct ferr *e)
{
	uint64_t v = 0, version = 0, order = 0, norders = 0, balloon = 0,
	    head_only = 0, buddy = 0;
	struct cursor c;
	int rc;

	memset(m, 0, sizeof(*m));
	memset(&c, 0, sizeof(c));
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
#define MAPFILE_PATH_MAX	4096
#define MAPFILE_CGROUP_MAX	(MAPFILE_PATH_MAX * 4 + 32)
#define MAPFILE_CHARGE_MAX	64
/* The most memory cgroups: their ids are 16 bits (MEM_CGROUP_ID_MAX). */
#define MAPFILE_MOST_CGROUPS	65536

/* What the lines of a map file read so far allow: its zones' pageblocks. */
struct maplimit {
	size_t		 seen;		/* bytes of whole lines looked at */
	size_t		 zones, most_zones;
	unsigned	 pageblock_order;
	uint64_t	 blocks;	/* the zones' pageblocks, up to MAP_MAX_BLOCKS */
	uint64_t	 groups, charges; /* the cgroups line's, bounded */
};

/* Returns how many pageblocks the zone line T (NT tokens) spans at order O; 0 when it is no zone line. */
static uint64_t
zone_blocks(const struct tok *t, size_t nt, unsigned o)
{
	uint64_t start, spanned;

	if (nt != ZONE_TOKENS || !tok_is(&t[0], "zone") ||
	    num_u64(&t[ZONE_VALUE(ZONE_START)], &start) != 0 ||
	    num_u64(&t[ZONE_VALUE(ZONE_SPANNED)], &spanned) != 0)
		return 0;
	/* As the parser counts them; past MAP_MAX_BLOCKS it refuses the zone. */
	return map_span_blocks(start, spanned, o);
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
	struct tok t[12];
	uint64_t v, nb;
	size_t nt;

	while ((nl = memchr(buf + l->seen, '\n', len - l->seen)) != NULL) {
		nt = tok_split(buf + l->seen, (size_t)(nl - buf - l->seen), t,
		    sizeof(t) / sizeof(t[0]));
		l->seen = (size_t)(nl - buf) + 1;
		if (nt == 2 && tok_is(&t[0], "pageblock_order") &&
		    num_u64(&t[1], &v) == 0 && v <= MAP_MAX_PAGEBLOCK_ORDER)
			l->pageblock_order = (unsigned)v;
		else if (l->zones < l->most_zones &&
		    (nb = zone_blocks(t, nt, l->pageblock_order)) > 0) {
			l->zones++;
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
	return MAPFILE_HEAD_MAX + l->most_zones * MAPFILE_ZONE_MAX +
	    (size_t)l->blocks * MAPFILE_BLOCK_MAX + (size_t)l->groups *
	    MAPFILE_CGROUP_MAX + (size_t)l->charges * MAPFILE_CHARGE_MAX;
}

int
mapfile_load(const char *path, const struct inputs *in, struct map *m,
    struct memcg *cg, unsigned long *page_size, struct ferr *e)
{
	struct maplimit l;
	struct slurp s;
	int rc;

	memset(m, 0, sizeof(*m));
	memset(&l, 0, sizeof(l));
	l.most_zones = in->bi.nzones;
	ferr_keep_path(e, path);
	/* Not the kernel files' cap: 2 TiB of 2 MiB pageblocks pass 16 MiB. */
	if (slurp_read_limit(e->path, &s, map_limit, &l, e) != 0)
		return -1;
	rc = mapfile_parse(s.buf, s.len, &in->bi, m, cg, page_size, e);
	slurp_free(&s);
	return rc;
}

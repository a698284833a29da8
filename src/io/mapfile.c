/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mapfile.c - the map a capture stores: pageblock counts, run-length encoded (format in mapfile.h) */
#include "config.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "mapfile.h"
#include "slurp.h"
#include "text.h"

/* The format's version: a parser refuses any other. */
#define MAPFILE_VERSION	1

/* Returns whether pageblocks A and B hold the same counts. */
static bool
same_block(const struct map_block *a, const struct map_block *b)
{
	return memcmp(a->n, b->n, sizeof(a->n)) == 0;
}

void
mapfile_write(FILE *fp, const struct map *m, unsigned long page_size)
{
	const struct map_zone *z;
	const struct map_block *b;
	size_t i, k, run;
	unsigned c;

	fprintf(fp, "fragstat-map %d\npage_size %lu\npageblock_order %u\n"
	    "orders %u\nballoon %d\nbuddy_head_only %d\nbuddy_pages %" PRIu64
	    "\nnr_free_pages %" PRIu64 "\n", MAPFILE_VERSION, page_size,
	    m->pageblock_order, m->norders, m->balloon, m->buddy_head_only,
	    m->buddy_pages, m->nr_free_pages);
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
			fputc('\n', fp);
		}
	}
	fputs("end\n", fp);
}

/* The parser's place: the lines, and the one being read. */
struct cursor {
	struct lines	 ls;
	const char	*s;
	size_t		 n;
	struct tok	 t[12];
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
		return num_error(e, c->ls.no, &c->t[t], rc, what);
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
 * Read C's zone line for Z of M, which buddyinfo lists as B, and set Z's
 * span. Returns 0 or -1 with E set.
 */
static int
zone_line(struct cursor *c, const struct map *m, const struct bzone *b,
    struct map_zone *z, struct ferr *e)
{
	static const char *const keys[4] = { "start_pfn", "spanned", "free",
	    "pcp" };
	uint64_t v[4], node, pb = (uint64_t)1 << m->pageblock_order, end;
	size_t i;

	if (c->nt != 11 || !tok_is(&c->t[0], "zone"))
		return ferr_set(e, c->ls.no, "not 'zone NODE NAME start_pfn N "
		    "spanned N free N pcp N'");
	if (number(c, 1, "node", 0, UINT32_MAX, &node, e) != 0)
		return -1;
	if (node != b->node || !tok_is(&c->t[2], b->name))
		return ferr_set(e, c->ls.no, "buddyinfo lists node %u, zone %s "
		    "here", b->node, b->name);
	for (i = 0; i < 4; i++) {
		if (!tok_is(&c->t[3 + 2 * i], keys[i]))
			return ferr_set(e, c->ls.no, "'%s' expected in field %zu",
			    keys[i], 4 + 2 * i);
		if (number(c, 4 + 2 * i, keys[i], 0, UINT64_MAX, &v[i], e) != 0)
			return -1;
	}
	if (v[0] > UINT64_MAX - pb || v[1] > UINT64_MAX - pb - v[0])
		return ferr_set(e, c->ls.no, "the span ends beyond 64 bits");
	z->node = b->node;
	memcpy(z->name, b->name, sizeof(z->name));
	z->start_pfn = v[0];
	z->spanned = v[1];
	z->free_pages = v[2];
	z->pcp_free = v[3];
	z->first_block = z->start_pfn >> m->pageblock_order;
	end = z->start_pfn + z->spanned;
	if (((end + pb - 1) >> m->pageblock_order) - z->first_block >
	    MAP_MAX_BLOCKS)
		return ferr_set(e, c->ls.no, "the zone spans more than %" PRIu64
		    " pageblocks", MAP_MAX_BLOCKS);
	z->nblocks = z->spanned == 0 ? 0 : (size_t)(((end + pb - 1) >>
	    m->pageblock_order) - z->first_block);
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
	static const char *const what[1 + MAP_NCLASSES] = { "repeat", "free",
	    "movable", "unmovable", "ambiguous", "hole" };
	uint64_t pb = (uint64_t)1 << m->pageblock_order, v, sum, outside;
	struct map_block b;
	size_t k = 0, i;
	unsigned j;

	while (k < z->nblocks) {
		if (next(c, "the zone's last pageblock", e) != 0)
			return -1;
		if (c->nt != 1 + MAP_NCLASSES)
			return ferr_set(e, c->ls.no, "not 'REPEAT FREE MOVABLE "
			    "UNMOVABLE AMBIGUOUS HOLE' (node %u, zone %s has %zu "
			    "pageblocks, %zu so far)", z->node, z->name,
			    z->nblocks, k);
		memset(&b, 0, sizeof(b));
		for (j = 1, sum = 0; j <= MAP_NCLASSES; j++) {
			if (number(c, j, what[j], 0, pb, &v, e) != 0)
				return -1;
			b.n[j - 1] = (uint16_t)v;
			sum += v;
		}
		if (sum != pb)
			return ferr_set(e, c->ls.no, "the pages add up to %" PRIu64
			    ", not the pageblock's %" PRIu64, sum, pb);
		if (number(c, 0, what[0], 1, z->nblocks - k, &v, e) != 0)
			return -1;
		for (i = 0; i < v; i++)
			blocks[k++] = b;
	}
	/* The pages of the end pageblocks outside the zone are holes. */
	outside = z->start_pfn - z->first_block * pb;
	if (z->nblocks > 0 && blocks[0].n[MAP_HOLE] < outside)
		return ferr_set(e, c->ls.no, "node %u, zone %s: its first "
		    "pageblock has %u hole pages, fewer than the %" PRIu64
		    " before start_pfn", z->node, z->name,
		    (unsigned)blocks[0].n[MAP_HOLE], outside);
	outside = z->nblocks == 0 ? 0 : (z->first_block + z->nblocks) * pb -
	    z->start_pfn - z->spanned + (z->nblocks == 1 ? outside : 0);
	if (z->nblocks > 0 && blocks[z->nblocks - 1].n[MAP_HOLE] < outside)
		return ferr_set(e, c->ls.no, "node %u, zone %s: its last "
		    "pageblock has %u hole pages, fewer than the %" PRIu64
		    " outside the zone", z->node, z->name,
		    (unsigned)blocks[z->nblocks - 1].n[MAP_HOLE], outside);
	return 0;
}

/* Read the zones of BI with their pageblocks from C into M. Returns 0 or -1 with E set. */
static int
zones(struct cursor *c, const struct buddyinfo *bi, struct map *m,
    struct ferr *e)
{
	struct map_block *nb;
	uint64_t free_sum = 0;
	size_t i, total = 0;

	if ((m->zones = calloc(bi->nzones + 1, sizeof(*m->zones))) == NULL)
		return ferr_set(e, 0, "out of memory");
	m->nzones = bi->nzones;
	for (i = 0; i < m->nzones; i++) {
		if (next(c, "a zone line for each buddyinfo zone", e) != 0 ||
		    zone_line(c, m, &bi->zones[i], &m->zones[i], e) != 0)
			return -1;
		if (m->zones[i].nblocks > MAP_MAX_BLOCKS - total)
			return ferr_set(e, c->ls.no, "the zones span more than %"
			    PRIu64 " pageblocks", MAP_MAX_BLOCKS);
		if ((nb = realloc(m->blocks, (total + m->zones[i].nblocks + 1) *
		    sizeof(*nb))) == NULL)
			return ferr_set(e, 0, "out of memory");
		m->blocks = nb;
		if (block_lines(c, m, &m->zones[i], m->blocks + total, e) != 0)
			return -1;
		total += m->zones[i].nblocks;
		if (m->zones[i].free_pages > UINT64_MAX - free_sum)
			return ferr_set(e, c->ls.no, "free pages add up to more "
			    "than 64 bits");
		free_sum += m->zones[i].free_pages;
	}
	for (i = 0, total = 0; i < m->nzones; total += m->zones[i++].nblocks)
		m->zones[i].blocks = m->blocks + total;
	if (next(c, "'end'", e) != 0)
		return -1;
	if (c->nt != 1 || !tok_is(&c->t[0], "end"))
		return ferr_set(e, c->ls.no, "not 'end': more pageblocks than "
		    "the last zone spans, or more zones than buddyinfo's %zu",
		    bi->nzones);
	if (free_sum != m->nr_free_pages)
		return ferr_set(e, c->ls.no, "the zones' free pages add up to %"
		    PRIu64 ", not nr_free_pages %" PRIu64, free_sum,
		    m->nr_free_pages);
	return 0;
}

int
mapfile_parse(const char *buf, size_t len, const struct buddyinfo *bi,
    struct map *m, unsigned long *page_size, struct ferr *e)
{
	struct cursor c;
	uint64_t v = 0;
	int rc;

	memset(m, 0, sizeof(*m));
	memset(&c, 0, sizeof(c));
	lines_init(&c.ls, buf, len);
	if (header(&c, "fragstat-map", 0, UINT64_MAX, &v, e) != 0)
		goto fail;
	if (v != MAPFILE_VERSION) {
		ferr_set(e, c.ls.no, "format version %" PRIu64 ": this fragstat "
		    "reads version %d", v, MAPFILE_VERSION);
		goto fail;
	}
	if (header(&c, "page_size", 512, 1u << 24, &v, e) != 0)
		goto fail;
	if ((v & (v - 1)) != 0) {
		ferr_set(e, c.ls.no, "page_size is not a power of two");
		goto fail;
	}
	*page_size = (unsigned long)v;
	if (header(&c, "pageblock_order", 0, MAP_MAX_PAGEBLOCK_ORDER, &v, e))
		goto fail;
	m->pageblock_order = (unsigned)v;
	if (header(&c, "orders", bi->norders, bi->norders, &v, e) != 0)
		goto fail;
	m->norders = (unsigned)v;
	if (m->pageblock_order >= m->norders) {
		ferr_set(e, c.ls.no, "the pageblock order is not below the "
		    "%u orders", m->norders);
		goto fail;
	}
	if (header(&c, "balloon", 0, 1, &v, e) != 0)
		goto fail;
	m->balloon = v;
	if (header(&c, "buddy_head_only", 0, 1, &v, e) != 0)
		goto fail;
	m->buddy_head_only = v;
	if (header(&c, "buddy_pages", 0, UINT64_MAX, &m->buddy_pages, e) != 0 ||
	    header(&c, "nr_free_pages", 0, UINT64_MAX, &m->nr_free_pages,
	    e) != 0 || zones(&c, bi, m, e) != 0)
		goto fail;
	if ((rc = lines_next(&c.ls, &c.s, &c.n, e)) == 0)
		return 0;
	if (rc > 0)
		ferr_set(e, c.ls.no, "a line after 'end'");
fail:
	map_free(m);
	return -1;
}

/*
 * The longest lines a map file holds: the 8 header lines and 'end', a
 * zone line (two 20-digit numbers, a name, four 20-digit counts), and a
 * pageblock line (a repeat below 2^26, five counts up to 2^15).
 */
#define MAPFILE_HEAD_MAX	512
#define MAPFILE_ZONE_MAX	192
#define MAPFILE_BLOCK_MAX	40

/* What the lines of a map file read so far allow: its zones' pageblocks. */
struct maplimit {
	size_t		 seen;		/* bytes of whole lines looked at */
	size_t		 zones, most_zones;
	unsigned	 pageblock_order;
	uint64_t	 blocks;	/* the zones' pageblocks, up to MAP_MAX_BLOCKS */
};

/* Returns how many pageblocks the zone line T (NT tokens) spans at order O; 0 when it is no zone line. */
static uint64_t
zone_blocks(const struct tok *t, size_t nt, unsigned o)
{
	uint64_t start, spanned, pb = (uint64_t)1 << o;

	if (nt != 11 || !tok_is(&t[0], "zone") || num_u64(&t[4], &start) != 0 ||
	    num_u64(&t[6], &spanned) != 0 || spanned == 0)
		return 0;
	/* As zone_line() counts them; past 64 bits the parser refuses it. */
	if (start > UINT64_MAX - pb || spanned > UINT64_MAX - pb - start)
		return MAP_MAX_BLOCKS;
	return ((start + spanned + pb - 1) >> o) - (start >> o);
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
		}
	}
	return MAPFILE_HEAD_MAX + l->most_zones * MAPFILE_ZONE_MAX +
	    (size_t)l->blocks * MAPFILE_BLOCK_MAX;
}

int
mapfile_load(const char *path, const struct inputs *in, struct map *m,
    unsigned long *page_size, struct ferr *e)
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
	rc = mapfile_parse(s.buf, s.len, &in->bi, m, page_size, e);
	slurp_free(&s);
	return rc;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* zoneinfo.c - parse /proc/zoneinfo (zoneinfo_show_print() in mm/vmstat.c) */
#include "config.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "text.h"
#include "zonehead.h"
#include "zoneinfo.h"

#define MAX_TOKS	(4 + FRAG_MAX_NODE_ZONES)

/* A "key value" line of a zone that fragstat keeps. */
static const struct field {
	struct tok	 key;
	unsigned	 bit;
	size_t		 off;
} fields[] = {
	{ TOK("min"),		ZI_MIN,		offsetof(struct zizone, min) },
	{ TOK("low"),		ZI_LOW,		offsetof(struct zizone, low) },
	{ TOK("high"),		ZI_HIGH,	offsetof(struct zizone, high) },
	{ TOK("boost"),		ZI_BOOST,	offsetof(struct zizone, boost) },
	{ TOK("promo"),		ZI_PROMO,	offsetof(struct zizone, promo) },
	{ TOK("spanned"),	ZI_SPANNED,	offsetof(struct zizone, spanned) },
	{ TOK("present"),	ZI_PRESENT,	offsetof(struct zizone, present) },
	{ TOK("managed"),	ZI_MANAGED,	offsetof(struct zizone, managed) },
	{ TOK("cma"),		ZI_CMA,		offsetof(struct zizone, cma) },
	{ TOK("nr_free_cma"),	ZI_FREE_CMA,	offsetof(struct zizone, free_cma) },
	{ TOK("nr_free_pages_blocks"), ZI_FREE_BLOCKS,
	    offsetof(struct zizone, free_blocks) },
	{ TOK("start_pfn:"),	ZI_START_PFN,	offsetof(struct zizone, start_pfn) },
};

/* The kernel's names of enum zi_stat, in its order. */
static const struct tok stat_names[ZI_NSTATS] = {
	TOK("nr_zone_inactive_anon"), TOK("nr_zone_active_anon"),
	TOK("nr_zone_inactive_file"), TOK("nr_zone_active_file"),
	TOK("nr_zone_unevictable"), TOK("nr_zspages"), TOK("nr_unaccepted"),
	TOK("nr_isolated_anon"), TOK("nr_isolated_file"),
	TOK("nr_slab_reclaimable"), TOK("nr_slab_unreclaimable"),
	TOK("nr_kernel_stack"), TOK("nr_page_table_pages"),
	TOK("nr_sec_page_table_pages"), TOK("nr_iommu_pages"),
	TOK("nr_hugetlb"), TOK("nr_balloon_pages"),
	TOK("nr_zone_write_pending"),
};

/*
 * Store line L's counter T[0] with value T[1] in Z when it is one of
 * enum zi_stat. Returns 0 or -1 with E set.
 */
static int
stat_line(struct zizone *z, const struct tok *t, unsigned long l,
    struct ferr *e)
{
	unsigned i;
	int rc;

	for (i = 0; i < ZI_NSTATS; i++) {
		if (!tok_eq(&t[0], &stat_names[i]))
			continue;
		if (z->have_stat & (1u << i))
			return ferr_set(e, l, "second '%s' line in node %u, "
			    "zone %s", stat_names[i].s, z->node, z->name);
		if ((rc = num_u64(&t[1], &z->stat[i])) != 0)
			return num_error(e, l, &t[1], rc, 10, stat_names[i].s);
		z->have_stat |= 1u << i;
		return 0;
	}
	return 0;	/* per-node stats, vmstat items, pagesets: not needed */
}

/* Store the number token V as field BIT at OFF of Z. Returns 0 or -1 with E set. */
static int
set(struct zizone *z, unsigned bit, size_t off, const struct tok *v,
    const char *key, unsigned long l, struct ferr *e)
{
	int rc;

	if (z->have & bit)
		return ferr_set(e, l, "second '%s' line in node %u, zone %s",
		    key, z->node, z->name);
	if ((rc = num_u64(v, (uint64_t *)(void *)((char *)z + off))) != 0)
		return num_error(e, l, v, rc, 10, key);
	z->have |= bit;
	return 0;
}

/* Parse "protection: (a, b, ...)" tokens into Z. Returns 0 or -1 with E set. */
static int
protection(struct zizone *z, const struct tok *t, size_t nt, unsigned long l,
    struct ferr *e)
{
	struct tok v;
	size_t i;
	int rc;

	if (z->have & ZI_PROTECTION)
		return ferr_set(e, l, "second 'protection:' line");
	/* One value per zone of the node: lowmem_reserve[MAX_NR_ZONES]. */
	if (nt < 2 || nt - 1 > FRAG_MAX_NODE_ZONES)
		return ferr_set(e, l, "expected 'protection: (N, ...)' with 1 "
		    "to %d values", FRAG_MAX_NODE_ZONES);
	for (i = 1; i < nt; i++) {
		v = t[i];
		if (i == 1) {
			if (v.n == 0 || v.s[0] != '(')
				return ferr_set(e, l, "expected '(' after "
				    "'protection:'");
			v.s++;
			v.n--;
		}
		if (!tok_chop(&v, i + 1 == nt ? ')' : ','))
			return ferr_set(e, l, "expected '%c' after protection "
			    "value %zu", i + 1 == nt ? ')' : ',', i);
		if ((rc = num_u64(&v, &z->protection[i - 1])) != 0)
			return num_error(e, l, &v, rc, 10, "protection value");
	}
	z->nprotection = (unsigned)(nt - 1);
	z->have |= ZI_PROTECTION;
	return 0;
}

/*
 * Add one CPU's "count:" V (pages on its per-CPU free lists, under
 * "pagesets") to Z. Returns 0 or -1 with E set for line L.
 */
static int
pcp_count(struct zizone *z, const struct tok *v, unsigned long l,
    struct ferr *e)
{
	uint64_t n;
	int rc;

	if ((rc = num_u64(v, &n)) != 0)
		return num_error(e, l, v, rc, 10, "per-CPU count");
	if (n > UINT64_MAX - z->pcp)
		return ferr_set(e, l, "per-CPU counts of node %u, zone %s add "
		    "up to more than 64 bits", z->node, z->name);
	z->pcp += n;
	z->have |= ZI_PCP;
	return 0;
}

/*
 * Add Z's present pages to its node's sum in NODE_PRESENT. Returns 0, or
 * -1 with E set for line L when the sum plus one does not fit in 64 bits:
 * kcompactd divides by node_present_pages + 1.
 */
static int
add_present(uint64_t *node_present, const struct zizone *z, unsigned long l,
    struct ferr *e)
{
	uint64_t *sum = &node_present[z->node];

	if (z->present >= UINT64_MAX - *sum)
		return ferr_set(e, l, "present pages of node %u add up to more "
		    "than 64 bits", z->node);
	*sum += z->present;
	return 0;
}

/* Returns 0 with line L applied to the last zone of ZI, or -1 with E set. */
static int
zone_line(struct zoneinfo *zi, uint64_t *node_present, const struct tok *t,
    size_t nt, unsigned long l, struct ferr *e)
{
	struct zizone *z = &zi->zones[zi->nzones - 1];
	size_t i;

	if (nt == 3 && tok_is(&t[0], "pages") && tok_is(&t[1], "free"))
		return set(z, ZI_FREE, offsetof(struct zizone, free), &t[2],
		    "pages free", l, e);
	if (tok_is(&t[0], "protection:"))
		return protection(z, t, nt, l, e);
	if (nt == 2 && tok_is(&t[0], "count:"))
		return pcp_count(z, &t[1], l, e);
	if (nt != 2)
		return 0;
	for (i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		if (!tok_eq(&t[0], &fields[i].key))
			continue;
		if (set(z, fields[i].bit, fields[i].off, &t[1], fields[i].key.s,
		    l, e) != 0)
			return -1;
		return fields[i].bit == ZI_PRESENT ?
		    add_present(node_present, z, l, e) : 0;
	}
	return stat_line(z, t, l, e);
}

/*
 * Returns the first line zoneinfo_show_print() prints for every zone (and,
 * for a zone with present pages, start_pfn after its per-CPU lists) that Z
 * lacks, in the kernel's order, or NULL when Z has them all: from 2.6.16
 * to 6.18 each release prints these, whatever else it adds.
 */
static const char *
zone_lacks(const struct zizone *z)
{
	if (!(z->have & ZI_FREE))
		return "pages free";
	if (!(z->have & ZI_MIN))
		return "min";
	if (!(z->have & ZI_LOW))
		return "low";
	if (!(z->have & ZI_HIGH))
		return "high";
	if (!(z->have & ZI_SPANNED))
		return "spanned";
	if (!(z->have & ZI_PRESENT))
		return "present";
	if (!(z->have & ZI_PROTECTION))
		return "protection:";
	if (z->present > 0 && !(z->have & ZI_START_PFN))
		return "start_pfn:";
	return NULL;
}

/*
 * Returns 0 when BUF (LEN bytes) ends with a newline, or with a whole
 * protection line, which its ')' closes: a transcription that lost the
 * last newline (node_exporter's fixture) loses nothing. Else -1 with E set.
 */
static int
file_whole(const char *buf, size_t len, struct ferr *e)
{
	const char *last = buf + len;
	struct tok t;

	if (len == 0 || buf[len - 1] == '\n')
		return 0;
	while (last > buf && last[-1] != '\n')
		last--;
	t.s = last;
	t.n = (size_t)(buf + len - last);
	while (t.n > 0 && t.s[0] == ' ') {
		t.s++;
		t.n--;
	}
	if (t.n > 13 && memcmp(t.s, "protection: (", 13) == 0 &&
	    t.s[t.n - 1] == ')')
		return 0;
	return lines_whole(buf, len, lines_count(buf, len), e);
}

/* Returns 0 with a zone "Node N, zone NAME" appended to ZI, or -1 with E set. */
static int
new_zone(struct zoneinfo *zi, struct zoneset *zs, const struct tok *t,
    unsigned long l, struct ferr *e)
{
	struct zizone z, *nz;

	memset(&z, 0, sizeof(z));
	if (zonehead_parse(t, '\0', &z.node, z.name, l, e) != 0)
		return -1;
	z.index = zs->count[z.node];
	if (zoneset_claim(zs, z.node, z.name, l, e) != 0)
		return -1;
	z.line = l;
	if ((nz = grow_room(zi->zones, &zi->zones_cap, zi->nzones, sizeof(*nz),
	    SIZE_MAX)) == NULL)
		return ferr_set(e, l, "out of memory");
	zi->zones = nz;
	zi->zones[zi->nzones++] = z;
	zi->dma |= strcmp(z.name, "DMA") == 0;
	zi->dma32 |= strcmp(z.name, "DMA32") == 0;
	return 0;
}

int
zoneinfo_parse(const char *buf, size_t len, struct zoneinfo *zi,
    struct ferr *e)
{
	uint64_t node_present[FRAG_MAX_NODES];
	struct tok t[MAX_TOKS + 1];
	struct zoneset *zs;
	struct lines ls;
	const char *s;
	size_t n, nt;
	int rc;

	memset(zi, 0, sizeof(*zi));
	memset(node_present, 0, sizeof(node_present));
	/* Kept in ZI: its zones are looked up by node and name. */
	if ((zi->set = zs = zoneset_new()) == NULL)
		return ferr_set(e, 0, "out of memory");
	if (file_whole(buf, len, e) != 0) {
		zoneinfo_free(zi);
		return -1;
	}
	lines_init(&ls, buf, len);
	while ((rc = lines_next(&ls, &s, &n, e)) == 1) {
		if ((nt = tok_split(s, n, t, MAX_TOKS)) == 0)
			continue;
		if (nt == 4 && tok_is(&t[0], "Node") && tok_is(&t[2], "zone"))
			rc = new_zone(zi, zs, t, ls.no, e);
		else if (zi->nzones == 0)
			rc = ferr_set(e, ls.no, "expected 'Node N, zone NAME' "
			    "before the zone's fields");
		else
			rc = zone_line(zi, node_present, t, nt, ls.no, e);
		if (rc != 0)
			break;
	}
	if (rc == 0 && zi->nzones == 0)
		rc = ferr_set(e, ls.no ? ls.no : 1, "no zones");

	if (rc != 0) {
		zoneinfo_free(zi);
		return -1;
	}
	zi->lines = ls.no;
	return 0;
}

int
zoneinfo_whole(const struct zoneinfo *zi, struct ferr *e)
{
	const struct zizone *z;
	const char *lacks;
	size_t i;

	for (i = 0; i < zi->nzones; i++) {
		z = &zi->zones[i];
		if ((lacks = zone_lacks(z)) == NULL)
			continue;
		/* Where the zone ends: the next one's head, or the file's end. */
		if (i + 1 < zi->nzones)
			return ferr_set(e, zi->zones[i + 1].line, "node %u, zone "
			    "%s ends before its '%s' line", z->node, z->name,
			    lacks);
		return ferr_set(e, zi->lines, "node %u, zone %s ends before its "
		    "'%s' line: the file is cut short", z->node, z->name,
		    lacks);
	}
	return 0;
}

void
zoneinfo_free(struct zoneinfo *zi)
{
	free(zi->zones);
	zoneset_delete(zi->set);
	memset(zi, 0, sizeof(*zi));
}


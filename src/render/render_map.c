/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_map.c - --map: the compaction ceiling per zone, then what fills the page frames and pageblocks */

#include "config.h"
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "ferr.h"
#include "humanize.h"
#include "jsonw.h"
#include "map.h"
#include "memcg.h"
#include "pins.h"
#include "pollution.h"
#include "render_census.h"
#include "render_json.h"
#include "render_map.h"
#include "render_map_cma.h"
#include "render_map_explain.h"
#include "render_map_folios.h"
#include "render_pollution.h"
#include "render_text.h"
#include "render_unmanaged.h"
#include "report.h"

/* Cgroups in the table; JSON has them all. */
#define TOP_CGROUPS	10
/* Stacks in the table and in JSON. */
#define TOP_OWNERS_TABLE	5
#define TOP_OWNERS_JSON		20

/* Print "NODE ZONE" of Z in the summary's columns. */
static void
zone_label(FILE *fp, const struct map_zone *z)
{
	fprintf(fp, "%4u %-8s", z->node, z->name);
}

/*
 * Print the ceiling line of zone Z of R's map at the N orders O: the
 * suitable blocks buddyinfo shows, the ceiling and its bound.
 */
static void
ceilings(FILE *fp, const struct map_zone *z, const unsigned *o, size_t n)
{
	size_t j;

	zone_label(fp, z);
	for (j = 0; j < n; j++)
		fprintf(fp, "%*" PRIu64 "%9" PRIu64 "  %*s", j ? 12 : 10,
		    z->free_now[o[j]], z->ceiling[o[j]], j + 1 < n ? -8 : 0,
		    z->limited_by[o[j]] == MAP_LIMIT_FREE ? "free mem" :
		    "pinned");
	putc('\n', fp);
}

/* Print the notes on what the map assumed, and on the pins and their owners. */
static void
notes(FILE *fp, const struct report *r)
{
	const struct map *m = r->map;
	char b[48];

	fputs("\nThe ceiling is an upper bound: full compaction makes at "
	    "most that many free\nblocks. It is limited by the blocks that "
	    "hold holes or unmovable pages\n(pinned), or by the zone's free "
	    "memory (free mem: its free and per-CPU\npages). Suitable: the "
	    "free blocks of the order buddyinfo shows, a larger one\ncounted "
	    "as several (at the pageblock order, the summary's free "
	    "pageblocks).\nNeither deducts the watermarks, as the summary's "
	    "free now and after compaction\ndo (allocations that succeed one "
	    "after another): both can be higher.\n", fp);
	fputs("Ambiguous pages carry no telling flag: kernel "
	    "allocations, or pages on the\nper-CPU free lists; blocks "
	    "whose only doubt they are count, fewest first,\nwhile they add "
	    "up to at most the zone's per-CPU free pages.\n", fp);
	if (m->buddy_head_only)
		fprintf(fp, "This kernel flags only a free block's first page "
		    "(BUDDY on %" PRIu64 " of %" PRIu64 " free\npages): the "
		    "unflagged pages after one count as free, an "
		    "over-estimate.\n", m->buddy_pages, m->nr_free_pages);
	if (m->balloon)
		fputs("Balloon pages exist: offline pages count as "
		    "movable.\n", fp);
	if (r->pins)
		fprintf(fp, "A pinned pageblock has no hole and holds unmovable "
		    "or ambiguous pages\n(not admitted as per-CPU free): a "
		    "block with several kinds counts under\neach. Cost: how "
		    "many more free %s blocks the ceiling would allow if\nthat "
		    "kind's pages were movable; kinds overlap, costs do not add "
		    "up.\n", hum_size(b, sizeof(b), (uint64_t)1 <<
		    m->pageblock_order, r->page_size));
	if (r->cg && r->cg->note[0])
		fprintf(fp, "cgroups: %s\n", r->cg->note);
	if (r->owners && r->owners->note[0])
		fprintf(fp, "%s\n", r->owners->note);
}

/*
 * Print P's pinned pageblocks of M: per zone the kinds in them, ranked,
 * with the cost of each, then the few-pinned buckets. Where free memory
 * limits a zone's ceiling no kind has a cost: "-", ranked by pages.
 */
static void
pinned_table(FILE *fp, const struct report *r, const struct pins *p)
{
	const struct map *m = r->map;
	const struct pins_zone *pz;
	unsigned kind[MAP_NPINS];
	char b[48], c[24];
	size_t i, j, n;
	bool unranked = false, free_limited;
	unsigned k;

	hum_size(b, sizeof(b), (uint64_t)1 << m->pageblock_order, r->page_size);
	fprintf(fp, "\nPinned pageblocks (%s) by the kind of page in them\n"
	    "Node Zone     kind        pageblocks      pages     cost\n", b);
	for (i = 0; i < m->nzones; i++) {
		pz = &p->zones[i];
		zone_label(fp, &m->zones[i]);
		fprintf(fp, " %-9s %12" PRIu64 " %10" PRIu64 "\n", "all",
		    pz->blocks, pz->pages);
		free_limited = m->zones[i].limited_by[m->pageblock_order] ==
		    MAP_LIMIT_FREE;
		/* Only the kinds present; JSON lists every one. */
		n = pins_rank_kinds(pz, kind);
		for (j = 0; j < n; j++) {
			k = kind[j];
			snprintf(c, sizeof(c), free_limited ? "-" : "+%" PRIu64,
			    pz->cost[k]);
			fprintf(fp, "%13s %-9s %12" PRIu64 " %10" PRIu64 "%8s%s\n",
			    "", map_pin_name(k), pz->by_kind[k],
			    pz->pages_by_kind[k], "", c);
		}
		unranked = unranked || (free_limited && n > 0);
	}
	if (unranked)
		fputs("Cost -: free memory limits the zone's ceiling, so "
		    "making a kind's pages\nmovable would not raise it; those "
		    "kinds are ranked by their pinned pages\ninstead (the "
		    "pages to move or free to win their pageblocks back).\n",
		    fp);
	fprintf(fp, "\nPinned pageblocks by their pinned pages (few: cheap "
	    "to win back)\nNode Zone              1      2-8     9-64     "
	    "more\n");
	for (i = 0; i < m->nzones; i++) {
		zone_label(fp, &m->zones[i]);
		for (k = 0; k < PINS_NFEW; k++)
			fprintf(fp, "%9" PRIu64, p->zones[i].few[k]);
		putc('\n', fp);
	}
}

/* Print the top cgroups of CG, "-" after them. */
static void
cgroup_table(FILE *fp, const struct memcg *cg)
{
	const struct memcg_group *g;
	size_t i, shown = 0, charged = 0;

	for (i = 0; i < cg->ngroups; i++)
		charged += cg->groups[i].ino != 0;
	fprintf(fp, "\nMemory cgroups by the pageblocks they pin (%zu", charged);
	if (charged > TOP_CGROUPS)
		fprintf(fp, ", the top %d shown", TOP_CGROUPS);
	fputs(")\n  pinned    pinned     movable  cgroup\n"
	    "  blocks     pages    in mixed\n", fp);
	for (i = 0; i < cg->ngroups; i++) {
		g = &cg->groups[cg->rank[i]];
		if (g->ino != 0 && shown++ >= TOP_CGROUPS)
			continue;
		fprintf(fp, "%8" PRIu64 "%10" PRIu64 "%12" PRIu64 "  ",
		    g->pinned_blocks, g->pinned_pages, g->movable_pages);
		if (g->ino == 0)
			fputs("- (uncharged: slab pages, which charge objects "
			    "one by one, and the kernel's own)\n", fp);
		else if (g->path) {
			/* A directory's name: any user who may make one chose it. */
			esc_text(fp, g->path);
			putc('\n', fp);
		}
		else
			fprintf(fp, "(inode %" PRIu64 ")\n", g->ino);
	}
}

/* Print the top stacks of OW. */
static void
owner_table(FILE *fp, const struct owners *ow)
{
	const char *s;
	size_t i, n;

	fprintf(fp, "\nAllocating stacks of the pinning pages (page_owner: %"
	    PRIu64 " of %" PRIu64 " allocations pin, from %zu stacks",
	    ow->pinning, ow->records, ow->n);
	if (ow->n > TOP_OWNERS_TABLE)
		fprintf(fp, ", the top %d shown", TOP_OWNERS_TABLE);
	fputs(")\n", fp);
	for (i = 0; i < ow->n && i < TOP_OWNERS_TABLE; i++) {
		fprintf(fp, "%8" PRIu64 " pinned blocks, %" PRIu64 " pages:\n",
		    ow->o[i].pinned_blocks, ow->o[i].pinned_pages);
		for (s = ow->o[i].stack; *s; s += n + (s[n] == '\n')) {
			n = strcspn(s, "\n");
			fprintf(fp, "          %.*s\n", (int)n, s);
		}
	}
}

/*
 * Print the line on memory present but not managed, and what the map
 * takes as not initialised. Returns whether some zone has such pageblocks.
 */
static bool
unmanaged_note(FILE *fp, const struct report *r)
{
	const struct map *m = r->map;
	struct render_sentence t = { 0 };
	const char *label;
	size_t i;

	if (render_unmanaged_sentence(&t, r, &label)) {
		putc('\n', fp);
		render_said(&t, fp, label);
	}
	for (i = 0; i < m->nzones; i++)
		if (m->zones[i].uninit_pages > 0)
			break;
	if (i == m->nzones)
		return false;
	render_fold(fp, "Not initialised (uninit):", "a zone's last "
	    "pageblocks whose frames carry no flag, up to the pages zoneinfo "
	    "says are present but not yet initialised. /proc/kpageflags reads "
	    "an uninitialised struct page as a flagless kernel page: the split "
	    "is fragstat's, by place and count, and no kind pins them.");
	return true;
}

/*
 * Print the compaction ceiling per zone at the pageblock order (huge
 * pages, --advise's) and at the largest order.
 */
static void
ceiling_table(FILE *fp, const struct report *r)
{
	const struct map *m = r->map;
	char b[48], sz[32];
	unsigned o[2];
	size_t i, k, n = 0;

	o[n++] = m->pageblock_order;
	if (m->norders - 1 > m->pageblock_order)
		o[n++] = m->norders - 1;
	fprintf(fp, "Compaction ceiling: at most this many free blocks after "
	    "full compaction\n%13s", "");
	for (k = 0; k < n; k++) {
		snprintf(b, sizeof(b), "%s blocks (order %u)", hum_size(sz,
		    sizeof(sz), (uint64_t)1 << o[k], r->page_size), o[k]);
		fprintf(fp, k + 1 < n ? "%-31s " : "%s", b);
	}
	fprintf(fp, "\nNode Zone      suitable  ceiling  limited%s\n",
	    n > 1 ? "    suitable  ceiling  limited" : "");
	for (i = 0; i < m->nzones; i++)
		ceilings(fp, &m->zones[i], o, n);
}

/* Print the page frames per zone by class, the uninit ones apart if UNINIT. */
static void
frames_table(FILE *fp, const struct report *r, bool uninit)
{
	const struct map *m = r->map;
	char b[48];
	unsigned c;
	size_t i;

	fprintf(fp, "\nPage frames (%s each) by class\nNode Zone           "
	    "free    movable  unmovable  ambiguous       hole%s\n",
	    hum_size(b, sizeof(b), 1, r->page_size), uninit ? "   uninit" :
	    "");
	for (i = 0; i < m->nzones; i++) {
		zone_label(fp, &m->zones[i]);
		for (c = 0; c < MAP_NCLASSES; c++)
			fprintf(fp, "%11" PRIu64, map_zone_class(&m->zones[i],
			    (enum map_class)c));
		if (uninit)
			fprintf(fp, "%9" PRIu64, m->zones[i].uninit_pages);
		putc('\n', fp);
	}
}

/* Print the pageblocks per zone by what they hold, uninit ones if UNINIT. */
static void
blocks_table(FILE *fp, const struct report *r, bool uninit)
{
	const struct map *m = r->map;
	const struct map_zone *z;
	char b[48];
	size_t i, k;

	fprintf(fp, "\nPageblocks (%s) by what they hold\nNode Zone       "
	    "all free  free+movable  ambiguous  unmovable      holes%s\n",
	    hum_size(b, sizeof(b), (uint64_t)1 << m->pageblock_order,
	    r->page_size), uninit ? "  uninit" : "");
	for (i = 0; i < m->nzones; i++) {
		z = &m->zones[i];
		zone_label(fp, z);
		for (k = 0; k < MAP_NKINDS; k++)
			fprintf(fp, "%*" PRIu64, k == 1 ? 14 : 11,
			    map_zone_kind(z, map_kind_order[k]));
		if (uninit)
			fprintf(fp, "%8zu", map_zone_uninit(z));
		putc('\n', fp);
	}
}

void
render_map_table(FILE *fp, const struct report *r)
{
	bool uninit;

	ceiling_table(fp, r);
	uninit = unmanaged_note(fp, r);
	frames_table(fp, r, uninit);
	if (r->explain)
		render_map_explain_table(fp, r);
	render_map_folios_table(fp, r);
	render_map_cma_table(fp, r);
	blocks_table(fp, r, uninit);
	if (r->pins)
		pinned_table(fp, r, r->pins);
	if (r->pollution)
		render_pollution_table(fp, r);
	if (r->regions)
		render_regions_table(fp, r);
	if (r->offline)
		render_offline_table(fp, r);
	if (r->cg && r->cg->read)
		cgroup_table(fp, r->cg);
	if (r->owners && r->owners->read)
		owner_table(fp, r->owners);
	if (r->census)
		render_census_table(fp, r);
	notes(fp, r);
}

/* Write KEY and the per-order values V of M (null below the pageblock order). */
static void
by_order(struct jsonw *w, const struct map *m, const char *key,
    const uint64_t *v)
{
	unsigned o;

	jw_key(w, key);
	jw_array(w, true);
	for (o = 0; o < m->norders; o++)
		if (o < m->pageblock_order)
			jw_null(w);
		else
			jw_u64(w, v[o]);
	jw_end(w);
}

/* Write KEY: an object of V by kind. */
static void
by_kind(struct jsonw *w, const char *key, const uint64_t *v)
{
	unsigned k;

	jw_key(w, key);
	jw_object(w);
	for (k = 0; k < MAP_NPINS; k++) {
		jw_key(w, map_pin_name(k));
		jw_u64(w, v[k]);
	}
	jw_end(w);
}

/* Write a zone's "pinned" member from PZ. */
static void
pinned_json(struct jsonw *w, const struct pins_zone *pz)
{
	unsigned k;

	jw_key(w, "pinned");
	jw_object(w);
	jw_key(w, "pageblocks");
	jw_u64(w, pz->blocks);
	jw_key(w, "pages");
	jw_u64(w, pz->pages);
	by_kind(w, "by_kind", pz->by_kind);
	by_kind(w, "pages_by_kind", pz->pages_by_kind);
	by_kind(w, "cost_by_kind", pz->cost);
	jw_key(w, "few_pinned");
	jw_object(w);
	for (k = 0; k < PINS_NFEW; k++) {
		jw_key(w, pins_few_name(k));
		jw_u64(w, pz->few[k]);
	}
	jw_end(w);
	jw_end(w);
}

/* Write CG's groups, ranked. */
static void
cgroups_json(struct jsonw *w, const struct memcg *cg)
{
	const struct memcg_group *g;
	size_t i;

	jw_key(w, "cgroups");
	jw_array(w, false);
	for (i = 0; i < cg->ngroups; i++) {
		g = &cg->groups[cg->rank[i]];
		jw_object(w);
		if (jw_key_or_null(w, "path", g->path != NULL))
			jw_string(w, g->path);
		jw_key(w, "inode");
		jw_u64(w, g->ino);
		jw_key(w, "pinned_pageblocks");
		jw_u64(w, g->pinned_blocks);
		jw_key(w, "pinned_pages");
		jw_u64(w, g->pinned_pages);
		jw_key(w, "movable_pages_in_mixed_blocks");
		jw_u64(w, g->movable_pages);
		jw_end(w);
	}
	jw_end(w);
}

/* Write OW's top stacks, each as its frames. */
static void
owners_json(struct jsonw *w, const struct owners *ow)
{
	const char *s;
	char *frame;
	size_t i, n;

	jw_key(w, "owners");
	jw_array(w, false);
	for (i = 0; i < ow->n && i < TOP_OWNERS_JSON; i++) {
		jw_object(w);
		jw_key(w, "pinned_pageblocks");
		jw_u64(w, ow->o[i].pinned_blocks);
		jw_key(w, "pinned_pages");
		jw_u64(w, ow->o[i].pinned_pages);
		jw_key(w, "stack");
		jw_array(w, false);
		for (s = ow->o[i].stack; *s; s += n + (s[n] == '\n')) {
			n = strcspn(s, "\n");
			/* A C string for jw_string(), the frame whole. */
			frame = strndup(s, n);
			if (frame == NULL) {
				ferr_nomem();
				jw_null(w);
				continue;
			}
			jw_string(w, frame);
			free(frame);
		}
		jw_end(w);
		jw_end(w);
	}
	jw_end(w);
}

/* Write zone Z of M, with its pinned pageblocks PZ (NULL: none). */
static void
zone_json(struct jsonw *w, const struct report *r, const struct map_zone *z,
    const struct pins_zone *pz)
{
	const struct map *m = r->map;
	unsigned c, o;
	size_t k;

	jw_object(w);
	render_zone_json(w, z->node, z->name);
	jw_key(w, "start_pfn");
	jw_u64(w, z->start_pfn);
	jw_key(w, "spanned_pages");
	jw_u64(w, z->spanned);
	jw_key(w, "free_pages");
	jw_u64(w, z->free_pages);
	jw_key(w, "pcp_free_pages");
	jw_u64(w, z->pcp_free);
	jw_key(w, "pages");
	jw_object(w);
	for (c = 0; c < MAP_NCLASSES; c++) {
		jw_key(w, map_class_name(c));
		jw_u64(w, z->pages[c]);
	}
	jw_end(w);
	jw_key(w, "pageblocks");
	jw_object(w);
	for (k = 0; k < MAP_NKINDS; k++) {
		jw_key(w, map_kind_name(map_kind_order[k]));
		jw_u64(w, z->kinds[map_kind_order[k]]);
	}
	jw_end(w);
	by_order(w, m, "ceiling", z->ceiling);
	by_order(w, m, "suitable_blocks", z->free_now);
	/* Its earlier name, kept so that scripts keep working. */
	by_order(w, m, "free_now", z->free_now);
	jw_key(w, "limited_by");
	jw_array(w, true);
	for (o = 0; o < m->norders; o++)
		if (o < m->pageblock_order)
			jw_null(w);
		else
			jw_string(w, map_limit_name(z->limited_by[o]));
	jw_end(w);
	by_order(w, m, "unpinned_blocks", z->clean);
	by_order(w, m, "ambiguous_admitted", z->admitted);
	/* Of the ambiguous pages and pageblocks above. */
	jw_key(w, "not_initialised_pages");
	jw_u64(w, z->uninit_pages);
	jw_key(w, "not_initialised_pageblocks");
	jw_u64(w, map_zone_uninit(z));
	render_map_folios_json(w, m, z);
	if (pz)
		pinned_json(w, pz);
	if (r->pollution)
		render_pollution_json(w, r->pollution,
		    &r->pollution->zones[z - m->zones]);
	jw_end(w);
}

void
render_map_json(FILE *fp, const struct report *r)
{
	const struct map *m = r->map;
	struct jsonw w;
	size_t i;

	jw_init(&w, fp);
	jw_object(&w);
	jw_key(&w, "map");
	jw_object(&w);
	jw_key(&w, "page_size");
	jw_u64(&w, r->page_size);
	jw_key(&w, "pageblock_order");
	jw_u64(&w, m->pageblock_order);
	jw_key(&w, "ceiling_is_upper_bound");
	jw_bool(&w, true);
	jw_key(&w, "assumed");
	jw_object(&w);
	jw_key(&w, "buddy_head_only");
	jw_bool(&w, m->buddy_head_only);
	jw_key(&w, "buddy_pages");
	jw_u64(&w, m->buddy_pages);
	jw_key(&w, "nr_free_pages");
	jw_u64(&w, m->nr_free_pages);
	jw_key(&w, "offline_is_balloon");
	jw_bool(&w, m->balloon);
	jw_end(&w);
	jw_key(&w, "zones");
	jw_array(&w, false);
	for (i = 0; i < m->nzones; i++)
		zone_json(&w, r, &m->zones[i], r->pins ? &r->pins->zones[i] :
		    NULL);
	jw_end(&w);
	if (r->explain)
		render_map_explain_json(&w, r);
	if (r->explain)
		render_map_cma_json(&w, r);
	if (r->pollution)
		render_pollution_nodes_json(&w, r->pollution);
	if (r->regions)
		render_regions_json(&w, r);
	if (r->offline)
		render_offline_json(&w, r);
	if (r->cg && r->cg->read)
		cgroups_json(&w, r->cg);
	if (r->owners && r->owners->read)
		owners_json(&w, r->owners);
	if (r->census)
		render_census_json(&w, r);
	/* --cgroups reads both; each says its own note. */
	if (r->cg || r->owners) {
		jw_key(&w, "notes");
		jw_array(&w, false);
		if (r->cg && r->cg->note[0])
			jw_string(&w, r->cg->note);
		if (r->owners && r->owners->note[0])
			jw_string(&w, r->owners->note);
		jw_end(&w);
	}
	jw_end(&w);
	jw_end(&w);
	jw_done(&w);
}

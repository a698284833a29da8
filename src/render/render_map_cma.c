/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_map_cma.c - --map: CMA by every source side by side, and a finding where they disagree, as text and JSON */

#include "config.h"
#include <inttypes.h>
#include <stdio.h>

#include "cmacheck.h"
#include "humanize.h"
#include "physmap.h"
#include "render_map_cma.h"
#include "render_text.h"

/* Print finding TEXT folded under the table. */
static void
finding(FILE *fp, const char *text)
{
	render_fold(fp, " ", text);
}

/* Print what disagrees in C, pages of PAGE_SIZE bytes. */
static void
findings(FILE *fp, const struct cma_check *c, unsigned long page_size)
{
	struct render_sentence t = { 0 };
	char a[32], b[32];

	if (c->bad & CMA_BAD_BLOCKS) {
		render_say(&t, "DISAGREE: pagetypeinfo has %"
		    PRIu64 " CMA pageblocks (%s) but CmaTotal says %s: %s",
		    c->blocks, hum_size(a, sizeof(a), c->pages[CMA_SRC_BLOCKS],
		    page_size), hum_size(b, sizeof(b), c->pages[CMA_SRC_TOTAL],
		    page_size), c->pages[CMA_SRC_BLOCKS] >
		    c->pages[CMA_SRC_TOTAL] ? "pageblocks marked MIGRATE_CMA "
		    "outside any area the kernel counts take only movable "
		    "allocations: unmovable ones and long-term pins "
		    "(FOLL_LONGTERM) cannot use them and may fail with ENOMEM."
		    : "part of the CMA areas is not marked CMA (not activated, "
		    "or isolated now).");
		render_said(&t, fp, " ");
	}
	if (c->bad & CMA_BAD_ZONES)
		finding(fp, "DISAGREE: the zones' cma pages do not add up to "
		    "CmaTotal, though both count the pages of activated areas.");
	if (c->bad & CMA_BAD_SYSFS)
		finding(fp, "DISAGREE: the areas' total_pages do not add up to "
		    "CmaTotal: an area failed to activate (its pages went back "
		    "to the buddy allocator) or is not listed.");
	if (c->bad & CMA_BAD_FREE)
		finding(fp, "DISAGREE: the zones' nr_free_cma do not add up to "
		    "CmaFree (read a moment apart?).");
	if (c->bad & CMA_FAILED) {
		render_say(&t, "%" PRIu64 " pages of CMA allocations failed "
		    "since boot (alloc_pages_fail).", c->failed);
		render_said(&t, fp, " ");
	}
	if (!(c->bad & ~(unsigned)CMA_FAILED))
		finding(fp, "The sources agree.");
}

/* Print area A of R's: its range and pageblocks by zone (debugfs), its counts (sysfs). */
static void
area_line(FILE *fp, const struct report *r, const struct cma_area *a)
{
	const struct map *m = r->map;
	const struct map_zone *z;
	uint64_t first, end, lo, hi;
	struct render_sentence t = { 0 };
	size_t i;
	unsigned f;

	render_say(&t, "area %s:", a->name);	/* printable: cma_read.c */
	if ((a->have & (1u << CMA_BASE_PFN)) && (a->have & (1u << CMA_COUNT)) &&
	    a->v[CMA_COUNT] > 0) {
		first = a->v[CMA_BASE_PFN];
		end = first + a->v[CMA_COUNT];
		render_say(&t, " PFN 0x%" PRIx64 "-0x%" PRIx64,
		    first, end - 1);
		for (i = 0; m && i < m->nzones; i++) {
			z = &m->zones[i];
			lo = first > z->start_pfn ? first : z->start_pfn;
			hi = end < z->start_pfn + z->spanned ? end :
			    z->start_pfn + z->spanned;
			if (lo < hi)
				render_say(&t, ", %" PRIu64
				    " pageblocks in node %u, zone %s", ((hi - 1) >>
				    m->pageblock_order) - (lo >>
				    m->pageblock_order) + 1, z->node, z->name);
		}
		render_say(&t, ";");
	}
	for (f = 0; f < CMA_NSYSFS; f++)
		if (a->have & (1u << f))
			render_say(&t, " %s %" PRIu64 ",",
			    cma_files[f], a->v[f]);
	/* The last item ends the sentence. */
	if (t.n > 0 && (t.s[t.n - 1] == ',' || t.s[t.n - 1] == ';'))
		t.s[t.n - 1] = '.';
	render_said(&t, fp, " ");
}

void
render_map_cma_table(FILE *fp, const struct report *r)
{
	const struct cma_check *c = r->cma;
	char s[32];
	unsigned k;

	if (c == NULL || !c->any)
		return;
	fputs("\nCMA by every source (pages)\n", fp);
	for (k = 0; k < CMA_NSOURCES; k++) {
		fprintf(fp, "  %-28s", cma_source_name((enum cma_source)k));
		if (c->have[k])
			fprintf(fp, "%12" PRIu64 "  %s\n", c->pages[k],
			    hum_size(s, sizeof(s), c->pages[k], r->page_size));
		else
			fprintf(fp, "%12s\n", "-");
	}
	for (k = 0; r->cma_areas && k < r->cma_areas->n; k++)
		area_line(fp, r, &r->cma_areas->a[k]);
	findings(fp, c, r->page_size);
}

/* Write the areas A (NULL: none read): each file's count, null where it is not there. */
static void
areas_json(struct jsonw *w, const struct cma_areas *a)
{
	size_t i;
	unsigned f;

	jw_key(w, "areas");
	jw_array(w, false);
	for (i = 0; a && i < a->n; i++) {
		jw_object(w);
		jw_key(w, "name");
		jw_string(w, a->a[i].name);
		for (f = 0; f < CMA_NFILES; f++)
			if (jw_key_or_null(w, cma_files[f], a->a[i].have &
			    (1u << f)))
				jw_u64(w, a->a[i].v[f]);
		jw_end(w);
	}
	jw_end(w);
}

void
render_map_cma_json(struct jsonw *w, const struct report *r)
{
	const struct cma_check *c = r->cma;
	static const char *const keys[CMA_NSOURCES] = {
		"pagetypeinfo_pages", "zoneinfo_cma", "meminfo_cma_total",
		"sysfs_total_pages", "meminfo_cma_free", "zoneinfo_free_cma",
		"sysfs_available_pages",
	};
	unsigned k;

	if (!jw_key_or_null(w, "cma", c != NULL && c->any))
		return;
	jw_object(w);
	jw_key(w, "pagetypeinfo_pageblocks");
	jw_u64(w, c->blocks);
	for (k = 0; k < CMA_NSOURCES; k++)
		if (jw_key_or_null(w, keys[k], c->have[k]))
			jw_u64(w, c->pages[k]);
	jw_key(w, "alloc_pages_fail");
	jw_u64(w, c->failed);
	areas_json(w, r->cma_areas);
	jw_key(w, "agree");
	jw_bool(w, !(c->bad & ~(unsigned)CMA_FAILED));
	jw_key(w, "disagree");
	jw_array(w, true);
	if (c->bad & CMA_BAD_BLOCKS)
		jw_string(w, "pagetypeinfo_vs_cma_total");
	if (c->bad & CMA_BAD_ZONES)
		jw_string(w, "zoneinfo_vs_cma_total");
	if (c->bad & CMA_BAD_SYSFS)
		jw_string(w, "sysfs_vs_cma_total");
	if (c->bad & CMA_BAD_FREE)
		jw_string(w, "zoneinfo_free_vs_cma_free");
	jw_end(w);
	jw_end(w);
}

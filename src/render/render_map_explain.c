/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_map_explain.c - --map: every page explained by the kernel's counters, as text and JSON */

#include "config.h"
#include <inttypes.h>
#include <stdio.h>

#include "explain.h"
#include "humanize.h"
#include "jsonw.h"
#include "render_json.h"
#include "render_map_explain.h"
#include "render_text.h"

/* What each class's pages left unexplained can be: no counter counts them. */
static const char *const left_words[EX_NCLASSES] = {
	[EX_FREE] = "free pages the counter missed: read a moment apart",
	[EX_MOVABLE] = "pages of files and processes off the LRU (being added, "
	    "migrated or freed) or buffers",
	[EX_KERNEL] = "compound kernel allocations of drivers and subsystems "
	    "(no counter)",
	[EX_AMBIGUOUS] = "single kernel pages no counter counts: pipe and "
	    "socket buffers, drivers' and DMA pages, page cache being read",
	[EX_UNINIT] = "pages taken for not initialised beyond what zoneinfo "
	    "leaves unmanaged",
};

/* Returns the words for regime R. */
static const char *
regime_words(enum ex_regime r)
{
	switch (r) {
	case EX_REGIME_SNAPSHOT:
		return "flags of a folio snapshot (6.17+)";
	case EX_REGIME_FOLIO:
		return "flags of the folio, a tail's its head's (6.9 to 6.16)";
	case EX_REGIME_PAGE:
		return "each page's own flags (before 6.9), a tail read as "
		    "its head's";
	default:
		return "release unknown, read as 6.17+";
	}
}

/* Print class K's counters of zone Z, "free 3840, slab 12". */
static void
by_line(FILE *fp, const struct ex_zone *z, enum ex_class k)
{
	const char *sep = "";
	unsigned c;

	for (c = 0; c < EXC_NCOUNTERS; c++) {
		if (z->by_class[c][k] == 0)
			continue;
		fprintf(fp, "%s%s %" PRIu64, sep, explain_counter_name(c),
		    z->by_class[c][k]);
		sep = ", ";
	}
	if (*sep == '\0')
		fputs("-", fp);
	putc('\n', fp);
}

/* Print zone Z's rows, under NODE and NAME. */
static void
zone_rows(FILE *fp, unsigned node, const char *name, const struct ex_zone *z)
{
	bool first = true;
	unsigned k;

	for (k = 0; k < EX_NCLASSES; k++) {
		if (z->pages[k] == 0)
			continue;
		if (first)
			fprintf(fp, "%4u %-8s", node, name);
		else
			fprintf(fp, "%13s", "");
		first = false;
		fprintf(fp, " %-10s%11" PRIu64 "%11" PRIu64 "%9" PRIu64 "  ",
		    explain_class_name(k), z->pages[k], z->explained[k],
		    z->pages[k] - z->explained[k]);
		by_line(fp, z, k);
	}
}

/* Print what the machine's pages of X left unexplained, and what they can be. */
static void
left_lines(FILE *fp, const struct explain *x)
{
	const struct ex_zone *s = &x->machine;
	struct render_sentence t = { 0 };
	unsigned k;

	for (k = 0; k < EX_NCLASSES; k++) {
		if (s->pages[k] == s->explained[k])
			continue;
		render_say(&t, "%s %" PRIu64 ": %s.", explain_class_name(k),
		    s->pages[k] - s->explained[k], !explain_counted(x, k) ?
		    "the files read hold no counter of them" : left_words[k] ?
		    left_words[k] : "its counter read a moment apart, or the "
		    "pages' flags");
		render_said(&t, fp, " ");
	}
}

/* Print the counters that counted more than the pages they could explain. */
static void
beyond_lines(FILE *fp, const struct explain *x)
{
	struct render_items t;
	char item[96];
	unsigned c;
	bool any = false;

	for (c = 0; c < EXC_NCOUNTERS; c++) {
		if (x->beyond[c] == 0)
			continue;
		if (!any)
			render_items_start(&t, fp, "Counted beyond the pages "
			    "(read a moment apart, or in another class):", 4);
		any = true;
		snprintf(item, sizeof(item), "%s %" PRIu64 " of %" PRIu64,
		    explain_counter_name(c), x->beyond[c], x->value[c]);
		render_items_add(&t, ", ", item);
	}
	if (any)
		putc('\n', fp);
}

/*
 * Say what the counters name of zone Z's pages of class K (NAME: its
 * words) that pin pageblocks, N of them: all one counter's where one
 * explains the zone's whole class, else the class's share by counter.
 */
static void
pins_named(FILE *fp, const struct ex_zone *z, enum ex_class k,
    const char *name, uint64_t n)
{
	struct render_sentence t = { 0 };
	const char *sep = "";
	unsigned c, one = EXC_NCOUNTERS, named = 0;

	for (c = 0; c < EXC_NCOUNTERS; c++)
		if (z->by_class[c][k]) {
			one = c;
			named++;
		}
	if (named == 1 && z->explained[k] == z->pages[k]) {
		render_say(&t, "%" PRIu64 " %s pages pin, all %s: its counter "
		    "explains each of the zone's %" PRIu64 ".", n, name,
		    explain_counter_name(one), z->pages[k]);
		render_said(&t, fp, "  ");
		return;
	}
	render_say(&t, "%" PRIu64 " %s pages pin; the zone's %" PRIu64 " by "
	    "counter:", n, name, z->pages[k]);
	for (c = 0; c < EXC_NCOUNTERS; c++)
		if (z->by_class[c][k]) {
			render_say(&t, "%s %s %" PRIu64, sep,
			    explain_counter_name(c), z->by_class[c][k]);
			sep = ",";
		}
	if (z->explained[k] < z->pages[k])
		render_say(&t, "%s none %" PRIu64 ".", sep,
		    z->pages[k] - z->explained[k]);
	else
		render_say(&t, ".");
	render_said(&t, fp, "  ");
}

/* Print per zone of R the kernel kind's pinning pages, named by the counters where they can be. */
static void
kernel_pins(FILE *fp, const struct report *r)
{
	const struct explain *x = r->explain;
	const struct ex_zone *z;
	size_t i;

	if (x->machine.pinned_kernel + x->machine.pinned_ambiguous == 0)
		return;
	fputs("Kernel pins (the kernel kind in pinned pageblocks), by the "
	    "counters:\n", fp);
	for (i = 0; i < x->nzones; i++) {
		z = &x->zones[i];
		if (z->pinned_kernel + z->pinned_ambiguous == 0)
			continue;
		fprintf(fp, "  node %u, zone %s:\n", r->map->zones[i].node,
		    r->map->zones[i].name);
		if (z->pinned_kernel)
			pins_named(fp, z, EX_KERNEL, "compound",
			    z->pinned_kernel);
		if (z->pinned_ambiguous)
			pins_named(fp, z, EX_AMBIGUOUS, "flagless",
			    z->pinned_ambiguous);
	}
}

/* Set *PAGES and *DONE to the machine's pages of X and those explained. */
static void
machine_sums(const struct explain *x, uint64_t *pages, uint64_t *done)
{
	unsigned k;

	*pages = *done = 0;
	for (k = 0; k < EX_NCLASSES; k++) {
		*pages += x->machine.pages[k];
		*done += x->machine.explained[k];
	}
}

void
render_map_explain_table(FILE *fp, const struct report *r)
{
	const struct explain *x = r->explain;
	const struct ex_zone *s = &x->machine;
	uint64_t pages, done, used, used_done;
	char pct[16];
	size_t i;

	fprintf(fp, "\nEvery page explained: the classes by the kernel's own "
	    "counters\n/proc/kpageflags of %s: %s\nNode Zone     class      "
	    "      pages  explained     left  by the counters (pages)\n",
	    r->release ? r->release : "an unknown release",
	    regime_words(x->regime));
	for (i = 0; i < x->nzones; i++)
		zone_rows(fp, r->map->zones[i].node, r->map->zones[i].name,
		    &x->zones[i]);
	machine_sums(x, &pages, &done);
	fprintf(fp, "Machine: %" PRIu64 " of %" PRIu64 " pages explained (%s), "
	    "%" PRIu64 " left\n", done, pages, hum_pct(pct, sizeof(pct), done,
	    pages), pages - done);
	used = pages - s->pages[EX_FREE] - s->pages[EX_UNINIT];
	used_done = done - s->explained[EX_FREE] - s->explained[EX_UNINIT];
	fprintf(fp, "  in use (neither free nor uninit): %" PRIu64 " of %" PRIu64
	    " explained (%s)\n", used_done, used, hum_pct(pct, sizeof(pct),
	    used_done, used));
	if (done < pages)
		fputs("Left:\n", fp);
	left_lines(fp, x);
	beyond_lines(fp, x);
	if (x->stacks_in_vmalloc)
		fprintf(fp, "  Kernel stacks (%" PRIu64 " pages) are counted "
		    "within vmalloc (CONFIG_VMAP_STACK).\n",
		    x->stacks_in_vmalloc);
	if (x->have_memmap_boot)
		fprintf(fp, "  The boot memory map (nr_memmap_boot_pages %"
		    PRIu64 ") is within not_managed.\n", x->memmap_boot);
	kernel_pins(fp, r);
}

/* Write zone Z's classes: pages, explained, and by which counter. */
static void
classes_json(struct jsonw *w, const struct ex_zone *z)
{
	unsigned c, k;

	jw_key(w, "classes");
	jw_object(w);
	for (k = 0; k < EX_NCLASSES; k++) {
		jw_key(w, explain_class_name(k));
		jw_object(w);
		jw_key(w, "pages");
		jw_u64(w, z->pages[k]);
		jw_key(w, "explained");
		jw_u64(w, z->explained[k]);
		jw_key(w, "by");
		jw_object(w);
		for (c = 0; c < EXC_NCOUNTERS; c++)
			if (z->by_class[c][k]) {
				jw_key(w, explain_counter_name(c));
				jw_u64(w, z->by_class[c][k]);
			}
		jw_end(w);
		jw_end(w);
	}
	jw_end(w);
}

/* Write the counters of X: their source, value, pages explained and beyond. */
static void
counters_json(struct jsonw *w, const struct explain *x)
{
	unsigned c;

	jw_key(w, "counters");
	jw_object(w);
	for (c = 0; c < EXC_NCOUNTERS; c++) {
		jw_key(w, explain_counter_name(c));
		jw_object(w);
		jw_key(w, "source");
		jw_string(w, explain_counter_source(c));
		if (jw_key_or_null(w, "pages", x->have[c]))
			jw_u64(w, x->value[c]);
		jw_key(w, "explained");
		jw_u64(w, x->machine.by[c]);
		jw_key(w, "beyond");
		jw_u64(w, x->beyond[c]);
		jw_end(w);
	}
	jw_end(w);
}

void
render_map_explain_json(struct jsonw *w, const struct report *r)
{
	const struct explain *x = r->explain;
	uint64_t pages, done;
	size_t i;

	machine_sums(x, &pages, &done);
	jw_key(w, "explained");
	jw_object(w);
	if (jw_key_or_null(w, "kpageflags_regime",
	    explain_regime_name(x->regime) != NULL))
		jw_string(w, explain_regime_name(x->regime));
	jw_key(w, "pages");
	jw_u64(w, pages);
	jw_key(w, "explained_pages");
	jw_u64(w, done);
	jw_key(w, "zones");
	jw_array(w, false);
	for (i = 0; i < x->nzones; i++) {
		jw_object(w);
		render_zone_json(w, r->map->zones[i].node,
		    r->map->zones[i].name);
		classes_json(w, &x->zones[i]);
		jw_end(w);
	}
	jw_end(w);
	jw_key(w, "machine");
	jw_object(w);
	classes_json(w, &x->machine);
	jw_end(w);
	counters_json(w, x);
	jw_key(w, "pinned_kernel_pages");
	jw_u64(w, x->machine.pinned_kernel);
	jw_key(w, "pinned_ambiguous_pages");
	jw_u64(w, x->machine.pinned_ambiguous);
	jw_key(w, "stacks_in_vmalloc_pages");
	jw_u64(w, x->stacks_in_vmalloc);
	if (jw_key_or_null(w, "memmap_boot_pages", x->have_memmap_boot))
		jw_u64(w, x->memmap_boot);
	jw_end(w);
}

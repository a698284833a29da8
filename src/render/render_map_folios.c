/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_map_folios.c - --map: the folios of files and processes by kind and size, as text and JSON */

#include "config.h"
#include <inttypes.h>
#include <stdio.h>

#include "folios.h"
#include "humanize.h"
#include "render_map_folios.h"
#include "render_text.h"
#include "render_words.h"

/* Returns whether any zone of M has its census. */
static bool
any_census(const struct map *m)
{
	size_t i;

	for (i = 0; i < m->nzones; i++)
		if (m->zones[i].have_folios)
			return true;
	return false;
}

/* Returns zone Z's folios of kind K, and their pages in *PAGES. */
static uint64_t
kind_count(const struct map_zone *z, enum map_folio k, uint64_t *pages)
{
	uint64_t n = 0;
	unsigned o;

	*pages = 0;
	for (o = 0; o < FRAG_MAX_ORDERS; o++) {
		n += z->folios[k][o];
		*pages += z->folios[k][o] << o;
	}
	return n;
}

/* Print kind K of zone Z: its folios, their pages, and the count per size. */
static void
kind_row(FILE *fp, const struct report *r, const struct map_zone *z,
    enum map_folio k)
{
	struct render_items t;
	char item[64], size[16];
	uint64_t n, pages;
	unsigned o;

	n = kind_count(z, k, &pages);
	fprintf(fp, " %-6s%10" PRIu64 "%10" PRIu64 "  ", map_folio_name(k), n,
	    pages);
	t.fp = fp;
	t.indent = t.col = 42;
	for (o = 0; o < FRAG_MAX_ORDERS; o++) {
		if (z->folios[k][o] == 0)
			continue;
		snprintf(item, sizeof(item), "%s %" PRIu64, hum_order_label(size,
		    sizeof(size), o, r->page_size), z->folios[k][o]);
		render_items_add(&t, ", ", item);
	}
	putc('\n', fp);
}

void
render_map_folios_table(FILE *fp, const struct report *r)
{
	const struct map *m = r->map;
	const struct map_zone *z;
	uint64_t pages;
	size_t i;
	unsigned k;
	bool first;

	if (!any_census(m))
		return;
	fputs("\nFolios of files and processes by size (from compound head "
	    "and tail runs)\nNode Zone     kind      folios     pages  by "
	    "size: folios\n", fp);
	for (i = 0; i < m->nzones; i++) {
		z = &m->zones[i];
		first = true;
		for (k = 0; k < MAP_NFOLIOS && z->have_folios; k++) {
			if (kind_count(z, (enum map_folio)k, &pages) == 0)
				continue;
			if (first)
				fprintf(fp, "%4u %-8s", z->node, z->name);
			else
				fprintf(fp, "%13s", "");
			kind_row(fp, r, z, (enum map_folio)k);
			first = false;
		}
	}
}

void
render_map_folios_object(struct jsonw *w,
    const uint64_t f[MAP_NFOLIOS][FRAG_MAX_ORDERS], unsigned n)
{
	unsigned k, o;

	jw_object(w);
	for (k = 0; k < MAP_NFOLIOS; k++) {
		jw_key(w, map_folio_name((enum map_folio)k));
		jw_array(w, true);
		for (o = 0; o < n; o++)
			jw_u64(w, f[k][o]);
		jw_end(w);
	}
	jw_end(w);
}

void
render_map_folios_json(struct jsonw *w, const struct map *m,
    const struct map_zone *z)
{
	if (!jw_key_or_null(w, "folios", z->have_folios))
		return;
	render_map_folios_object(w, z->folios,
	    folios_orders(m, folios_max_order(m)));
}

void
render_map_folios_items(struct render_items *t,
    const uint64_t f[MAP_NFOLIOS][FRAG_MAX_ORDERS], unsigned long page_size)
{
	char item[80], size[16];
	unsigned k, o;
	bool kind, any = false;

	for (k = 0; k < MAP_NFOLIOS; k++) {
		kind = false;
		for (o = 0; o < FRAG_MAX_ORDERS; o++) {
			if (f[k][o] == 0)
				continue;
			snprintf(item, sizeof(item), "%s%s%s %" PRIu64,
			    kind ? "" : map_folio_name((enum map_folio)k),
			    kind ? "" : " ", hum_order_label(size, sizeof(size), o, page_size),
			    f[k][o]);
			render_items_add(t, kind ? ", " : "; ", item);
			kind = any = true;
		}
	}
	if (!any)
		render_items_add(t, "", "none");
}

void
render_map_folios_pair_head(FILE *fp, const char *what)
{
	fprintf(fp, "\nFolios of files and processes by size (%s), A -> B\n"
	    "Node Zone     kind   size            A            B        "
	    "B - A\n", what);
}

/* Returns census C's folios of kind K and order O, 0 when C is NULL (not read). */
static uint64_t
count_of(const uint64_t (*c)[FRAG_MAX_ORDERS], unsigned k, unsigned o)
{
	return c ? c[k][o] : 0;
}

/* Returns BUF holding census C's count at K and O, "-" when not read. */
static const char *
count_words(char *buf, size_t size, const uint64_t (*c)[FRAG_MAX_ORDERS],
    unsigned k, unsigned o)
{
	if (c == NULL)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%" PRIu64, c[k][o]);
	return buf;
}

void
render_map_folios_pair_rows(FILE *fp, unsigned node, const char *name,
    const uint64_t (*a)[FRAG_MAX_ORDERS], const uint64_t (*b)[FRAG_MAX_ORDERS],
    unsigned long page_size)
{
	char size[16], na[24], nb[24], c[32];
	unsigned k, o;
	bool first = true, kind;

	for (k = 0; k < MAP_NFOLIOS; k++) {
		kind = true;
		for (o = 0; o < FRAG_MAX_ORDERS; o++) {
			if (count_of(a, k, o) == 0 && count_of(b, k, o) == 0)
				continue;
			if (first)
				fprintf(fp, "%4u %-8s", node, name);
			else
				fprintf(fp, "%13s", "");
			fprintf(fp, " %-6s %4s %12s %12s %12s\n", kind ?
			    map_folio_name((enum map_folio)k) : "",
			    hum_order_label(size, sizeof(size), o, page_size),
			    count_words(na, sizeof(na), a, k, o),
			    count_words(nb, sizeof(nb), b, k, o), a && b ?
			    render_change(c, sizeof(c), a[k][o], b[k][o],
			    false) : "-");
			first = kind = false;
		}
	}
	if (first)
		fprintf(fp, "%4u %-8s %s\n", node, name, a || b ?
		    "no folio in either" : "-");
}

void
render_map_folios_pair_json(struct jsonw *w,
    const uint64_t (*a)[FRAG_MAX_ORDERS], const uint64_t (*b)[FRAG_MAX_ORDERS],
    unsigned n)
{
	unsigned k, o;

	if (jw_key_or_null(w, "a", a != NULL))
		render_map_folios_object(w, a, n);
	if (jw_key_or_null(w, "b", b != NULL))
		render_map_folios_object(w, b, n);
	if (!jw_key_or_null(w, "change", a != NULL && b != NULL))
		return;
	jw_object(w);
	for (k = 0; k < MAP_NFOLIOS; k++) {
		jw_key(w, map_folio_name((enum map_folio)k));
		jw_array(w, true);
		for (o = 0; o < n; o++)
			jw_int(w, (long long)(b[k][o] - a[k][o]));
		jw_end(w);
	}
	jw_end(w);
}

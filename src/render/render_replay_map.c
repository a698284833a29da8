/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_replay_map.c - a recording's map summaries: pollution first, last, most and its growth */

#include "config.h"
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>

#include "elapsed.h"
#include "humanize.h"
#include "jsonw.h"
#include "mapseries.h"
#include "mapspan.h"
#include "render_json.h"
#include "render_map_folios.h"
#include "render_pollution.h"
#include "report.h"
#include "zonepair.h"

/* Returns BUF holding count V, or "-" when -1. */
static const char *
maybe(char *buf, size_t size, long long v)
{
	if (v < 0)
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, "%lld", v);
	return buf;
}

/* Print the census of zone I of S in its first map and last, sizes of PAGE_SIZE's orders, "-" where not read. */
static void
folios_rows(FILE *fp, const struct mapseries *s, size_t i,
    unsigned long page_size)
{
	const struct mapseries_folios *m;
	struct render_items t;
	int k;

	for (k = 0; k < 2; k++) {
		m = &s->folios[k][i];
		if (k)
			fprintf(fp, "%13s", "");
		else
			fprintf(fp, "%4u %-8s", s->zone[i].node,
			    s->zone[i].name);
		fprintf(fp, " %-6s", k ? "last" : "first");
		t.fp = fp;
		t.indent = t.col = 20;
		if (m->have)
			render_map_folios_items(&t, m->n, page_size);
		else
			render_items_add(&t, "", "-");
		putc('\n', fp);
	}
}

/*
 * Print the folio census of S's first map and last per zone, sizes of
 * PAGE_SIZE's orders: the large folios the run began and ended with.
 */
static void
folios_table(FILE *fp, const struct mapseries *s, unsigned long page_size)
{
	size_t i;

	if (!s->folios_recorded)
		return;
	fputs("\nFolios of files and processes by size, the first map and the "
	    "last\nNode Zone     map   by kind and size: folios\n", fp);
	for (i = 0; i < s->nzones; i++) {
		if (s->span[i].l->pageblocks != 0)
			folios_rows(fp, s, i, page_size);
	}
}

void
render_replay_map_table(FILE *fp, const struct mapseries *s,
    unsigned long page_size)
{
	const struct mapseries_span *zs;
	char a[6][32], g[48];
	size_t i;

	if (s->nmaps == 0)
		return;
	fprintf(fp, "\nPollution over time: %zu maps (--map-every), the last "
	    "in %" PRIu64 " ms; first -> last\nNode Zone     polluted "
	    "pageblocks   most (at s)      growth   amplification  clean 1 GiB"
	    "   offlinable\n", s->nmaps, s->map_ms);
	for (i = 0; i < s->nzones; i++) {
		zs = &s->span[i];
		if (zs->l->pageblocks == 0)
			continue;
		if (!zs->has_growth)
			snprintf(g, sizeof(g), "-");
		else if (zs->span_ms < 1000)
			/* A rate over less than its hour would extrapolate. */
			snprintf(g, sizeof(g), "%+lld in %" PRIu64 " ms",
			    zs->growth, zs->span_ms);
		else if (zs->span_ms < ELAPSED_MS_PER_HOUR)
			snprintf(g, sizeof(g), "%+lld in %" PRIu64 " s",
			    zs->growth, zs->span_ms / 1000);
		else
			snprintf(g, sizeof(g), "%+lld/h", zs->per_hour);
		fprintf(fp, "%4u %-8s %8" PRIu64 " -> %-8" PRIu64 " %6" PRIu64
		    " (%4" PRIu64 ") %11s %7s -> %-7s %4s -> %-5s %4s -> %s\n",
		    s->zone[i].node, s->zone[i].name, zs->f->polluted,
		    zs->l->polluted, zs->most, zs->at_s, g,
		    render_pollution_words(a[0], sizeof(a[0]),
		    zs->f->amplification),
		    render_pollution_words(a[1], sizeof(a[1]),
		    zs->l->amplification), maybe(a[2], sizeof(a[2]),
		    zs->f->clean_regions), maybe(a[3], sizeof(a[3]),
		    zs->l->clean_regions), maybe(a[4], sizeof(a[4]),
		    zs->f->offlinable), maybe(a[5], sizeof(a[5]),
		    zs->l->offlinable));
	}
	folios_table(fp, s, page_size);
}

/* Write "KEY": {"first": F, "last": L} in W, hundredths with DIGITS 2; -1: null. */
static void
first_last_json(struct jsonw *w, const char *key, long long f, long long l,
    int digits)
{
	long long v[2] = { f, l };
	int k;

	jw_key(w, key);
	jw_object(w);
	for (k = 0; k < 2; k++) {
		if (!jw_key_or_null(w, k ? "last" : "first", v[k] >= 0))
			continue;
		if (digits)
			jw_fixed(w, v[k], digits);
		else
			jw_u64(w, (uint64_t)v[k]);
	}
	jw_end(w);
}

/* Write zone I's "folios": {"first", "last"} of S, each null where not read. */
static void
folios_json(struct jsonw *w, const struct mapseries *s, size_t i)
{
	const struct mapseries_folios *m;
	int k;

	jw_key(w, "folios");
	jw_object(w);
	for (k = 0; k < 2; k++) {
		m = &s->folios[k][i];
		if (jw_key_or_null(w, k ? "last" : "first", m->have))
			render_map_folios_object(w, m->n, s->folio_orders);
	}
	jw_end(w);
}

void
render_replay_map_json(struct jsonw *w, const struct mapseries *s)
{
	const struct mapseries_span *zs;
	size_t i;

	if (s == NULL || s->nmaps == 0)
		return;
	jw_key(w, "pollution_over_time");
	jw_object(w);
	jw_key(w, "maps");
	jw_u64(w, s->nmaps);
	jw_key(w, "map_ms");
	jw_u64(w, s->map_ms);
	jw_key(w, "span_s");
	jw_fixed(w, (long long)(s->elapsed_ms[s->nmaps - 1] -
	    s->elapsed_ms[0]), 3);
	jw_key(w, "zones");
	jw_array(w, false);
	for (i = 0; i < s->nzones; i++) {
		zs = &s->span[i];
		if (zs->l->pageblocks == 0)
			continue;
		jw_object(w);
		render_zone_json(w, s->zone[i].node, s->zone[i].name);
		jw_key(w, "pageblocks");
		jw_u64(w, zs->l->pageblocks);
		jw_key(w, "polluted_pageblocks");
		jw_object(w);
		jw_key(w, "first");
		jw_u64(w, zs->f->polluted);
		jw_key(w, "last");
		jw_u64(w, zs->l->polluted);
		jw_key(w, "most");
		jw_u64(w, zs->most);
		jw_key(w, "most_at_s");
		jw_u64(w, zs->at_s);
		/* null: the maps span no time. */
		if (jw_key_or_null(w, "per_hour", zs->has_growth))
			jw_int(w, zs->per_hour);
		/* What per_hour extrapolates from over span_s. */
		jw_key(w, "growth");
		jw_int(w, zs->growth);
		jw_end(w);
		first_last_json(w, "amplification", zs->f->amplification,
		    zs->l->amplification, 2);
		first_last_json(w, "clean_regions", zs->f->clean_regions,
		    zs->l->clean_regions, 0);
		first_last_json(w, "offlinable_blocks", zs->f->offlinable,
		    zs->l->offlinable, 0);
		if (s->folios_recorded)
			folios_json(w, s, i);
		jw_end(w);
	}
	jw_end(w);
	jw_end(w);
}

/* Returns the census of zone I (-1: none) in S's last map, NULL where not read. */
static const uint64_t (*last_census(const struct mapseries *s, long i))
    [FRAG_MAX_ORDERS]
{
	if (i < 0 || s->nmaps == 0 || !s->folios[1][i].have)
		return NULL;
	return s->folios[1][i].n;
}

/*
 * Call FN with ARG for each zone of A, then each of B's that A lacks, with
 * its census in A's last map and B's (NULL where not read).
 */
static void
each_zone(const struct mapseries *a, const struct mapseries *b,
    void (*fn)(void *, unsigned, const char *,
    const uint64_t (*)[FRAG_MAX_ORDERS], const uint64_t (*)[FRAG_MAX_ORDERS]),
    void *arg)
{
	/* The zones alone, as zonepair_next() pairs snapshots' zones. */
	const struct buddyinfo za = { .zones = a->zone, .nzones = a->nzones };
	const struct buddyinfo zb = { .zones = b->zone, .nzones = b->nzones };
	const struct bzone *z;
	struct zonepair p;
	size_t at = 0;

	while (zonepair_next(&za, &zb, &at, &p)) {
		z = p.a >= 0 ? &a->zone[p.a] : &b->zone[p.b];
		fn(arg, z->node, z->name, last_census(a, p.a),
		    last_census(b, p.b));
	}
}

/* What pair_row() prints with. */
struct pair_out {
	FILE		*fp;
	unsigned long	 page_size;
};

/* Print a zone's censuses side by side (an each_zone() callback over struct pair_out). */
static void
pair_row(void *arg, unsigned node, const char *name,
    const uint64_t (*a)[FRAG_MAX_ORDERS], const uint64_t (*b)[FRAG_MAX_ORDERS])
{
	struct pair_out *p = arg;

	render_map_folios_pair_rows(p->fp, node, name, a, b, p->page_size);
}

void
render_replay_map_compare_table(FILE *fp, const struct mapseries *a,
    const struct mapseries *b, unsigned long page_size)
{
	struct pair_out p = { fp, page_size };

	if (!a->folios_recorded && !b->folios_recorded)
		return;
	render_map_folios_pair_head(fp, "the last map of each");
	each_zone(a, b, pair_row, &p);
}

/* What pair_json() writes with. */
struct pair_w {
	struct jsonw	*w;
	unsigned	 n;
};

/* Write a zone's censuses side by side (an each_zone() callback over struct pair_w). */
static void
pair_json(void *arg, unsigned node, const char *name,
    const uint64_t (*a)[FRAG_MAX_ORDERS], const uint64_t (*b)[FRAG_MAX_ORDERS])
{
	struct pair_w *p = arg;

	jw_object(p->w);
	render_zone_json(p->w, node, name);
	render_map_folios_pair_json(p->w, a, b, p->n);
	jw_end(p->w);
}

void
render_replay_map_compare_json(struct jsonw *w, const struct mapseries *a,
    const struct mapseries *b)
{
	struct pair_w p = { w, a->folio_orders > b->folio_orders ?
	    a->folio_orders : b->folio_orders };

	if (!a->folios_recorded && !b->folios_recorded)
		return;
	jw_key(w, "folios");
	jw_array(w, false);
	each_zone(a, b, pair_json, &p);
	jw_end(w);
}

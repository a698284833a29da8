/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_events.c - a watch sample's kernel events as JSON members or table lines */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "events.h"
#include "jsonw.h"
#include "report.h"

/* The fallback pairs the table shows. */
#define TOP_PAIRS	3

/* Write count N of event kind K, or null when this kernel lacks the event. */
static void
count_or_null(struct jsonw *w, const struct wsample *s, enum ev_kind k,
    uint64_t n)
{
	if (s->evn->have & (1u << k))
		jw_u64(w, n);
	else
		jw_null(w);
}

/* Write the statuses of V with a count as {"name": count}. */
static void
statuses(struct jsonw *w, const struct ev_names *nm, const uint64_t *v)
{
	char b[16];
	int k;

	jw_object(w);
	for (k = 0; k < EV_MAX_STATUS; k++)
		if (v[k]) {
			jw_key(w, ev_status_name(b, sizeof(b), nm, k));
			jw_u64(w, v[k]);
		}
	jw_end(w);
}

/* Returns the index of the zone of Z in the previous sample of S, or -1. */
static long
prev_zone(const struct wsample *s, const struct ev_zone *z)
{
	const struct buddyinfo *bi = s->prev_bi;
	size_t i;

	if (bi == NULL || z->zone < 0 || z->zone >= FRAG_MAX_NODE_ZONES)
		return -1;
	for (i = 0; i < bi->nzones; i++)
		if (bi->zones[i].node == (unsigned)z->node &&
		    strcmp(bi->zones[i].name, s->evn->zone[z->zone]) == 0)
			return (long)i;
	return -1;
}

/* Write the suitable and finished outcomes of S's zones at ORDER. */
static void
zones_json(struct jsonw *w, const struct wsample *s, int order)
{
	const struct ev_counts *c = s->ev;
	const struct ev_zone *z;
	char b[16];
	size_t i;
	long p;

	jw_array(w, false);
	for (i = 0; i < c->nzones; i++) {
		z = &c->zones[i];
		if (z->order != order)
			continue;
		jw_object(w);
		jw_key(w, "node");
		jw_int(w, z->node);
		jw_key(w, "zone");
		if (z->zone >= 0 && z->zone < FRAG_MAX_NODE_ZONES &&
		    s->evn->zone[z->zone][0] != '\0')
			jw_string(w, s->evn->zone[z->zone]);
		else {
			snprintf(b, sizeof(b), "%d", z->zone);
			jw_string(w, b);
		}
		/* The state the compaction decided on: the sample before it. */
		p = prev_zone(s, z);
		jw_key(w, "unusable_index");
		if (p >= 0 && order >= 0 && (unsigned)order < s->prev_bi->norders)
			jw_fixed(w, s->prev_frag[p].unusable[order], 3);
		else
			jw_null(w);
		jw_key(w, "fragmentation_index");
		if (p >= 0 && order >= 0 && (unsigned)order < s->prev_bi->norders)
			jw_fixed(w, s->prev_frag[p].fragindex[order], 3);
		else
			jw_null(w);
		jw_key(w, "suitable");
		statuses(w, s->evn, z->suitable);
		jw_key(w, "finished");
		statuses(w, s->evn, z->finished);
		jw_end(w);
	}
	jw_end(w);
}

/* Returns whether C counted anything at order O + 1 = I. */
static bool
order_seen(const struct ev_counts *c, int i)
{
	size_t k;

	if (c->attempts[i])
		return true;
	for (k = 0; k < EV_MAX_STATUS; k++)
		if (c->outcomes[i][k])
			return true;
	for (k = 0; k < c->nzones; k++)
		if (c->zones[k].order == i - 1)
			return true;
	return false;
}

/* Write the compaction member of S. */
static void
compaction_json(struct jsonw *w, const struct wsample *s)
{
	const struct ev_counts *c = s->ev;
	int i;

	jw_object(w);
	jw_key(w, "runs");
	count_or_null(w, s, EV_BEGIN, c->n[EV_BEGIN]);
	jw_key(w, "ends");
	if (s->evn->have & (1u << EV_END))
		statuses(w, s->evn, c->ends);
	else
		jw_null(w);
	jw_key(w, "by_order");
	jw_array(w, false);
	for (i = 0; i < EV_NORDERS; i++) {
		if (!order_seen(c, i))
			continue;
		jw_object(w);
		jw_key(w, "order");
		jw_int(w, i - 1);
		jw_key(w, "attempts");
		count_or_null(w, s, EV_TRY, c->attempts[i]);
		jw_key(w, "outcomes");
		statuses(w, s->evn, c->outcomes[i]);
		jw_key(w, "zones");
		zones_json(w, s, i - 1);
		jw_end(w);
	}
	jw_end(w);
	jw_key(w, "deferred");
	count_or_null(w, s, EV_DEFERRED, c->n[EV_DEFERRED]);
	jw_key(w, "defer_compaction");
	count_or_null(w, s, EV_DEFER_COMPACTION, c->n[EV_DEFER_COMPACTION]);
	jw_key(w, "defer_reset");
	count_or_null(w, s, EV_DEFER_RESET, c->n[EV_DEFER_RESET]);
	jw_key(w, "kcompactd_wakes");
	count_or_null(w, s, EV_KCOMPACTD_WAKE, c->n[EV_KCOMPACTD_WAKE]);
	jw_end(w);
}

void
render_events_json(struct jsonw *w, const struct wsample *s)
{
	const struct ev_counts *c = s->ev;
	const struct ev_names *nm = s->evn;
	char b[2][16];
	int i, j, o;

	jw_object(w);
	jw_key(w, "extfrag");
	jw_object(w);
	jw_key(w, "total");
	jw_u64(w, c->n[EV_EXTFRAG]);
	jw_key(w, "fragmenting");
	jw_u64(w, c->fragmenting);
	jw_key(w, "claimed");
	if (nm->have_claimed)
		jw_u64(w, c->claimed);
	else
		jw_null(w);
	jw_key(w, "by");
	jw_array(w, false);
	for (i = 0; i < FRAG_MAX_TYPES; i++)
		for (j = 0; j < FRAG_MAX_TYPES; j++)
			for (o = 0; o < FRAG_MAX_ORDERS; o++) {
				if (c->pairs[i][j][o] == 0)
					continue;
				jw_object(w);
				jw_key(w, "alloc");
				jw_string(w, ev_type_name(b[0], sizeof(b[0]), nm, i));
				jw_key(w, "fallback");
				jw_string(w, ev_type_name(b[1], sizeof(b[1]), nm, j));
				jw_key(w, "fallback_order");
				jw_int(w, o);
				jw_key(w, "fragmenting");
				jw_bool(w, (unsigned)o < nm->pageblock_order);
				jw_key(w, "count");
				jw_u64(w, c->pairs[i][j][o]);
				jw_end(w);
			}
	jw_end(w);
	jw_end(w);
	jw_key(w, "compaction");
	compaction_json(w, s);
	jw_key(w, "lost");
	jw_u64(w, c->lost);
	jw_end(w);
}

/* Returns BUF holding N per second over S's interval ("12.50"), or "-" without one. */
static const char *
per_s(char *buf, size_t size, const struct wsample *s, uint64_t n)
{
	uint64_t r;

	if (s->elapsed_ms == 0)
		return "-";
	r = n > UINT64_MAX / 100000 ? UINT64_MAX / s->elapsed_ms :
	    n * 100000 / s->elapsed_ms;
	snprintf(buf, size, "%" PRIu64 ".%02" PRIu64, r / 100, r % 100);
	return buf;
}

void
render_events_table(FILE *fp, const struct wsample *s)
{
	const struct ev_counts *c = s->ev;
	const struct ev_names *nm = s->evn;
	struct ev_pair top[TOP_PAIRS];
	char b[3][32];
	size_t n, i;
	int k;

	fprintf(fp, "  events        extfrag %" PRIu64 " (%s/s, %" PRIu64
	    " fragmenting, ", c->n[EV_EXTFRAG], per_s(b[0], sizeof(b[0]), s,
	    c->n[EV_EXTFRAG]), c->fragmenting);
	if (nm->have_claimed)
		fprintf(fp, "%" PRIu64 " claimed)", c->claimed);
	else
		fputs("claimed -)", fp);
	if (nm->have & (1u << EV_BEGIN)) {
		fprintf(fp, "  compaction runs %" PRIu64 " (%s/s", c->n[EV_BEGIN],
		    per_s(b[0], sizeof(b[0]), s, c->n[EV_BEGIN]));
		for (k = 0; k < EV_MAX_STATUS; k++)
			if (c->ends[k])
				fprintf(fp, ", %s %" PRIu64, ev_status_name(b[1],
				    sizeof(b[1]), nm, k), c->ends[k]);
		fputc(')', fp);
	}
	if (nm->have & (1u << EV_DEFERRED))
		fprintf(fp, "  deferred %" PRIu64, c->n[EV_DEFERRED]);
	if (nm->have & (1u << EV_KCOMPACTD_WAKE))
		fprintf(fp, "  kcompactd wakes %" PRIu64,
		    c->n[EV_KCOMPACTD_WAKE]);
	fprintf(fp, "  lost %" PRIu64 "\n", c->lost);
	if ((n = ev_top_pairs(c, top, TOP_PAIRS)) == 0)
		return;
	fputs("  fallbacks    ", fp);
	for (i = 0; i < n; i++)
		fprintf(fp, "%s %s from %s order %d: %" PRIu64 "%s", i ? ";" : "",
		    ev_type_name(b[0], sizeof(b[0]), nm, top[i].alloc),
		    ev_type_name(b[1], sizeof(b[1]), nm, top[i].fallback),
		    top[i].fallback_order, top[i].count,
		    (unsigned)top[i].fallback_order < nm->pageblock_order ?
		    " fragmenting" : "");
	fputc('\n', fp);
}

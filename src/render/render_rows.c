/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * render_rows.c - flat rows for engines (DuckDB, Spark, BigQuery): CSV
 * (RFC 4180) or NDJSON, one row per (root, node, zone, order) or per
 * (root, node, size), the columns of doc/reference.md in a fixed order
 */

#include "config.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "avail.h"
#include "humanize.h"
#include "jsonw.h"
#include "render_rows.h"

/* Where the cells of one row go: a CSV line, or a JSON object on one line. */
struct roww {
	FILE		*fp;
	bool		 csv;
	bool		 head;		/* CSV: write the column names, not values */
	int		 col;
	struct jsonw	 w;
};

/* Start a row. */
static void
row_begin(struct roww *rw)
{
	rw->col = 0;
	if (!rw->csv) {
		jw_init_compact(&rw->w, rw->fp);
		jw_object(&rw->w);
	}
}

/* End a row: RFC 4180 ends records with CRLF. */
static void
row_end(struct roww *rw)
{
	if (rw->csv)
		fputs("\r\n", rw->fp);
	else {
		jw_end(&rw->w);
		jw_done(&rw->w);
	}
}

/* Start cell KEY; returns false when only the header is written (KEY written). */
static bool
cell(struct roww *rw, const char *key)
{
	if (rw->csv && rw->col++ > 0)
		putc(',', rw->fp);
	if (rw->csv && rw->head) {
		fputs(key, rw->fp);
		return false;
	}
	if (!rw->csv)
		jw_key(&rw->w, key);
	return true;
}

/* Cell KEY holding S (NULL: null, an empty CSV field), quoted as RFC 4180 says. */
static void
cell_str(struct roww *rw, const char *key, const char *s)
{
	const char *p;

	if (!cell(rw, key))
		return;
	if (!rw->csv) {
		if (s == NULL)
			jw_null(&rw->w);
		else
			jw_string(&rw->w, s);
		return;
	}
	if (s == NULL)
		return;
	if (s[strcspn(s, ",\"\r\n")] == '\0') {
		fputs(s, rw->fp);
		return;
	}
	putc('"', rw->fp);
	for (p = s; *p; p++) {
		if (*p == '"')
			putc('"', rw->fp);
		putc(*p, rw->fp);
	}
	putc('"', rw->fp);
}

/* Cell KEY holding V; HAVE false: null. */
static void
cell_u64(struct roww *rw, const char *key, uint64_t v, bool have)
{
	if (!cell(rw, key))
		return;
	if (!rw->csv) {
		if (have)
			jw_u64(&rw->w, v);
		else
			jw_null(&rw->w);
	} else if (have)
		fprintf(rw->fp, "%" PRIu64, v);
}

/* Cell KEY holding V / 10^DIGITS as a decimal, as the JSON document writes it. */
static void
cell_fixed(struct roww *rw, const char *key, long long v, int digits)
{
	char buf[32];

	if (!cell(rw, key))
		return;
	if (!rw->csv)
		jw_fixed(&rw->w, v, digits);
	else
		fputs(hum_fixed(buf, sizeof(buf), v, digits), rw->fp);
}

/* Cell KEY holding V: true or false in both forms. */
static void
cell_bool(struct roww *rw, const char *key, bool v)
{
	if (!cell(rw, key))
		return;
	if (!rw->csv)
		jw_bool(&rw->w, v);
	else
		fputs(v ? "true" : "false", rw->fp);
}

/* The cells every row starts with: where it comes from. */
static void
row_source(struct roww *rw, const struct report *r)
{
	cell_str(rw, "root", r->snapshot);
	cell_str(rw, "kernel", r->release);
	cell_u64(rw, "page_size", r->page_size, true);
}

/* Write the row of zone Z at ORDER K. */
static void
order_row(struct roww *rw, const struct report *r, size_t z, unsigned k)
{
	const struct bzone *bz = &r->bi->zones[z];
	const struct frag *f = &r->frag[z];
	const struct zadvice *a = NULL;
	long j = advice_order_index(r->advice, k);

	if (j >= 0)
		a = advise_at(r->advice, z, (size_t)j);
	row_begin(rw);
	row_source(rw, r);
	cell_u64(rw, "node", bz->node, true);
	cell_str(rw, "zone", bz->name);
	cell_u64(rw, "order", k, true);
	cell_u64(rw, "size_bytes", (uint64_t)r->page_size << k, true);
	cell_u64(rw, "free_blocks", bz->free[k], true);
	cell_u64(rw, "suitable_blocks", f->suitable[k], true);
	cell_u64(rw, "zone_free_pages", f->free_pages, true);
	cell_fixed(rw, "unusable_index", f->unusable[k], 3);
	cell_fixed(rw, "fragmentation_index", f->fragindex[k], 3);
	cell_str(rw, "verdict", a ? advise_verdict_name(a->verdict) : NULL);
	row_end(rw);
}

/* Write the row of availability A (a node, or the machine). */
static void
size_row(struct roww *rw, const struct report *r, const struct avail *a)
{
	bool buddy = a->order < r->bi->norders;
	long j = advice_order_index(r->advice, a->order);
	/* A size the host has no hugetlb pages of: no counts, as JSON says. */
	bool can = avail_possible(r->huge, r->huge_known, a->order,
	    r->bi->norders) != AVAIL_IMPOSSIBLE;
	struct need n;

	row_begin(rw);
	row_source(rw, r);
	cell_u64(rw, "node", (uint64_t)a->node, a->node >= 0);
	cell_u64(rw, "order", a->order, true);
	cell_u64(rw, "size_bytes", (uint64_t)r->page_size << a->order, true);
	/* free_now as in every view; now, its name before #45. */
	cell_u64(rw, "free_now", a->now, can);
	if (can)
		cell_bool(rw, "free_now_is_bound", a->now_is_bound);
	else
		cell_str(rw, "free_now_is_bound", NULL);
	cell_u64(rw, "now", a->now, can);
	if (can)
		cell_bool(rw, "now_is_bound", a->now_is_bound);
	else
		cell_str(rw, "now_is_bound", NULL);
	cell_u64(rw, "after_compaction", a->after, can);
	cell_str(rw, "after_compaction_from", can ? avail_after_from(a) : NULL);
	cell_u64(rw, "free_pages", a->free_pages, true);
	cell_u64(rw, "score", a->score, buddy);
	cell_str(rw, "judgement", buddy ? judge_name(a->judgement) : NULL);
	cell_str(rw, "verdict", j >= 0 ? advise_verdict_name(advise_best(
	    r->advice, a->node, (size_t)j)) : NULL);
	if (r->need != NULL && r->need->order == a->order) {
		n = *r->need;
		n.node = a->node;
		cell_u64(rw, "need_count", n.count, true);
		cell_str(rw, "need_verdict", can ? advise_verdict_name(
		    avail_need(r->avail, &n, r->need_answer.possible).verdict) :
		    "impossible");
	} else {
		cell_u64(rw, "need_count", 0, false);
		cell_str(rw, "need_verdict", NULL);
	}
	row_end(rw);
}

void
render_rows(FILE *fp, const struct report *r)
{
	struct roww rw;
	size_t z, i;
	unsigned k;

	memset(&rw, 0, sizeof(rw));
	rw.fp = fp;
	rw.csv = !r->rows_ndjson;
	/* The header is the first row's keys: one list of columns. */
	rw.head = rw.csv && r->rows_head;
	if (!r->rows_sizes) {
		for (z = 0; z < r->bi->nzones; z++)
			for (k = 0; k < r->bi->norders; k++) {
				if (rw.head)
					order_row(&rw, r, z, k);
				rw.head = false;
				order_row(&rw, r, z, k);
			}
		return;
	}
	for (i = 0; r->avail != NULL && i < r->avail->n; i++) {
		if (r->avail->rows[i].zone >= 0)
			continue;
		if (rw.head)
			size_row(&rw, r, &r->avail->rows[i]);
		rw.head = false;
		size_row(&rw, r, &r->avail->rows[i]);
	}
}

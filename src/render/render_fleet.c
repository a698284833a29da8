/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_fleet.c - the fleet view as a table and as JSON */

#include "config.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "fleet.h"
#include "humanize.h"
#include "jsonw.h"
#include "render_fleet.h"
#include "render_text.h"
#include "report.h"

static const char *const over_name[FLEET_NOVER] = { "hosts", "nodes" };

/* Returns BUF holding BYTES as "2 MiB". */
static const char *
size_words(char *buf, size_t size, uint64_t bytes)
{
	return hum_size(buf, size, 1, (unsigned long)bytes);
}

/* Print the --need line of F: how many hosts and nodes fail it, and how. */
static void
need_table(FILE *fp, const struct fleet *f)
{
	const uint64_t *by[FLEET_NOVER] = { f->need_hosts, f->need_nodes };
	char sz[32];
	int k, v;

	fprintf(fp, "%" PRIu64 " x %s needed:", f->need_count,
	    size_words(sz, sizeof(sz), f->need_bytes));
	/* Unknown is no failure, but a headline without it reads as ok. */
	for (k = 0; k < FLEET_NOVER; k++)
		fprintf(fp, "%s %" PRIu64 " of %" PRIu64 " %s fail, %" PRIu64
		    " unknown", k ? ";" : "", fleet_need_failing(by[k]),
		    f->need_judged[k], over_name[k], by[k][VERDICT_UNKNOWN]);
	fprintf(fp, "\n");
	/* A size the host cannot make at all is impossible, as --need says. */
	for (k = 0; k < FLEET_NOVER; k++) {
		fprintf(fp, "  %s:", over_name[k]);
		for (v = 0; v < VERDICT_NSTATES; v++)
			fprintf(fp, "%s %s %" PRIu64, v > 0 ? "," : "",
			    advise_need_name((enum verdict)v), by[k][v]);
		fprintf(fp, "\n");
	}
}

/*
 * Print one line per size of F: the share of hosts with none free now, the
 * median of free now and that of after compaction, each over the hosts
 * (two medians, not one host's counts).
 */
static void
answer_table(FILE *fp, const struct fleet *f)
{
	const struct fleet_dist *now, *after;
	char sz[32], pct[16], text[256], pre[40], apart[64];
	size_t i;

	for (i = 0; i < f->nsizes; i++) {
		const struct fleet_size *s = &f->sizes[i];

		now = &s->dist_now[FLEET_HOSTS];
		after = &s->dist_after[FLEET_HOSTS];
		apart[0] = '\0';
		if (s->impossible[FLEET_HOSTS])
			snprintf(apart, sizeof(apart), "impossible on %" PRIu64
			    " host%s%s", s->impossible[FLEET_HOSTS],
			    s->impossible[FLEET_HOSTS] == 1 ? "" : "s",
			    now->n > 0 ? ", left out; " : "");
		snprintf(pre, sizeof(pre), "%s:", size_words(sz, sizeof(sz),
		    s->bytes));
		/* No host left to count: no counts, as the table's '-'. */
		if (now->n == 0) {
			render_fold(fp, pre, apart);
			continue;
		}
		snprintf(text, sizeof(text), "%snone free now on %" PRIu64
		    " of %" PRIu64 " hosts (%s); medians over hosts: %" PRIu64
		    " free now, %" PRIu64 " after compaction", apart,
		    s->none_now[FLEET_HOSTS], now->n, hum_pct(pct, sizeof(pct),
		    s->none_now[FLEET_HOSTS], now->n), now->pct[FLEET_P50],
		    after->pct[FLEET_P50]);
		render_fold(fp, pre, text);
	}
}

/* Print the kernels and page sizes F's roots had. */
static void
kinds_table(FILE *fp, const struct fleet *f)
{
	char sz[32];
	size_t i;

	fprintf(fp, "Kernels:");
	for (i = 0; i < f->nkernels; i++)
		fprintf(fp, "%s %s (%" PRIu64 ")", i ? "," : "",
		    f->kernels[i].release[0] ? f->kernels[i].release :
		    "unknown", f->kernels[i].roots);
	if (f->other_kernels)
		fprintf(fp, ", others (%" PRIu64 ")", f->other_kernels);
	fprintf(fp, "\nPage sizes:");
	for (i = 0; i < f->npages; i++)
		fprintf(fp, "%s %s (%" PRIu64 ")", i ? "," : "",
		    size_words(sz, sizeof(sz), f->pages[i].page_size),
		    f->pages[i].roots);
	if (f->other_pages)
		fprintf(fp, ", others (%" PRIu64 ")", f->other_pages);
	fprintf(fp, "\n");
}

/* Returns the decimal digits of V. */
static int
digits(uint64_t v)
{
	int n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

/* Returns the width of F's distributions' columns: their widest value, at least 7. */
static int
dist_width(const struct fleet *f)
{
	const struct fleet_dist *d;
	size_t i;
	int k, w = 7, j;

	for (i = 0; i < f->nsizes; i++)
		for (k = 0; k < 2 * FLEET_NOVER; k++) {
			d = k < FLEET_NOVER ? &f->sizes[i].dist_now[k] :
			    &f->sizes[i].dist_after[k - FLEET_NOVER];
			/* The max is the widest of its row. */
			if ((j = digits(d->max)) > w)
				w = j;
		}
	return w;
}

/*
 * Print one row of distribution D: its size and population labels, then
 * the numbers in columns of W, each after a space.
 */
static void
dist_row(FILE *fp, const char *size, const char *over, const char *what,
    const struct fleet_dist *d, int w)
{
	int k;

	fprintf(fp, "%-8s%-6s%-6s", size, over, what);
	/* Empty where every host has the size impossible. */
	for (k = 0; d->n == 0 && k < FLEET_NPCT + 2; k++)
		fprintf(fp, " %*s", w, "-");
	if (d->n == 0) {
		fputc('\n', fp);
		return;
	}
	fprintf(fp, " %*" PRIu64, w, d->min);
	for (k = 0; k < FLEET_NPCT; k++)
		fprintf(fp, " %*" PRIu64, w, d->pct[k]);
	fprintf(fp, " %*" PRIu64 "\n", w, d->max);
}

/* Print the distributions of every size of F. */
static void
dists_table(FILE *fp, const struct fleet *f)
{
	char sz[32], name[8], pre[40];
	int k, w = dist_width(f);
	size_t i;

	fprintf(fp, "\nAllocations free per size over hosts and nodes "
	    "(nearest-rank percentiles):\n");
	fprintf(fp, "%-8s%-6s%-6s %*s", "size", "over", "free", w, "min");
	for (k = 0; k < FLEET_NPCT; k++) {
		snprintf(name, sizeof(name), "p%u", fleet_pct[k]);
		fprintf(fp, " %*s", w, name);
	}
	fprintf(fp, " %*s\n", w, "max");
	for (i = 0; i < f->nsizes; i++) {
		const struct fleet_size *s = &f->sizes[i];

		size_words(sz, sizeof(sz), s->bytes);
		for (k = 0; k < FLEET_NOVER; k++) {
			dist_row(fp, k ? "" : sz, over_name[k], "now",
			    &s->dist_now[k], w);
			dist_row(fp, "", "", "after", &s->dist_after[k], w);
		}
	}
	for (i = 0; i < f->nsizes; i++) {
		char text[160];

		if (f->sizes[i].bound[FLEET_NODES] == 0)
			continue;
		snprintf(text, sizeof(text), "free now is only an upper bound "
		    "on %" PRIu64 " nodes (a free list past the kernel's "
		    "count, or an input missing)",
		    f->sizes[i].bound[FLEET_NODES]);
		snprintf(pre, sizeof(pre), "%s:", size_words(sz, sizeof(sz),
		    f->sizes[i].bytes));
		render_fold(fp, pre, text);
	}
}

/* Returns the word of worst host W of F: --need's answer, else the advice's. */
static const char *
worst_word(const struct fleet *f, const struct fleet_worst *w)
{
	return f->need_count ? advise_need_name(w->verdict) :
	    advise_verdict_word(w->verdict);
}

/* Print the worst hosts of F, fewest free now first. */
static void
worst_table(FILE *fp, const struct fleet *f)
{
	const struct fleet_worst *w;
	char sz[32], ps[32];
	int vw = 8;
	size_t i;

	if (f->nworst == 0)
		return;
	/* The verdict column as wide as its widest word ("impossible"). */
	for (i = 0; i < f->nworst; i++)
		if ((int)strlen(worst_word(f, &f->worst[i])) > vw)
			vw = (int)strlen(worst_word(f, &f->worst[i]));
	fprintf(fp, "\nWorst hosts at %s (fewest free now; <: at most):\n",
	    size_words(sz, sizeof(sz), f->worst_bytes));
	fprintf(fp, "%9s %9s %-*s %-16s %-7s %s\n", "free now", "after", vw,
	    "verdict", "kernel", "page", "root");
	for (i = 0; i < f->nworst; i++) {
		w = &f->worst[i];
		/* A size the host cannot have: no counts. */
		if (w->impossible)
			fprintf(fp, "%9s %9s", "-", "-");
		else
			fprintf(fp, "%s%8" PRIu64 " %9" PRIu64, w->now_is_bound ?
			    "<" : " ", w->now, w->after);
		fprintf(fp, " %-*s %-16s %-7s %s\n", vw, worst_word(f, w),
		    w->release[0] ? w->release : "unknown", size_words(ps,
		    sizeof(ps), w->page_size), w->root);
	}
}

void
render_fleet_table(FILE *fp, const struct fleet *f)
{
	fprintf(fp, "Fleet: %" PRIu64 " roots, %" PRIu64 " nodes", f->roots,
	    f->nodes);
	if (f->unreadable)
		fprintf(fp, "; %" PRIu64 " unreadable, left out",
		    f->unreadable);
	fprintf(fp, "\n");
	if (f->need_count)
		need_table(fp, f);
	answer_table(fp, f);
	kinds_table(fp, f);
	if (f->sizes_dropped)
		fprintf(fp, "Sizes past the first %d left out of %" PRIu64
		    " hosts' counts\n", FLEET_MAX_SIZES, f->sizes_dropped);
	dists_table(fp, f);
	worst_table(fp, f);
}

/* Write distribution D as an object: min, p1 ..., max; null when empty. */
static void
dist_json(struct jsonw *w, const char *key, const struct fleet_dist *d)
{
	char name[8];
	int k;

	/* Empty where every host has the size impossible. */
	if (!jw_key_or_null(w, key, d->n != 0))
		return;
	jw_object(w);
	jw_key(w, "min");
	jw_u64(w, d->min);
	for (k = 0; k < FLEET_NPCT; k++) {
		snprintf(name, sizeof(name), "p%u", fleet_pct[k]);
		jw_key(w, name);
		jw_u64(w, d->pct[k]);
	}
	jw_key(w, "max");
	jw_u64(w, d->max);
	jw_end(w);
}

/* Write the "sizes" member of F. */
static void
sizes_json(struct jsonw *w, const struct fleet *f)
{
	size_t i;
	int k;

	jw_key(w, "sizes");
	jw_array(w, false);
	for (i = 0; i < f->nsizes; i++) {
		const struct fleet_size *s = &f->sizes[i];

		jw_object(w);
		jw_key(w, "bytes");
		jw_u64(w, s->bytes);
		for (k = 0; k < FLEET_NOVER; k++) {
			jw_key(w, over_name[k]);
			jw_object(w);
			jw_key(w, "count");
			jw_u64(w, s->dist_now[k].n);
			jw_key(w, "impossible");
			jw_u64(w, s->impossible[k]);
			jw_key(w, "none_now");
			jw_u64(w, s->none_now[k]);
			/* free_now as in every view; now, its name before #45. */
			jw_key(w, "free_now_is_bound");
			jw_u64(w, s->bound[k]);
			jw_key(w, "now_is_bound");
			jw_u64(w, s->bound[k]);
			dist_json(w, "free_now", &s->dist_now[k]);
			dist_json(w, "now", &s->dist_now[k]);
			dist_json(w, "after_compaction", &s->dist_after[k]);
			jw_end(w);
		}
		jw_end(w);
	}
	jw_end(w);
}

/* Write the "need" member of F (null without --need). */
static void
need_json(struct jsonw *w, const struct fleet *f)
{
	const uint64_t *by[FLEET_NOVER] = { f->need_hosts, f->need_nodes };
	int k, v;

	if (!jw_key_or_null(w, "need", f->need_count != 0))
		return;
	jw_object(w);
	jw_key(w, "count");
	jw_u64(w, f->need_count);
	jw_key(w, "bytes");
	jw_u64(w, f->need_bytes);
	for (k = 0; k < FLEET_NOVER; k++) {
		jw_key(w, over_name[k]);
		jw_object(w);
		jw_key(w, "failing");
		jw_u64(w, fleet_need_failing(by[k]));
		for (v = 0; v < VERDICT_NSTATES; v++) {
			jw_key(w, advise_need_name((enum verdict)v));
			jw_u64(w, by[k][v]);
		}
		/* Impossible's name before it had one of its own. */
		jw_key(w, "unusable");
		jw_u64(w, by[k][VERDICT_UNUSABLE]);
		jw_end(w);
	}
	jw_end(w);
}

/*
 * Write member KEY, the N tallies K (by release when RELEASE, else by
 * page size), and OTHER_KEY, the roots past them.
 */
static void
kinds_json(struct jsonw *w, const char *key, const struct fleet_kind *k,
    size_t n, bool release, const char *other_key, uint64_t other)
{
	size_t i;

	jw_key(w, key);
	jw_array(w, false);
	for (i = 0; i < n; i++) {
		jw_object(w);
		jw_key(w, release ? "release" : "bytes");
		if (!release)
			jw_u64(w, k[i].page_size);
		else if (k[i].release[0])
			jw_string(w, k[i].release);
		else
			jw_null(w);
		jw_key(w, "roots");
		jw_u64(w, k[i].roots);
		jw_end(w);
	}
	jw_end(w);
	jw_key(w, other_key);
	jw_u64(w, other);
}

/* Write the "worst" member of F. */
static void
worst_json(struct jsonw *w, const struct fleet *f)
{
	const struct fleet_worst *h;
	size_t i;

	jw_key(w, "worst");
	jw_object(w);
	jw_key(w, "bytes");
	jw_u64(w, f->worst_bytes);
	jw_key(w, "hosts");
	jw_array(w, false);
	for (i = 0; i < f->nworst; i++) {
		h = &f->worst[i];
		jw_object(w);
		jw_key(w, "root");
		jw_string(w, h->root);
		if (jw_key_or_null(w, "kernel", h->release[0] != '\0'))
			jw_string(w, h->release);
		jw_key(w, "page_size");
		jw_u64(w, h->page_size);
		/*
		 * A size the host cannot have: no counts (null). free_now as
		 * in every view; now, its name before #45.
		 */
		if (jw_key_or_null(w, "free_now", !h->impossible))
			jw_u64(w, h->now);
		if (jw_key_or_null(w, "free_now_is_bound", !h->impossible))
			jw_bool(w, h->now_is_bound);
		if (jw_key_or_null(w, "now", !h->impossible))
			jw_u64(w, h->now);
		if (jw_key_or_null(w, "now_is_bound", !h->impossible))
			jw_bool(w, h->now_is_bound);
		if (jw_key_or_null(w, "after_compaction", !h->impossible))
			jw_u64(w, h->after);
		jw_key(w, "verdict");
		jw_string(w, f->need_count ? advise_need_name(h->verdict) :
		    advise_verdict_name(h->verdict));
		jw_end(w);
	}
	jw_end(w);
	jw_end(w);
}

void
render_fleet_json(FILE *fp, const struct fleet *f)
{
	struct jsonw w;
	int k;

	jw_init(&w, fp);
	jw_object(&w);
	jw_key(&w, "fragstat_version");
	jw_string(&w, PACKAGE_VERSION);
	jw_key(&w, "fleet");
	jw_object(&w);
	jw_key(&w, "roots");
	jw_u64(&w, f->roots);
	jw_key(&w, "unreadable");
	jw_u64(&w, f->unreadable);
	jw_key(&w, "nodes");
	jw_u64(&w, f->nodes);
	jw_key(&w, "percentile_method");
	jw_string(&w, "nearest-rank");
	jw_key(&w, "percentiles");
	jw_array(&w, true);
	for (k = 0; k < FLEET_NPCT; k++)
		jw_u64(&w, fleet_pct[k]);
	jw_end(&w);
	kinds_json(&w, "kernels", f->kernels, f->nkernels, true,
	    "other_kernels", f->other_kernels);
	kinds_json(&w, "page_sizes", f->pages, f->npages, false,
	    "other_page_sizes", f->other_pages);
	need_json(&w, f);
	sizes_json(&w, f);
	jw_key(&w, "sizes_dropped");
	jw_u64(&w, f->sizes_dropped);
	worst_json(&w, f);
	jw_end(&w);
	jw_end(&w);
	jw_done(&w);
}

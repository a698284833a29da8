/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verify.c - recompute the kernel's extfrag files and compare them byte for byte */

#include "config.h"
#include <stdlib.h>
#include <string.h>

#include "buddyinfo.h"
#include "frag.h"
#include "jsonw.h"
#include "render_kernel.h"
#include "report.h"
#include "slurp.h"
#include "validate.h"
#include "verify.h"

struct kfile {
	const char	*name;
	void		(*render)(FILE *, const struct report *);
	const char	*path;
	struct slurp	 kernel;
};

/* Returns whether A and B hold the same bytes. */
static bool
same(const struct slurp *a, const struct slurp *b)
{
	return a->len == b->len && memcmp(a->buf, b->buf, a->len) == 0;
}

/* Returns the length of line number N (1-based) of BUF at *LINE, or -1 past the end. */
static long
nth_line(const char *buf, size_t len, unsigned long n, const char **line)
{
	const char *p = buf, *end = buf + len, *nl;

	for (;;) {
		if (p >= end)
			return -1;
		nl = memchr(p, '\n', (size_t)(end - p));
		if (--n == 0) {
			*line = p;
			return nl ? nl - p : end - p;
		}
		if (nl == NULL)
			return -1;
		p = nl + 1;
	}
}

/* Write KEY: the N bytes at S as a JSON string, or null when N < 0. */
static void
json_line(struct jsonw *w, const char *key, const char *s, long n)
{
	char *copy;

	jw_key(w, key);
	if (n < 0 || (copy = malloc((size_t)n + 1)) == NULL) {
		jw_null(w);
		return;
	}
	memcpy(copy, s, (size_t)n);
	copy[n] = '\0';
	jw_string(w, copy);
	free(copy);
}

/* How a kernel file and fragstat's differ: where, and each side's line there. */
struct diff {
	bool		 equal;
	unsigned long	 line;		/* the first that differs (1-based) */
	const char	*kernel, *mine;	/* that line of each */
	long		 nkernel, nmine;	/* their lengths, -1: past the end */
};

/* Fill D from kernel file K and MINE (LEN bytes). */
static void
diff_find(struct diff *d, const struct kfile *k, const char *mine,
    size_t len)
{
	memset(d, 0, sizeof(*d));
	d->kernel = d->mine = "";
	d->equal = k->kernel.len == len && memcmp(k->kernel.buf, mine,
	    len) == 0;
	for (d->line = 1; !d->equal; d->line++) {
		d->nkernel = nth_line(k->kernel.buf, k->kernel.len, d->line,
		    &d->kernel);
		d->nmine = nth_line(mine, len, d->line, &d->mine);
		if (d->nkernel != d->nmine || d->nkernel < 0 ||
		    (d->nkernel > 0 && memcmp(d->kernel, d->mine,
		    (size_t)d->nkernel) != 0))
			break;
	}
}

/* Write D of kernel file K (ZONES zones, ORDERS orders) as one object to W. */
static void
diff_json(struct jsonw *w, const struct kfile *k, const struct diff *d,
    size_t zones, unsigned orders)
{
	jw_object(w);
	jw_key(w, "file");
	jw_string(w, k->name);
	jw_key(w, "path");
	jw_string(w, k->path);
	jw_key(w, "identical");
	jw_bool(w, d->equal);
	jw_key(w, "zones");
	jw_u64(w, zones);
	jw_key(w, "orders");
	jw_u64(w, orders);
	if (!d->equal) {
		jw_key(w, "line");
		jw_u64(w, d->line);
		json_line(w, "kernel", d->kernel, d->nkernel);
		json_line(w, "fragstat", d->mine, d->nmine);
	}
	jw_end(w);
}

/* Write D of kernel file K (ZONES zones, ORDERS orders) as text to OUT. */
static void
diff_text(FILE *out, const struct kfile *k, const struct diff *d,
    size_t zones, unsigned orders)
{
	if (d->equal) {
		fprintf(out, "%s: identical (%zu zones, %u orders)\n", k->name,
		    zones, orders);
		return;
	}
	fprintf(out, "%s: DIFFERS at line %lu\n", k->name, d->line);
	fprintf(out, "  kernel:   %.*s\n", d->nkernel < 0 ? 5 :
	    (int)d->nkernel, d->nkernel < 0 ? "(end)" : d->kernel);
	fprintf(out, "  fragstat: %.*s\n", d->nmine < 0 ? 5 : (int)d->nmine,
	    d->nmine < 0 ? "(end)" : d->mine);
}

/*
 * Write to OUT, or as one object to W when not NULL, whether kernel file
 * K equals MINE (LEN bytes); for a difference, the first differing line of
 * each. Returns 0 when equal, 1 not.
 */
static int
compare(FILE *out, struct jsonw *w, const struct kfile *k, const char *mine,
    size_t len, size_t zones, unsigned orders)
{
	struct diff d;

	diff_find(&d, k, mine, len);
	if (w)
		diff_json(w, k, &d, zones, orders);
	else
		diff_text(out, k, &d, zones, orders);
	return !d.equal;
}

/* Read the two kernel files and buddyinfo into K and BUDDY, stable when LIVE. Returns tries or -1. */
static int
read_stable(const char *bpath, struct kfile *k, struct slurp *buddy, bool live,
    struct ferr *e)
{
	struct slurp after;
	bool stable;
	int try, i;

	for (try = 1;; try++) {
		e->path = bpath;
		if (slurp_read(bpath, buddy, e) != 0)
			return -1;
		for (i = 0; i < 2; i++) {
			e->path = k[i].path;
			if (slurp_read(k[i].path, &k[i].kernel, e) != 0)
				return -1;
		}
		if (!live)
			return try;
		e->path = bpath;
		if (slurp_read(bpath, &after, e) != 0)
			return -1;
		stable = same(buddy, &after);
		slurp_free(&after);
		if (stable)
			return try;
		if (try == VERIFY_TRIES) {
			ferr_set(e, 0, "changed while the index files were read, "
			    "%d times in a row: cannot verify a busy machine",
			    VERIFY_TRIES);
			return -1;
		}
		slurp_free(buddy);
		for (i = 0; i < 2; i++)
			slurp_free(&k[i].kernel);
	}
}

/*
 * Parse and check BUDDY (read from BPATH) into *BI and compute its indices.
 * Returns them, or NULL with E set and nothing left to free.
 */
static struct frag *
load(const char *bpath, const struct slurp *buddy, struct buddyinfo *bi,
    struct ferr *e)
{
	struct frag *fr;

	e->path = bpath;
	if (buddyinfo_parse(buddy->buf, buddy->len, bi, e) != 0)
		return NULL;
	if (buddyinfo_check(bi, e) != 0)
		goto fail;
	if ((fr = frag_compute_all(bi)) != NULL)
		return fr;
	ferr_set(e, 0, "out of memory");
fail:
	buddyinfo_free(bi);
	return NULL;
}

/* Begin the answer on OUT, or on W when not NULL: the TRIES buddyinfo took when LIVE. */
static void
head(FILE *out, struct jsonw *w, bool live, int tries)
{
	if (w) {
		jw_object(w);
		/* How many reads it took until buddyinfo held still. */
		if (jw_key_or_null(w, "buddyinfo_reads", live))
			jw_int(w, tries);
		jw_key(w, "files");
		jw_array(w, false);
	} else if (live)
		fprintf(out, "buddyinfo: read %d time%s until it was the same "
		    "before and after the index files\n", tries,
		    tries == 1 ? "" : "s");
}

/*
 * Render both files of K from R and compare each with the kernel's, to OUT
 * or W. Returns 0 when both are identical, 1 when one differs, -1 with E set.
 */
static int
compare_both(FILE *out, struct jsonw *w, const struct kfile *k,
    const struct report *r, struct ferr *e)
{
	char *mine = NULL;
	int differs = 0;
	size_t len, i;
	FILE *mem;

	for (i = 0; i < 2; i++) {
		if ((mem = open_memstream(&mine, &len)) == NULL)
			return ferr_set(e, 0, "out of memory");
		k[i].render(mem, r);
		if (fclose(mem) != 0) {
			free(mine);
			return ferr_set(e, 0, "out of memory");
		}
		differs |= compare(out, w, &k[i], mine, len, r->bi->nzones,
		    r->bi->norders);
		free(mine);
		mine = NULL;
	}
	return differs;
}

int
verify_run(FILE *out, const char *bpath, const char *upath, const char *epath,
    const char *release, bool live, bool json, struct ferr *e)
{
	struct kfile k[2] = {
		{ "unusable_index", render_unusable, upath, { NULL, 0 } },
		{ "extfrag_index", render_extfrag, epath, { NULL, 0 } },
	};
	struct slurp buddy = { NULL, 0 };
	struct buddyinfo bi;
	struct report r;
	struct jsonw jw, *w = NULL;
	struct frag *fr;
	int rc = -1, tries;
	size_t i;

	if ((tries = read_stable(bpath, k, &buddy, live, e)) >= 0 &&
	    (fr = load(bpath, &buddy, &bi, e)) != NULL) {
		memset(&r, 0, sizeof(r));
		r.bi = &bi;
		r.frag = fr;
		r.release = release;
		if (json) {
			w = &jw;
			jw_init(w, out);
		}
		head(out, w, live, tries);
		rc = compare_both(out, w, k, &r, e);
		if (rc >= 0 && w) {
			jw_end(w);
			jw_key(w, "identical");
			jw_bool(w, !rc);
			jw_end(w);
			jw_done(w);
		}
		buddyinfo_free(&bi);
		free(fr);
	}
	slurp_free(&buddy);
	for (i = 0; i < 2; i++)
		slurp_free(&k[i].kernel);
	return rc;
}

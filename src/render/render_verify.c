/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_verify.c - --verify's answer: the kernel's index files against fragstat's, as text or JSON */

#include "config.h"
#include <stdlib.h>
#include <string.h>

#include "ferr.h"
#include "jsonw.h"
#include "render_verify.h"

/*
 * Write KEY: the N bytes at S as a JSON string, or null when N < 0 (the
 * file ended). Out of memory it is null too, but after ferr_nomem(): the
 * run exits 1 rather than say that the file ended there.
 */
static void
json_line(struct jsonw *w, const char *key, const char *s, long n)
{
	char *copy;

	jw_key(w, key);
	if (n < 0) {
		jw_null(w);
		return;
	}
	if (ferr_inject("verify-line") ||
	    (copy = malloc((size_t)n + 1)) == NULL) {
		ferr_nomem();
		jw_null(w);
		return;
	}
	memcpy(copy, s, (size_t)n);
	copy[n] = '\0';
	jw_string(w, copy);
	free(copy);
}

/* Write D, one file of V, as one object to W. */
static void
diff_json(struct jsonw *w, const struct kfile_diff *d,
    const struct verification *v)
{
	jw_object(w);
	jw_key(w, "file");
	jw_string(w, d->name);
	jw_key(w, "path");
	jw_string(w, d->path);
	jw_key(w, "identical");
	jw_bool(w, d->equal);
	jw_key(w, "zones");
	jw_u64(w, v->zones);
	jw_key(w, "orders");
	jw_u64(w, v->orders);
	if (!d->equal) {
		jw_key(w, "line");
		jw_u64(w, d->line);
		json_line(w, "kernel", d->kernel, d->nkernel);
		json_line(w, "fragstat", d->mine, d->nmine);
	}
	jw_end(w);
}

void
render_verify_json(FILE *fp, const struct verification *v)
{
	struct jsonw w;
	size_t i;

	jw_init(&w, fp);
	jw_object(&w);
	/* How many reads it took until buddyinfo held still. */
	if (jw_key_or_null(&w, "buddyinfo_reads", v->live))
		jw_int(&w, v->reads);
	jw_key(&w, "files");
	jw_array(&w, false);
	for (i = 0; i < VERIFICATION_NFILES; i++)
		diff_json(&w, &v->files[i], v);
	jw_end(&w);
	jw_key(&w, "identical");
	jw_bool(&w, verification_identical(v));
	jw_end(&w);
	jw_done(&w);
}

/* Print "  WHO" and the N bytes at S, or "(end)" when N < 0 (the file ended). */
static void
diff_line(FILE *fp, const char *who, const char *s, long n)
{
	if (n < 0)
		fprintf(fp, "  %s(end)\n", who);
	else
		fprintf(fp, "  %s%.*s\n", who, (int)n, s);
}

/* Print D, one file of V, as text to FP. */
static void
diff_text(FILE *fp, const struct kfile_diff *d, const struct verification *v)
{
	if (d->equal) {
		fprintf(fp, "%s: identical (%zu zones, %u orders)\n", d->name,
		    v->zones, v->orders);
		return;
	}
	fprintf(fp, "%s: DIFFERS at line %lu\n", d->name, d->line);
	diff_line(fp, "kernel:   ", d->kernel, d->nkernel);
	diff_line(fp, "fragstat: ", d->mine, d->nmine);
}

void
render_verify_text(FILE *fp, const struct verification *v)
{
	size_t i;

	if (v->live)
		fprintf(fp, "buddyinfo: read %d time%s until it was the same "
		    "before and after the index files\n", v->reads,
		    v->reads == 1 ? "" : "s");
	for (i = 0; i < VERIFICATION_NFILES; i++)
		diff_text(fp, &v->files[i], v);
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mode_batch.c - batches: several roots, one document each, or one picture over time */

#include "config.h"
#include <stdlib.h>
#include <string.h>

#include "need_status.h"
#include "modes.h"
#include "render_pictures.h"

/*
 * Add the roots listed one per line in PATH ("-": standard input) to O.
 * Returns 0, or EXIT_DATA after a message. The list's buffer is kept.
 */
int
run_batch_roots(struct opts *o, struct slurp *list)
{
	struct ferr e = { .path = o->roots_from };
	const char **nr;
	char *p, *save;
	size_t n = 0;

	if (slurp_read(o->roots_from, list, &e) != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	for (p = list->buf; *p; p++)
		n += *p == '\n';
	if ((nr = realloc(o->roots, (o->nroots + n + 2) * sizeof(*nr))) ==
	    NULL) {
		ferr_nomem();
		return EXIT_DATA;
	}
	o->roots = nr;
	/* A line each, empty ones skipped. */
	for (p = strtok_r(list->buf, "\n", &save); p != NULL;
	    p = strtok_r(NULL, "\n", &save))
		o->roots[o->nroots++] = p;
	return EXIT_OK;
}

/*
 * Analyse every root of O in turn, each written whole or not at all: a
 * section per snapshot in the table, one JSON object per line. Returns
 * the error of the last snapshot that failed, else the exit status of
 * the worst answer to --need (EXIT_OK without it).
 */
int
run_batch(struct opts *o)
{
	struct verdicts adv;
	struct report r;
	struct inputs in;
	enum verdict worst = VERDICT_OK;
	size_t i;
	int rc, status = EXIT_OK;
	bool head = true;	/* the CSV header is still to write */

	/*
	 * A snapshot is rendered only once it has loaded whole, so its
	 * document is written whole or not at all (main()'s buffer).
	 */
	for (i = 0; i < o->nroots; i++) {
		o->sysroot = o->roots[i];
		memset(&adv, 0, sizeof(adv));
		if ((rc = pipe_load(o, &in, &r, &adv)) == 0) {
			r.snapshot = o->sysroot;
			r.ndjson = true;
			r.rows_head = head;
			head = false;
			if (o->format != F_JSON && o->format != F_CSV &&
			    o->format != F_NDJSON)
				printf("%s==> %s <==\n", i ? "\n" : "",
				    o->sysroot);
			pipe_render(o->format, &r, stdout);
			need_worst(&worst, &r);
		}
		if (rc != 0)
			status = rc;
		pipe_verdicts_free(&adv);
		inputs_free(&in);
		if (ferror(stdout))
			break;
	}
	/* A root that failed says so; else the worst answer to --need. */
	return status != EXIT_OK ? status : need_verdict_status(worst);
}

/*
 * Load every root of O into ADV, R and IN, those that load one after the
 * other; a root that cannot be read is said and left out. Returns EXIT_OK,
 * or the error of the last root that failed, with *N the roots loaded.
 */
static int
load_every(struct opts *o, struct verdicts *adv, struct report *r,
    struct inputs *in, size_t *n)
{
	int rc, status = EXIT_OK;
	size_t i;

	for (i = 0; i < o->nroots; i++) {
		o->sysroot = o->roots[i];
		if ((rc = pipe_load(o, &in[*n], &r[*n], &adv[*n])) == 0) {
			r[(*n)++].snapshot = o->sysroot;
			continue;
		}
		status = rc;
		pipe_verdicts_free(&adv[*n]);
		inputs_free(&in[*n]);
		memset(&adv[*n], 0, sizeof(adv[*n]));
	}
	return status;
}

/*
 * Returns 0 when the N snapshots R have one page size, else -1 after a
 * message naming the first that differs: one picture over time scales
 * free memory and pageblocks by one page size (render_svg_batch.c).
 */
static int
one_page_size(const struct report *r, size_t n)
{
	struct ferr e;
	size_t i;

	for (i = 1; i < n; i++)
		if (r[i].page_size != r[0].page_size) {
			e.path = r[i].snapshot;
			ferr_set(&e, 0, "pages of %lu bytes, %s's are %lu: one "
			    "picture over time draws one page size (draw "
			    "them apart)", r[i].page_size, r[0].snapshot,
			    r[0].page_size);
			ferr_print(&e);
			return -1;
		}
	return 0;
}

/*
 * --format=svg of many roots: one picture of them all over time, so every
 * snapshot is loaded first. One that cannot be read is reported and left
 * out; roots of different page sizes are refused whole. Returns EXIT_OK,
 * or the error of the last snapshot that failed.
 */
int
run_batch_svg(struct opts *o)
{
	struct verdicts *adv = calloc(o->nroots + 1, sizeof(*adv));
	struct report *r = calloc(o->nroots + 1, sizeof(*r));
	struct inputs *in = calloc(o->nroots + 1, sizeof(*in));
	size_t i, n = 0;
	int status;

	if (adv == NULL || r == NULL || in == NULL) {
		ferr_nomem();
		status = EXIT_DATA;
	} else
		status = load_every(o, adv, r, in, &n);
	if (n > 0 && one_page_size(r, n) != 0)
		status = EXIT_DATA;
	else if (n > 0 && render_svg_batch(stdout, r, n) != 0) {
		ferr_nomem();
		status = EXIT_DATA;
	}
	for (i = 0; i < n; i++) {
		pipe_verdicts_free(&adv[i]);
		inputs_free(&in[i]);
	}
	free(adv);
	free(r);
	free(in);
	return status;
}

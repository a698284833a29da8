/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mode_fleet.c - --fleet: many roots read one at a time into one summary */

#include "config.h"
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "fleet.h"
#include "need_status.h"
#include "modes.h"
#include "record.h"
#include "render_fleet.h"
#include "slurp.h"

/* Distinct notes kept to count; more are counted together. */
#define FLEET_MAX_NOTES	32

/*
 * The notes of the roots (an optional file missing), each said once with
 * how many roots had it, not once per root: 12,000 roots, 36,000 lines.
 */
struct fleet_notes {
	char		*text[FLEET_MAX_NOTES];	/* without the root */
	uint64_t	 roots[FLEET_MAX_NOTES];
	size_t		 n;
	uint64_t	 others;
};

/* Count IN's notes of ROOT in NS, the root left out of their paths. */
static void
notes_add(struct fleet_notes *ns, const struct inputs *in, const char *root)
{
	size_t len = strlen(root), i;
	const char *t;
	int k;

	for (k = 0; k < in->nnotes; k++) {
		t = in->notes[k];
		if (strncmp(t, root, len) == 0 && t[len] == '/')
			t += len + 1;
		for (i = 0; i < ns->n && strcmp(ns->text[i], t) != 0; i++)
			;
		if (i < ns->n)
			ns->roots[i]++;
		else if (ns->n == FLEET_MAX_NOTES ||
		    (ns->text[i] = strdup(t)) == NULL)
			ns->others++;
		else
			ns->roots[ns->n++] = 1;
	}
}

/* Say each note of NS once, with its count of the ROOTS read, and free them. */
static void
notes_say(struct fleet_notes *ns, uint64_t roots)
{
	size_t i;

	for (i = 0; i < ns->n; i++) {
		ferr_say("%" PRIu64 " of %" PRIu64 " roots: %s", ns->roots[i],
		    roots, ns->text[i]);
		free(ns->text[i]);
	}
	if (ns->others)
		ferr_say("%" PRIu64 " other notes of the roots", ns->others);
	memset(ns, 0, sizeof(*ns));
}

/*
 * Read root ROOT into F for O, its answer to --need into *WORST where
 * worse (need_worst()). A root that cannot be read is said on
 * stderr and counted as unreadable. Returns 0, an exit code of that root
 * (EXIT_DATA, EXIT_USAGE), or -1 when out of memory (said).
 */
static int
fleet_root(struct opts *o, struct fleet *f, struct fleet_notes *ns,
    const char *root, enum verdict *worst)
{
	struct fleet_root fr;
	struct verdicts v;
	struct report r;
	struct inputs in;
	bool quiet = o->quiet;
	int rc;

	/* The list streams: a recording is refused here, not beforehand. */
	if (record_is(root)) {
		ferr_say("%s is a recording: --fleet reads snapshots, such "
		    "as its first/ and last/", root);
		f->unreadable++;
		return EXIT_DATA;
	}
	o->sysroot = root;
	memset(&v, 0, sizeof(v));
	/* The notes are counted over the roots, said at the end. */
	o->quiet = true;
	rc = pipe_load(o, &in, &r, &v);
	o->quiet = quiet;
	if (rc == 0) {
		if (!quiet)
			notes_add(ns, &in, root);
		memset(&fr, 0, sizeof(fr));
		fr.root = root;
		fr.release = r.release;
		fr.page_size = r.page_size;
		fr.adv = &v.adv;
		fr.av = &v.av;
		fr.need = r.need;
		if (r.need != NULL)
			fr.possible = avail_possible(r.huge, r.huge_known,
			    r.need->order, r.bi->norders);
		need_worst(worst, &r);
		if (fleet_add(f, &fr) != 0) {
			ferr_nomem();
			rc = -1;
		}
	} else
		f->unreadable++;
	pipe_verdicts_free(&v);
	inputs_free(&in);
	return rc;
}

/*
 * Read into F every root of the list at O->roots_from ("-": standard
 * input), a line at a time (each shorter than PATH_MAX; their worst
 * --need answer into *WORST): memory does not grow with the list. Returns
 * 0, the exit code of the last root that failed, or -1 when out of memory
 * or the list cannot be read (said).
 */
static int
fleet_list(struct opts *o, struct fleet *f, struct fleet_notes *ns,
    enum verdict *worst)
{
	struct ferr e = { .path = o->roots_from };
	char root[PATH_MAX];
	struct slurp_lines ls;
	const char *s;
	size_t n;
	bool whole;
	int rc, status = 0;

	/* A root is a path: a longer line is no root (and no memory sink). */
	if (slurp_lines_open(o->roots_from, &ls, PATH_MAX - 1, &e) != 0) {
		ferr_print(&e);
		return -1;
	}
	while ((rc = slurp_lines_next(&ls, &s, &n, &whole, &e)) == 1) {
		if (n == 0)
			continue;
		memcpy(root, s, n);
		root[n] = '\0';
		if ((rc = fleet_root(o, f, ns, root, worst)) < 0) {
			status = rc;
			break;
		}
		if (rc != 0)
			status = rc;
	}
	if (rc < 0 && status >= 0) {
		ferr_print(&e);
		status = -1;
	}
	slurp_lines_close(&ls);
	return status;
}

int
run_fleet(struct opts *o)
{
	enum verdict worst = VERDICT_OK;
	struct fleet_notes ns;
	struct fleet f;
	size_t i;
	int rc, status = EXIT_OK;

	fleet_init(&f, o->need_count);
	memset(&ns, 0, sizeof(ns));
	for (i = 0; i < o->nroots && status >= 0; i++)
		if ((rc = fleet_root(o, &f, &ns, o->roots[i], &worst)) != 0)
			status = rc;
	if (status >= 0 && o->roots_from != NULL && (rc = fleet_list(o,
	    &f, &ns, &worst)) != 0)
		status = rc;
	notes_say(&ns, f.roots);
	if (status >= 0)
		fleet_finish(&f);
	if (status < 0)
		status = EXIT_DATA;
	else if (o->format == F_JSON)
		render_fleet_json(stdout, &f);
	else if (o->format == F_SVG)
		render_fleet_svg(stdout, &f);
	else
		render_fleet_table(stdout, &f);
	fleet_free(&f);
	/* A root that failed says so; else the worst answer to --need. */
	return status != EXIT_OK ? status : need_verdict_status(worst);
}

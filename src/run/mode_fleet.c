/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mode_fleet.c - --fleet: many roots read one at a time into one summary */

#include "config.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "fleet.h"
#include "modes.h"
#include "record.h"
#include "render_fleet.h"
#include "slurp.h"

/*
 * Read root ROOT into F for O. A root that cannot be read is said on
 * stderr and counted as unreadable. Returns 0, an exit code of that root
 * (EXIT_DATA, EXIT_USAGE), or -1 when out of memory (said).
 */
static int
fleet_root(struct opts *o, struct fleet *f, const char *root)
{
	struct fleet_root fr;
	struct verdicts v;
	struct report r;
	struct inputs in;
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
	if ((rc = pipe_load(o, &in, &r, &v)) == 0) {
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
 * input), a line at a time (each shorter than PATH_MAX): memory does not
 * grow with the list. Returns 0, the exit code of the last root that
 * failed, or -1 when out of memory or the list cannot be read (said).
 */
static int
fleet_list(struct opts *o, struct fleet *f)
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
		if ((rc = fleet_root(o, f, root)) < 0) {
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
	struct fleet f;
	size_t i;
	int rc, status = EXIT_OK;

	fleet_init(&f, o->need_count);
	for (i = 0; i < o->nroots && status >= 0; i++)
		if ((rc = fleet_root(o, &f, o->roots[i])) != 0)
			status = rc;
	if (status >= 0 && o->roots_from != NULL && (rc = fleet_list(o,
	    &f)) != 0)
		status = rc;
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
	return status;
}

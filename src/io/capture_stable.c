/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capture_stable.c - buddyinfo and the index files read until buddyinfo holds still around them, and copied */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "capture_file.h"
#include "capture_stable.h"
#include "inputs.h"

/* The index files read between two reads of buddyinfo, under the root. */
static const char *const stable_idx[CAPTURE_NKFILES] = {
	[CAPTURE_K_UNUSABLE] = CAPTURE_UNUSABLE_INDEX,
	[CAPTURE_K_EXTFRAG] = CAPTURE_EXTFRAG_INDEX,
};

/* Free what S read, keeping its paths. */
static void
drop(struct capture_stable *s)
{
	int i;

	slurp_free(&s->b);
	for (i = 0; i < CAPTURE_NKFILES; i++)
		slurp_free(&s->k[i]);
}

int
capture_stable_read(const char *root, int tries, struct capture_stable *s,
    struct ferr *e)
{
	struct slurp again;
	struct ferr re;
	bool paths;
	int i, nread, rc;

	memset(s, 0, sizeof(*s));
	s->bpath = inputs_path(root, INPUTS_BUDDYINFO);
	paths = s->bpath != NULL;
	for (i = 0; i < CAPTURE_NKFILES; i++)
		if ((s->kpath[i] = inputs_path(root, stable_idx[i])) == NULL)
			paths = false;
	if (!paths) {
		ferr_keep_path(e, INPUTS_BUDDYINFO);
		return ferr_set(e, 0, "out of memory");
	}
	for (s->reads = 1;; s->reads++) {
		if (capture_read_path(s->bpath, &s->b, &re) != 0) {
			capture_failed(e, &re);
			return -1;
		}
		for (i = nread = 0; i < CAPTURE_NKFILES; i++) {
			rc = capture_read_path(s->kpath[i], &s->k[i],
			    &s->kerr[i]);
			if (capture_read_ends(rc)) {
				capture_failed(e, &s->kerr[i]);
				return -1;
			}
			if (s->k[i].buf != NULL)
				nread++;
		}
		if (nread == 0) {
			s->reads = 0;
			return 0;
		}
		if (capture_read_path(s->bpath, &again, &re) != 0) {
			capture_failed(e, &re);
			return -1;
		}
		s->stable = s->b.len == again.len &&
		    memcmp(s->b.buf, again.buf, s->b.len) == 0;
		slurp_free(&again);
		if (s->stable || s->reads == tries)
			return 0;
		drop(s);
	}
}

void
capture_stable_free(struct capture_stable *s)
{
	int i;

	drop(s);
	free(s->bpath);
	for (i = 0; i < CAPTURE_NKFILES; i++)
		free(s->kpath[i]);
}

/*
 * Read C's source as capture_stable_read() does into S and say in C's
 * metadata whether buddyinfo held still. Returns 0, or -1 with E set.
 */
static int
stable_read(struct capture *c, struct capture_stable *s, struct ferr *e)
{
	if (capture_stable_read(c->src, CAPTURE_TRIES, s, e) != 0)
		return -1;
	if (s->reads == 0) {
		capture_note(c, "buddyinfo_stable unknown (no index files)\n");
		return 0;
	}
	c->done.stable = s->stable;
	capture_note(c, "buddyinfo_stable %s\nbuddyinfo_reads %d\n",
	    s->stable ? "yes" : "no", s->reads);
	return 0;
}

int
capture_stable_group(struct capture *c, struct ferr *e)
{
	struct capture_stable s;
	int i, rc = -1;

	if (stable_read(c, &s, e) != 0 ||
	    capture_put(c, INPUTS_BUDDYINFO, s.b.buf, s.b.len, e) != 0)
		goto out;
	c->done.files++;
	for (i = 0; i < CAPTURE_NKFILES; i++) {
		if (s.k[i].buf == NULL)
			capture_missing(c, s.kerr[i].path, stable_idx[i],
			    s.kerr[i].msg);
		else if (capture_put(c, stable_idx[i], s.k[i].buf, s.k[i].len,
		    e) != 0)
			goto out;
		else
			c->done.files++;
	}
	rc = 0;
out:
	capture_stable_free(&s);
	return rc;
}

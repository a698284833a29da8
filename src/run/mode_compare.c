/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mode_compare.c - --compare, and a recording read back: two snapshots, two recordings or two sets of runs */

#include "config.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "futile.h"
#include "mapspan.h"
#include "modes.h"
#include "record.h"
#include "render_compare.h"
#include "render_pictures.h"
#include "render_pollution.h"
#include "render_replay.h"
#include "render_sets.h"
#include "replay.h"
#include "replay_map.h"
#include "replay_sets.h"
#include "sets.h"

/*
 * Read the recording DIR into R (with what a picture needs when O asks
 * for SVG) and kcompactd's futile work from it. Returns 0, or -1 with E
 * set.
 */
static int
recording_read(const struct opts *o, const char *dir, struct replay *r,
    struct ferr *e)
{
	if (replay_read(dir, r, o->format == F_SVG, e) != 0)
		return -1;
	futile_replay(r);
	return 0;
}

/* Say, unless O is quiet, that the last line of the recording DIR (read into R) was cut short. */
static void
say_truncated(const struct opts *o, const char *dir, const struct replay *r)
{
	if (r->truncated && !o->quiet)
		ferr_say("%s/%s: the last line is cut short (the recording "
		    "ended in a crash): ignored", dir, RECORD_SAMPLES);
}

/* --sysroot of a recording: summarise the run. Returns an exit code. */
int
run_replay(const struct opts *o)
{
	struct ferr e = { .path = "" };
	struct replay *r = calloc(1, sizeof(*r));
	struct mapseries ms;
	int rc = EXIT_DATA;

	memset(&ms, 0, sizeof(ms));
	if (r == NULL)
		ferr_nomem();
	/* The map summaries too, before anything is printed. */
	else if (recording_read(o, o->sysroot, r, &e) != 0 ||
	    replay_map_read(o->sysroot, &ms, &e) < 0)
		ferr_print(&e);
	else {
		say_truncated(o, o->sysroot, r);
		mapspan_compute(&ms);
		rc = EXIT_OK;
		if (o->format == F_JSON)
			render_replay_json(stdout, o->sysroot, r, &ms);
		else if (o->format == F_SVG) {
			if (render_svg_recording(stdout, o->sysroot, r,
			    &ms) != 0) {
				ferr_nomem();
				rc = EXIT_DATA;
			}
		} else {
			render_replay_table(stdout, o->sysroot, r);
			render_replay_map_table(stdout, &ms, r->page_size);
		}
		if (pipe_close_stdout() != EXIT_OK)
			rc = EXIT_DATA;
	}
	mapseries_free(&ms);
	if (r != NULL)
		replay_free(r);
	free(r);
	return rc;
}

/* --compare of two sets of runs (a directory of recordings on a side). Returns an exit code. */
static int
run_sets_compare(const struct opts *o)
{
	struct ferr e = { .path = "" };
	struct sets x;
	int i, rc = EXIT_OK;

	memset(&x, 0, sizeof(x));
	for (i = 0; i < 2 && rc == EXIT_OK; i++)
		if (replay_sets_read(&x, i, o->roots[i], &e) != 0)
			rc = EXIT_DATA;
	if (rc == EXIT_OK && sets_compute(&x, &e) != 0)
		rc = EXIT_DATA;
	if (rc != EXIT_OK)
		ferr_print(&e);
	else if (o->format == F_JSON)
		render_sets_json(stdout, &x);
	else if (o->format == F_SVG) {
		if (render_sets_svg(stdout, &x) != 0) {
			ferr_nomem();
			rc = EXIT_DATA;
		}
	} else if (o->format == F_TABLE)
		render_sets_table(stdout, &x);
	else
		render_sets_mail(stdout, &x);
	sets_free(&x);
	if (rc == EXIT_OK && pipe_close_stdout() != EXIT_OK)
		rc = EXIT_DATA;
	return rc;
}

/*
 * Set R's end to the judgement of the machine at the pageblock order in
 * the recording DIR's last/ capture, as the summary gives it; left
 * unknown where last/ is missing or cannot be read (said by nothing:
 * the comparison stands without it).
 */
static void
end_judgement(const struct opts *o, const char *dir, struct replay *r)
{
	struct opts c = *o;
	struct verdicts v;
	struct report rep;
	struct inputs in;
	const struct avail *a;
	char *last = inputs_join(dir, "last");

	memset(&v, 0, sizeof(v));
	memset(&in, 0, sizeof(in));
	if (last == NULL || access(last, F_OK) != 0) {
		free(last);
		return;
	}
	c.sysroot = last;
	c.quiet = true;
	c.advise = true;
	c.need_count = 0;
	c.format = F_SUMMARY;
	if (pipe_load(&c, &in, &rep, &v) == EXIT_OK && (a = avail_find(&v.av,
	    -1, -1, v.adv.hpage_order)) != NULL) {
		r->end.known = true;
		r->end.order = a->order;
		r->end.judgement = a->judgement;
		r->end.now = a->now;
		r->end.after = a->after;
		r->end.now_is_bound = a->now_is_bound;
	}
	pipe_verdicts_free(&v);
	inputs_free(&in);
	free(last);
}

/*
 * --compare of two recordings side by side, or of two sets of runs (a
 * directory of recordings on a side). Returns an exit code.
 */
int
run_replay_compare(const struct opts *o)
{
	struct ferr e = { .path = "" };
	struct mapseries ms[2];
	struct replay *r;
	int i, rc = EXIT_OK;

	if (!record_is(o->roots[0]) || !record_is(o->roots[1]))
		return run_sets_compare(o);
	memset(ms, 0, sizeof(ms));
	if ((r = calloc(2, sizeof(*r))) == NULL) {
		ferr_nomem();
		return EXIT_DATA;
	}
	for (i = 0; i < 2 && rc == EXIT_OK; i++) {
		/* The map summaries too, for the folio censuses. */
		if (recording_read(o, o->roots[i], &r[i], &e) != 0 ||
		    replay_map_read(o->roots[i], &ms[i], &e) < 0) {
			ferr_print(&e);
			rc = EXIT_DATA;
		} else
			say_truncated(o, o->roots[i], &r[i]);
	}
	for (i = 0; i < 2 && rc == EXIT_OK; i++)
		end_judgement(o, o->roots[i], &r[i]);
	if (rc == EXIT_OK && o->format == F_JSON)
		render_replay_compare_json(stdout, o->roots[0], &r[0],
		    o->roots[1], &r[1], &ms[0], &ms[1]);
	else if (rc == EXIT_OK && o->format == F_SVG) {
		if (render_svg_recordings(stdout, o->roots[0], &r[0],
		    o->roots[1], &r[1]) != 0) {
			ferr_nomem();
			rc = EXIT_DATA;
		}
	} else if (rc == EXIT_OK) {
		render_replay_compare_table(stdout, o->roots[0], &r[0],
		    o->roots[1], &r[1]);
		render_replay_map_compare_table(stdout, &ms[0], &ms[1],
		    r[1].page_size);
	}
	for (i = 0; i < 2; i++) {
		replay_free(&r[i]);
		mapseries_free(&ms[i]);
	}
	free(r);
	if (rc == EXIT_OK && pipe_close_stdout() != EXIT_OK)
		rc = EXIT_DATA;
	return rc;
}

/* --compare A B. Returns an exit code. */
int
run_compare(struct opts *o)
{
	struct verdicts adv[2];
	struct report r[2];
	struct inputs in[2];
	struct map m[2];
	bool have[2] = { false, false };
	unsigned long page_size;
	int rc = EXIT_OK, i, loaded = 0;

	memset(adv, 0, sizeof(adv));
	for (i = 0; i < 2 && rc == EXIT_OK; i++) {
		o->sysroot = o->roots[i];
		rc = pipe_load(o, &in[i], &r[i], &adv[i]);
		loaded++;
		r[i].snapshot = o->sysroot;
		/*
		 * Their folio censuses side by side, when both stored a map
		 * and say its pageblock order (pagetypeinfo).
		 */
		if (rc == EXIT_OK && in[i].have_pti)
			rc = run_map_stored(o->roots[i], &in[i], &m[i], NULL,
			    &page_size, &have[i]);
	}
	for (i = 0; i < 2 && have[0] && have[1]; i++)
		r[i].map = &m[i];
	if (rc == EXIT_OK && in[0].bi.norders != in[1].bi.norders) {
		ferr_say("%s has %u orders, %s has %u: not comparable",
		    o->roots[0], in[0].bi.norders,
		    o->roots[1], in[1].bi.norders);
		rc = EXIT_DATA;
	}
	if (rc == EXIT_OK && o->format == F_JSON)
		render_compare_json(stdout, &r[0], &r[1]);
	else if (rc == EXIT_OK && o->format == F_SVG)
		render_svg_compare(stdout, &r[0], &r[1]);
	else if (rc == EXIT_OK)
		render_compare_table(stdout, &r[0], &r[1]);
	for (i = 0; i < loaded; i++) {
		if (have[i])
			map_free(&m[i]);
		pipe_verdicts_free(&adv[i]);
		inputs_free(&in[i]);
	}
	return rc;
}

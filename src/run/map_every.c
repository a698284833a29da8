/* SPDX-License-Identifier: GPL-2.0-or-later */
/* map_every.c - --record --map-every: read the map every Nth sample and keep its summary */

#include "config.h"
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "elapsed.h"
#include "load.h"
#include "map_every.h"
#include "mapview.h"
#include "modes.h"
#include "render_pollution.h"

/*
 * Read the map of O's root with all --map computes from it and write its
 * summary as one line into a new *BUF (*LEN bytes): sample SAMPLE,
 * ELAPSED_MS into the recording; what it took into *MS. Returns 0, or -1
 * after a message.
 */
static int
map_line(const struct opts *o, unsigned long sample, uint64_t elapsed_ms,
    char **buf, size_t *len, uint64_t *ms)
{
	struct input_opts io = pipe_input_opts(o);
	struct ferr e = { .path = "" };
	struct timespec t0, t1;
	struct mapview v;
	struct inputs in;
	struct report r;
	const char *from;
	bool stored;
	FILE *fp;
	int rc = -1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	mapview_init(&v);
	memset(&r, 0, sizeof(r));
	io.want_pti = io.want_zoneinfo = io.want_vmstat = true;
	io.want_psi = false;
	if (load_inputs(&io, &in, &e) != 0) {
		ferr_print(&e);
		goto out;
	}
	r.page_size = pipe_page_size(o, &in, &from);
	if (run_map_load(o, &in, 0, &r.page_size, &v.m, NULL, &stored) != 0 ||
	    mapview_compute(o->sysroot, &v, r.page_size, true) != 0)
		goto out;
	if ((fp = open_memstream(buf, len)) == NULL) {
		ferr_nomem();
		goto out;
	}
	mapview_report(&v, &r);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	*ms = elapsed_ms_between(&t0, &t1);
	render_map_sample_json(fp, &r, sample, elapsed_ms, *ms);
	if (fclose(fp) != 0) {
		free(*buf);
		ferr_nomem();
		goto out;
	}
	rc = 0;
out:
	mapview_free(&v);
	inputs_free(&in);
	return rc;
}

int
map_every_measure(const struct opts *o, uint64_t *ms)
{
	uint64_t between = (uint64_t)o->map_every * o->watch_ms, least;
	size_t len;
	char *buf;

	if (map_line(o, 0, 0, &buf, &len, ms) != 0)
		return EXIT_DATA;
	free(buf);
	/* The map must not crowd out the samples it sits between. */
	if (*ms > between / 2) {
		least = *ms * 2 / (o->watch_ms ? o->watch_ms : 1) + 1;
		ferr_say("--map-every %lu: one map took %" PRIu64
		    " ms here, more than half of the %" PRIu64 " ms between "
		    "maps (--watch %u.%03u s x %lu): the samples would come "
		    "late; take N of at least %" PRIu64,
		    o->map_every, *ms, between, o->watch_ms / 1000,
		    o->watch_ms % 1000, o->map_every, least);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

int
map_every_sample(struct map_every *me, struct ferr *e)
{
	struct timespec now;
	uint64_t ms;
	size_t len;
	char *buf;
	int rc;

	if (me->n == 0)
		clock_gettime(CLOCK_MONOTONIC, &me->start);
	if (me->n++ % me->o->map_every != 0)
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (map_line(me->o, me->n - 1, elapsed_ms_between(&me->start, &now),
	    &buf, &len, &ms) != 0) {
		e->path = NULL;
		return ferr_set(e, 0, "--map-every: the map of sample %lu could "
		    "not be read", me->n - 1);
	}
	rc = record_append(me->rec, RECORD_MAPS, buf, len, e);
	free(buf);
	return rc;
}

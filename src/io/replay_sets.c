/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay_sets.c - read the two sets of recorded runs of --compare */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inputs.h"
#include "record.h"
#include "replay.h"
#include "replay_map.h"
#include "replay_sets.h"

/* qsort() comparison of two run names. */
static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * List the recordings in the directory PATH into S's names, by name.
 * Returns 0 or -1 with E set.
 */
static int
list_runs(struct sets_side *s, const char *path, struct ferr *e)
{
	char run[PATH_MAX];
	struct dirent *d;
	DIR *dp;
	int rc = 0;

	ferr_keep_path(e, path);
	if ((dp = opendir(path)) == NULL)
		return ferr_set(e, 0, "cannot read: %s", strerror(errno));
	while (rc == 0 && (d = readdir(dp)) != NULL) {
		if (d->d_name[0] == '.')
			continue;
		/* A cut path is no recording: said, not skipped. */
		if (inputs_join_max(run, path, d->d_name, e) != 0) {
			rc = -1;
			break;
		}
		if (!record_is(run))
			continue;
		if (s->n == SETS_MAX_RUNS)
			rc = ferr_set(e, 0, "more than %d recordings",
			    SETS_MAX_RUNS);
		else if ((s->names[s->n++] = strdup(run)) == NULL)
			rc = ferr_set(e, 0, "out of memory");
	}
	closedir(dp);
	if (rc == 0 && s->n == 0)
		rc = ferr_set(e, 0, "holds no recording");
	if (rc == 0)
		qsort(s->names, s->n, sizeof(s->names[0]), by_name);
	return rc;
}

int
replay_sets_read(struct sets *x, int side, const char *path,
    struct ferr *e)
{
	struct sets_side *s = &x->side[side];
	size_t i;

	s->path = path;
	if (record_is(path)) {
		/* One recording: a set of one run. */
		if ((s->names[0] = strdup(path)) == NULL)
			return ferr_set(e, 0, "out of memory");
		s->n = 1;
	} else if (list_runs(s, path, e) != 0)
		return -1;
	if ((s->runs = calloc(s->n, sizeof(*s->runs))) == NULL ||
	    (s->maps = calloc(s->n, sizeof(*s->maps))) == NULL)
		return ferr_set(e, 0, "out of memory");
	/* A run without map.ndjson (no --map-every) leaves its maps empty. */
	for (i = 0; i < s->n; i++)
		if (replay_read(s->names[i], &s->runs[i], true, e) != 0 ||
		    replay_map_read(s->names[i], &s->maps[i], e) < 0)
			return -1;
	return 0;
}

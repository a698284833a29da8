/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay_sets.c - read the two sets of recorded runs of --compare */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int
sets_read(struct sets *x, int side, const char *path, struct ferr *e)
{
	struct sets_side *s = &x->side[side];
	char run[PATH_MAX];
	struct dirent *d;
	size_t i;
	DIR *dp;

	s->path = path;
	if (record_is(path)) {
		if ((s->names[0] = strdup(path)) == NULL)
			return ferr_set(e, 0, "out of memory");
		s->n = 1;
	} else {
		ferr_keep_path(e, path);
		if ((dp = opendir(path)) == NULL)
			return ferr_set(e, 0, "cannot read: %s", strerror(errno));
		while ((d = readdir(dp)) != NULL) {
			if (d->d_name[0] == '.')
				continue;
			snprintf(run, sizeof(run), "%s/%s", path, d->d_name);
			if (!record_is(run))
				continue;
			if (s->n == SETS_MAX_RUNS) {
				closedir(dp);
				return ferr_set(e, 0, "more than %d recordings",
				    SETS_MAX_RUNS);
			}
			if ((s->names[s->n++] = strdup(run)) == NULL) {
				closedir(dp);
				return ferr_set(e, 0, "out of memory");
			}
		}
		closedir(dp);
		if (s->n == 0)
			return ferr_set(e, 0, "holds no recording");
		qsort(s->names, s->n, sizeof(s->names[0]), by_name);
	}
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

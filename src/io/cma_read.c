/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cma_read.c - the CMA areas: /sys/kernel/mm/cma/NAME/ (mm/cma_sysfs.c) and /sys/kernel/debug/cma/NAME/ (mm/cma_debug.c) */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cma_read.h"
#include "hugetlb.h"
#include "inputs.h"
#include "text.h"
#include "valuefile.h"

/* valuefile_parse_fn of a count the kernel writes as "%lu\n". */
static int
count_parse(void *arg, const char *buf, size_t len, struct ferr *e)
{
	return hugetlb_parse_count(buf, len, arg, e);
}

/* Read area R's files under DIR (its sysfs or debugfs directory) FROM to TO. Returns 0 or -1 with E set. */
static int
area_files(struct cma_area *r, const char *dir, unsigned from, unsigned to,
    struct ferr *e)
{
	char *path;
	unsigned f;
	int rc = 0;

	for (f = from; f < to && rc == 0; f++) {
		if ((path = inputs_join(dir, cma_files[f])) == NULL)
			return ferr_set(e, 0, "out of memory");
		if ((rc = valuefile_read(path, count_parse, &r->v[f], e)) == 1)
			r->have |= 1u << f;
		free(path);
		rc = rc < 0 ? -1 : 0;
	}
	return rc;
}

/* Read area R, its name set, under ROOT: its sysfs files, then its debugfs ones. Returns 0 or -1 with E set. */
static int
area(const char *root, struct cma_area *r, struct ferr *e)
{
	static const struct {
		const char	*top;
		unsigned	 from, to;	/* of cma_files */
	} dirs[] = {
		{ "/" CMA_SYSFS_DIR, 0, CMA_NSYSFS },
		{ "/" CMA_DEBUG_DIR, CMA_NSYSFS, CMA_NFILES },
	};
	char *top, *dir;
	size_t i;
	int rc = 0;

	for (i = 0; rc == 0 && i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		top = inputs_path(root, dirs[i].top);
		if (top == NULL || (dir = inputs_join(top, r->name)) == NULL) {
			free(top);
			return ferr_set(e, 0, "out of memory");
		}
		rc = area_files(r, dir, dirs[i].from, dirs[i].to, e);
		free(top);
		free(dir);
	}
	return rc;
}

/* qsort() order of two areas: by name. */
static int
by_name(const void *a, const void *b)
{
	return strcmp(((const struct cma_area *)a)->name,
	    ((const struct cma_area *)b)->name);
}

int
cma_read(const char *root, struct cma_areas *a, struct ferr *e)
{
	struct dirent *d;
	struct tok t;
	char *path;
	DIR *dp;
	size_t i;
	int rc;

	memset(a, 0, sizeof(*a));
	if ((path = inputs_path(root, "/" CMA_SYSFS_DIR)) == NULL)
		return ferr_set(e, 0, "out of memory");
	rc = hugetlb_open_dir(path, &dp, e);
	free(path);
	if (rc <= 0)
		return rc;
	a->sysfs = true;
	rc = 0;
	while (rc == 0 && (d = readdir(dp)) != NULL) {
		if (d->d_name[0] == '.')
			continue;
		t.s = d->d_name;
		t.n = strlen(d->d_name);
		if (a->n == CMA_MAX_AREAS || t.n >= CMA_NAME_SIZE)
			rc = ferr_set(e, 0, "more than %d CMA areas, or a name "
			    "of %d bytes or more", CMA_MAX_AREAS, CMA_NAME_SIZE);
		/* A root's names reach the terminal: printable ones only. */
		else if (!tok_is_name(&t, CMA_NAME_SIZE - 1))
			rc = ferr_set(e, 0, "a CMA area whose name is not "
			    "printable ASCII");
		else	/* t.n < CMA_NAME_SIZE: the name and its NUL fit */
			memcpy(a->a[a->n++].name, d->d_name, t.n + 1);
	}
	closedir(dp);
	qsort(a->a, a->n, sizeof(a->a[0]), by_name);
	for (i = 0; rc == 0 && i < a->n; i++)
		rc = area(root, &a->a[i], e);
	return rc;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inputs_path.c - where the files of a run are: their paths under a root */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inputs_path.h"

char *
inputs_path(const char *root, const char *rel)
{
	size_t a, b;
	char *p;

	if (root == NULL)
		return strdup(rel);
	/* Five paths per snapshot in a batch: no printf machinery. */
	a = strlen(root);
	b = strlen(rel) + 1;
	if ((p = malloc(a + b)) == NULL)
		return NULL;
	memcpy(p, root, a);
	memcpy(p + a, rel, b);
	return p;
}

char *
inputs_join(const char *dir, const char *name)
{
	char *p;

	return asprintf(&p, "%s/%s", dir, name) < 0 ? NULL : p;
}

int
inputs_join_max(char *buf, const char *dir, const char *name, struct ferr *e)
{
	int n = snprintf(buf, PATH_MAX, "%s/%s", dir, name);

	if (n >= 0 && n < PATH_MAX)
		return 0;
	ferr_keep_path(e, dir);
	return ferr_set(e, 0, "a path under it is longer than PATH_MAX");
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tunables.c - one-number sysctl files and the THP size settings */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hugetlb.h"
#include "slurp.h"
#include "text.h"
#include "tunables.h"

int
tunable_parse(const char *buf, size_t len, long min, long max, long *v,
    struct ferr *e)
{
	struct tok t;
	uint64_t x;
	char q[64];

	t.s = buf;
	t.n = len;
	if (t.n > 0 && t.s[t.n - 1] == '\n')
		t.n--;
	if (num_u64(&t, &x) != 0 || x < (uint64_t)min || x > (uint64_t)max)
		return ferr_set(e, 1, "expected a number from %ld to %ld, found "
		    "'%s'", min, max, ferr_quote(q, sizeof(q), t.s, t.n));
	*v = (long)x;
	return 0;
}

int
tunable_read(const char *path, long min, long max, long *v, struct ferr *e)
{
	struct slurp s;
	int rc;

	e->path = path;
	if ((rc = slurp_read(path, &s, e)) != 0) {
		ferr_keep_path(e, path);
		return rc == -ENOENT ? 0 : -1;
	}
	rc = tunable_parse(s.buf, s.len, min, max, v, e);
	slurp_free(&s);
	ferr_keep_path(e, path);
	return rc == 0 ? 1 : -1;
}

int
thp_parse(const char *buf, size_t len, char *word, size_t size,
    struct ferr *e)
{
	const char *open, *close;

	open = memchr(buf, '[', len);
	close = open ? memchr(open, ']', len - (size_t)(open - buf)) : NULL;
	if (open == NULL || close == NULL || close == open + 1 ||
	    (size_t)(close - open - 1) >= size)
		return ferr_set(e, 1, "expected the selected setting in "
		    "brackets, as in 'always [madvise] never'");
	memcpy(word, open + 1, (size_t)(close - open - 1));
	word[close - open - 1] = '\0';
	return 0;
}

/* Read the THP setting file PATH's selected word into WORD. Returns 1, 0 when absent, -1 with E set. */
static int
selected(const char *path, char *word, size_t size, struct ferr *e)
{
	struct slurp s;
	int rc;

	if ((rc = slurp_read(path, &s, e)) != 0) {
		ferr_keep_path(e, path);
		return rc == -ENOENT ? 0 : -1;
	}
	rc = thp_parse(s.buf, s.len, word, size, e);
	slurp_free(&s);
	ferr_keep_path(e, path);
	return rc == 0 ? 1 : -1;
}

/* Returns whether setting W lets THP be allocated on faults or madvise. */
static bool
on(const char *w)
{
	return strcmp(w, "always") == 0 || strcmp(w, "madvise") == 0;
}

int
thp_orders(const char *dir, unsigned long page_size, unsigned *orders,
    size_t max, struct ferr *e)
{
	char top[32] = "never", word[32], *path;
	uint64_t kb;
	struct dirent *d;
	size_t n = 0, i, j;
	unsigned o;
	DIR *dp;
	int rc;

	ferr_keep_path(e, dir);
	if (asprintf(&path, "%s/enabled", dir) < 0)
		return ferr_set(e, 0, "out of memory");
	rc = selected(path, top, sizeof(top), e);
	free(path);
	if (rc < 0)
		return -1;
	if ((dp = opendir(dir)) == NULL)
		return 0;
	while ((d = readdir(dp)) != NULL) {
		if (hugetlb_dir_kb(d->d_name, &kb) != 0)
			continue;
		if (asprintf(&path, "%s/%s/enabled", dir, d->d_name) < 0) {
			closedir(dp);
			return ferr_set(e, 0, "out of memory");
		}
		rc = selected(path, word, sizeof(word), e);
		free(path);
		if (rc < 0) {
			closedir(dp);
			return -1;
		}
		if (rc == 0 || !(on(word) || (strcmp(word, "inherit") == 0 &&
		    on(top))))
			continue;
		for (o = 0; o < 32 && (page_size << o) / 1024 < kb; o++)
			;
		if (o == 32 || (page_size << o) / 1024 != kb || n == max)
			continue;
		/* Insert in order, once. */
		for (i = 0; i < n && orders[i] < o; i++)
			;
		if (i < n && orders[i] == o)
			continue;
		for (j = n; j > i; j--)
			orders[j] = orders[j - 1];
		orders[i] = o;
		n++;
	}
	closedir(dp);
	return (int)n;
}

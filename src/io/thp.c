/* SPDX-License-Identifier: GPL-2.0-or-later */
/* thp.c - the THP sizes: their settings and their outcome counters */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hugetlb.h"
#include "pageorder.h"
#include "thp.h"
#include "thpenabled.h"
#include "valuefile.h"

/* Where selected() puts the word in force: WORD, of SIZE bytes. */
struct word_ask {
	char	*word;
	size_t	 size;
};

/* valuefile_parse_fn of a THP "enabled" file, into ARG (a struct word_ask). */
static int
word_parse(void *arg, const char *buf, size_t len, struct ferr *e)
{
	struct word_ask *a = arg;

	return thpenabled_parse(buf, len, a->word, a->size, e);
}

/*
 * Read the THP setting file PATH's selected word into WORD. Returns 1, 0
 * when absent, -1 with E set.
 */
static int
selected(const char *path, char *word, size_t size, struct ferr *e)
{
	struct word_ask a = { word, size };

	return valuefile_read(path, word_parse, &a, e);
}

/*
 * Read every file of DIR (a size's stats/) into S, in ascending name.
 * Returns 0, or -1 with E set.
 */
static int
stats_read(const char *dir, struct thp_size *s, struct ferr *e)
{
	struct thp_counter c;
	struct dirent *d;
	size_t i;
	DIR *dp;
	int rc;

	if ((rc = hugetlb_open_dir(dir, &dp, e)) <= 0)
		return rc;
	s->have_stats = true;
	rc = 0;
	while ((d = readdir(dp)) != NULL) {
		if (d->d_name[0] == '.')
			continue;
		ferr_keep_path(e, dir);
		if (strlen(d->d_name) >= sizeof(c.name) ||
		    s->nc == THP_MAX_COUNTERS)
			rc = ferr_set(e, 0, "%s: more than %d counters or a "
			    "name of more than %d bytes", d->d_name,
			    THP_MAX_COUNTERS, THP_NAME_SIZE - 1);
		else {
			memcpy(c.name, d->d_name, strlen(d->d_name) + 1);
			rc = hugetlb_count_read(dir, c.name, &c.v, e);
		}
		if (rc != 0)
			break;
		for (i = s->nc; i > 0 && strcmp(s->c[i - 1].name, c.name) > 0;
		    i--)
			s->c[i] = s->c[i - 1];
		s->c[i] = c;
		s->nc++;
	}
	closedir(dp);
	return rc != 0 ? -1 : 0;
}

/*
 * Read the size directory NAME of DIR (KB kilobytes) into a new entry of
 * T, kept in ascending size, on as RULES say (NULL: off); its stats/ when
 * ALL, or when the size is on and not the PMD size. Returns 0, or -1 with
 * E set.
 */
static int
size_read(const char *dir, const char *name, uint64_t kb,
    unsigned long page_size, bool all, const struct thp_rules *rules,
    struct thp *t, struct ferr *e)
{
	struct thp_size *s;
	char *path;
	size_t i;
	int rc;

	if (t->n == THP_MAX_SIZES) {
		ferr_keep_path(e, dir);
		return ferr_set(e, 0, "more than %d THP sizes", THP_MAX_SIZES);
	}
	for (i = t->n; i > 0 && t->sizes[i - 1].kb > kb; i--)
		t->sizes[i] = t->sizes[i - 1];
	s = &t->sizes[i];
	t->n++;
	memset(s, 0, sizeof(*s));
	s->kb = kb;
	s->order = pageorder_of(page_size, kb * PAGEORDER_KB);
	if (asprintf(&path, "%s/%s/enabled", dir, name) < 0)
		return ferr_set(e, 0, "out of memory");
	/* A size only shmem may use has no 'enabled' (6.18's hugepages-8kB). */
	rc = selected(path, s->enabled, sizeof(s->enabled), e);
	free(path);
	if (rc < 0)
		return -1;
	s->on = rules != NULL && rules->on(t->top, s->enabled);
	if (!all && !(s->on && s->order != t->pmd_order))
		return 0;
	if (asprintf(&path, "%s/%s/stats", dir, name) < 0)
		return ferr_set(e, 0, "out of memory");
	rc = stats_read(path, s, e);
	free(path);
	return rc;
}

int
thp_read(const char *root, unsigned long page_size, long pmd_order,
    bool all, const struct thp_rules *rules, struct thp *t, struct ferr *e)
{
	struct dirent *d;
	char *dir, *path;
	DIR *dp = NULL;
	uint64_t kb;
	int rc;

	memset(t, 0, sizeof(*t));
	t->pmd_order = pmd_order;
	if (asprintf(&dir, "%s/" THP_DIR, root ? root : "") < 0)
		return ferr_set(e, 0, "out of memory");
	if ((rc = hugetlb_open_dir(dir, &dp, e)) <= 0)
		goto out;
	if (asprintf(&path, "%s/enabled", dir) < 0) {
		rc = ferr_set(e, 0, "out of memory");
		goto out;
	}
	rc = selected(path, t->top, sizeof(t->top), e);
	free(path);
	if (rc < 0)
		goto out;
	while ((d = readdir(dp)) != NULL)
		if (hugetlb_dir_kb(d->d_name, &kb) == 0 &&
		    (rc = size_read(dir, d->d_name, kb, page_size, all, rules,
		    t, e)) != 0)
			goto out;
	rc = 1;
out:
	if (dp != NULL)
		closedir(dp);
	free(dir);
	return rc;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mounts.c - /proc/mounts: where the memory controller is mounted */
#include "config.h"

#include <string.h>

#include "mounts.h"
#include "text.h"

/* A line's fields: device, mount point, type, options, dump, pass (show_vfsmnt()). */
#define MOUNT_FIELDS	6

/* Returns whether the comma-separated options T name WORD. */
static bool
has_option(const struct tok *t, const char *word)
{
	size_t i = 0, j, n = strlen(word);

	while (i < t->n) {
		for (j = i; j < t->n && t->s[j] != ','; j++)
			;
		if (j - i == n && memcmp(t->s + i, word, n) == 0)
			return true;
		i = j + 1;
	}
	return false;
}

int
mounts_memcg(const char *buf, size_t len, char **dir, bool *v2,
    struct ferr *e)
{
	struct tok t[MOUNT_FIELDS], m1 = { NULL, 0 }, m2 = { NULL, 0 };
	struct lines ls;
	const char *s;
	size_t n;
	int rc;

	*dir = NULL;
	lines_init(&ls, buf, len);
	while ((rc = lines_next(&ls, &s, &n, e)) > 0) {
		if (tok_split(s, n, t, MOUNT_FIELDS) != MOUNT_FIELDS)
			continue;
		if (m1.s == NULL && tok_is(&t[2], "cgroup") &&
		    has_option(&t[3], "memory"))
			m1 = t[1];
		else if (m2.s == NULL && tok_is(&t[2], "cgroup2"))
			m2 = t[1];
	}
	if (rc < 0)
		return -1;
	/* A v1 memory hierarchy holds the controller even beside cgroup2. */
	*v2 = m1.s == NULL;
	if (m1.s == NULL && m2.s == NULL)
		return 0;
	if ((*dir = m1.s ? text_unoctal(m1.s, m1.n) : text_unoctal(m2.s,
	    m2.n)) == NULL)
		return ferr_set(e, 0, "out of memory");
	return 0;
}

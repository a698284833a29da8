/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tunables.c - one-number sysctl files and the THP size settings */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

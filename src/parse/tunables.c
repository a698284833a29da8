/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tunables.c - one-number sysctl files */
#include "config.h"

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

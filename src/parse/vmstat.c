/* SPDX-License-Identifier: GPL-2.0-or-later */
/* vmstat.c - parse /proc/vmstat (vmstat_show() in mm/vmstat.c) */
#include "config.h"

#include <string.h>

#include "text.h"
#include "vmstat.h"


/* Returns whether T is a counter name: lower-case letters, digits, '_'. */
static bool
is_counter_name(const struct tok *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (!((t->s[i] >= 'a' && t->s[i] <= 'z') ||
		    (t->s[i] >= '0' && t->s[i] <= '9') || t->s[i] == '_'))
			return false;
	return t->n > 0 && t->n < 64;
}

int
vmstat_parse(const char *buf, size_t len, struct vmstat *v, struct ferr *e)
{
	struct tok t[3];
	struct lines ls;
	const char *s;
	char q[64];
	size_t n, nt;
	unsigned c;
	uint64_t x;
	int rc;

	memset(v, 0, sizeof(*v));
	/* A counter cut short reads as a smaller number: never accept it. */
	if (lines_whole(buf, len, lines_count(buf, len), e) != 0)
		return -1;
	lines_init(&ls, buf, len);
	while ((rc = lines_next(&ls, &s, &n, e)) == 1) {
		if ((nt = tok_split(s, n, t, 2)) == 0)
			continue;
		if (nt != 2 || !is_counter_name(&t[0]))
			return ferr_set(e, ls.no, "expected 'counter_name value', "
			    "found '%s'", ferr_quote(q, sizeof(q), s, n));
		if ((rc = num_u64(&t[1], &x)) != 0)
			return num_error(e, ls.no, &t[1], rc, 10,
			    "counter value");
		for (c = 0; c < VM_NCOUNTERS; c++)
			if (tok_is(&t[0], vmstat_name(c)))
				break;
		if (c == VM_NCOUNTERS)
			continue;
		if (v->have & (1u << c))
			return ferr_set(e, ls.no, "second '%s' line", vmstat_name(c));
		v->v[c] = x;
		v->have |= 1u << c;
	}
	if (rc != 0)
		return -1;
	if (ls.no == 0)
		return ferr_set(e, 1, "empty: no counters");
	return 0;
}

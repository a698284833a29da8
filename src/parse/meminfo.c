/* SPDX-License-Identifier: GPL-2.0-or-later */
/* meminfo.c - parse /proc/meminfo (meminfo_proc_show() in fs/proc/meminfo.c) */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "meminfo.h"
#include "text.h"

/* Returns whether T (its ':' taken off) is a meminfo name: "Active(anon)". */
static bool
is_field_name(const struct tok *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (!((t->s[i] >= 'a' && t->s[i] <= 'z') ||
		    (t->s[i] >= 'A' && t->s[i] <= 'Z') ||
		    (t->s[i] >= '0' && t->s[i] <= '9') || t->s[i] == '_' ||
		    t->s[i] == '(' || t->s[i] == ')'))
			return false;
	return t->n > 0 && t->n < 64;
}

/* field()'s lines of what holds the kernel's pages, for --map's explanation. */
static unsigned
field_kernel(const struct tok *t, struct meminfo *m, uint64_t **v)
{
	static const struct {
		const char	*name;
		unsigned	 bit;
		size_t		 off;
	} f[] = {
		{ "VmallocUsed", MI_VMALLOC, offsetof(struct meminfo, vmalloc_kb) },
		{ "Percpu", MI_PERCPU, offsetof(struct meminfo, percpu_kb) },
		{ "Hugetlb", MI_HUGETLB, offsetof(struct meminfo, hugetlb_kb) },
		{ "HardwareCorrupted", MI_CORRUPTED,
		    offsetof(struct meminfo, corrupted_kb) },
		{ "CmaTotal", MI_CMA_TOTAL, offsetof(struct meminfo, cma_total_kb) },
		{ "CmaFree", MI_CMA_FREE, offsetof(struct meminfo, cma_free_kb) },
	};
	size_t i;

	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++)
		if (tok_is(t, f[i].name)) {
			*v = (uint64_t *)(void *)((char *)m + f[i].off);
			return f[i].bit;
		}
	return 0;
}

/* Returns the MI_* bit of field T with its place in M in *V, or 0 for one not kept. */
static unsigned
field(const struct tok *t, struct meminfo *m, uint64_t **v)
{
	if (tok_is(t, "MemTotal")) {
		*v = &m->total_kb;
		return MI_TOTAL;
	}
	if (tok_is(t, "MemFree")) {
		*v = &m->free_kb;
		return MI_FREE;
	}
	if (tok_is(t, "Unaccepted")) {
		*v = &m->unaccepted_kb;
		return MI_UNACCEPTED;
	}
	if (tok_is(t, "Balloon")) {
		*v = &m->balloon_kb;
		return MI_BALLOON;
	}
	return field_kernel(t, m, v);
}

int
meminfo_parse(const char *buf, size_t len, struct meminfo *m, struct ferr *e)
{
	struct tok t[4];
	struct lines ls;
	const char *s;
	char q[64];
	size_t n, nt;
	uint64_t x, *v = NULL;
	unsigned bit;
	int rc;

	memset(m, 0, sizeof(*m));
	lines_init(&ls, buf, len);
	while ((rc = lines_next(&ls, &s, &n, e)) == 1) {
		if ((nt = tok_split(s, n, t, 3)) == 0)
			continue;
		/* "Name: N kB", or "Name: N" for the HugePages_ counts. */
		if (nt > 3 || nt < 2 || !tok_chop(&t[0], ':') ||
		    !is_field_name(&t[0]) || (nt == 3 && !tok_is(&t[2], "kB")))
			return ferr_set(e, ls.no, "expected 'Name: value kB', "
			    "found '%s'", ferr_quote(q, sizeof(q), s, n));
		if ((rc = num_u64(&t[1], &x)) != 0)
			return num_error(e, ls.no, &t[1], rc, 10, "value");
		if ((bit = field(&t[0], m, &v)) == 0)
			continue;
		if (nt != 3)
			return ferr_set(e, ls.no, "'%.*s' has no unit: expected "
			    "kB", (int)t[0].n, t[0].s);
		if (m->have & bit)
			return ferr_set(e, ls.no, "second '%.*s' line",
			    (int)t[0].n, t[0].s);
		/* The kernel prints kB of a 64-bit page count: ample room. */
		if (x > UINT64_MAX / 1024)
			return ferr_set(e, ls.no, "'%.*s' is beyond 64 bits of "
			    "bytes", (int)t[0].n, t[0].s);
		*v = x;
		m->have |= bit;
	}
	if (rc != 0)
		return -1;
	if (ls.no == 0)
		return ferr_set(e, 1, "empty: no MemTotal line");
	if (!(m->have & MI_TOTAL))
		return ferr_set(e, ls.no, "no MemTotal line");
	return 0;
}

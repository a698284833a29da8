/* SPDX-License-Identifier: GPL-2.0-or-later */
/* iomem.c - parse /proc/iomem (r_show() in kernel/resource.c) */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "iomem.h"
#include "text.h"
#include "zonehead.h"

/*
 * Parse "START-END" at T into *START and *END (inclusive addresses).
 * Returns 0 or -1 with E set for line L.
 */
static int
range(const struct tok *t, uint64_t *start, uint64_t *end, unsigned long l,
    struct ferr *e)
{
	const char *dash = memchr(t->s, '-', t->n);
	struct tok a, b;
	int rc;

	if (dash == NULL)
		return ferr_set(e, l, "expected 'START-END' in hexadecimal");
	a.s = t->s;
	a.n = (size_t)(dash - t->s);
	b.s = dash + 1;
	b.n = t->n - a.n - 1;
	if ((rc = num_hex(&a, start)) != 0)
		return num_error(e, l, &a, rc, 16, "range start");
	if ((rc = num_hex(&b, end)) != 0)
		return num_error(e, l, &b, rc, 16, "range end");
	if (*end < *start)
		return ferr_set(e, l, "the range ends before it starts");
	return 0;
}

/*
 * Add the whole pages of System RAM from byte START to END (inclusive) to
 * IO, in order after the ranges before. Returns 0 or -1 with E set for
 * line L.
 */
static int
ram_add(struct iomem *io, uint64_t start, uint64_t end,
    unsigned long page_size, unsigned long l, struct ferr *e)
{
	struct iomem_range *nr;
	uint64_t ps = page_size;

	if ((nr = grow_room(io->ram, &io->ram_cap, io->nram, sizeof(*nr),
	    SIZE_MAX)) == NULL)
		return ferr_set(e, l, "out of memory");
	io->ram = nr;
	/* Whole pages only; END is the last byte. */
	nr[io->nram].start = start / ps + (start % ps != 0);
	nr[io->nram].end = end / ps + ((end % ps) == ps - 1);
	if (nr[io->nram].end <= nr[io->nram].start)
		return 0;
	if (io->nram > 0 && nr[io->nram].start < nr[io->nram - 1].end)
		return ferr_set(e, l, "System RAM out of order or overlapping "
		    "the range before");
	io->nram++;
	return 0;
}

int
iomem_parse(const char *buf, size_t len, unsigned long page_size,
    struct iomem *io, struct ferr *e)
{
	uint64_t start = 0, end = 0;
	bool nonzero = false, sawram = false;
	struct lines ls;
	struct tok t[5];
	const char *s;
	size_t n, nt;
	int rc;

	memset(io, 0, sizeof(*io));
	lines_init(&ls, buf, len);
	while ((rc = lines_next(&ls, &s, &n, e)) == 1) {
		/* Nested resources are indented: only RAM itself counts. */
		if (n == 0 || s[0] == ' ')
			continue;
		nt = tok_split(s, n, t, 4);
		if (nt < 3 || !tok_is(&t[1], ":")) {
			rc = ferr_set(e, ls.no, "expected 'START-END : NAME'");
			break;
		}
		if ((rc = range(&t[0], &start, &end, ls.no, e)) != 0)
			break;
		nonzero |= end != 0;
		if (nt != 4 || !tok_is(&t[2], "System") || !tok_is(&t[3], "RAM"))
			continue;
		sawram = true;
		if ((rc = ram_add(io, start, end, page_size, ls.no, e)) != 0)
			break;
	}
	if (rc == 0 && !sawram)
		rc = ferr_set(e, ls.no ? ls.no : 1, "no 'System RAM' range");
	else if (rc == 0 && !nonzero)
		rc = ferr_set(e, 1, "every address reads 0: the addresses need "
		    "root");
	else if (rc == 0 && io->nram == 0)
		rc = ferr_set(e, ls.no, "no whole page of System RAM");
	if (rc != 0) {
		iomem_free(io);
		return -1;
	}
	return 0;
}

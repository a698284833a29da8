/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capmeta.c - the metadata file at the top of a capture */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "capmeta.h"
#include "pageorder.h"
#include "text.h"

/*
 * Copy into BUF (SIZE bytes) the value of line L, S (N bytes), when it is
 * "KEY value": what follows KEY and one space. Returns 0, or -1 with E set
 * when the value does not fit.
 */
static int
fact(const char *s, size_t n, unsigned long l, const char *key, char *buf,
    size_t size, struct ferr *e)
{
	size_t k = strlen(key);

	if (n <= k + 1 || memcmp(s, key, k) != 0 || s[k] != ' ' ||
	    buf[0] != '\0')
		return 0;
	if (n - k - 1 >= size)
		return ferr_set(e, l, "%s is longer than %zu bytes", key,
		    size - 1);
	memcpy(buf, s + k + 1, n - k - 1);
	buf[n - k - 1] = '\0';
	return 0;
}

int
capmeta_parse(const char *buf, size_t len, struct capture_meta *m,
    struct ferr *e)
{
	struct tok t[3], v;
	struct lines ls;
	const char *s;
	uint64_t x;
	size_t n;
	int rc;

	memset(m, 0, sizeof(m[0]));
	lines_init(&ls, buf, len);
	while ((rc = lines_next(&ls, &s, &n, e)) == 1) {
		/* Captures made before this line was written say nothing. */
		if (tok_split(s, n, t, 2) == 2 && tok_is(&t[0], "absent") &&
		    tok_is(&t[1], "sys/kernel/mm/hugepages"))
			m->no_hugetlb = true;
		if (fact(s, n, ls.no, "hostname", m->hostname,
		    sizeof(m->hostname), e) != 0 ||
		    fact(s, n, ls.no, "time_utc", m->time_utc,
		    sizeof(m->time_utc), e) != 0)
			return -1;
		if (tok_split(s, n, t, 1) == 0 || !tok_is(&t[0], "page_size"))
			continue;
		v.s = t[0].s + t[0].n;
		v.n = n - (size_t)(v.s - s);
		while (v.n > 0 && *v.s == ' ') {
			v.s++;
			v.n--;
		}
		/* A capture of a root whose page size was never known. */
		if (tok_is(&v, "unknown"))
			continue;
		if (num_u64(&v, &x) != 0 || !pageorder_page_ok(x))
			return ferr_set(e, ls.no, "page_size is not a power of "
			    "two from %u to %uM", PAGEORDER_PAGE_MIN,
			    PAGEORDER_PAGE_MAX / PAGEORDER_KB / PAGEORDER_KB);
		m->page_size = (unsigned long)x;
	}
	return rc;
}

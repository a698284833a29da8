/* SPDX-License-Identifier: GPL-2.0-or-later */
/* psi.c - parse /proc/pressure/memory: "some|full avg10=A avg60=B avg300=C total=N" */

#include "config.h"
#include <string.h>

#include "psi.h"
#include "text.h"

/* Returns 0 with NUM the value of token T, "KEY=VALUE", or -1 with E set. */
static int
value(const struct tok *t, const char *key, struct tok *num, unsigned long l,
    struct ferr *e)
{
	size_t kn = strlen(key);
	char q[64];

	if (t->n < kn + 1 || memcmp(t->s, key, kn) != 0 || t->s[kn] != '=')
		return ferr_set(e, l, "expected '%s=', found '%s'", key,
		    ferr_quote(q, sizeof(q), t->s, t->n));
	num->s = t->s + kn + 1;
	num->n = t->n - kn - 1;
	return 0;
}

/*
 * Parse "KEY=I.FF" (the kernel's "%lu.%02lu") into hundredths. Returns 0,
 * or -1 with E set.
 */
static int
avg(const struct tok *t, const char *key, uint32_t *v, unsigned long l,
    struct ferr *e)
{
	struct tok num = { "", 0 };
	uint64_t x;
	char q[64];

	if (value(t, key, &num, l, e) != 0)
		return -1;
	if (num_centi(&num, true, &x) != 0 || x > 10000)
		return ferr_set(e, l, "%s '%s' is not a percentage 0.00 to "
		    "100.00", key, ferr_quote(q, sizeof(q), num.s, num.n));
	*v = (uint32_t)x;
	return 0;
}

/* Returns 0 with line L (tokens T) stored in P, or -1 with E set. */
static int
parse_line(struct psi *p, const struct tok *t, size_t nt, unsigned long l,
    struct ferr *e)
{
	struct psi_line *pl;
	struct tok num = { "", 0 };
	char q[64];
	int rc;

	if (tok_is(&t[0], "some"))
		pl = &p->some;
	else if (tok_is(&t[0], "full"))
		pl = &p->full;
	else
		return ferr_set(e, l, "expected 'some' or 'full', found '%s'",
		    ferr_quote(q, sizeof(q), t[0].s, t[0].n));
	if (pl->present)
		return ferr_set(e, l, "second '%.4s' line", t[0].s);
	if (nt != 5)
		return ferr_set(e, l, "expected 5 fields '%.4s avg10= avg60= "
		    "avg300= total=', found %s", t[0].s, nt < 5 ? "fewer" :
		    "more");
	if (avg(&t[1], "avg10", &pl->avg10, l, e) != 0 ||
	    avg(&t[2], "avg60", &pl->avg60, l, e) != 0 ||
	    avg(&t[3], "avg300", &pl->avg300, l, e) != 0)
		return -1;
	if (value(&t[4], "total", &num, l, e) != 0)
		return -1;
	if ((rc = num_u64(&num, &pl->total_us)) != 0)
		return num_error(e, l, &num, rc, 10, "total");
	pl->present = true;
	return 0;
}

int
psi_parse(const char *buf, size_t len, struct psi *p, struct ferr *e)
{
	struct tok t[6];
	struct lines ls;
	const char *s;
	size_t n, nt;
	int rc;

	memset(p, 0, sizeof(*p));
	/* A total cut short reads as a smaller one: never accept it. */
	if (lines_whole(buf, len, lines_count(buf, len), e) != 0)
		return -1;
	lines_init(&ls, buf, len);
	while ((rc = lines_next(&ls, &s, &n, e)) == 1) {
		if ((nt = tok_split(s, n, t, 5)) == 0)
			continue;
		if (parse_line(p, t, nt, ls.no, e) != 0)
			return -1;
	}
	if (rc != 0)
		return -1;
	if (!p->some.present)
		return ferr_set(e, ls.no ? ls.no : 1,
		    "no 'some avg10=... total=...' line");
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pageowner.c - read debugfs page_owner (print_page_owner() in mm/page_owner.c) into records */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "pageowner.h"
#include "text.h"

/* The tokens of a record's line read: all ten of the PFN line (5.17+). */
#define PO_LINE_TOKENS	10
/* An order from here on is no page's: 1 << order would not fit 64 bits. */
#define PO_ORDER_LIMIT	64

/* Append the N bytes at S to R's frames. Returns 0 or -1 when out of memory. */
static int
put(struct po_record *r, const char *s, size_t n)
{
	char *nf;

	/* Doubling as often as it takes. */
	while (r->len + n >= r->cap) {
		if ((nf = grow_room(r->frames, &r->cap, r->len + n, 1,
		    SIZE_MAX)) == NULL)
			return -1;
		r->frames = nf;
	}
	memcpy(r->frames + r->len, s, n);
	r->len += n;
	return 0;
}

/*
 * Append the frame S (N bytes) and a newline to R. The kernel prints
 * symbols (%pS): printable ASCII; any other byte, which only a file made
 * to look like page_owner holds, is kept as the four characters \xNN, so
 * that no view prints it raw. Returns 0 or -1 when out of memory.
 */
static int
frame(struct po_record *r, const char *s, size_t n)
{
	char q[8];
	size_t k;

	while (n > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	while (n > 0) {
		for (k = 0; k < n && (unsigned char)s[k] >= 0x20 &&
		    (unsigned char)s[k] < 0x7f; k++)
			;
		if (put(r, s, k) != 0)
			return -1;
		if (k == n)
			break;
		snprintf(q, sizeof(q), "\\x%02x", (unsigned char)s[k]);
		if (put(r, q, 4) != 0)
			return -1;
		s += k + 1;
		n -= k + 1;
	}
	return put(r, "\n", 1);
}

/* Parse token T, "0x" hexadecimal (since 5.17) or decimal, into *V. Returns 0 or -1. */
static int
pfn_number(struct tok t, uint64_t *v)
{
	if (t.n > 2 && t.s[0] == '0' && t.s[1] == 'x') {
		t.s += 2;
		t.n -= 2;
		return num_hex(&t, v) == 0 ? 0 : -1;
	}
	return num_u64(&t, v) == 0 ? 0 : -1;
}

/* Copy token T into BUF (FRAG_NAME_SIZE bytes). Returns 0, or -1 when it does not fit or is no name. */
static int
type_name(struct tok t, char *buf)
{
	if (!tok_is_name(&t, FRAG_NAME_SIZE - 1))
		return -1;
	memcpy(buf, t.s, t.n);
	buf[t.n] = '\0';
	return 0;
}

/* Returns whether the flags token T ("0x...(a|lru|b)", %pGp) names the flag "lru". */
static bool
flag_lru(struct tok t)
{
	size_t i;

	for (i = 0; i + 3 <= t.n; i++)
		if (memcmp(t.s + i, "lru", 3) == 0 && i > 0 &&
		    (t.s[i - 1] == '(' || t.s[i - 1] == '|') && i + 3 < t.n &&
		    (t.s[i + 3] == ')' || t.s[i + 3] == '|'))
			return true;
	return false;
}

/* Read the line S (N bytes) of a record into R. Returns 0 or -1 when out of memory. */
static int
record_line(struct po_record *r, const char *s, size_t n)
{
	struct tok t[PO_LINE_TOKENS];
	size_t nt;

	if (n > 0 && (s[0] == ' ' || s[0] == '\t'))
		return frame(r, s, n);
	nt = tok_split(s, n, t, PO_LINE_TOKENS);
	/* "Page allocated via order %u, mask %#x(%pGg), pid ..." */
	if (nt >= 5 && tok_is(&t[0], "Page") && tok_is(&t[1], "allocated") &&
	    tok_is(&t[3], "order") && tok_chop(&t[4], ','))
		r->have_order = num_u64(&t[4], &r->order) == 0 &&
		    r->order < PO_ORDER_LIMIT;
	/* "PFN %#lx type %s Block %lu type %s Flags %pGp" (5.17+; before, "PFN %lu" and "Flags %#lx(%pGp)") */
	else if (nt >= 4 && tok_is(&t[0], "PFN") && tok_is(&t[2], "type")) {
		r->have_pfn = pfn_number(t[1], &r->pfn) == 0;
		r->movable = tok_is(&t[3], "Movable");
		/* The pageblock's: get_pageblock_migratetype() when printed. */
		r->have_types = nt >= 8 && tok_is(&t[4], "Block") &&
		    tok_is(&t[6], "type") && type_name(t[3], r->page_type) ==
		    0 && type_name(t[7], r->block_type) == 0;
		r->have_flags = nt >= 10 && tok_is(&t[8], "Flags");
		r->lru = r->have_flags && flag_lru(t[9]);
	}
	return 0;
}

int
pageowner_parse(const char *rec, size_t len,
    int (*each)(void *arg, const struct po_record *r), void *arg,
    struct ferr *e)
{
	struct po_record r;
	struct lines ls;
	const char *s;
	size_t n;
	bool begun = false, oom = false;	/* begun: a line not empty */
	int rc = 0;

	memset(&r, 0, sizeof(r));
	lines_init(&ls, rec, len);
	while (!oom && (rc = lines_next(&ls, &s, &n, e)) == 1) {
		if (n > 0) {
			begun = true;
			oom = record_line(&r, s, n) != 0;
		}
	}
	if (!oom && rc == 0 && begun)
		oom = each(arg, &r) != 0;
	free(r.frames);
	if (oom)
		return ferr_set(e, 0, "out of memory");
	return rc < 0 ? -1 : 0;
}

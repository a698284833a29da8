/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay_meta.c - a recording's metadata, the "key value" lines of its fragstat-recording */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "record_command.h"
#include "replay_meta.h"
#include "text.h"

/*
 * Copy the value V of key K on LINE into BUF (SIZE bytes). Returns 0, or
 * -1 with E set when it is longer than fragstat writes it: never cut.
 */
static int
meta_text(char *buf, size_t size, const char *k, const struct tok *v,
    unsigned long line, struct ferr *e)
{
	if (v->n >= size)
		return ferr_set(e, line, "%s is longer than fragstat writes it "
		    "(%zu bytes)", k, size - 1);
	memcpy(buf, v->s, v->n);
	buf[v->n] = '\0';
	return 0;
}

/*
 * The command line of a "command" or "argv" line T (the line ends at END)
 * into R. Returns 0, or -1 with E set for LINE.
 */
static int
meta_command(struct replay *r, const struct tok *t, const char *end,
    unsigned long line, struct ferr *e)
{
	struct tok v;

	/*
	 * The command line is the rest of its line, spaces and all;
	 * "argv", where there is one, holds the words exact and makes
	 * the line. Recordings before it have the line alone, quoted
	 * for bash ($'\ooo' for a control character): shown as it is.
	 */
	if (tok_is(&t[0], "command")) {
		v = t[1];
		v.n = (size_t)(end - v.s);
		if (r->has_args)
			return 0;
		return meta_text(r->command, sizeof(r->command), "command", &v,
		    line, e);
	}
	if (record_command_read(t[1].s, (size_t)(end - t[1].s), r->command,
	    sizeof(r->command), r->args, sizeof(r->args), &r->args_len, line,
	    e) != 0)
		return -1;
	r->has_args = true;
	return 0;
}

/* The "wall_s" value V of LINE into R. Returns 0, or -1 with E set. */
static int
meta_wall(struct replay *r, const struct tok *v, unsigned long line,
    struct ferr *e)
{
	/* Seconds with three decimals, as record_end() writes them. */
	const char *dot = memchr(v->s, '.', v->n);
	struct tok sec = { v->s, dot ? (size_t)(dot - v->s) : v->n };
	struct tok frac;
	uint64_t x, ms;

	frac.s = v->s + sec.n + 1;
	frac.n = sec.n < v->n ? v->n - sec.n - 1 : 0;
	if (frac.n != 3 || num_u64(&sec, &x) != 0 ||
	    num_u64(&frac, &ms) != 0 || x > UINT64_MAX / 1000 - 1)
		return ferr_set(e, line, "wall_s '%.*s' is not seconds such as "
		    "1.250", (int)v->n, v->s);
	r->wall_ms = x * 1000 + ms;
	r->has_wall = true;
	return 0;
}

/*
 * The number V of key K ("page_size", "interval_ms" or "pageblock_order")
 * on LINE into R. Returns 0, or -1 with E set.
 */
static int
meta_number(struct replay *r, const struct tok *k, const struct tok *v,
    unsigned long line, struct ferr *e)
{
	uint64_t x;
	int rc;

	if ((rc = num_u64(v, &x)) != 0 || x > UINT_MAX)
		return num_error(e, line, v, rc ? rc : -ERANGE, 10, "value");
	if (tok_is(k, "page_size"))
		r->page_size = (unsigned long)x;
	else if (tok_is(k, "interval_ms"))
		r->interval_ms = (unsigned)x;
	else if (x >= REPLAY_MAX_ORDERS)
		/* Every picture and sentence shifts by it. */
		return ferr_set(e, line, "pageblock_order %llu is out of range "
		    "(orders are below %d)", (unsigned long long)x,
		    REPLAY_MAX_ORDERS);
	else
		r->pageblock_order = (unsigned)x;
	return 0;
}

/* The "orders" list V of LINE into R. Returns 0, or -1 with E set. */
static int
meta_orders(struct replay *r, const struct tok *v, unsigned long line,
    struct ferr *e)
{
	struct tok o = { v->s, 0 };
	uint64_t x;
	int rc;

	while (o.s < v->s + v->n) {
		o.n = strcspn(o.s, ",");
		if (o.s + o.n > v->s + v->n)
			o.n = (size_t)(v->s + v->n - o.s);
		if ((rc = num_u64(&o, &x)) != 0 || x >= REPLAY_MAX_ORDERS)
			return num_error(e, line, &o, rc ? rc : -ERANGE, 10,
			    "order");
		/* Distinct orders below 32: never more than 32. */
		if (r->order_index[x] >= 0)
			return ferr_set(e, line, "order %u listed twice",
			    (unsigned)x);
		r->order_index[x] = (signed char)r->norders;
		r->orders[r->norders++] = (unsigned)x;
		o.s += o.n + 1;
	}
	return 0;
}

/*
 * One "key value" line (K, V) of LINE into R; *MAGIC is set by the format
 * line. Keys it does not know are skipped. Returns 0, or -1 with E set.
 */
static int
meta_pair(struct replay *r, const struct tok *k, const struct tok *v,
    unsigned long line, int *magic, struct ferr *e)
{
	uint64_t x;
	int rc;

	if (tok_is(k, "exit_status")) {
		if ((rc = num_u64(v, &x)) != 0 || x > 255)
			return num_error(e, line, v, rc ? rc : -ERANGE, 10,
			    "exit status");
		r->exit_status = (int)x;
	} else if (tok_is(k, "signal")) {
		/* The signal that killed the command: 128 + it is its status. */
		if ((rc = num_u64(v, &x)) != 0 || x < 1 || x > 127)
			return num_error(e, line, v, rc ? rc : -ERANGE, 10,
			    "signal");
		r->signal = (int)x;
	} else if (tok_is(k, "wall_s"))
		return meta_wall(r, v, line, e);
	else if (tok_is(k, "fragstat_recording")) {
		if (!tok_is(v, "1"))
			return ferr_set(e, line, "recording format %.*s is not "
			    "1", (int)v->n, v->s);
		*magic = 1;
	} else if (tok_is(k, "hostname"))
		return meta_text(r->host, sizeof(r->host), "hostname", v, line,
		    e);
	else if (tok_is(k, "release"))
		return meta_text(r->release, sizeof(r->release), "release", v,
		    line, e);
	else if (tok_is(k, "start_utc"))
		return meta_text(r->start, sizeof(r->start), "start_utc", v,
		    line, e);
	else if (tok_is(k, "events"))
		r->events = tok_is(v, "yes");
	else if (tok_is(k, "page_size") || tok_is(k, "interval_ms") ||
	    tok_is(k, "pageblock_order"))
		return meta_number(r, k, v, line, e);
	else if (tok_is(k, "orders"))
		return meta_orders(r, v, line, e);
	return 0;
}

int
replay_meta_parse(const char *buf, size_t len, struct replay *r,
    struct ferr *e)
{
	struct tok t[2];
	struct lines ls;
	const char *s;
	size_t n, k;
	int rc, magic = 0;

	memset(r->order_index, -1, sizeof(r->order_index));
	r->exit_status = -1;
	lines_init(&ls, buf, len);
	while ((rc = lines_next(&ls, &s, &n, e)) == 1) {
		k = tok_split(s, n, t, 2);
		if (k >= 2 && (tok_is(&t[0], "command") ||
		    tok_is(&t[0], "argv"))) {
			if (meta_command(r, t, s + n, ls.no, e) != 0)
				return -1;
		} else if (k == 2 &&
		    meta_pair(r, &t[0], &t[1], ls.no, &magic, e) != 0)
			return -1;
	}
	if (rc < 0)
		return -1;
	if (!magic)
		return ferr_set(e, 0, "no 'fragstat_recording 1' line: not a "
		    "recording");
	if (r->page_size == 0 || r->norders == 0)
		return ferr_set(e, 0, "no %s line", r->page_size ? "orders" :
		    "page_size");
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ferr.c - filling error records */

#include "config.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ferr.h"

const char *const progname = "fragstat";

/* Whether ferr_nomem() spoke: a renderer deep down cannot return it. */
static bool nomem_seen;
/* Between ferr_keep_begin() and ferr_keep_end(): the last message said, or NULL. */
static bool keeping;
static char *kept;

/* While keeping, keep FMT's message in place of the one before. */
static void __attribute__((format(printf, 1, 2)))
keep(const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!keeping)
		return;
	free(kept);
	kept = NULL;
	/* Without memory, none: not an older message that did not end the run. */
	if (ferr_inject("check-keep"))
		return;
	va_start(ap, fmt);
	n = vasprintf(&kept, fmt, ap);
	va_end(ap);
	if (n < 0)
		kept = NULL;
}

int
ferr_set(struct ferr *e, unsigned long line, const char *fmt, ...)
{
	va_list ap;

	e->line = line;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return -1;
}

int
ferr_set_nomem(struct ferr *e)
{
	e->path = NULL;
	return ferr_set(e, 0, "out of memory");
}

void
ferr_print(const struct ferr *e)
{
	if (e->path == NULL) {
		ferr_say("%s", e->msg);
	} else if (e->line) {
		fprintf(stderr, "%s: %s:%lu: %s\n", progname, e->path, e->line,
		    e->msg);
		keep("%s:%lu: %s", e->path, e->line, e->msg);
	} else {
		fprintf(stderr, "%s: %s: %s\n", progname, e->path, e->msg);
		keep("%s: %s", e->path, e->msg);
	}
}

void
ferr_nomem(void)
{
	/* Once: each sentence a renderer gives up on would say it again. */
	if (!nomem_seen) {
		fprintf(stderr, "%s: out of memory\n", progname);
		keep("%s", "out of memory");
	}
	nomem_seen = true;
}

bool
ferr_nomem_seen(void)
{
	return nomem_seen;
}

void
ferr_say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ferr_vsay(fmt, ap);
	va_end(ap);
}

void
ferr_vsay(const char *fmt, va_list ap)
{
	char msg[8192];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	fprintf(stderr, "%s: %s\n", progname, msg);
	keep("%s", msg);
}

void
ferr_keep_begin(void)
{
	keeping = true;
}

const char *
ferr_kept(void)
{
	return kept;
}

void
ferr_keep_end(void)
{
	keeping = false;
	free(kept);
	kept = NULL;
}

void
ferr_keep_path(struct ferr *e, const char *path)
{
	/* Kept already: copying it onto itself would overlap. */
	if (path == e->own)
		return;
	snprintf(e->own, sizeof(e->own), "%s", path);
	e->path = e->own;
}

const char *
ferr_test_env(const char *name)
{
#ifdef FRAGSTAT_TEST_HOOKS
	return getenv(name);
#else
	(void)name;
	return NULL;
#endif
}

bool
ferr_inject(const char *site)
{
	const char *want = ferr_test_env("FRAGSTAT_TEST_FAIL");

	if (want == NULL || strcmp(want, site) != 0)
		return false;
	errno = ENOMEM;
	return true;
}

/*
 * Returns BUF holding S (N bytes) quoted for a message: printable ASCII as
 * is, anything else as \xNN, cut with "..." when it does not fit.
 */
const char *
ferr_quote(char *buf, size_t size, const char *s, size_t n)
{
	size_t i, o = 0;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (o + 8 >= size) {
			snprintf(buf + o, size - o, "...");
			return buf;
		}
		if (c >= 0x20 && c < 0x7f)
			buf[o++] = (char)c;
		else
			o += (size_t)snprintf(buf + o, size - o, "\\x%02x", c);
	}
	buf[o] = '\0';
	return buf;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* testutil.h - helpers shared by the Check suites */
#ifndef FRAGSTAT_TESTUTIL_H
#define FRAGSTAT_TESTUTIL_H

#include <check.h>
#include <stddef.h>
#include <stdio.h>

#include "report.h"

/* A string literal and its length, NUL bytes inside included. */
#define S(x)	x, sizeof(x) - 1

/* Returns a malloc'd "$FIXTURES/REL" (FIXTURES is set by the test harness). */
char	*tu_path(const char *rel);

/* Returns the malloc'd, NUL-terminated contents of fixture REL; aborts the test when unreadable. */
char	*tu_read(const char *rel, size_t *len);

/* Returns whether fixture REL exists. */
int	 tu_exists(const char *rel);

/* Returns the malloc'd output of renderer FN for R. */
char	*tu_render(void (*fn)(FILE *, const struct report *),
	    const struct report *r);

/*
 * Compare GOT with the whole golden fixture REL; with UPDATE_GOLDEN=1 in
 * the environment, rewrite the golden instead.
 */
void	 tu_golden(const char *rel, const char *got);

/* Run suite S and return the process exit status (0 when every test passed). */
int	 tu_run(Suite *s);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* usage.c - what fragstat says about how it is used: --version and a usage error (help.c: --help) */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "ferr.h"
#include "judge.h"
#include "opts.h"
#include "usage.h"

/* Print --version, the release and the licence, to standard output. */
void
usage_version(void)
{
	printf("%s %s\n"
	    "Copyright (C) 2026 the fragstat authors.\n"
	    "License GPLv2+: GNU GPL version 2 or later "
	    "<https://gnu.org/licenses/gpl.html>.\n"
	    "This is free software: you are free to change and redistribute it.\n"
	    "There is NO WARRANTY, to the extent permitted by law.\n",
	    PACKAGE_NAME, PACKAGE_VERSION);
}

/* Whether usage_error() stays silent: options tried, not given (optlist.c). */
static bool quiet;

void
usage_quiet(bool q)
{
	quiet = q;
}

/* Print "fragstat: MESSAGE" and the --help hint; returns EXIT_USAGE. */
int
usage_error(const char *fmt, ...)
{
	va_list ap;

	if (quiet)
		return EXIT_USAGE;
	va_start(ap, fmt);
	ferr_vsay(fmt, ap);
	va_end(ap);
	fprintf(stderr, "Try '%s --help' for more information.\n", progname);
	return EXIT_USAGE;
}

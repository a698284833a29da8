/* SPDX-License-Identifier: GPL-2.0-or-later */
/* usage.h - what fragstat says about how it is used: --version and a usage error */
#ifndef FRAGSTAT_USAGE_H
#define FRAGSTAT_USAGE_H

#include <stdbool.h>
#include <stdio.h>

/* Print --version, the release and the licence, to standard output. */
void	usage_version(void);

/* With Q, usage_error() prints nothing (options tried, not given). */
void	usage_quiet(bool q);

/* Print "fragstat: MESSAGE" and the --help hint; returns EXIT_USAGE. */
int	usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif

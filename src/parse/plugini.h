/* SPDX-License-Identifier: GPL-2.0-or-later */
/* plugini.h - the monitoring plugins' ini file of --extra-opts: a section's lines as options */
#ifndef FRAGSTAT_PLUGINI_H
#define FRAGSTAT_PLUGINI_H

#include <stddef.h>

#include "ferr.h"

/* The options of one section, as command-line words. */
struct plugini {
	char	*buf;	/* the words, each ended by a NUL */
	size_t	 len;	/* bytes in BUF */
	size_t	 n;	/* words */
	size_t	 nopts;	/* options among them (a letter's value is a word of its own) */
};

/*
 * Parse BUF (LEN bytes) as the monitoring plugins read a plugins.ini
 * (their lib/parse_ini.c): '#' and ';' start comment lines, "[NAME]" a
 * section, and each "KEY = VALUE" line of SECTION is the option
 * "--KEY=VALUE" ("KEY =" alone: "--KEY"; a one-letter KEY: "-K" and
 * VALUE). Fills P (free it with plugini_free()). Returns 0, or -1 with E
 * set: a line that is none of these, an option before every section, or
 * no section SECTION.
 */
int	plugini_parse(const char *buf, size_t len, const char *section,
	    struct plugini *p, struct ferr *e);

void	plugini_free(struct plugini *p);

#endif

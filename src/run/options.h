/* SPDX-License-Identifier: GPL-2.0-or-later */
/* options.h - the command line: what fragstat was asked to do */
#ifndef FRAGSTAT_OPTIONS_H
#define FRAGSTAT_OPTIONS_H

#include <getopt.h>

#include "opts.h"

/*
 * Fill O from ARGV. Returns EXIT_OK, -1 after --help or --version were
 * printed, or EXIT_USAGE after a message. O->roots is malloc'd.
 */
int	options_parse(int argc, char **argv, struct opts *o);

/*
 * Say that the first N options of the next options_parse() came from
 * --extra-opts' ini file (put before the command line's): an option there that the command line
 * gives again takes the command line's value, as the monitoring plugins'
 * --extra-opts does (--need adds up, as given twice on a command line).
 */
void	options_extra_opts(int n);

/* Returns every long option, as getopt_long() takes them (a NULL name last). */
const struct option	*options_long(void);

#endif

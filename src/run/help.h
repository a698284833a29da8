/* SPDX-License-Identifier: GPL-2.0-or-later */
/* help.h - --help: by task, or the options of one mode */
#ifndef FRAGSTAT_HELP_H
#define FRAGSTAT_HELP_H

#include <stdio.h>

/* Print --help to FP: of every mode (MODE NULL), or of the one named MODE (optlist.h). */
void	help_print(FILE *fp, const char *mode);

/*
 * Print the options that act in the mode named MODE ("": every option),
 * one a line: the long
 * name, a tab, what it takes ("DIR", "[=ORDERS]", "" for none), a tab, the
 * first line of its help (for the completions: a hidden --list-options).
 * Returns EXIT_OK, or EXIT_USAGE after a message.
 */
int	help_list_options(FILE *fp, const char *mode);

#endif

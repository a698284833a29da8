/* SPDX-License-Identifier: GPL-2.0-or-later */
/* help.h - --help: by task, or the options of one mode */
#ifndef FRAGSTAT_HELP_H
#define FRAGSTAT_HELP_H

#include <stdio.h>

/* Print --help to FP: of every mode (MODE NULL), or of the one named MODE (optlist.h). */
void	help_print(FILE *fp, const char *mode);

#endif

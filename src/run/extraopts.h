/* SPDX-License-Identifier: GPL-2.0-or-later */
/* extraopts.h - --extra-opts: options from the monitoring plugins' ini file, before the command line's */
#ifndef FRAGSTAT_EXTRAOPTS_H
#define FRAGSTAT_EXTRAOPTS_H

#include "commands.h"

/*
 * Replace --extra-opts[=[SECTION][@FILE]] in L (before '--') by the
 * options of SECTION (default: fragstat) of FILE, put first, after the
 * program's name, as the monitoring plugins do: FILE is the plugins'
 * (default: $MP_CONFIG_FILE, else monitoring-plugins.ini, plugins.ini or
 * nagios-plugins.ini in a directory of $NAGIOS_CONFIG_PATH, else the first
 * of their standard places); '-' is standard input. Returns 0, EXIT_USAGE
 * (given twice) or EXIT_DATA after a message.
 */
int	extraopts_expand(struct cmdline *l);

#endif

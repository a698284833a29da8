/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check_unknown.h - --check ends with a status line whatever ends the run:
 * the state printed, else UNKNOWN and the message that ended it
 */
#ifndef FRAGSTAT_CHECK_UNKNOWN_H
#define FRAGSTAT_CHECK_UNKNOWN_H

#include <stdbool.h>

#include "checkask.h"

/*
 * Returns whether ARGV asks for --check (or an abbreviation of it) before
 * any '--': known before the options are read, so that a usage error too
 * ends as UNKNOWN.
 */
bool	check_wanted(int argc, char **argv);

/* Start --check: keep the last message fragstat says for the status line. */
void	check_begin(void);

/* Say that the status line of state S was printed. */
void	check_printed(enum check_state s);

/*
 * Say that standard output could not be written: the status line is lost,
 * and --check ends UNKNOWN whatever state it printed.
 */
void	check_unwritten(void);

/*
 * End --check with RC, the exit status of the run: 3 when standard output
 * failed, else the state of the status line printed, else 0 after --help
 * or --version, else "FRAGSTAT UNKNOWN" and the last message fragstat said
 * (on standard error already), and 3.
 * Returns the exit status.
 */
int	check_end(int rc);

#endif

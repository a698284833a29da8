/* SPDX-License-Identifier: GPL-2.0-or-later */
/* optlist.h - the modes by name, and the options that act in each (for help and completion) */
#ifndef FRAGSTAT_OPTLIST_H
#define FRAGSTAT_OPTLIST_H

#include <stdbool.h>
#include <stddef.h>

/* A mode by the name its command and per-mode help use ("check"). */
struct optmode {
	const char	*name;
	const char	*flag;		/* the option that selects it: "--check" */
	const char	*usage;		/* its synopsis: "--check --warn=N[xSIZE]..." */
	const char	*args;		/* the words that select it, for a trial */
};

/* Returns the mode named NAME, or NULL. */
const struct optmode	*optlist_mode(const char *name);

/*
 * Returns the name of the mode ARGV (ARGC words) selects for --help: the
 * first mode whose flag is given, as "--check" or "--check=...", the most
 * particular first; "" (every mode) when none is.
 */
const char	*optlist_mode_of(int argc, char **argv);

/* Returns the Nth mode, or NULL past the last. */
const struct optmode	*optlist_nth(size_t n);

/*
 * Returns whether option OPT (options_mode.h's id, or a short option's
 * character) acts in mode M in at least one format it shows: tried with
 * options_parse(), alone and with the option it goes with (--node with
 * --need), so that the answer is the rules' own and never a copy.
 */
bool	optlist_acts(const struct optmode *m, int opt);

#endif

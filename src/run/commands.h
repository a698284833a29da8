/* SPDX-License-Identifier: GPL-2.0-or-later */
/* commands.h - the commands of the perf and git layout (fragstat need 2000x2M), each the flags it stands for */
#ifndef FRAGSTAT_COMMANDS_H
#define FRAGSTAT_COMMANDS_H

/* A command line: ARGV as given, or a malloc'd array of the same words rearranged. */
struct cmdline {
	int	  argc;
	char	**argv;
	char	**owned;	/* ARGV when it was made here: free() it */
	char	 *words;	/* the words --extra-opts read (extraopts.c): free() it */
	int	  nextra;	/* how many options of ARGV, its first, are those words' */
};

/*
 * Set L to ARGV (ARGC words) with a command in first place replaced by
 * the flags it stands for: "need 2000x2M" is "--need 2000x2M", "watch 2
 * 10" "--watch 2 --count 10", "record DIR" "--record DIR --watch 1" (with
 * neither --watch nor a command), "compare A B" "--compare A B", "fleet
 * ROOT..." "--fleet ROOT...", "map", "compact", "check", "capture DIR",
 * "verify" their flags. A line without a command is left as it is.
 * Returns 0; -1 when help was asked for, with *HELP the mode's name ("":
 * every mode); EXIT_USAGE after a message; EXIT_DATA when memory ran out.
 */
int	commands_expand(int argc, char **argv, struct cmdline *l,
	    const char **help);

#endif

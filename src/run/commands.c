/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * commands.c - the commands of the perf and git layout: "fragstat need
 * 2000x2M" is "fragstat --need 2000x2M", and so on; each command is the
 * flags it stands for, so that every invocation by flags keeps working and
 * both forms print the same bytes (tests/subcommands.sh)
 */
#include "config.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "ferr.h"
#include "optlist.h"
#include "opts.h"
#include "render_text.h"
#include "usage.h"

/* What follows a command's name before the options. */
enum operands {
	OPERANDS_KEPT,		/* none of its own; roots stay operands */
	OPERAND_VALUE,		/* one: the flag's value */
	OPERANDS_WATCH,		/* [SECONDS [COUNT]] */
};

/* Each command, the flag it stands for and what follows it. */
static const struct command {
	const char	*name;		/* also the mode's, for help (optlist.c) */
	const char	*flag;
	enum operands	 takes;
	const char	*value;		/* OPERAND_VALUE: what it is, for a message */
} commands[] = {
	{ "need", "--need", OPERAND_VALUE, "a count and a size: fragstat "
	    "need 2000x2M" },
	{ "map", "--map", OPERANDS_KEPT, NULL },
	{ "compact", "--compact", OPERANDS_KEPT, NULL },
	{ "check", "--check", OPERANDS_KEPT, NULL },
	{ "watch", "--watch", OPERANDS_WATCH, NULL },
	{ "record", "--record", OPERAND_VALUE, "a new directory: fragstat "
	    "record DIR [-- COMMAND [ARG]...]" },
	{ "compare", "--compare", OPERANDS_KEPT, NULL },
	{ "capture", "--capture", OPERAND_VALUE, "a new directory: fragstat "
	    "capture DIR" },
	{ "fleet", "--fleet", OPERANDS_KEPT, NULL },
	{ "verify", "--verify", OPERANDS_KEPT, NULL },
};

/* The words a command adds: --watch's default, --count, --record's --watch. */
static char w_watch[] = "--watch", w_one[] = "1", w_count[] = "--count";

/* Returns whether ARGV[I] (of ARGC words) is an operand, not an option. */
static bool
operand(int argc, char **argv, int i)
{
	return i < argc && argv[i][0] != '-';
}

/* Returns whether ARGV from I on (before "--") has option WORD or WORD=... */
static bool
has_option(int argc, char **argv, int i, const char *word)
{
	size_t n = strlen(word);

	for (; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strncmp(argv[i], word, n) == 0 &&
		    (argv[i][n] == '\0' || argv[i][n] == '='))
			return true;
	return false;
}

/* Returns whether ARGV (ARGC words) from I on has a command (after "--"). */
static bool
has_command(int argc, char **argv, int i)
{
	for (; i < argc; i++)
		if (strcmp(argv[i], "--") == 0)
			return true;
	return false;
}

/*
 * "help [MODE]": set *HELP to MODE ("": every mode). Returns -1, or
 * EXIT_USAGE after a message.
 */
static int
help_command(int argc, char **argv, const char **help)
{
	struct render_sentence names = { NULL, 0, false };
	const struct optmode *m;
	char *list;
	size_t i;
	int rc;

	if (argc == 2) {
		*help = "";
		return -1;
	}
	if (argc == 3 && optlist_mode(argv[2]) != NULL) {
		*help = argv[2];
		return -1;
	}
	/* Every mode's name, however many there are. */
	for (i = 0; (m = optlist_nth(i)) != NULL; i++)
		render_say(&names, "%s%s", i ? ", " : "", m->name);
	if ((list = render_sentence_take(&names)) == NULL)
		return EXIT_DATA;
	rc = usage_error("help takes one mode: %s", list);
	free(list);
	return rc;
}

/*
 * Fill V (room for ARGC + 4 words) with the words of command C, the first
 * of ARGV, as flags. Returns how many, or -1 after a usage message.
 */
static int
expand(const struct command *c, int argc, char **argv, char **v)
{
	int n = 0, i = 2;

	v[n++] = argv[0];
	v[n++] = (char *)c->flag;
	if (c->takes == OPERAND_VALUE) {
		if (!operand(argc, argv, i)) {
			usage_error("%s takes %s", c->name, c->value);
			return -1;
		}
		v[n++] = argv[i++];
	} else if (c->takes == OPERANDS_WATCH) {
		v[n++] = operand(argc, argv, i) ? argv[i++] : w_one;
		if (operand(argc, argv, i)) {
			v[n++] = w_count;
			v[n++] = argv[i++];
		}
	}
	/* As perf record: a recording every second until it is stopped. */
	if (strcmp(c->name, "record") == 0 && !has_option(argc, argv, i,
	    "--watch") && !has_command(argc, argv, i)) {
		v[n++] = w_watch;
		v[n++] = w_one;
	}
	while (i < argc)
		v[n++] = argv[i++];
	v[n] = NULL;
	return n;
}

int
commands_expand(int argc, char **argv, struct cmdline *l, const char **help)
{
	const struct command *c = NULL;
	size_t i;
	int n;

	l->argc = argc;
	l->argv = argv;
	l->owned = NULL;
	l->words = NULL;
	l->nextra = 0;
	if (argc < 2)
		return 0;
	if (strcmp(argv[1], "help") == 0)
		return help_command(argc, argv, help);
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			c = &commands[i];
	if (c == NULL)
		return 0;
	/* "fragstat check --help": the help of that mode. */
	if (has_option(argc, argv, 2, "--help") || has_option(argc, argv, 2,
	    "-h")) {
		*help = c->name;
		return -1;
	}
	if ((l->owned = calloc((size_t)argc + 4, sizeof(*l->owned))) == NULL) {
		ferr_nomem();
		return EXIT_DATA;
	}
	if ((n = expand(c, argc, argv, l->owned)) < 0) {
		free(l->owned);
		l->owned = NULL;
		return EXIT_USAGE;
	}
	l->argc = n;
	l->argv = l->owned;
	return 0;
}

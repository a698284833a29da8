/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * optlist.c - the modes by name, and the options that act in each: asked
 * of options_parse() itself, so that per-mode help and completion say what
 * the rules table (options_mode.c) decides and cannot drift from it
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "optlist.h"
#include "options.h"
#include "options_mode.h"
#include "usage.h"

/*
 * The paths of a trial: none can exist (/dev/null is no directory), so
 * that no file where fragstat runs changes what a trial finds (a
 * recording named like a root would make its mode a recording's).
 */
#define TRIAL_ROOT	"/dev/null/root"
#define TRIAL_DIR	"/dev/null/dir"
#define TRIAL_FILE	"/dev/null/file"

/*
 * Each mode, the flag that selects it, its synopsis, and the words that
 * select it in a trial; the most particular first, as a
 * command line with several of the flags is of the first (--check --need).
 */
static const struct optmode modes[] = {
	{ "check", "--check", "--check [--warn=N[xSIZE]] [--crit=N[xSIZE]] "
	    "[OPTION]...", "--check" },
	{ "compact", "--compact", "--compact [--dry-run] [--force] [OPTION]...",
	    "--compact" },
	{ "fleet", "--fleet", "--fleet [--roots-from=FILE] [ROOT]... "
	    "[OPTION]...", "--fleet -r " TRIAL_ROOT " -r " TRIAL_ROOT },
	{ "compare", "--compare", "--compare A B [OPTION]...",
	    "--compare " TRIAL_ROOT " " TRIAL_ROOT },
	{ "capture", "--capture", "--capture=DIR [OPTION]...",
	    "--capture=" TRIAL_DIR },
	{ "verify", "--verify", "--verify [OPTION]...", "--verify" },
	{ "map", "--map", "--map [--cgroups] [OPTION]...", "--map" },
	{ "record", "--record", "--record=DIR [--watch=SECONDS] [OPTION]... "
	    "[-- COMMAND [ARG]...]", "--watch=1 --record=" TRIAL_DIR },
	{ "watch", "--watch", "--watch=SECONDS [--count=N] [OPTION]...",
	    "--watch=1" },
	{ "prepare", "--prepare", "--need=N[xSIZE] --prepare [--reclaim] "
	    "[--dry-run] [OPTION]...", "--need=10 --prepare" },
	{ "need", "--need", "--need=N[xSIZE] [--node=N] [OPTION]...",
	    "--need=10" },
	{ "batch", "--roots-from", "--roots-from=FILE | -r ROOT -r ROOT... "
	    "[OPTION]...", "-r " TRIAL_ROOT " -r " TRIAL_ROOT },
	{ "show", NULL, "[OPTION]...", "" },
};

/* The formats a trial goes through: the default, then each by its option. */
static const char *const formats[] = {
	"", "--detail", "--json", "--format=unusable", "--format=extfrag",
	"--format=prometheus", "--format=svg", "--format=csv",
	"--format=ndjson",
};

/* An option's trial value, and the words of what it goes with. */
static const struct {
	int		 opt;
	const char	*value;
	const char	*with;
} samples[] = {
	{ 'r', TRIAL_ROOT, "--dry-run" },
	{ 'f', "json", NULL },
	{ OPT_ROOTS_FROM, TRIAL_FILE, NULL },
	{ OPT_BUDDYINFO, TRIAL_FILE, NULL },
	{ OPT_PAGETYPEINFO, TRIAL_FILE, NULL },
	{ OPT_PRESSURE, TRIAL_FILE, NULL }, { OPT_ZONEINFO, TRIAL_FILE, NULL },
	{ OPT_KERNEL, "5.10", NULL }, { OPT_PAGE_SIZE, "4K", NULL },
	{ OPT_COLOR, "never", NULL }, { OPT_GFP, "kernel", NULL },
	{ OPT_THRESHOLD, "500", NULL }, { OPT_PSI_SOME, "10", NULL },
	{ OPT_PSI_FULL, "5", "--record=" TRIAL_DIR " --trigger=psi" },
	{ OPT_CAPTURE, TRIAL_DIR, NULL }, { OPT_WATCH, "1", NULL },
	{ OPT_COUNT, "2", NULL }, { OPT_ORDERS, "9", NULL },
	{ OPT_EVENTS_MIN_ORDER, "1", "--events" },
	{ OPT_RECORD, TRIAL_DIR, NULL },
	{ OPT_CAPTURES_EVERY, "2", "--record=" TRIAL_DIR },
	{ OPT_REPEAT, "2", "--record=" TRIAL_DIR " -- true" },
	{ OPT_MAP_EVERY, "2", "--record=" TRIAL_DIR },
	{ OPT_TRIGGER, "psi", "--record=" TRIAL_DIR },
	{ OPT_BEFORE, "1", "--record=" TRIAL_DIR " --trigger=psi" },
	{ OPT_AFTER, "1", "--record=" TRIAL_DIR " --trigger=psi" },
	{ OPT_NEED, "10", NULL }, { OPT_NODE, "0", "--need=10" },
	{ OPT_LOW, "5", NULL }, { OPT_FRAGMENTED, "50", NULL },
	{ OPT_ROWS, "sizes", NULL }, { OPT_WARN, "1", NULL },
	{ OPT_CRIT, "1", NULL },
};

const struct optmode *
optlist_mode(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (strcmp(modes[i].name, name) == 0)
			return &modes[i];
	return NULL;
}

const char *
optlist_mode_of(int argc, char **argv)
{
	size_t i, n;
	int a;

	for (i = 0; modes[i].flag != NULL; i++)
		for (a = 1; a < argc && strcmp(argv[a], "--") != 0; a++) {
			n = strlen(modes[i].flag);
			if (strncmp(argv[a], modes[i].flag, n) == 0 &&
			    (argv[a][n] == '\0' || argv[a][n] == '='))
				return modes[i].name;
		}
	return "";
}

const struct optmode *
optlist_nth(size_t n)
{
	return n < sizeof(modes) / sizeof(modes[0]) ? &modes[n] : NULL;
}

/* Returns whether options_parse() takes LINE's words (at most 31). */
static bool
takes(const char *line)
{
	char buf[256], *argv[32], *p;
	struct opts o;
	int argc = 0, rc;

	snprintf(buf, sizeof(buf), "fragstat %s", line);
	for (p = strtok(buf, " "); p && argc < 31; p = strtok(NULL, " "))
		argv[argc++] = p;
	argv[argc] = NULL;
	optind = 0;	/* glibc: start over */
	usage_quiet(true);
	rc = options_parse(argc, argv, &o);
	usage_quiet(false);
	free(o.roots);
	return rc == EXIT_OK;
}

/* Set WORD to option OPT as given on a command line, with a sample value. */
static void
sample(int opt, char *word, size_t size, const char **with)
{
	const struct option *lo;
	size_t i;

	*with = NULL;
	for (lo = options_long(); lo->name && lo->val != opt; lo++)
		;
	for (i = 0; i < sizeof(samples) / sizeof(samples[0]); i++)
		if (samples[i].opt == opt)
			break;
	if (i < sizeof(samples) / sizeof(samples[0])) {
		snprintf(word, size, "--%s=%s", lo->name, samples[i].value);
		*with = samples[i].with;
	} else
		snprintf(word, size, "--%s", lo->name ? lo->name : "");
}

/*
 * Set OUT to the words of WITH but those whose option the mode's ARGS
 * give already (a second --record would be refused as given twice).
 */
static void
partners(const char *with, const char *args, char *out, size_t size)
{
	char buf[128], *w, name[64];

	out[0] = '\0';
	snprintf(buf, sizeof(buf), "%s", with);
	for (w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
		snprintf(name, sizeof(name), "%.*s", (int)strcspn(w, "="), w);
		/* '--' and the command after it are words of their own. */
		if (name[0] != '-' || strcmp(name, "--") == 0 ||
		    strstr(args, name) == NULL)
			snprintf(out + strlen(out), size - strlen(out), " %s",
			    w);
	}
}

bool
optlist_acts(const struct optmode *m, int opt)
{
	char word[64], line[256], more[128];
	const char *with;
	size_t i;

	sample(opt, word, sizeof(word), &with);
	if (with != NULL) {
		partners(with, m->args, more, sizeof(more));
		with = more;
	}
	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		snprintf(line, sizeof(line), "%s %s %s", m->args, formats[i],
		    word);
		if (takes(line))
			return true;
		if (with == NULL)
			continue;
		snprintf(line, sizeof(line), "%s %s %s%s", m->args,
		    formats[i], word, with);
		if (takes(line))
			return true;
	}
	return false;
}

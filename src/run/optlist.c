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

#include "ferr.h"
#include "optlist.h"
#include "options.h"
#include "options_mode.h"
#include "render_text.h"
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
	/* Not modes of their own, but tasks --help lists: their options. */
	{ "advise", "--advise", "--advise[=ORDERS] [OPTION]...", "--advise" },
	{ "prometheus", "--format=prometheus", "--format=prometheus "
	    "[OPTION]...", "--format=prometheus" },
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
	/* --advise alone acts in fewer modes than --advise=ORDERS. */
	{ OPT_ADVISE, "9", NULL },
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

/*
 * Returns whether options_parse() takes the words of ARGS, FORMAT, WORD and
 * MORE, each split at blanks (false after ferr_nomem() when memory runs
 * out).
 */
static bool
takes(const char *args, const char *format, const char *word,
    const char *more)
{
	char *line, **argv = NULL, *p, *save;
	size_t words = 2;	/* "fragstat" and the NULL after the last */
	struct opts o;
	int argc = 0, rc = -1;

	if (asprintf(&line, "fragstat %s %s %s %s", args, format, word,
	    more) < 0) {
		ferr_nomem();
		return false;
	}
	for (p = line; *p; p++)
		words += *p == ' ';
	if ((argv = calloc(words, sizeof(*argv))) == NULL)
		ferr_nomem();
	for (p = argv ? strtok_r(line, " ", &save) : NULL; p;
	    p = strtok_r(NULL, " ", &save))
		argv[argc++] = p;
	if (argv != NULL) {
		optind = 0;	/* glibc: start over */
		usage_quiet(true);
		rc = options_parse(argc, argv, &o);
		usage_quiet(false);
		free(o.roots);
	}
	free(argv);
	free(line);
	return rc == EXIT_OK;
}

/*
 * Returns option OPT as given on a command line, with a sample value (the
 * caller frees it; NULL after ferr_nomem()), and in *WITH the words it
 * goes with (NULL: none).
 */
static char *
sample(int opt, const char **with)
{
	const struct option *lo;
	char *word;
	size_t i;
	int n;

	*with = NULL;
	for (lo = options_long(); lo->name && lo->val != opt; lo++)
		;
	for (i = 0; i < sizeof(samples) / sizeof(samples[0]) &&
	    samples[i].opt != opt; i++)
		;
	if (i < sizeof(samples) / sizeof(samples[0])) {
		n = asprintf(&word, "--%s=%s", lo->name, samples[i].value);
		*with = samples[i].with;
	} else
		n = asprintf(&word, "--%s", lo->name ? lo->name : "");
	if (n >= 0)
		return word;
	ferr_nomem();
	return NULL;
}

/*
 * Returns the words of WITH but those whose option the mode's ARGS give
 * already (a second --record would be refused as given twice), each after
 * a blank, for the caller to free ("" when none; NULL after ferr_nomem()).
 */
static char *
partners(const char *with, const char *args)
{
	struct render_sentence out = { NULL, 0, false };
	char *buf, *w, *save, *kept;
	size_t n;

	if ((buf = strdup(with)) == NULL) {
		ferr_nomem();
		return NULL;
	}
	for (w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		n = strcspn(w, "=");
		/* '--' and the command after it are words of their own. */
		if (w[0] != '-' || strcmp(w, "--") == 0 ||
		    memmem(args, strlen(args), w, n) == NULL)
			render_say(&out, " %s", w);
	}
	free(buf);
	if ((kept = render_sentence_take(&out)) == NULL && !ferr_nomem_seen())
		kept = strdup("");
	return kept;
}

bool
optlist_acts(const struct optmode *m, int opt)
{
	const char *with;
	char *word = sample(opt, &with), *more = NULL;
	bool yes = false;
	size_t i;

	if (word != NULL && with != NULL)
		more = partners(with, m->args);
	for (i = 0; word != NULL && !yes &&
	    i < sizeof(formats) / sizeof(formats[0]); i++)
		yes = takes(m->args, formats[i], word, "") || (more != NULL &&
		    takes(m->args, formats[i], word, more));
	free(word);
	free(more);
	return yes;
}

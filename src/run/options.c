/* SPDX-License-Identifier: GPL-2.0-or-later */
/* options.c - the command line read: every option and its value, checked */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advice.h"
#include "kver.h"
#include "model.h"
#include "options.h"
#include "options_mode.h"
#include "pageorder.h"
#include "runs.h"
#include "text.h"
#include "usage.h"

/* Returns 0 with *OUT set from the page size S ("4096", "64K"), or -1. */
static int
parse_page_size(const char *s, unsigned long *out)
{
	struct tok t = { s, strlen(s) };
	uint64_t v, mul = 1;

	if (t.n > 1 && (s[t.n - 1] == 'K' || s[t.n - 1] == 'k')) {
		mul = 1024;
		t.n--;
	}
	if (num_u64(&t, &v) != 0 || v > PAGEORDER_PAGE_MAX / mul)
		return -1;
	v *= mul;
	if (!pageorder_page_ok(v))
		return -1;
	*out = (unsigned long)v;
	return 0;
}

/*
 * Set *V from S, a positive decimal number for option OPT of at most MAX.
 * Returns 0, or -1 after a usage message that says which it is not.
 */
static int
positive(const char *opt, const char *s, uint64_t max, uint64_t *v)
{
	struct tok t = { s, strlen(s) };
	int rc = num_u64(&t, v);

	if (rc == -ERANGE || (rc == 0 && *v > max)) {
		usage_error("%s: '%s' is too large (at most %llu)", opt, s,
		    (unsigned long long)max);
		return -1;
	}
	if (rc != 0 || *v == 0) {
		usage_error("%s: '%s' is not a positive number", opt, s);
		return -1;
	}
	return 0;
}

/*
 * Set *COUNT and *SIZE from S, "N" or "NxSIZE" (the size is checked
 * against the page size once the input is read): --need, --warn, --crit.
 * Returns 0 or -1.
 */
static int
parse_need(const char *s, uint64_t *out, const char **size)
{
	struct tok count = { s, strcspn(s, "x") };
	uint64_t v;

	if (num_u64(&count, &v) != 0 || v == 0)
		return -1;
	*out = v;
	*size = s[count.n] == 'x' ? s + count.n + 1 : NULL;
	return *size != NULL && (*size)[0] == '\0' ? -1 : 0;
}

/* Every option by its long name, and the id getopt_long() returns for it. */
static const struct option longopts[] = {
	{ "sysroot",		required_argument, NULL, 'r' },
	{ "roots-from",		required_argument, NULL, OPT_ROOTS_FROM },
	{ "compare",		no_argument,	   NULL, OPT_COMPARE },
	{ "buddyinfo",		required_argument, NULL, OPT_BUDDYINFO },
	{ "pagetypeinfo",	required_argument, NULL, OPT_PAGETYPEINFO },
	{ "pressure",		required_argument, NULL, OPT_PRESSURE },
	{ "no-pagetypeinfo",	no_argument,	   NULL, OPT_NO_PTI },
	{ "kernel",		required_argument, NULL, OPT_KERNEL },
	{ "page-size",		required_argument, NULL, OPT_PAGE_SIZE },
	{ "format",		required_argument, NULL, 'f' },
	{ "json",		no_argument,	   NULL, 'j' },
	{ "detail",		no_argument,	   NULL, 'd' },
	{ "verify",		no_argument,	   NULL, OPT_VERIFY },
	{ "color",		optional_argument, NULL, OPT_COLOR },
	{ "colour",		optional_argument, NULL, OPT_COLOR },
	{ "zoneinfo",		required_argument, NULL, OPT_ZONEINFO },
	{ "advise",		optional_argument, NULL, OPT_ADVISE },
	{ "gfp",		required_argument, NULL, OPT_GFP },
	{ "threshold",		required_argument, NULL, OPT_THRESHOLD },
	{ "psi-some",		required_argument, NULL, OPT_PSI_SOME },
	{ "psi-full",		required_argument, NULL, OPT_PSI_FULL },
	{ "compact",		no_argument,	   NULL, OPT_COMPACT },
	{ "capture",		required_argument, NULL, OPT_CAPTURE },
	{ "watch",		required_argument, NULL, OPT_WATCH },
	{ "count",		required_argument, NULL, OPT_COUNT },
	{ "migratetypes",	no_argument,	   NULL, OPT_MIGRATETYPES },
	{ "events",		no_argument,	   NULL, OPT_EVENTS },
	{ "events-min-order",	required_argument, NULL, OPT_EVENTS_MIN_ORDER },
	{ "orders",		required_argument, NULL, OPT_ORDERS },
	{ "record",		required_argument, NULL, OPT_RECORD },
	{ "captures-every",	required_argument, NULL, OPT_CAPTURES_EVERY },
	{ "repeat",		required_argument, NULL, OPT_REPEAT },
	{ "map-every",		required_argument, NULL, OPT_MAP_EVERY },
	{ "trigger",		required_argument, NULL, OPT_TRIGGER },
	{ "before",		required_argument, NULL, OPT_BEFORE },
	{ "after",		required_argument, NULL, OPT_AFTER },
	{ "map",		no_argument,	   NULL, OPT_MAP },
	{ "cgroups",		no_argument,	   NULL, OPT_CGROUPS },
	{ "need",		required_argument, NULL, OPT_NEED },
	{ "node",		required_argument, NULL, OPT_NODE },
	{ "low",		required_argument, NULL, OPT_LOW },
	{ "fragmented",		required_argument, NULL, OPT_FRAGMENTED },
	{ "force",		no_argument,	   NULL, OPT_FORCE },
	{ "dry-run",		no_argument,	   NULL, OPT_DRY_RUN },
	{ "prepare",		no_argument,	   NULL, OPT_PREPARE },
	{ "reclaim",		no_argument,	   NULL, OPT_RECLAIM },
	{ "fleet",		no_argument,	   NULL, OPT_FLEET },
	{ "rows",		required_argument, NULL, OPT_ROWS },
	{ "check",		no_argument,	   NULL, OPT_CHECK },
	{ "warn",		required_argument, NULL, OPT_WARN },
	{ "crit",		required_argument, NULL, OPT_CRIT },
	{ "quiet",		no_argument,	   NULL, 'q' },
	{ "help",		no_argument,	   NULL, 'h' },
	{ "version",		no_argument,	   NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

const struct option *
options_long(void)
{
	return longopts;
}

/*
 * Set O's marks from S, "LOW" or "LOW,SEVERE", whole percents with LOW <
 * SEVERE <= 100; without SEVERE, frag_severe stays 0: the input's release
 * decides kcompactd's leeway (pipe_count()). Returns 0 or -1.
 */
static int
parse_marks(const char *s, struct opts *o)
{
	struct tok low = { s, strcspn(s, ",") };
	uint64_t l, h = 0;

	if (num_u64(&low, &l) != 0 || l >= 100)
		return -1;
	if (s[low.n] != '\0' && (num_str(s + low.n + 1, &h) != 0 ||
	    h > 100 || h <= l))
		return -1;
	o->frag_marks = true;
	o->frag_low = (unsigned)l;
	o->frag_severe = (unsigned)h;
	return 0;
}

/* The longest --watch interval, in seconds: a day. */
#define WATCH_MAX_S		86400

/* The most samples --before and --after keep in a --trigger window. */
#define WINDOW_MAX_SAMPLES	100000

/*
 * Returns 0 with *MS set from seconds such as "1", "0.5" or "2.25" (at
 * most WATCH_MAX_S), or -1.
 */
static int
parse_seconds(const char *s, unsigned *ms)
{
	struct tok t = { s, strlen(s) };
	uint64_t centi;

	if (num_centi(&t, false, &centi) != 0 || centi == 0 ||
	    centi > (uint64_t)WATCH_MAX_S * 100)
		return -1;
	*ms = (unsigned)centi * 10;
	return 0;
}

/* Returns 0 with *OUT set from a percentage such as "10" or "2.25" (hundredths), or -1. */
static int
parse_percent(const char *s, uint32_t *out)
{
	struct tok t = { s, strlen(s) };
	uint64_t centi;

	if (num_centi(&t, false, &centi) != 0 || centi > 10000)
		return -1;
	*out = (uint32_t)centi;
	return 0;
}

/*
 * Parse --trigger's KIND ("stall", "psi", "alloc-fail:ORDER" with ORDER
 * below FRAG_MAX_ORDERS) into T. Returns 0, or -1 when KIND is none of
 * these.
 */
static int
parse_trigger(const char *kind, struct trigger *t)
{
	static const char af[] = "alloc-fail:";
	uint64_t v;

	memset(t, 0, sizeof(*t));
	if (strcmp(kind, "stall") == 0)
		t->kind = TRIGGER_STALL;
	else if (strcmp(kind, "psi") == 0)
		t->kind = TRIGGER_PSI;
	else if (strncmp(kind, af, sizeof(af) - 1) == 0 &&
	    num_str(kind + sizeof(af) - 1, &v) == 0 && v < FRAG_MAX_ORDERS) {
		t->kind = TRIGGER_ALLOC_FAIL;
		t->order = (unsigned)v;
	} else
		return -1;
	return 0;
}

/* Returns whether "NAME=..." (NAME possibly abbreviated) names a long option without argument. */
static bool
takes_no_argument(const char *name)
{
	size_t n = strcspn(name, "=");
	const struct option *lo;

	if (name[n] != '=')
		return false;
	for (lo = longopts; lo->name; lo++)
		if (strncmp(lo->name, name, n) == 0 && lo->has_arg == no_argument)
			return true;
	return false;
}

/*
 * Check the options that go with a command (after '--') and make it a
 * --watch of one second unless --watch says otherwise. Returns EXIT_OK, or
 * EXIT_USAGE after a message.
 */
static int
command_mode(struct opts *o, bool *given)
{
	if (!given[OPT_RECORD])
		return usage_error("%s", "a command (after '--') runs under "
		    "--record: fragstat --record DIR -- COMMAND");
	if (given[OPT_COUNT])
		return usage_error("%s", "--count does nothing with a command: "
		    "the recording ends one sample after the command exits");
	if (given['f'] || given['j'])
		return usage_error("%s", "a command's standard output is its "
		    "own: with one, fragstat prints no samples (they go to "
		    "the recording), so --json and --format do nothing");
	if (o->nroots || o->roots_from || o->buddyinfo || o->pagetypeinfo ||
	    o->pressure)
		return usage_error("%s", "a command runs on this host: "
		    "--sysroot and input files do not mix with it");
	if (!given[OPT_WATCH]) {
		o->watch_ms = WATCH_DEFAULT_MS;
		given[OPT_WATCH] = true;
	}
	return EXIT_OK;
}

/* What an option group's function returns for an option of another group. */
#define NOT_THIS_GROUP	(-2)

/*
 * The inputs and roots: --sysroot, the input files, --kernel, --page-size.
 * Returns EXIT_OK, EXIT_USAGE after a message, or NOT_THIS_GROUP.
 */
static int
opt_input(int c, const char *arg, struct opts *o)
{
	switch (c) {
	case 'r':
		o->roots[o->nroots++] = arg;
		break;
	case OPT_ROOTS_FROM:
		o->roots_from = arg;
		break;
	case OPT_BUDDYINFO:
		o->buddyinfo = arg;
		break;
	case OPT_PAGETYPEINFO:
		o->pagetypeinfo = arg;
		break;
	case OPT_PRESSURE:
		o->pressure = arg;
		break;
	case OPT_NO_PTI:
		o->no_pagetypeinfo = true;
		break;
	case OPT_KERNEL:
		if (text_kver(arg) < 0)
			return usage_error("--kernel: '%s' is not a release "
			    "such as 5.15 or 6.1.0", arg);
		if (strlen(arg) > KVER_MAX_LEN)
			return usage_error("--kernel: longer than the kernel's "
			    "%d characters", KVER_MAX_LEN);
		o->kernel = arg;
		break;
	case OPT_PAGE_SIZE:
		if (parse_page_size(arg, &o->page_size) != 0)
			return usage_error("--page-size: '%s' is not a power "
			    "of two from %u to %uM", arg, PAGEORDER_PAGE_MIN,
			    PAGEORDER_PAGE_MAX / PAGEORDER_KB / PAGEORDER_KB);
		break;
	case OPT_ZONEINFO:
		o->zoneinfo = arg;
		break;
	default:
		return NOT_THIS_GROUP;
	}
	return EXIT_OK;
}

/*
 * The options that choose a mode (options_mode_check() decides which wins)
 * and the flags that only say how it runs. Returns EXIT_OK or NOT_THIS_GROUP.
 */
static int
opt_mode(int c, const char *arg, struct opts *o)
{
	switch (c) {
	case OPT_COMPARE:
	case OPT_FLEET:
	case OPT_VERIFY:
		/* given[] says it was asked for. */
		break;
	case OPT_CAPTURE:
		o->capture = arg;
		break;
	case OPT_MAP:
		o->map = true;
		break;
	case OPT_CGROUPS:
		o->cgroups = true;
		break;
	case OPT_CHECK:
		o->advise = true;
		break;
	case OPT_COMPACT:
		o->compact = true;
		o->advise = true;
		break;
	case OPT_FORCE:
		o->force = true;
		break;
	case OPT_DRY_RUN:
		o->dry_run = true;
		break;
	case OPT_PREPARE:
		o->prepare = true;
		o->advise = true;
		break;
	case OPT_RECLAIM:
		o->reclaim = true;
		break;
	default:
		return NOT_THIS_GROUP;
	}
	return EXIT_OK;
}

/* Returns EXIT_OK with O's format set from --format's NAME, or EXIT_USAGE after a message. */
static int
opt_format(const char *name, struct opts *o)
{
	if (strcmp(name, "summary") == 0)
		o->format = F_SUMMARY;
	else if (strcmp(name, "table") == 0)
		o->format = F_TABLE;
	else if (strcmp(name, "json") == 0)
		o->format = F_JSON;
	else if (strcmp(name, "unusable") == 0)
		o->format = F_UNUSABLE;
	else if (strcmp(name, "extfrag") == 0)
		o->format = F_EXTFRAG;
	else if (strcmp(name, "prometheus") == 0)
		o->format = F_PROM;
	else if (strcmp(name, "svg") == 0)
		o->format = F_SVG;
	else if (strcmp(name, "csv") == 0)
		o->format = F_CSV;
	else if (strcmp(name, "ndjson") == 0)
		o->format = F_NDJSON;
	else
		return usage_error("--format: '%s' is not one of summary, "
		    "table, json, unusable, extfrag, prometheus, svg, csv, "
		    "ndjson", name);
	return EXIT_OK;
}

/*
 * The output and its format: --format, --json, --detail, --color, --rows,
 * --quiet. Returns EXIT_OK, EXIT_USAGE after a message, or NOT_THIS_GROUP.
 */
static int
opt_output(int c, const char *arg, struct opts *o)
{
	switch (c) {
	case 'f':
		return opt_format(arg, o);
	case 'j':
		o->format = F_JSON;
		break;
	case 'd':
		o->format = F_TABLE;
		break;
	case OPT_COLOR:
		if (arg == NULL || strcmp(arg, "always") == 0)
			o->color = 1;
		else if (strcmp(arg, "never") == 0)
			o->color = 0;
		else if (strcmp(arg, "auto") == 0)
			o->color = -1;
		else
			return usage_error("--color: '%s' is not one of auto, "
			    "always, never", arg);
		break;
	case OPT_ROWS:
		if (strcmp(arg, "sizes") != 0 && strcmp(arg, "orders") != 0)
			return usage_error("--rows: '%s' is not orders or "
			    "sizes", arg);
		o->rows_sizes = arg[0] == 's';
		break;
	case 'q':
		o->quiet = true;
		break;
	default:
		return NOT_THIS_GROUP;
	}
	return EXIT_OK;
}

/*
 * Watching: --watch, --count, --orders, --migratetypes, --events, --record
 * and what it keeps, --trigger and its window. Returns EXIT_OK, EXIT_USAGE
 * after a message, or NOT_THIS_GROUP.
 */
static int
opt_watch(int c, const char *arg, struct opts *o)
{
	uint64_t v;

	switch (c) {
	case OPT_WATCH:
		if (parse_seconds(arg, &o->watch_ms) != 0)
			return usage_error("--watch: '%s' is not a number of "
			    "seconds from 0.01 to %d", arg, WATCH_MAX_S);
		break;
	case OPT_COUNT:
		if (positive("--count", arg, ULONG_MAX, &v) != 0)
			return EXIT_USAGE;
		o->count = (unsigned long)v;
		break;
	case OPT_ORDERS:
		o->orders_list = arg;
		break;
	case OPT_MIGRATETYPES:
		o->migratetypes = true;
		break;
	case OPT_EVENTS:
		o->events = true;
		break;
	case OPT_EVENTS_MIN_ORDER:
		if (num_str(arg, &v) != 0 || v >= FRAG_MAX_ORDERS)
			return usage_error("--events-min-order: '%s' is not an "
			    "order from 0 to %d", arg, FRAG_MAX_ORDERS - 1);
		o->events_min_order = (unsigned)v;
		break;
	case OPT_RECORD:
		o->record = arg;
		break;
	case OPT_CAPTURES_EVERY:
		if (positive("--captures-every", arg, ULONG_MAX, &v) != 0)
			return EXIT_USAGE;
		o->captures_every = (unsigned long)v;
		break;
	case OPT_REPEAT:
		/* As many as --compare reads of a set. */
		if (positive("--repeat", arg, SETS_MAX_RUNS, &v) != 0)
			return EXIT_USAGE;
		o->repeat = (unsigned)v;
		break;
	case OPT_MAP_EVERY:
		if (positive("--map-every", arg, ULONG_MAX, &v) != 0)
			return EXIT_USAGE;
		o->map_every = (unsigned long)v;
		break;
	case OPT_TRIGGER:
		if (parse_trigger(arg, &o->trigger) != 0)
			return usage_error("--trigger: '%s' is not one of stall, "
			    "alloc-fail:ORDER, psi", arg);
		o->trigger_arg = arg;
		break;
	case OPT_BEFORE:
	case OPT_AFTER:
		if (num_str(arg, &v) != 0 || v > WINDOW_MAX_SAMPLES)
			return usage_error("%s: '%s' is not a number of samples "
			    "from 0 to %d", c == OPT_BEFORE ? "--before" :
			    "--after", arg, WINDOW_MAX_SAMPLES);
		*(c == OPT_BEFORE ? &o->before : &o->after) = (unsigned long)v;
		break;
	default:
		return NOT_THIS_GROUP;
	}
	return EXIT_OK;
}

/*
 * Add --need ARG to O: each is answered, the first also stands in
 * need_count and need_size where one is read. Returns EXIT_OK, or
 * EXIT_USAGE after a message.
 */
static int
add_need(const char *arg, struct opts *o)
{
	struct opt_need *n;

	if (o->nneeds == OPTS_NEEDS_MAX)
		return usage_error("--need: given more than %d times",
		    OPTS_NEEDS_MAX);
	n = &o->needs[o->nneeds];
	if (parse_need(arg, &n->count, &n->size) != 0)
		return usage_error("--need: '%s' is not a count and a size such "
		    "as 2000x2M, 8x1G or 100", arg);
	if (o->nneeds++ == 0) {
		o->need_count = n->count;
		o->need_size = n->size;
	}
	return EXIT_OK;
}

/*
 * Set --warn (C OPT_WARN) or --crit to ARG in O (refuse_twice() has
 * refused a second). Returns EXIT_OK, or EXIT_USAGE after a message.
 */
static int
threshold(int c, const char *arg, struct opts *o)
{
	const char *name = c == OPT_WARN ? "--warn" : "--crit";

	if (c == OPT_WARN ? parse_need(arg, &o->warn, &o->warn_size) :
	    parse_need(arg, &o->crit, &o->crit_size))
		return usage_error("%s: '%s' is not a count and a size such as "
		    "512x2M or 64", name, arg);
	return EXIT_OK;
}

/*
 * Advice, --need and --check: --advise, --gfp, --threshold, the PSI marks,
 * --need, --node, --low, --fragmented, --warn, --crit. Returns EXIT_OK,
 * EXIT_USAGE after a message, or NOT_THIS_GROUP.
 */
static int
opt_advice(int c, const char *arg, struct opts *o)
{
	uint64_t v;

	switch (c) {
	case OPT_ADVISE:
		o->advise = true;
		o->advise_list = arg;
		break;
	case OPT_GFP:
		if (strcmp(arg, "movable") == 0)
			o->gfp = ADVISE_MOVABLE;
		else if (strcmp(arg, "kernel") == 0)
			o->gfp = ADVISE_KERNEL;
		else
			return usage_error("--gfp: '%s' is not movable or "
			    "kernel", arg);
		break;
	case OPT_THRESHOLD:
		if (num_str(arg, &v) != 0 || v > ADVISE_THRESHOLD_MAX)
			return usage_error("--threshold: '%s' is not a number "
			    "from 0 to %d", arg, ADVISE_THRESHOLD_MAX);
		o->threshold = (int)v;
		break;
	case OPT_PSI_SOME:
	case OPT_PSI_FULL:
		if (parse_percent(arg, c == OPT_PSI_SOME ? &o->psi_some :
		    &o->psi_full) != 0)
			return usage_error("--psi-%s: '%s' is not a percentage "
			    "such as 10 or 2.5", c == OPT_PSI_SOME ? "some" :
			    "full", arg);
		break;
	case OPT_NEED:
		return add_need(arg, o);
	case OPT_NODE:
		if (strcmp(arg, "each") == 0) {
			o->node = OPTS_NODE_EACH;
			break;
		}
		if (num_str(arg, &v) != 0 || v >= FRAG_MAX_NODES)
			return usage_error("--node: '%s' is not a node number "
			    "from 0 to %d, or each", arg, FRAG_MAX_NODES - 1);
		o->node = (int)v;
		break;
	case OPT_LOW:
		if (positive("--low", arg, UINT64_MAX, &v) != 0)
			return EXIT_USAGE;
		o->low = v;
		break;
	case OPT_FRAGMENTED:
		if (parse_marks(arg, o) != 0)
			return usage_error("--fragmented: '%s' is not LOW or "
			    "LOW,SEVERE, whole percents with LOW < SEVERE <= "
			    "100", arg);
		break;
	case OPT_WARN:
	case OPT_CRIT:
		return threshold(c, arg, o);
	default:
		return NOT_THIS_GROUP;
	}
	return EXIT_OK;
}

/*
 * --help, --version, and what getopt_long() could not take: C, the last
 * of ARGV. Returns -1 with O->help set (main.c prints the help of the
 * mode the line asks for) or after the version, else EXIT_USAGE after a
 * message.
 */
static int
opt_help_or_error(int c, char **argv, struct opts *o)
{
	const char *arg;

	switch (c) {
	case 'h':
		o->help = "";
		return -1;
	case 'V':
		usage_version();
		return -1;
	case ':':
		return usage_error("option '%s' needs an argument",
		    argv[optind - 1]);
	default:
		arg = argv[optind - 1];
		if (strncmp(arg, "--", 2) != 0)
			return usage_error("unknown option '-%c'", optopt);
		if (takes_no_argument(arg + 2))
			return usage_error("option '%.*s' takes no argument",
			    (int)strcspn(arg, "="), arg);
		return usage_error("unknown option '%s'", arg);
	}
}

/*
 * Set O to what no option changes, with room for every argument as a
 * root. Returns EXIT_OK, or EXIT_DATA after a message.
 */
static int
defaults(struct opts *o, int argc)
{
	memset(o, 0, sizeof(*o));
	if ((o->roots = calloc((size_t)argc + 1, sizeof(*o->roots))) == NULL) {
		ferr_nomem();
		return EXIT_DATA;
	}
	o->color = -1;
	o->threshold = -1;
	o->node = -1;
	o->events_min_order = EVENTS_MIN_ORDER_DEFAULT;
	o->psi_some = PSI_SOME_DEFAULT;
	o->psi_full = PSI_FULL_DEFAULT;
	o->before = TRIGGER_BEFORE_DEFAULT;
	o->after = TRIGGER_AFTER_DEFAULT;
	return EXIT_OK;
}

/*
 * Set O->command to what follows the first '--' of ARGV (ARGC words), the
 * command --record runs. Returns how many words are options, or -1 after
 * a usage message when nothing follows the '--'.
 */
static int
cut_command(int argc, char **argv, struct opts *o)
{
	int c;

	for (c = 1; c < argc && strcmp(argv[c], "--") != 0; c++)
		;
	if (c == argc)
		return argc;
	if (c + 1 == argc) {
		usage_error("%s", "'--' ends the options: the command to run "
		    "under --record follows it");
		return -1;
	}
	o->command = argv + c + 1;
	return c;
}

/* Returns how many of O's input files are standard input ("-"). */
static int
stdin_users(const struct opts *o)
{
	return (o->buddyinfo && strcmp(o->buddyinfo, "-") == 0) +
	    (o->pagetypeinfo && strcmp(o->pagetypeinfo, "-") == 0) +
	    (o->pressure && strcmp(o->pressure, "-") == 0);
}

/* Returns the long name of option C ("--detail" for 'd'), for a message. */
static const char *
opt_name(int c)
{
	const struct option *lo;

	for (lo = longopts; lo->name; lo++)
		if (lo->val == c)
			return lo->name;
	return "?";
}

/* The options of the ini file (--extra-opts), first of the next argv. */
static int extra_opts;

void
options_extra_opts(int n)
{
	extra_opts = n;
}

/*
 * Refuse option C with argument ARG when it or another of its kind was
 * given before: FIRST holds, per kind, the option that came first and
 * FIRST_ARG its argument. Roots add up, and --need asks a question of
 * its own each time; -f, -j and -d are one kind, the
 * format, so that -jd and -dj are the same mistake. One from the ini
 * file (FIRST_INI: --extra-opts) is not refused when this one, not
 * FROM_INI, comes from the command line, which wins. Returns EXIT_OK, or
 * EXIT_USAGE after a message naming both.
 */
static int
refuse_twice(int c, const char *arg, bool from_ini, int *first,
    const char **first_arg, bool *first_ini)
{
	int kind = c == 'j' || c == 'd' ? 'f' : c;

	/* getopt_long()'s ':' and '?' are errors of their own. */
	if (c == 'r' || c == OPT_NEED || c == ':' || c == '?')
		return EXIT_OK;
	/* The command line overrides the ini file: its value comes last. */
	if (first[kind] == 0 || (first_ini[kind] && !from_ini)) {
		first[kind] = c;
		first_arg[kind] = arg;
		first_ini[kind] = from_ini;
		return EXIT_OK;
	}
	if (first[kind] != c)
		return usage_error("--%s and --%s both choose the format: give "
		    "one", opt_name(first[kind]), opt_name(c));
	if (arg != NULL && first_arg[kind] != NULL)
		return usage_error("--%s given twice ('%s', then '%s'): give it "
		    "once", opt_name(c), first_arg[kind], arg);
	return usage_error("--%s given twice: give it once", opt_name(c));
}

int
options_parse(int argc, char **argv, struct opts *o)
{
	bool given[OPT_END] = { false };
	int first[OPT_END] = { 0 };
	const char *first_arg[OPT_END] = { NULL };
	bool first_ini[OPT_END] = { false };
	int c, rc, nth = 0;

	if ((rc = defaults(o, argc)) != EXIT_OK)
		return rc;
	opterr = 0;	/* our own messages, named "fragstat" whatever argv[0] is */
	if ((argc = cut_command(argc, argv, o)) < 0)
		return EXIT_USAGE;
	while ((c = getopt_long(argc, argv, ":r:f:jdqhVw:c:", longopts, NULL)) !=
	    -1) {
		/* -w and -c: --warn and --crit as the monitoring plugins spell them. */
		if (c == 'w' || c == 'c')
			c = c == 'w' ? OPT_WARN : OPT_CRIT;
		/* The ini file's options come first (extraopts.c). */
		nth++;
		if (c > 0 && c < OPT_END) {
			if ((rc = refuse_twice(c, optarg, nth <= extra_opts, first,
			    first_arg, first_ini)) != EXIT_OK)
				return rc;
			given[c] = true;
		}
		if ((rc = opt_input(c, optarg, o)) == NOT_THIS_GROUP &&
		    (rc = opt_mode(c, optarg, o)) == NOT_THIS_GROUP &&
		    (rc = opt_output(c, optarg, o)) == NOT_THIS_GROUP &&
		    (rc = opt_watch(c, optarg, o)) == NOT_THIS_GROUP &&
		    (rc = opt_advice(c, optarg, o)) == NOT_THIS_GROUP)
			rc = opt_help_or_error(c, argv, o);
		if (rc != EXIT_OK)
			return rc;
	}
	/* The modes of several roots take them as operands too. */
	if (given[OPT_COMPARE] || given[OPT_FLEET])
		while (optind < argc)
			o->roots[o->nroots++] = argv[optind++];
	if (given[OPT_COMPARE]) {
		if (o->nroots != 2 || o->roots_from)
			return usage_error("%s", "--compare takes two snapshots: "
			    "fragstat --compare A B");
	}
	if (optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	o->sysroot = o->nroots ? o->roots[0] : NULL;
	if (o->command && (rc = command_mode(o, given)) != EXIT_OK)
		return rc;
	if (stdin_users(o) > 1)
		return usage_error("%s", "only one input can be standard input");
	return options_mode_check(o, given);
}

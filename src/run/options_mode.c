/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options_mode.c - the mode the options select, and where each option acts
 * in it: an option that does nothing in the mode is a usage error, and so
 * is a recording among the roots of a mode that reads snapshots
 */
#include "config.h"

#include <inttypes.h>
#include <stdbool.h>

#include "options_mode.h"
#include "record.h"
#include "usage.h"

/*
 * Where each option acts. An option given in a mode (action and format)
 * outside its row, or without the part of the output it changes, is a
 * usage error that names the mode: nothing is silently ignored. A new
 * option adds a row here; a new action or format adds a bit to the rows
 * where it makes the option act, and a line to actions[] or formats[].
 */
#define ACT(a)		(1u << (a))
#define ALL_ACTIONS	((1u << A_NACTIONS) - 1)
#define FMT(f)		(1u << (f))
#define ALL_FORMATS	((1u << F_NFORMATS) - 1)
/* The flat rows of render_rows.c. */
#define ROWS		(FMT(F_CSV) | FMT(F_NDJSON))
/* The formats that show pagetypeinfo, pressure and advice. */
#define VIEWS		(FMT(F_SUMMARY) | FMT(F_TABLE) | FMT(F_JSON) | \
			 FMT(F_PROM) | FMT(F_SVG) | ROWS)
/* The formats a person reads, coloured on a terminal. */
#define TEXT		(FMT(F_SUMMARY) | FMT(F_TABLE))
/* The actions that read one snapshot (or several) and may advise. */
#define ADVISING	(ACT(A_SHOW) | ACT(A_BATCH) | ACT(A_COMPARE) | \
			 ACT(A_COMPACT) | ACT(A_FLEET))

/* Where the options that tune the advice act, for their usage errors. */
#define ADVICE_VIEWS	"advice: one or several snapshots' summary, " \
			"--advise, --json, --format=prometheus, svg, csv or " \
			"ndjson, --compare, --compact"
#define ADVICE_WORDS	ADVICE_VIEWS " or --fleet"

/* The views of snapshots that show pagetypeinfo and pressure. */
#define VIEWS_WORDS	"(any view but --format=unusable and extfrag)"

/* Where the PSI marks act, for their usage errors. */
#define PSI_WORDS	"the urgency of the advice: the summary, --advise or " \
			"--json of snapshots, or --format=svg of one or of --compare"

/* Where the judgement's marks act, for their usage errors. */
#define FRAGMENTED_WORDS	"the judgement: the summary, --json, " \
			"--format=prometheus, --compact, --watch or --check " \
			"alone"

/* What a mode's output uses, beyond its action and format. */
enum { USES_ADVICE = 1 << 0, USES_ORDERS = 1 << 1 };

struct optrule {
	int		 opt;		/* a short option's character or OPT_* */
	const char	*name;
	unsigned	 actions;	/* ACT() bits */
	unsigned	 formats;	/* FMT() bits */
	unsigned	 uses;		/* USES_* the mode must have */
	const char	*goes_with;	/* for the message */
};

/*
 * An option acts where one of its rows says so: a row with a NULL name
 * adds cells to the row above it, which names the option and says where
 * it goes for the message.
 */

static const struct optrule rules[] = {
	/* --compact --dry-run decides on a root: checked below. */
	{ 'r', "--sysroot", ALL_ACTIONS, ALL_FORMATS, 0,
	    "every mode but --compact, which acts on this host" },
	{ OPT_BUDDYINFO, "--buddyinfo", ACT(A_SHOW) | ACT(A_WATCH) |
	    ACT(A_CHECK), ALL_FORMATS, 0, "one snapshot, --watch or --check" },
	{ OPT_PAGETYPEINFO, "--pagetypeinfo", ACT(A_SHOW) | ACT(A_WATCH) |
	    ACT(A_CHECK), VIEWS, 0,
	    "one snapshot " VIEWS_WORDS ", --watch or --check" },
	{ OPT_PRESSURE, "--pressure", ACT(A_SHOW) | ACT(A_WATCH), VIEWS, 0,
	    "one snapshot " VIEWS_WORDS " or --watch" },
	{ OPT_ZONEINFO, "--zoneinfo", ACT(A_SHOW) | ACT(A_CHECK), VIEWS,
	    USES_ADVICE, "advice: one snapshot's summary, --advise, --json, "
	    "--format=prometheus, svg, csv or ndjson, or --check" },
	/* --watch reads pagetypeinfo only for --migratetypes, which refuses it. */
	{ OPT_NO_PTI, "--no-pagetypeinfo", ALL_ACTIONS & ~ACT(A_VERIFY) &
	    ~ACT(A_CAPTURE) & ~ACT(A_REPLAY) & ~ACT(A_REPLAY_COMPARE) &
	    ~ACT(A_MAP) & ~ACT(A_WATCH), VIEWS,
	    0, "one or several snapshots " VIEWS_WORDS ", --compare, "
	    "--compact, --fleet or --check" },
	{ OPT_KERNEL, "--kernel", ALL_ACTIONS & ~ACT(A_WATCH) &
	    ~ACT(A_CAPTURE) & ~ACT(A_REPLAY) & ~ACT(A_REPLAY_COMPARE) &
	    ~ACT(A_MAP) & ~ACT(A_BATCH),
	    ALL_FORMATS & ~FMT(F_UNUSABLE), 0,
	    "every view but --format=unusable, a batch's picture, --watch "
	    "and --capture" },
	/* A batch's picture draws what no release changes. */
	{ OPT_KERNEL, NULL, ACT(A_BATCH), ALL_FORMATS & ~FMT(F_UNUSABLE) &
	    ~FMT(F_SVG), 0, NULL },
	/* --watch --json and --compare --json count pages, not bytes. */
	{ OPT_PAGE_SIZE, "--page-size", ALL_ACTIONS & ~ACT(A_VERIFY) &
	    ~ACT(A_REPLAY) & ~ACT(A_REPLAY_COMPARE) & ~ACT(A_MAP) &
	    ~ACT(A_WATCH) & ~ACT(A_COMPARE), VIEWS,
	    0, "one or several snapshots " VIEWS_WORDS ", --compact, "
	    "--fleet or --check, the text of --watch, --compare's text or "
	    "picture, or --capture" },
	{ OPT_PAGE_SIZE, NULL, ACT(A_WATCH) | ACT(A_COMPARE), VIEWS &
	    ~FMT(F_JSON), 0, NULL },
	/* Presentation: no effect where nothing is coloured. */
	{ OPT_COLOR, "--color", ALL_ACTIONS, ALL_FORMATS, 0, "every mode" },
	/* Where --advise alone acts: checked below. */
	{ OPT_ADVISE, "--advise", ADVISING, VIEWS, 0,
	    "the summary or --format=table of one or several snapshots, or "
	    "--map (--advise=ORDERS: wherever advice is shown)" },
	{ OPT_GFP, "--gfp", (ADVISING | ACT(A_CHECK)) & ~ACT(A_BATCH), VIEWS,
	    USES_ADVICE, ADVICE_VIEWS ", --fleet or --check" },
	/* A batch's picture draws the movable allocation's verdicts only. */
	{ OPT_GFP, NULL, ACT(A_BATCH), VIEWS & ~FMT(F_SVG), USES_ADVICE, NULL },
	/* --check answers by counts, which no threshold changes. */
	{ OPT_THRESHOLD, "--threshold", ADVISING, VIEWS, USES_ADVICE,
	    ADVICE_WORDS },
	/*
	 * The PSI marks decide the urgency line: the text and JSON of
	 * snapshots, and the pictures of one and of --compare; the metrics,
	 * the flat rows, --compact and --fleet show the pressure without it.
	 */
	{ OPT_PSI_SOME, "--psi-some", ACT(A_SHOW) | ACT(A_BATCH),
	    FMT(F_SUMMARY) | FMT(F_TABLE) | FMT(F_JSON), USES_ADVICE,
	    PSI_WORDS },
	{ OPT_PSI_SOME, NULL, ACT(A_SHOW) | ACT(A_COMPARE), FMT(F_SVG),
	    USES_ADVICE, NULL },
	{ OPT_PSI_FULL, "--psi-full", ACT(A_SHOW) | ACT(A_BATCH),
	    FMT(F_SUMMARY) | FMT(F_TABLE) | FMT(F_JSON), USES_ADVICE,
	    PSI_WORDS ", or --watch --record --trigger psi" },
	{ OPT_PSI_FULL, NULL, ACT(A_SHOW) | ACT(A_COMPARE), FMT(F_SVG),
	    USES_ADVICE, NULL },
	{ OPT_ORDERS, "--orders", ALL_ACTIONS, ALL_FORMATS, USES_ORDERS,
	    "--watch, or " ADVICE_WORDS },
	{ 'd', "--detail", ACT(A_SHOW) | ACT(A_BATCH) | ACT(A_COMPACT),
	    FMT(F_TABLE), 0, "the text of one or several snapshots" },
	{ OPT_COUNT, "--count", ACT(A_WATCH), ALL_FORMATS, 0, "--watch" },
	{ OPT_MIGRATETYPES, "--migratetypes", ACT(A_WATCH), ALL_FORMATS, 0,
	    "--watch" },
	{ OPT_EVENTS, "--events", ACT(A_WATCH), ALL_FORMATS, 0, "--watch" },
	{ OPT_EVENTS_MIN_ORDER, "--events-min-order", ACT(A_WATCH), ALL_FORMATS,
	    0, "--watch --events" },
	{ OPT_RECORD, "--record", ACT(A_WATCH), ALL_FORMATS, 0,
	    "--watch, a command or alone" },
	/* Of --watch with a command only: checked below. */
	{ OPT_REPEAT, "--repeat", ACT(A_WATCH), ALL_FORMATS, 0,
	    "--record DIR -- COMMAND" },
	{ OPT_CAPTURES_EVERY, "--captures-every", ACT(A_WATCH), ALL_FORMATS,
	    0, "--record" },
	{ OPT_MAP_EVERY, "--map-every", ACT(A_WATCH), ALL_FORMATS, 0,
	    "--record" },
	{ OPT_TRIGGER, "--trigger", ACT(A_WATCH), ALL_FORMATS, 0,
	    "--watch --record" },
	{ OPT_BEFORE, "--before", ACT(A_WATCH), ALL_FORMATS, 0,
	    "--watch --record --trigger" },
	{ OPT_AFTER, "--after", ACT(A_WATCH), ALL_FORMATS, 0,
	    "--watch --record --trigger" },
	/* Alone, --map is an action; with --capture or --advise it adds the map. */
	{ OPT_MAP, "--map", ACT(A_MAP) | ACT(A_CAPTURE) | ACT(A_SHOW) |
	    ACT(A_CHECK),
	    FMT(F_SUMMARY) | FMT(F_TABLE) | FMT(F_JSON) | FMT(F_SVG) |
	    FMT(F_PROM), 0, "--capture, --advise or --need (the summary, "
	    "--detail, --json or --format=prometheus of one snapshot) or "
	    "alone" },
	{ OPT_CGROUPS, "--cgroups", ACT(A_MAP), FMT(F_SUMMARY) | FMT(F_JSON) |
	    FMT(F_SVG), 0, "--map alone (--capture --map stores the cgroups "
	    "anyway)" },
	{ OPT_NEED, "--need", ACT(A_SHOW) | ACT(A_BATCH) | ACT(A_FLEET) |
	    ACT(A_CHECK) | ACT(A_PREPARE), FMT(F_SUMMARY) | FMT(F_TABLE) |
	    FMT(F_JSON) | ROWS, USES_ADVICE, "the summary, --advise or --json "
	    "of one or several snapshots, --watch, --check, --fleet's summary "
	    "or --json, or --rows=sizes" },
	/* --watch states the trend of free now of --need's size. */
	{ OPT_NEED, NULL, ACT(A_WATCH), FMT(F_SUMMARY) | FMT(F_JSON), 0, NULL },
	{ OPT_ROWS, "--rows", ACT(A_SHOW) | ACT(A_BATCH), ROWS, 0,
	    "--format=csv or --format=ndjson" },
	{ OPT_NODE, "--node", ACT(A_SHOW) | ACT(A_CHECK) | ACT(A_PREPARE),
	    FMT(F_SUMMARY) |
	    FMT(F_TABLE) | FMT(F_JSON), USES_ADVICE, "--need or --check" },
	{ OPT_WARN, "--warn", ACT(A_CHECK), ALL_FORMATS, 0, "--check" },
	{ OPT_CRIT, "--crit", ACT(A_CHECK), ALL_FORMATS, 0, "--check" },
	{ OPT_LOW, "--low", ACT(A_SHOW) | ACT(A_BATCH), FMT(F_SUMMARY) |
	    FMT(F_JSON), USES_ADVICE, "the summary or --json" },
	/* The table of --advise or --detail has no judgement: see below. */
	{ OPT_FRAGMENTED, "--fragmented", ACT(A_SHOW) | ACT(A_BATCH) |
	    ACT(A_COMPACT) | ACT(A_WATCH) | ACT(A_CHECK), FMT(F_SUMMARY) |
	    FMT(F_JSON) |
	    FMT(F_PROM) | FMT(F_TABLE), 0, FRAGMENTED_WORDS },
	{ OPT_FORCE, "--force", ACT(A_COMPACT), ALL_FORMATS, 0, "--compact" },
	{ OPT_DRY_RUN, "--dry-run", ACT(A_COMPACT) | ACT(A_PREPARE),
	    ALL_FORMATS, 0, "--compact or --prepare" },
	{ OPT_RECLAIM, "--reclaim", ACT(A_PREPARE), ALL_FORMATS, 0,
	    "--prepare" },
	/* -q silences notes about optional files, which every mode reads. */
	{ 'q', "--quiet", ALL_ACTIONS, ALL_FORMATS, 0, "every mode" },
};

/* The options that select an action, in the order messages name them. */
static const struct {
	int		 opt;
	enum action	 action;
} action_opts[] = {
	{ OPT_VERIFY, A_VERIFY }, { OPT_WATCH, A_WATCH },
	{ OPT_CAPTURE, A_CAPTURE }, { OPT_COMPARE, A_COMPARE },
	{ OPT_COMPACT, A_COMPACT }, { OPT_MAP, A_MAP },
	{ OPT_FLEET, A_FLEET },
	{ OPT_CHECK, A_CHECK }, { OPT_PREPARE, A_PREPARE },
};

/* Each action's name and the formats it can show. */
static const struct {
	const char	*name;
	unsigned	 formats;
} actions[A_NACTIONS] = {
	[A_SHOW] = { "one snapshot", ALL_FORMATS },
	[A_BATCH] = { "several roots", ALL_FORMATS & ~FMT(F_PROM) },
	[A_WATCH] = { "--watch", FMT(F_SUMMARY) | FMT(F_JSON) },
	[A_COMPARE] = { "--compare", FMT(F_SUMMARY) | FMT(F_JSON) |
	    FMT(F_SVG) },
	[A_VERIFY] = { "--verify", FMT(F_SUMMARY) | FMT(F_JSON) },
	[A_CAPTURE] = { "--capture", FMT(F_SUMMARY) },
	[A_COMPACT] = { "--compact", FMT(F_TABLE) | FMT(F_JSON) },
	[A_REPLAY] = { "a recording", FMT(F_SUMMARY) | FMT(F_JSON) |
	    FMT(F_SVG) },
	[A_REPLAY_COMPARE] = { "--compare of recordings", FMT(F_SUMMARY) |
	    FMT(F_TABLE) | FMT(F_JSON) | FMT(F_SVG) },
	[A_MAP] = { "--map", FMT(F_SUMMARY) | FMT(F_JSON) | FMT(F_SVG) },
	[A_FLEET] = { "--fleet", FMT(F_SUMMARY) | FMT(F_JSON) | FMT(F_SVG) },
	[A_CHECK] = { "--check", FMT(F_SUMMARY) },
	[A_PREPARE] = { "--prepare", FMT(F_SUMMARY) | FMT(F_JSON) },
};

static const char *const formats[F_NFORMATS] = {
	[F_SUMMARY] = "the summary", [F_TABLE] = "--detail",
	[F_JSON] = "--json",
	[F_UNUSABLE] = "--format=unusable", [F_EXTFRAG] = "--format=extfrag",
	[F_PROM] = "--format=prometheus", [F_SVG] = "--format=svg",
	[F_CSV] = "--format=csv", [F_NDJSON] = "--format=ndjson",
};

/*
 * Refuse option OPT, which does nothing in O's mode, saying why: LEAD and
 * WHAT ("it goes with ", "--check"). The mode is named by its action and
 * format ("--watch, --json"), by its format alone for one snapshot.
 * Returns EXIT_USAGE.
 */
static int
does_nothing(const struct opts *o, const char *opt, const char *lead,
    const char *what)
{
	bool both = o->action != A_SHOW && (o->format == F_JSON ||
	    o->action == A_BATCH);
	/* The table of snapshots with advice: the user chose --advise. */
	const char *format = o->format == F_TABLE && o->advise ? "--advise" :
	    formats[o->format];

	return usage_error("%s does nothing in this mode (%s%s%s): %s%s", opt,
	    o->action == A_SHOW ? "" : actions[o->action].name,
	    both ? ", " : "", o->action == A_SHOW || both ? format : "", lead,
	    what);
}

/*
 * Returns whether the options GIVEN other than --advise make --map part of
 * another run (O's format: the metrics), not an action of its own.
 */
static bool
map_joins(const struct opts *o, const bool *given)
{
	return given[OPT_CAPTURE] || given[OPT_NEED] || given[OPT_CHECK] ||
	    o->format == F_PROM;
}

/* Returns whether DIR is a recording or a directory of recordings. */
static bool
runs_is(const char *dir)
{
	return record_is(dir) || record_set_is(dir);
}

/*
 * Set O->action from the options GIVEN: at most one mode, a recording's or
 * sets' by their directories. Returns EXIT_OK or a usage error.
 */
static int
pick_action(struct opts *o, const bool *given)
{
	bool several = o->nroots > 1 || o->roots_from != NULL;
	const char *first = NULL;
	size_t i;

	o->action = several ? A_BATCH : A_SHOW;
	for (i = 0; i < sizeof(action_opts) / sizeof(action_opts[0]); i++) {
		if (!given[action_opts[i].opt])
			continue;
		/* The map as part of another run: the other decides the mode. */
		if (action_opts[i].opt == OPT_MAP && (given[OPT_ADVISE] ||
		    map_joins(o, given)))
			continue;
		if (first)
			return usage_error("%s and %s do not mix: fragstat "
			    "does one of them at a time", first,
			    actions[action_opts[i].action].name);
		o->action = action_opts[i].action;
		first = actions[o->action].name;
	}
	/* As perf record: --record alone records every second until stopped. */
	if (first == NULL && given[OPT_RECORD]) {
		o->action = A_WATCH;
		first = "--record";
		o->watch_ms = WATCH_DEFAULT_MS;
	}
	/* A recording summarises its run: the directory decides the mode. */
	if (o->action == A_SHOW && o->sysroot && record_is(o->sysroot))
		o->action = A_REPLAY;
	/* Sets of runs (directories of recordings) compare as recordings. */
	if (o->action == A_COMPARE && runs_is(o->roots[0]) &&
	    runs_is(o->roots[1]))
		o->action = A_REPLAY_COMPARE;
	else if (o->action == A_COMPARE && (runs_is(o->roots[0]) ||
	    runs_is(o->roots[1])))
		return usage_error("%s", "--compare takes two snapshots, or two "
		    "recordings or directories of recordings, not one of each");
	if (several && o->action != A_BATCH && o->action != A_COMPARE &&
	    o->action != A_REPLAY_COMPARE && o->action != A_FLEET)
		return usage_error("%s takes one root", first);
	if (o->action == A_FLEET && o->nroots == 0 && o->roots_from == NULL)
		return usage_error("%s", "--fleet reads captured roots: give "
		    "--roots-from LIST or --sysroot DIR");
	return EXIT_OK;
}

/*
 * Set O->format where the options GIVEN leave it to the mode, and refuse
 * one the mode cannot show. Returns EXIT_OK or a usage error.
 */
static int
pick_format(struct opts *o, const bool *given)
{
	/* Then -d would change nothing: refuse it, as any option that does not act. */
	if (given['d'] && (given[OPT_ADVISE] || given[OPT_COMPACT]))
		return usage_error("-d does nothing with %s: it shows the full "
		    "tables already", given[OPT_COMPACT] ? "--compact" :
		    "--advise");
	/* --advise and --compact show the advice in the detailed table. */
	if (!given['f'] && !given['j'] && !given['d'] && o->advise &&
	    (ACT(o->action) & (ACT(A_SHOW) | ACT(A_BATCH) | ACT(A_COMPACT))))
		o->format = F_TABLE;
	if (!(actions[o->action].formats & FMT(o->format)))
		return usage_error("%s cannot show %s", formats[o->format],
		    actions[o->action].name);
	/* The wide table is of sets of runs; two recordings have their own. */
	if (o->action == A_REPLAY_COMPARE && o->format == F_TABLE &&
	    record_is(o->roots[0]) && record_is(o->roots[1]))
		return usage_error("%s", "--format=table shows two sets of runs "
		    "(directories of recordings), not two recordings");
	return EXIT_OK;
}

/*
 * Refuse each option GIVEN that does nothing in O's mode and format (the
 * table of rules, then the rules it cannot say). Returns EXIT_OK or a
 * usage error.
 */
static int
refuse_idle(struct opts *o, const bool *given)
{
	unsigned uses = 0;
	size_t i;

	/*
	 * The metrics and the summary include the advice and kcompactd's
	 * score; the picture shows the verdicts at the top.
	 */
	if (o->format == F_PROM || o->format == F_SVG ||
	    (FMT(o->format) & ROWS) || o->action == A_FLEET ||
	    ((o->format == F_SUMMARY || o->format == F_JSON) &&
	    (ACT(o->action) & (ACT(A_SHOW) | ACT(A_BATCH) | ACT(A_COMPARE)))))
		o->advise = true;
	if (o->advise && (ADVISING & ACT(o->action)) &&
	    (VIEWS & FMT(o->format)))
		uses |= USES_ADVICE | USES_ORDERS;
	if (o->action == A_WATCH)
		uses |= USES_ORDERS;
	if (o->action == A_CHECK || o->action == A_PREPARE)
		uses |= USES_ADVICE;
	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		const struct optrule *ru = &rules[i];
		bool acts = false;
		size_t j;

		if (!given[ru->opt] || ru->name == NULL)
			continue;
		/* The threshold of --trigger psi, outside the advice. */
		if (ru->opt == OPT_PSI_FULL && o->action == A_WATCH &&
		    o->trigger_arg && o->trigger.kind == TRIGGER_PSI)
			continue;
		for (j = i; j < sizeof(rules) / sizeof(rules[0]) &&
		    (j == i || rules[j].name == NULL); j++)
			acts |= (rules[j].actions & ACT(o->action)) &&
			    (rules[j].formats & FMT(o->format)) &&
			    (rules[j].uses & ~uses) == 0;
		if (!acts)
			return does_nothing(o, ru->name, "it goes with ",
			    ru->goes_with);
	}
	/*
	 * --advise alone picks the table of snapshots, or makes --map part of
	 * one's view; every other mode that advises shows the advice anyway.
	 */
	if (given[OPT_ADVISE] && o->advise_list == NULL && !(o->format ==
	    F_TABLE && (ACT(o->action) & (ACT(A_SHOW) | ACT(A_BATCH)))) &&
	    !(given[OPT_MAP] && !map_joins(o, given)))
		return does_nothing(o, "--advise", "", "it shows the advice "
		    "already (--advise=ORDERS picks its orders)");
	/* The map says its page size: a capture's, or this host's. */
	if (given[OPT_PAGE_SIZE] && o->map)
		return does_nothing(o, "--page-size", "", "the map's page size "
		    "is its capture's or this host's");
	if (given['r'] && o->action == A_COMPACT && !given[OPT_DRY_RUN])
		return does_nothing(o, "--sysroot", "it goes with ", "every "
		    "mode but --compact, which acts on this host (or "
		    "--compact --dry-run)");
	if (o->action == A_PREPARE && (o->nneeds != 1 || (given['r'] &&
	    !given[OPT_DRY_RUN])))
		return usage_error("%s", o->nneeds != 1 ? "--prepare gets the "
		    "pages of one --need NxSIZE: give it once" : "--prepare "
		    "acts on this host: a --sysroot takes --prepare --dry-run");
	/* --check judges only without a count to check. */
	if (given[OPT_FRAGMENTED] && ((o->format == F_TABLE &&
	    (o->action == A_SHOW || o->action == A_BATCH)) ||
	    (o->action == A_CHECK && (given[OPT_NEED] || given[OPT_WARN] ||
	    given[OPT_CRIT]))))
		return does_nothing(o, "--fragmented", "it goes with ",
		    FRAGMENTED_WORDS);
	/* The advice's picture has no place for the ceiling; --map's has. */
	if (o->map && o->action == A_SHOW && o->format == F_SVG)
		return usage_error("%s", "--advise --map shows the ceiling in "
		    "the summary, --detail or --json; --map --format=svg alone "
		    "draws the map");
	return EXIT_OK;
}

/*
 * Refuse the options GIVEN that do not mix with each other: inputs, events
 * and recordings. Returns EXIT_OK or a usage error.
 */
static int
refuse_input_pairs(struct opts *o, const bool *given)
{
	if (given[OPT_NO_PTI] && (given[OPT_PAGETYPEINFO] ||
	    given[OPT_MIGRATETYPES]))
		return usage_error("%s", "--no-pagetypeinfo and --pagetypeinfo "
		    "or --migratetypes do not mix");
	if (given[OPT_EVENTS_MIN_ORDER] && !given[OPT_EVENTS])
		return usage_error("%s", "--events-min-order does nothing "
		    "without --events: it filters the allocations it counts");
	if (given[OPT_EVENTS] && (given['r'] || given[OPT_BUDDYINFO]))
		return usage_error("%s", "--events counts this host's events: "
		    "it does not take --sysroot or input files");
	/* A recording captures whole roots, not single files. */
	if (given[OPT_RECORD] && (o->buddyinfo || o->pagetypeinfo ||
	    o->pressure))
		return usage_error("%s", "--record captures a whole root: "
		    "--buddyinfo, --pagetypeinfo and --pressure do not mix "
		    "with it");
	if (given[OPT_MAP_EVERY] && !given[OPT_RECORD])
		return usage_error("%s", "--map-every does nothing without "
		    "--record: it keeps map summaries inside the recording");
	if (given[OPT_MAP_EVERY] && given[OPT_TRIGGER])
		return usage_error("%s", "--map-every does not mix with "
		    "--trigger: its windows keep samples, not maps");
	if (given[OPT_CAPTURES_EVERY] && !given[OPT_RECORD])
		return usage_error("%s", "--captures-every does nothing without "
		    "--record: it keeps captures inside the recording");
	if (given[OPT_TRIGGER] && !given[OPT_RECORD])
		return usage_error("%s", "--trigger does nothing without "
		    "--record: it writes windows of samples into the "
		    "recording's directory");
	return EXIT_OK;
}

/*
 * Refuse the options GIVEN that do not mix with each other: --trigger's
 * windows, --need, --check and --node; set the trigger's PSI threshold.
 * Returns EXIT_OK or a usage error.
 */
static int
refuse_window_pairs(struct opts *o, const bool *given)
{
	if ((given[OPT_BEFORE] || given[OPT_AFTER]) && !given[OPT_TRIGGER])
		return usage_error("%s does nothing without --trigger: it "
		    "sizes the windows a trigger writes", given[OPT_BEFORE] ?
		    "--before" : "--after");
	if (given[OPT_REPEAT] && o->command == NULL)
		return does_nothing(o, "--repeat", "it goes with ",
		    "--record DIR -- COMMAND");
	if (given[OPT_TRIGGER] && o->command)
		return usage_error("%s", "--trigger does not mix with a "
		    "command: a command's run is one recording");
	if (given[OPT_TRIGGER] && o->trigger.kind != TRIGGER_PSI &&
	    !given[OPT_EVENTS])
		return usage_error("--trigger %s needs --events: it fires on "
		    "the kernel's events", o->trigger_arg);
	if (given[OPT_TRIGGER] && o->trigger.kind == TRIGGER_ALLOC_FAIL &&
	    o->trigger.order < o->events_min_order)
		return usage_error("--trigger %s: --events counts the "
		    "allocations of order %u and above (--events-min-order)",
		    o->trigger_arg, o->events_min_order);
	o->trigger.psi_full = o->psi_full;
	if (given[OPT_NEED] && (FMT(o->format) & ROWS) && !o->rows_sizes)
		return usage_error("%s", "--need does nothing in the rows of "
		    "orders: its verdict is a column of --rows=sizes");
	/* Each --need is answered where a view says them all. */
	if (o->nneeds > 1 && o->action != A_CHECK && (o->action != A_SHOW ||
	    o->format != F_SUMMARY))
		return usage_error("--need given %zu times: only --check and "
		    "one snapshot's summary answer each; give one", o->nneeds);
	if (o->crit > o->warn && o->warn != 0)
		return usage_error("--crit %" PRIu64 " is above --warn %" PRIu64
		    ": each is a count of free blocks to fall below, and "
		    "CRITICAL comes at fewer free than WARNING", o->crit,
		    o->warn);
	if (o->node == OPTS_NODE_EACH && (o->action != A_CHECK ||
	    o->nneeds != 1))
		return usage_error("%s", "--node=each goes with --check and "
		    "one --need: it asks that need of each node");
	if (given[OPT_NODE] && !given[OPT_NEED] && o->action != A_CHECK)
		return usage_error("%s", "--node does nothing without --need: "
		    "it names the node the request is for");
	if (given[OPT_ORDERS] && o->advise_list)
		return usage_error("%s", "--orders and --advise=ORDERS both "
		    "name the orders: give one");
	return EXIT_OK;
}

/*
 * Set O->action from the options GIVEN and check every option against it
 * and O->format. Returns EXIT_OK, or EXIT_USAGE after a message.
 */
int
options_mode_check(struct opts *o, const bool *given)
{
	int rc;

	if ((rc = pick_action(o, given)) != EXIT_OK ||
	    (rc = pick_format(o, given)) != EXIT_OK ||
	    (rc = refuse_idle(o, given)) != EXIT_OK ||
	    (rc = refuse_input_pairs(o, given)) != EXIT_OK)
		return rc;
	return refuse_window_pairs(o, given);
}

/*
 * Every mode but a recording's summary and --compare of two reads
 * snapshots: a recording among O's roots is a usage error that names it,
 * what the mode reads and what reads a recording. Returns EXIT_OK, or
 * EXIT_USAGE after a message.
 */
int
options_refuse_recordings(const struct opts *o)
{
	const char *mode = o->action == A_BATCH ? "a batch of roots (several "
	    "--sysroot, --roots-from)" : actions[o->action].name;
	size_t i;

	if (o->action == A_REPLAY || o->action == A_REPLAY_COMPARE)
		return EXIT_OK;
	for (i = 0; i < o->nroots; i++)
		if (record_is(o->roots[i]))
			return usage_error("%s is a recording: %s reads "
			    "snapshots, such as its first/ and last/; a "
			    "recording is read alone with --sysroot DIR, or two "
			    "side by side with --compare A B", o->roots[i],
			    mode);
	return EXIT_OK;
}

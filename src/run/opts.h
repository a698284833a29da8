/* SPDX-License-Identifier: GPL-2.0-or-later */
/* opts.h - what fragstat was asked to do: the exit codes, the action, the options as parsed */
#ifndef FRAGSTAT_OPTS_H
#define FRAGSTAT_OPTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "advice.h"
#include "trigger.h"

enum exit_code {
	EXIT_OK = 0,
	EXIT_DATA = 1,		/* bad input, unreadable file, write error */
	EXIT_USAGE = 2,
	EXIT_DIFFERS = 3,	/* --verify found a difference */
	/* --need's answer other than ok (--check: the plugins' 0 to 3 instead) */
	EXIT_NEED_COMPACT = 4,
	EXIT_NEED_RECLAIM = 5,
	EXIT_NEED_UNKNOWN = 6,
	EXIT_NEED_IMPOSSIBLE = 7,
	EXIT_NEED_PINNED = 8,
	/* fragstat's own failure while it runs a command, as env(1)'s */
	EXIT_RUN_FAILED = 125,
};

/* How the result is shown. */
enum format { F_SUMMARY, F_TABLE, F_JSON, F_UNUSABLE, F_EXTFRAG, F_PROM,
	F_SVG, F_CSV, F_NDJSON, F_NFORMATS };

/* What one run does: exactly one of these (options_mode.c checks every option against it). */
enum action {
	A_SHOW,		/* one snapshot, live or a root */
	A_BATCH,	/* several roots, one after the other */
	A_WATCH,	/* --watch */
	A_COMPARE,	/* --compare A B */
	A_VERIFY,	/* --verify */
	A_CAPTURE,	/* --capture DIR */
	A_COMPACT,	/* --compact */
	A_REPLAY,	/* --sysroot of a recording made by --record */
	A_REPLAY_COMPARE,	/* --compare of two recordings */
	A_MAP,		/* --map: the physical memory map (live, a root or a capture) */
	A_FLEET,	/* --fleet: many roots summed up (mode_fleet.c) */
	A_CHECK,	/* --check: a monitoring plugin's status line */
	A_PREPARE,	/* --prepare: get --need's pages (mode_prepare.c) */
	A_NACTIONS
};

/* --node=each: --check answers --need on each node, the worst deciding. */
#define OPTS_NODE_EACH	(-2)

/* How many times --need may be given: each is answered, the worst decides. */
#define OPTS_NEEDS_MAX	16

struct opts {
	const char	*sysroot;	/* the root being read now */
	const char	**roots;	/* every --sysroot, in order */
	size_t		 nroots;
	const char	*roots_from;	/* --roots-from FILE */
	enum action	 action;
	const char	*buddyinfo, *pagetypeinfo, *pressure, *zoneinfo;
	const char	*kernel;
	unsigned long	 page_size;
	bool		 no_pagetypeinfo, quiet;
	enum format	 format;
	int		 color;		/* -1 auto, 0 never, 1 always */
	bool		 advise, compact;
	bool		 map;		/* --map: alone an action; else with --capture or --advise */
	bool		 cgroups;	/* --cgroups: --map ranks the memory cgroups */
	const char	*advise_list;	/* NULL: the default orders */
	const char	*orders_list;	/* --orders */
	unsigned	 watch_ms;	/* 0: no --watch */
	const char	*capture;	/* --capture DIR */
	const char	*record;	/* --record DIR */
	char *const	*command;	/* after '--': run under --record, or NULL */
	unsigned long	 captures_every;	/* --captures-every N; 0: none */
	unsigned	 repeat;	/* --repeat N: the command's runs; 0: one, DIR itself */
	unsigned long	 map_every;		/* --map-every N; 0: none */
	const char	*trigger_arg;	/* --trigger KIND as given, or NULL */
	struct trigger	 trigger;	/* parsed, its psi_full set at the end */
	unsigned long	 before, after;	/* --before N, --after N */
	unsigned long	 count;
	bool		 migratetypes;
	bool		 events;	/* --events */
	unsigned	 events_min_order;	/* --events-min-order, default 1 */
	enum advise_gfp	 gfp;
	int		 threshold;	/* -1: the sysctl */
	uint32_t	 psi_some, psi_full;	/* hundredths of a percent */
	uint64_t	 need_count;	/* --need N[xSIZE]; 0: none */
	const char	*need_size;	/* its SIZE, NULL: the pageblock */
	/* Every --need in the order given (the first is also the two above). */
	struct opt_need {
		uint64_t	 count;
		const char	*size;
	}		 needs[OPTS_NEEDS_MAX];
	size_t		 nneeds;
	int		 node;		/* --node, -1: the machine, OPTS_NODE_EACH */
	uint64_t	 low;		/* --low, 0: 1% of the memory */
	/*
	 * --fragmented=LOW[,SEVERE] (frag_marks: given): the judgement's
	 * marks; frag_severe 0 when SEVERE was not given (kcompactd's leeway)
	 */
	bool		 frag_marks;
	unsigned	 frag_low, frag_severe;
	bool		 force;		/* --force: --compact compacts every node */
	bool		 dry_run;	/* --dry-run: --compact says what it would do */
	bool		 prepare;	/* --prepare: compact (and reclaim) for --need */
	bool		 reclaim;	/* --reclaim: --prepare may drop clean page cache */
	bool		 rows_sizes;	/* --rows=sizes: a row per node and size */
	/* --warn, --crit N[xSIZE] of --check: counts free now (0: none), SIZE NULL: the pageblock */
	uint64_t	 warn, crit;
	const char	*warn_size, *crit_size;
	const char	*help;		/* --help: NULL, "" (main.c finds the mode) or a mode (optlist.h) */
};

/* Samples a window of --trigger keeps before and writes after its trigger. */
#define TRIGGER_BEFORE_DEFAULT	10
#define TRIGGER_AFTER_DEFAULT	10

/*
 * Default PSI urgency thresholds of 'avg10': in whole percents as --help
 * prints them, in hundredths of a percent as compared.
 */
#define PSI_SOME_DEFAULT_PCT	10
#define PSI_FULL_DEFAULT_PCT	5
#define PSI_SOME_DEFAULT	(PSI_SOME_DEFAULT_PCT * 100)
#define PSI_FULL_DEFAULT	(PSI_FULL_DEFAULT_PCT * 100)

/* The lowest order whose allocations --events counts, unless --events-min-order. */
#define EVENTS_MIN_ORDER_DEFAULT	1
/* The interval of --watch, --record and a COMMAND's samples, in ms. */
#define WATCH_DEFAULT_MS	1000

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * help.c - --help by task: the modes grouped by what users want, then the
 * options, the summary's columns (its renderer's own header), examples and
 * the exit statuses; per mode (fragstat --check --help), the options that
 * act in it, asked of the rules (optlist.c). help2man makes the man page
 * of the whole (man/, tests/docs.sh).
 */
#include "config.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "advice.h"
#include "advise.h"
#include "ferr.h"
#include "help.h"
#include "judge.h"
#include "optlist.h"
#include "options_mode.h"
#include "opts.h"
#include "pageorder.h"
#include "render_text.h"
#include "runs.h"
#include "usage.h"

/* Where an option's text starts, as in every GNU --help. */
#define HELP_TEXT_COL	27

/* An entry of the table that starts a group of options: its title. */
#define HELP_GROUP	(-1)

/* An option read before the others, of every mode: --extra-opts. */
#define HELP_EVERY	(-2)

/* A default's macro as the text that names it, so the two cannot differ. */
#define HELP_NUM_(n)	#n
#define HELP_NUM(n)	HELP_NUM_(n)

/* The first screen: what fragstat answers, and how to ask, by task. */
static const char help_tasks[] =
"Say whether large allocations (huge pages) would succeed on this machine, need\n"
"compaction or need memory freed, by the kernel's own rules, and why.\n"
"\n"
"By task (each COMMAND is its --flag too; fragstat help COMMAND: its options):\n"
" How many huge pages, now and after compaction:\n"
"  fragstat                  the summary: per size, free now and after\n"
"                            compaction, then a line per zone (columns below)\n"
"  fragstat need 2000x2M     --need: would 2000 allocations of 2 MiB succeed?\n"
"                            ok, compact, reclaim (also as the exit status)\n"
"  fragstat need 4000x2M --prepare\n"
"                            forecast it, then as root compact (--reclaim: and\n"
"                            reclaim) until it is met; --dry-run: the plan\n"
"  fragstat --advise         the kernel's verdict per zone; --detail: the tables\n"
"  fragstat compact          --compact: as root, compact where it helps, count\n"
"                            again\n"
"  fragstat verify           --verify: recompute the kernel's debugfs files\n"
" Who pins memory:\n"
"  fragstat map              --map: as root, every page frame: the compaction\n"
"                            ceiling, the pinned pageblocks by kind (--cgroups)\n"
" Record and compare:\n"
"  fragstat watch [SECS [N]] --watch=SECS --count=N: a sample every SECS\n"
"  fragstat record DIR       --record=DIR: samples kept in DIR, every second\n"
"                            until stopped, or while '-- COMMAND' runs\n"
"  fragstat capture DIR      --capture=DIR: the files fragstat reads, for -r DIR\n"
"  fragstat compare A B      --compare: what changed from root (or recording) A\n"
"                            to B\n"
" Check from Nagios, or feed Prometheus:\n"
"  fragstat check --warn=N[xSIZE] --crit=N[xSIZE]\n"
"                            --check: one status line, exit 0 (OK) to 3\n"
"  fragstat --format=prometheus\n"
"                            metrics for node_exporter's textfile collector\n"
" Summarise many hosts:\n"
"  fragstat fleet ROOT...    --fleet: one summary of many captured roots\n"
"  fragstat -r ROOT -r ROOT  each root in turn (--roots-from=FILE: a list)\n"
"\n";

/* Every option, by group: its head as in "--need=N[xSIZE]", its text. */
static const struct {
	int		 opt;
	const char	*head;
	const char	*text;
} options[] = {
	{ HELP_GROUP, "How many allocations succeed, now and after compaction:", NULL },
	{ OPT_NEED, "--need=N[xSIZE]",
	    "whether N allocations of SIZE (default: the\n"
	    "pageblock, 2M on x86; 2000x2M, 8x1G) are there:\n"
	    "ok (free now), compact (at most that many after\n"
	    "compaction), reclaim (not even then), unknown\n"
	    "(an input is missing), pinned (with --map: the\n"
	    "blocks, or 1 GiB regions, free of holes and\n"
	    "pinned pages, with what memory not yet\n"
	    "initialised could add, are fewer than N:\n"
	    "reclaim does not help) or impossible (a size\n"
	    "above the buddy orders the host has no hugetlb\n"
	    "pages of), with the counts and the hugetlb pool\n"
	    "of that size; under it, the forecast: at most\n"
	    "how many after reclaiming clean page cache (and\n"
	    "the pages reclaim must free before compaction\n"
	    "runs at all), and with --map the pinned limit\n"
	    "and the kinds of page that pin; given again\n"
	    "(the summary or --check), each is answered, the\n"
	    "worst decides; with --watch, each sample says the\n"
	    "blocks free now, their trend an hour since the\n"
	    "first sample and, falling, when they would be\n"
	    "below N and none left at that rate" },
	{ OPT_NODE, "--node=N",
	    "the request of --need is for node N, and the\n"
	    "node --check judges; with --check and one\n"
	    "--need, each: each node asked, the worst decides" },
	{ OPT_ADVISE, "--advise[=ORDERS]",
	    "say per zone, node and machine whether an allocation\n"
	    "of each order would succeed, needs compaction or\n"
	    "needs reclaim, by the kernel's own rules; ORDERS is\n"
	    "a list of orders or sizes (9,2M,64K); default: the\n"
	    "pageblock order and every enabled THP size; the\n"
	    "other views (--json, the metrics, --compact, ...)\n"
	    "advise anyway: there only --advise=ORDERS acts" },
	{ OPT_GFP, "--gfp=KIND",
	    "movable (default: user memory, THP) or kernel\n"
	    "(never uses the Movable or HighMem zones)" },
	{ OPT_THRESHOLD, "--threshold=N",
	    "vm.extfrag_threshold to apply (0-" ADVISE_THRESHOLD_MAX_TEXT "); default:\n"
	    "the sysctl, else " HELP_NUM(ADVISE_THRESHOLD) },
	{ OPT_PSI_SOME, "--psi-some=PCT",
	    "memory pressure is elevated when 'some avg10'\n"
	    "reaches PCT (default " HELP_NUM(PSI_SOME_DEFAULT_PCT) ")" },
	{ OPT_PSI_FULL, "--psi-full=PCT",
	    "memory pressure is severe when 'full avg10'\n"
	    "reaches PCT (default " HELP_NUM(PSI_FULL_DEFAULT_PCT) ")" },
	{ OPT_LOW, "--low=N",
	    "say 'only N left' below N free allocations of an\n"
	    "order, and short of memory where free memory\n"
	    "above the watermarks holds fewer than N (at\n"
	    "least 2, what compaction_suitable() wants);\n"
	    "default: 1% of the memory (zoneinfo's managed\n"
	    "pages) in units of the order" },
	{ OPT_FRAGMENTED, "--fragmented=LOW[,SEVERE]",
	    "the judgement's marks, whole percents of what\n"
	    "compaction could make at a size that is not free\n"
	    "now: above LOW fragmented (compaction would more\n"
	    "than double what a user gets: most allocations\n"
	    "wait for it), above SEVERE severely (nine in ten\n"
	    "wait); fragmented too where free memory could\n"
	    "hold 100/(100-SEVERE) times what is free now but\n"
	    "compaction cannot make it (pinned); short of\n"
	    "memory, whatever the marks, below --low's count\n"
	    "(LOW < SEVERE <= 100; default "
	    JUDGE_FRAGMENTED_MARK_TEXT "," JUDGE_SEVERE_MARK_TEXT "; SEVERE\n"
	    "defaults to " JUDGE_SEVERE_MARK_TEXT ", or 100 when LOW is "
	    JUDGE_SEVERE_MARK_TEXT " or more).\n"
	    "kcompactd's own marks (at the default\n"
	    "vm.compaction_proactiveness it starts above a\n"
	    "score of 90, stops at 80) say when it works,\n"
	    "not how memory is: shown as context" },
	{ OPT_COMPACT, "--compact",
	    "as root, compact the nodes judged fragmented at\n"
	    "the sizes shown or whose advice is compact, then\n"
	    "count again: the counts before and after per\n"
	    "node and size" },
	{ OPT_FORCE, "--force",
	    "with --compact: compact every node" },
	{ OPT_DRY_RUN, "--dry-run",
	    "with --compact: say which nodes it would compact\n"
	    "and why, without compacting (also of a --sysroot);\n"
	    "with --prepare: print the forecast and the plan" },
	{ OPT_PREPARE, "--prepare",
	    "with one --need NxSIZE: forecast it per node and\n"
	    "machine (free now; at most after compaction, from\n"
	    "the map as root, else from free memory; what\n"
	    "reclaim must free before compaction runs; at most\n"
	    "after reclaiming clean page cache; the pinned\n"
	    "limit and the kinds of page that pin), then as\n"
	    "root compact the nodes short of it, count again\n"
	    "and, with --reclaim, drop the page cache, compact\n"
	    "again and count, stopping once the need is met:\n"
	    "ready, recovered, short, or pinned (said before\n"
	    "any work). Each step prints its time and the\n"
	    "count before and after beside its forecast. The\n"
	    "forecast's counts are upper bounds (free now is\n"
	    "exact): after compaction counts the pageblocks\n"
	    "free memory could empty, but the kernel's node\n"
	    "compaction ends at the first large folio no free\n"
	    "hole can hold, often far below; a hugetlb\n"
	    "reservation's own compaction gets closer.\n"
	    "README.md has the measured table" },
	{ OPT_RECLAIM, "--reclaim",
	    "with --prepare: let it write back and drop the\n"
	    "clean page cache (sync, then /proc/sys/vm/\n"
	    "drop_caches = 1: every node's), which holds most\n"
	    "of the large folios that stop node compaction" },
	{ OPT_VERIFY, "--verify",
	    "compare with the kernel's own debugfs files\n"
	    "(live, or DIR/sys/kernel/debug/extfrag under a\n"
	    "root); with --json, a JSON report" },
	{ HELP_GROUP, "Who pins memory:", NULL },
	{ OPT_MAP, "--map",
	    "as root, read every page frame's flags\n"
	    "(/proc/kpageflags) and show per zone the\n"
	    "compaction ceiling: at most how many free blocks\n"
	    "of the pageblock order and above full compaction\n"
	    "could make (blocks without holes or unmovable\n"
	    "pages, within the free and per-CPU pages),\n"
	    "beside the suitable free blocks buddyinfo shows\n"
	    "(no watermark deducted, unlike free now and\n"
	    "after compaction); the page frames by class (free,\n"
	    "movable, unmovable, ambiguous, hole) and the\n"
	    "pageblocks by what they hold; with --json, one\n"
	    "JSON document; with --format=svg, a picture: a\n"
	    "cell per pageblock coloured by what it holds,\n"
	    "the ceilings above each zone; with --sysroot\n"
	    "DIR, the map a capture stored; with --capture\n"
	    "DIR, also store the map in DIR; with --advise,\n"
	    "add to each compact verdict the blocks\n"
	    "compaction could make at most. The pinned\n"
	    "pageblocks follow, by the kind of page that\n"
	    "pins them (slab, pagetable, reserved, hugetlb,\n"
	    "zero, poisoned, offline, kernel), with the cost\n"
	    "of each kind in free pageblocks and the blocks\n"
	    "pinned by only a few pages" },
	{ OPT_CGROUPS, "--cgroups",
	    "with --map, also rank the memory cgroups by the\n"
	    "pageblocks they pin (/proc/kpagecgroup; top 10,\n"
	    "all with --json) and, where debugfs page_owner\n"
	    "can be read (page_owner=on), the allocating\n"
	    "stacks of the pinning pages" },
	{ HELP_GROUP, "Record and compare:", NULL },
	{ OPT_WATCH, "--watch=SECONDS",
	    "sample every SECONDS (0.5, 2, ...): free memory,\n"
	    "free pageblocks, both indices at the orders that\n"
	    "matter, compaction effort per second from\n"
	    "/proc/vmstat and the share of time stalled (PSI)" },
	{ OPT_COUNT, "--count=N",
	    "stop after N samples" },
	{ OPT_ORDERS, "--orders=LIST",
	    "the orders to show (as for --advise), also in\n"
	    "the summary" },
	{ OPT_MIGRATETYPES, "--migratetypes",
	    "also read pagetypeinfo at every sample and show\n"
	    "the free memory of each migratetype" },
	{ OPT_EVENTS, "--events",
	    "as root, also count the kernel's fragmentation\n"
	    "events (kmem:mm_page_alloc_extfrag) and compaction\n"
	    "events between samples, in a tracefs instance of\n"
	    "its own: high-order allocations that succeeded\n"
	    "and failed (kmem:mm_page_alloc), and how long\n"
	    "direct compaction, kcompactd and direct reclaim\n"
	    "took, and which tasks stalled" },
	{ OPT_EVENTS_MIN_ORDER, "--events-min-order=N",
	    "count the allocations of order N and above\n"
	    "(default " HELP_NUM(EVENTS_MIN_ORDER_DEFAULT) "; the kernel "
	    "filters the rest out)" },
	{ OPT_RECORD, "--record=DIR",
	    "also write the samples into a new directory DIR,\n"
	    "each synced as it is taken, with captures of the\n"
	    "first and last state; --sysroot DIR then\n"
	    "summarises the run; alone, a sample every second\n"
	    "until stopped (as fragstat record DIR)" },
	{ OPT_RECORD, "--record=DIR -- COMMAND [ARG]...",
	    "run COMMAND (its input and output its own) and\n"
	    "record it, every --watch SECONDS (default 1);\n"
	    "stop one sample after it exits and exit with its\n"
	    "status (128+N if signal N killed it); missing\n"
	    "parent directories are made; on a terminal, a\n"
	    "line on stderr shows the time and samples; every\n"
	    "signal that would end fragstat goes to COMMAND\n"
	    "(^C too, when COMMAND left the terminal's group);\n"
	    "one ignored at the start (nohup) stays ignored" },
	{ OPT_REPEAT, "--repeat=N",
	    "with --record DIR -- COMMAND, run COMMAND N times\n"
	    "(1 to " HELP_NUM(SETS_MAX_RUNS) "), a recording each: DIR/1 .. "
	    "DIR/N, a set\n"
	    "that --compare reads; a run whose status is not 0\n"
	    "ends the repeat with that status" },
	{ OPT_CAPTURES_EVERY, "--captures-every=N",
	    "with --record, also keep a full capture of every\n"
	    "Nth sample, as DIR/during/N" },
	{ OPT_MAP_EVERY, "--map-every=N",
	    "with --record (root), also keep a summary of the\n"
	    "map every Nth sample in DIR/map.ndjson: per zone\n"
	    "the polluted pageblocks by kind, the amplification,\n"
	    "clean 1 GiB regions and offlinable memory blocks;\n"
	    "refused when one map takes more than half of N\n"
	    "intervals" },
	{ OPT_TRIGGER, "--trigger=KIND",
	    "with --record, keep only windows of samples\n"
	    "around each time KIND fires, each a recording\n"
	    "DIR/YYYYMMDDTHHMMSSZ (UTC) whose first/ is the\n"
	    "state when it fired: stall (direct reclaim or\n"
	    "compaction began; --events), alloc-fail:ORDER\n"
	    "(an allocation of ORDER or more failed;\n"
	    "--events), psi ('full avg10' rose above\n"
	    "--psi-full)" },
	{ OPT_BEFORE, "--before=N",
	    "the samples a window keeps from before its\n"
	    "trigger (default " HELP_NUM(TRIGGER_BEFORE_DEFAULT) ")" },
	{ OPT_AFTER, "--after=N",
	    "the samples it writes after the last trigger\n"
	    "(default " HELP_NUM(TRIGGER_AFTER_DEFAULT) "; a trigger within "
	    "a window extends\n"
	    "it)" },
	{ OPT_CAPTURE, "--capture=DIR",
	    "save the files fragstat reads (and the kernel's\n"
	    "index files when readable) into a new directory\n"
	    "DIR laid out like /, for --sysroot DIR later" },
	{ OPT_COMPARE, "--compare A B",
	    "show what changed from root A to root B\n"
	    "(two recordings: their runs side by side; a\n"
	    "directory of recordings: the runs of one side,\n"
	    "each metric's mean and sd, the change in % and\n"
	    "Welch's t-test at 95%, from 3 runs a side, in\n"
	    "mmtests' layout in 80 columns; --format=table:\n"
	    "wide, with n, min, max and B - A)" },
	{ HELP_GROUP, "Check from Nagios, Icinga or Sensu:", NULL },
	{ OPT_CHECK, "--check",
	    "print one status line, FRAGSTAT OK (WARNING,\n"
	    "CRITICAL, UNKNOWN) - what decided it | the counts\n"
	    "of every node as performance data, and exit 0\n"
	    "(1, 2, 3), as the monitoring plugins do; alone,\n"
	    "the judgement of the pageblock size: fine OK,\n"
	    "fragmented WARNING, severely CRITICAL, short of\n"
	    "memory CRITICAL with none free now, else\n"
	    "WARNING; with --need: ok is OK, compact\n"
	    "WARNING, reclaim, pinned or\n"
	    "impossible CRITICAL, unknown UNKNOWN, of the\n"
	    "machine as --need asks (of node N with\n"
	    "--node=N, of each with --node=each), named in\n"
	    "the line; else the worst\n"
	    "node decides, or --node's; bad input and bad\n"
	    "arguments are UNKNOWN too. As a user who may\n"
	    "not read /proc/pagetypeinfo (root only), the\n"
	    "count is between bounds: UNKNOWN only where\n"
	    "they do not settle it; then run it on a root\n"
	    "timer's capture (--sysroot) or through sudo" },
	{ OPT_WARN, "-w, --warn=N[xSIZE]",
	    "with --check, WARNING when fewer than N blocks of\n"
	    "SIZE (default: the pageblock) are free now" },
	{ OPT_CRIT, "-c, --crit=N[xSIZE]",
	    "with --check, CRITICAL when fewer than N are free\n"
	    "now" },
	{ HELP_EVERY, "--extra-opts[=[SECTION][@FILE]]",
	    "more options, put before the command line's: the\n"
	    "lines KEY=VALUE of [SECTION] (default: fragstat)\n"
	    "of FILE, the monitoring plugins' ini file (default:\n"
	    "$MP_CONFIG_FILE, else monitoring-plugins.ini or\n"
	    "plugins.ini in $NAGIOS_CONFIG_PATH, else\n"
	    "/etc/monitoring-plugins/monitoring-plugins.ini and\n"
	    "the plugins' other places), in every mode; an\n"
	    "option the command line gives too takes the\n"
	    "command line's value (--need adds up)" },
	{ HELP_GROUP, "Summarise many hosts:", NULL },
	{ OPT_FLEET, "--fleet",
	    "with --roots-from or --sysroot: one summary of\n"
	    "every root, read one at a time: per size, free\n"
	    "now and after compaction over hosts and nodes\n"
	    "(min, nearest-rank p1 p5 p10 p50 p90, max), how\n"
	    "many fail --need, the worst hosts, the kernels\n"
	    "and page sizes; as a table, --json or\n"
	    "--format=svg (a cumulative distribution per size)" },
	{ OPT_ROOTS_FROM, "--roots-from=FILE",
	    "analyse every root listed in FILE, one per line\n"
	    "('-': standard input); --sysroot may also be\n"
	    "given many times" },
	{ HELP_GROUP, "Input:", NULL },
	{ 'r', "-r, --sysroot=DIR",
	    "read DIR/proc/... (a captured snapshot) instead of\n"
	    "the live files" },
	{ OPT_BUDDYINFO, "--buddyinfo=FILE",
	    "read buddyinfo from FILE ('-': standard input);\n"
	    "without --sysroot, the other files are then read\n"
	    "only when named" },
	{ OPT_PAGETYPEINFO, "--pagetypeinfo=FILE",
	    "read pagetypeinfo from FILE" },
	{ OPT_PRESSURE, "--pressure=FILE",
	    "read memory pressure (PSI) from FILE" },
	{ OPT_ZONEINFO, "--zoneinfo=FILE",
	    "read zoneinfo (watermarks) from FILE for --advise" },
	{ OPT_NO_PTI, "--no-pagetypeinfo",
	    "do not read pagetypeinfo (it walks the free lists\n"
	    "with zone locks held)" },
	{ OPT_KERNEL, "--kernel=RELEASE",
	    "kernel release that produced the input (decides the\n"
	    "extfrag_index layout); default: the root's\n"
	    "proc/sys/kernel/osrelease, the running kernel\n"
	    "when live, else unknown (the current layout)" },
	{ OPT_PAGE_SIZE, "--page-size=BYTES",
	    "page size of the input; default: this host's when\n"
	    "live, else " PAGEORDER_DEFAULT_PAGE_SIZE_TEXT },
	{ HELP_GROUP, "Output:", NULL },
	{ 'd', "-d, --detail",
	    "the full tables: per zone, every order (free\n"
	    "blocks, both indices) and migratetype, and the\n"
	    "pressure; with --advise, the advice per zone" },
	{ 'f', "-f, --format=FORMAT",
	    "summary (default), table (as --detail), json,\n"
	    "unusable (the bytes of the kernel's\n"
	    "extfrag/unusable_index), extfrag (of\n"
	    "extfrag/extfrag_index), prometheus (text format\n"
	    "for node_exporter's textfile collector) or svg\n"
	    "(a picture of the indices, free memory and\n"
	    "advice; of a batch or a recording over time; of\n"
	    "a --compare of snapshots or of recordings),\n"
	    "csv (RFC 4180, a header line) or ndjson: flat\n"
	    "rows of one or many roots for a database" },
	{ OPT_ROWS, "--rows=KIND",
	    "the rows of csv and ndjson: orders (default: one\n"
	    "per root, node, zone and order: the counts,\n"
	    "indices and verdict) or sizes (one per root,\n"
	    "node and size, and the machine's: free now,\n"
	    "after compaction, the verdicts, --need's)" },
	{ 'j', "-j, --json",
	    "same as --format=json" },
	{ OPT_COLOR, "--color[=WHEN]",
	    "colour the summary and the table: auto (default: on\n"
	    "a terminal, unless NO_COLOR is set or TERM is\n"
	    "dumb), always, never; accepted in every mode" },
	{ 'q', "-q, --quiet",
	    "do not mention optional files that cannot be read" },
	{ 'h', "-h, --help",
	    "display this help and exit" },
	{ 'V', "-V, --version",
	    "output version information and exit" },
};

/* What each column of the summary's zone table says. */
static const char *const column_text[SUMMARY_NCOLS] = {
	[SUMMARY_COL_NODE] = "the NUMA node",
	[SUMMARY_COL_ZONE] = "the zone (DMA, DMA32, Normal, Movable, ...)",
	[SUMMARY_COL_FREE] = "free memory in the zone",
	[SUMMARY_COL_PAGEBLOCKS] = "pageblocks (2 MiB on x86) wholly free: the unit\n"
	    "huge pages and compaction work in",
	[SUMMARY_COL_NOW] = "allocations of the size that would succeed now\n"
	    "('<=N': at most, when the free lists are unknown)",
	[SUMMARY_COL_SCORE] = "the fragmentation score at the size, 0 to 100:\n"
	    "the kernel's unusable free space index in\n"
	    "hundredths, as kcompactd scores a zone",
	[SUMMARY_COL_FRAGINDEX] = "the kernel's fragmentation index at the order:\n"
	    "towards 1 a failure is fragmentation, towards 0\n"
	    "lack of memory; 'succeeds' when a free block of\n"
	    "the order exists",
	[SUMMARY_COL_VERDICT] = "the zone's judgement at the size: fine,\n"
	    "fragmented, severe(ly fragmented) or short (of\n"
	    "memory), see --fragmented; 'not used' where the\n"
	    "allocation never takes from the zone",
};

/* --help: four examples. */
static const char help_examples[] =
"Examples:\n"
"  fragstat need 512x2M      would 512 huge pages of 2 MiB fit? exit 0 yes,\n"
"                            4 after compaction, 5 not even then\n"
"  fragstat map --cgroups    (as root) who pins the pageblocks compaction\n"
"                            cannot move, by kind and by memory cgroup\n"
"  fragstat record run1 -- make -j8\n"
"                            record memory while a build runs; then\n"
"                            fragstat compare run1 run2\n"
"  fragstat check --warn=512x2M --crit=64x2M\n"
"                            a Nagios check: WARNING below 512 free 2 MiB\n"
"                            blocks, CRITICAL below 64\n"
"\n";

/* --help of every mode: what they share. */
static const char help_status[] =
"Exit status: 0 success, 1 bad input or an input/output error, 2 usage error,\n"
"3 --verify found a difference; --need's answer: 4 compact, 5 reclaim or\n"
"short, 6 unknown, 7 impossible, 8 pinned, the worst of several --need or of\n"
"several roots (--fleet too) as ok, unknown, compact, reclaim, short, pinned,\n"
"impossible;\n"
"--prepare: 0 ready or recovered, else --need's, 8 pinned; --check: 0 OK,\n"
"1 WARNING, 2 CRITICAL, 3 UNKNOWN;\n"
"with a command (--record DIR -- COMMAND): its status, 125 if fragstat failed.\n"
"A reader that closes the pipe early ends fragstat quietly, with the\n"
"status it would have had. An option that does nothing in the chosen mode,\n"
"or is given twice, is a usage error.\n"
"\n";

/*
 * Print HEAD at the option column (an option's long name after six
 * blanks, "  -r, " before a short one) and TEXT from HELP_TEXT_COL on,
 * each of its lines there.
 */
static void
entry(FILE *fp, const char *head, const char *text, bool option)
{
	const char *indent = option && head[1] == '-' ? "      " : "  ";
	int n = fprintf(fp, "%s%s", indent, head);
	size_t len;

	/* A head too long for the column: its text starts on the next line. */
	if (n > HELP_TEXT_COL - 2) {
		fputc('\n', fp);
		n = 0;
	}
	while (*text) {
		len = strcspn(text, "\n");
		fprintf(fp, "%*s%.*s\n", HELP_TEXT_COL - n, "", (int)len, text);
		n = 0;
		text += len + (text[len] == '\n');
	}
}

/*
 * Returns whether option OPT is of mode M: --help and --extra-opts are of
 * every mode, --version of none, the others where the rules say.
 */
static bool
acts(const struct optmode *m, int opt)
{
	if (opt == 'h' || opt == HELP_EVERY)
		return true;
	return opt != 'V' && optlist_acts(m, opt);
}

/* Print the options that act in mode M (every option: NULL), by group. */
static void
print_options(FILE *fp, const struct optmode *m)
{
	const char *group = NULL;
	bool any = false;
	size_t i;

	for (i = 0; i < sizeof(options) / sizeof(options[0]); i++) {
		if (options[i].opt == HELP_GROUP) {
			group = options[i].head;
			continue;
		}
		/* --version is not of a mode; --help is of every one. */
		if (m && !acts(m, options[i].opt))
			continue;
		/* A group's title, after a blank line, once it has an option. */
		if (group) {
			fprintf(fp, "%s%s\n", any ? "\n" : "", group);
			group = NULL;
		}
		entry(fp, options[i].head, options[i].text, true);
		any = true;
	}
	if (any)
		fputc('\n', fp);
}

/* Print the summary's columns, named as its renderer names them. */
static void
print_columns(FILE *fp)
{
	size_t i;

	fputs("The summary's zone table, column by column:\n", fp);
	for (i = 0; i < SUMMARY_NCOLS; i++)
		entry(fp, summary_columns[i], column_text[i], false);
	fputc('\n', fp);
}

void
help_print(FILE *fp, const char *mode)
{
	const struct optmode *m = mode ? optlist_mode(mode) : NULL;

	if (m) {
		fprintf(fp, "Usage: %s %s\n", progname, m->usage);
		fprintf(fp, "The options that act in this mode (every mode: "
		    "'%s --help'):\n\n", progname);
		print_options(fp, m);
		fputs(help_status, fp);
		return;
	}
	fprintf(fp, "Usage: %s [OPTION]...\n  or:  %s COMMAND [ARG]... "
	    "[OPTION]...\n", progname, progname);
	fputs(help_tasks, fp);
	print_options(fp, NULL);
	print_columns(fp);
	fputs(help_examples, fp);
	fputs(help_status, fp);
	fprintf(fp, "Report bugs to: <%s>\n%s home page: <%s>\n",
	    PACKAGE_BUGREPORT, PACKAGE_NAME, PACKAGE_URL);
}

/*
 * Set *NAME and *NLEN to the long option of HEAD ("-r, --sysroot=DIR":
 * "--sysroot"), and return what follows it ("=DIR", "[=ORDERS]", " A B").
 */
static const char *
head_name(const char *head, const char **name, size_t *nlen)
{
	*name = strstr(head, "--");
	*nlen = strcspn(*name, "=[ ");
	return *name + *nlen;
}

int
help_list_options(FILE *fp, const char *mode)
{
	const struct optmode *m = optlist_mode(mode);
	const char *name, *arg;
	size_t i, n;

	/* No mode: every option, as before one is chosen. */
	if (m == NULL && mode[0] != '\0')
		return usage_error("--list-options: '%s' is not a mode", mode);
	for (i = 0; i < sizeof(options) / sizeof(options[0]); i++) {
		if (options[i].opt == HELP_GROUP || (m && !acts(m, options[i].opt)))
			continue;
		arg = head_name(options[i].head, &name, &n);
		/* --record=DIR -- COMMAND is --record again. */
		if (i > 0 && options[i - 1].opt == options[i].opt)
			continue;
		fprintf(fp, "%.*s\t%s\t%.*s\n", (int)n, name,
		    arg[0] == '=' ? arg + 1 : arg, (int)strcspn(options[i].text,
		    "\n"), options[i].text);
	}
	return EXIT_OK;
}

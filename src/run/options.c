/* SPDX-License-Identifier: GPL-2.0-or-later */
/* options.c - the command line: --help, --version and every option, checked */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kver.h"
#include "model.h"
#include "options.h"
#include "record.h"
#include "text.h"


static void
usage(FILE *fp)
{
	fprintf(fp,
"Usage: %s [OPTION]...\n"
"Say whether large allocations (huge pages) would succeed on this machine,\n"
"need compaction or need memory freed, by the kernel's own rules, and show\n"
"the kernel's fragmentation indices per zone, computed exactly as the kernel\n"
"does from /proc/buddyinfo.\n"
"\n"
"Without options: the summary. Its first lines give the machine's verdict\n"
"for the orders that matter (--advise) and the memory pressure; then one\n"
"line per zone:\n"
"  free             free memory in the zone\n"
"  largest          the largest free block (a block: what the buddy\n"
"                   allocator hands out, 2^order pages)\n"
"  free pageblocks  pageblocks (2 MiB on x86) wholly free: the unit huge\n"
"                   pages and compaction work in\n"
"  unusable         share of free memory in blocks too small for the order\n"
"                   (the kernel's unusable free space index, 0 to 1)\n"
"  fragindex        the kernel's fragmentation index at the order: towards\n"
"                   1 a failure is fragmentation, towards 0 lack of memory;\n"
"                   'succeeds' when a free block of the order exists\n"
"  verdict          ok, compact, reclaim, unknown (an input is missing),\n"
"                   or 'not used' (the allocation never takes from the zone)\n"
"and the next step in plain words.\n"
"\n"
"Input:\n"
"  -r, --sysroot=DIR        read DIR/proc/... (a captured snapshot) instead of\n"
"                           the live files\n"
"      --buddyinfo=FILE     read buddyinfo from FILE ('-': standard input);\n"
"                           without --sysroot, the other files are then read\n"
"                           only when named\n"
"      --pagetypeinfo=FILE  read pagetypeinfo from FILE\n"
"      --pressure=FILE      read memory pressure (PSI) from FILE\n"
"      --no-pagetypeinfo    do not read pagetypeinfo (it walks the free lists\n"
"                           with zone locks held)\n"
"      --kernel=RELEASE     kernel release that produced the input (decides the\n"
"                           extfrag_index layout); default: the root's\n"
"                           proc/sys/kernel/osrelease, the running kernel\n"
"                           when live, else unknown (the current layout)\n"
"      --page-size=BYTES    page size of the input; default: this host's when\n"
"                           live, else 4096\n"
"      --zoneinfo=FILE      read zoneinfo (watermarks) from FILE for --advise\n"
"      --roots-from=FILE    analyse every root listed in FILE, one per line\n"
"                           ('-': standard input); --sysroot may also be\n"
"                           given many times\n"
"      --compare A B        show what changed from root A to root B\n"
"                           (two recordings: their runs side by side; a\n"
"                           directory of recordings: the runs of one side,\n"
"                           each metric's mean, sd, min and max, B - A and\n"
"                           Welch's t-test at 95%%, from 3 runs a side)\n"
"\n"
"      --capture=DIR        save the files fragstat reads (and the kernel's\n"
"                           index files when readable) into a new directory\n"
"                           DIR laid out like /, for --sysroot DIR later\n"
"\n"
"Watching:\n"
"      --watch=SECONDS      sample every SECONDS (0.5, 2, ...): free memory,\n"
"                           free pageblocks, both indices at the orders that\n"
"                           matter, compaction effort per second from\n"
"                           /proc/vmstat and the share of time stalled (PSI)\n"
"      --count=N            stop after N samples\n"
"      --orders=LIST        the orders to show (as for --advise), also in\n"
"                           the summary\n"
"      --migratetypes       also read pagetypeinfo at every sample and show\n"
"                           the free memory of each migratetype\n"
"      --events             as root, also count the kernel's fragmentation\n"
"                           events (kmem:mm_page_alloc_extfrag) and compaction\n"
"                           events between samples, in a tracefs instance of\n"
"                           its own: high-order allocations that succeeded\n"
"                           and failed (kmem:mm_page_alloc), and how long\n"
"                           direct compaction, kcompactd and direct reclaim\n"
"                           took, and which tasks stalled\n"
"      --events-min-order=N\n"
"                           count the allocations of order N and above\n"
"                           (default 1; the kernel filters the rest out)\n"
"      --record=DIR         also write the samples into a new directory DIR,\n"
"                           each synced as it is taken, with captures of the\n"
"                           first and last state; --sysroot DIR then\n"
"                           summarises the run\n"
"      --record=DIR -- COMMAND [ARG]...\n"
"                           run COMMAND (its input and output its own) and\n"
"                           record it, every --watch SECONDS (default 1);\n"
"                           stop one sample after it exits and exit with its\n"
"                           status (128+N if signal N killed it); SIGINT,\n"
"                           SIGTERM, SIGHUP and SIGQUIT go to COMMAND\n"
"      --captures-every=N   with --record, also keep a full capture of every\n"
"                           Nth sample, as DIR/during/N\n"
"      --trigger=KIND       with --record, keep only windows of samples\n"
"                           around each time KIND fires, each a recording\n"
"                           DIR/YYYYMMDDTHHMMSSZ (UTC) whose first/ is the\n"
"                           state when it fired: stall (direct reclaim or\n"
"                           compaction began; --events), alloc-fail:ORDER\n"
"                           (an allocation of ORDER or more failed;\n"
"                           --events), psi ('full avg10' rose above\n"
"                           --psi-full)\n"
"      --before=N           the samples a window keeps from before its\n"
"                           trigger (default 10)\n"
"      --after=N            the samples it writes after the last trigger\n"
"                           (default 10; a trigger within a window extends\n"
"                           it)\n"
"\n"
"Advice:\n"
"      --advise[=ORDERS]    say per zone, node and machine whether an allocation\n"
"                           of each order would succeed, needs compaction or\n"
"                           needs reclaim, by the kernel's own rules; ORDERS is\n"
"                           a list of orders or sizes (9,2M,64K); default: the\n"
"                           pageblock order and every enabled THP size\n"
"      --gfp=KIND           movable (default: user memory, THP) or kernel\n"
"                           (never uses the Movable or HighMem zones)\n"
"      --threshold=N        vm.extfrag_threshold to apply (0-1000); default:\n"
"                           the sysctl, else 500\n"
"      --psi-some=PCT       memory pressure is elevated when 'some avg10'\n"
"                           reaches PCT (default 10)\n"
"      --psi-full=PCT       memory pressure is severe when 'full avg10'\n"
"                           reaches PCT (default 5)\n"
"      --need=N[xSIZE]      whether N allocations of SIZE (default: the\n"
"                           pageblock, 2M on x86; 2000x2M, 8x1G) are there:\n"
"                           ok (free now), compact (at most that many after\n"
"                           compaction), reclaim (not even then) or unknown\n"
"                           (an input is missing), with the counts and the\n"
"                           hugetlb pool of that size\n"
"      --node=N             the request of --need is for node N\n"
"      --low=N              say 'only N left' below N free allocations of an\n"
"                           order; default: 1%% of the memory (zoneinfo's\n"
"                           managed pages) in units of the order\n"
"      --compact            as root, trigger compaction on the nodes whose\n"
"                           advice is compact, then measure again\n"
"\n"
"Physical memory map:\n"
"      --map                as root, read every page frame's flags\n"
"                           (/proc/kpageflags) and show per zone the\n"
"                           compaction ceiling: at most how many free blocks\n"
"                           of the pageblock order and above full compaction\n"
"                           could make (blocks without holes or unmovable\n"
"                           pages, within free memory), beside those free\n"
"                           now; then the page frames by class (free,\n"
"                           movable, unmovable, ambiguous, hole) and the\n"
"                           pageblocks by what they hold; with --json, one\n"
"                           JSON document; with --format=svg, a picture: a\n"
"                           cell per pageblock coloured by what it holds,\n"
"                           the ceilings above each zone; with --sysroot\n"
"                           DIR, the map a capture stored; with --capture\n"
"                           DIR, also store the map in DIR; with --advise,\n"
"                           add to each compact verdict the blocks\n"
"                           compaction could make at most. The pinned\n"
"                           pageblocks follow, by the kind of page that\n"
"                           pins them (slab, pagetable, reserved, hugetlb,\n"
"                           zero, poisoned, offline, kernel), with the cost\n"
"                           of each kind in free pageblocks and the blocks\n"
"                           pinned by only a few pages\n"
"      --cgroups            with --map, also rank the memory cgroups by the\n"
"                           pageblocks they pin (/proc/kpagecgroup; top 10,\n"
"                           all with --json) and, where debugfs page_owner\n"
"                           can be read (page_owner=on), the allocating\n"
"                           stacks of the pinning pages\n"
"\n"
"Output:\n"
"  -d, --detail             the full tables: per zone, every order (free\n"
"                           blocks, both indices) and migratetype, and the\n"
"                           pressure; with --advise, the advice per zone\n"
"  -f, --format=FORMAT      summary (default), table (as --detail), json,\n"
"                           unusable (the bytes of the kernel's\n"
"                           extfrag/unusable_index), extfrag (of\n"
"                           extfrag/extfrag_index), prometheus (text format\n"
"                           for node_exporter's textfile collector) or svg\n"
"                           (a picture of the indices, free memory and\n"
"                           advice; of a batch or a recording over time; of\n"
"                           a --compare of snapshots or of recordings)\n"
"  -j, --json               same as --format=json\n"
"      --verify             compare with the kernel's own debugfs files\n"
"                           (live, or DIR/sys/kernel/debug/extfrag under a\n"
"                           root); with --json, a JSON report\n"
"      --color[=WHEN]       colour the summary and the table: auto (default),\n"
"                           always, never; NO_COLOR in the environment means\n"
"                           never\n"
"  -q, --quiet              do not mention optional files that cannot be read\n"
"  -h, --help               display this help and exit\n"
"  -V, --version            output version information and exit\n"
"\n"
"An option that does nothing in the chosen mode is a usage error.\n"
"\n"
"Exit status: 0 success, 1 bad input or an input/output error, 2 usage error,\n"
"3 --verify found a difference. A reader that closes the pipe early ends\n"
"fragstat quietly, with the status it would have had.\n"
"\n"
"Report bugs to: <%s>\n"
"%s home page: <%s>\n",
	    progname, PACKAGE_BUGREPORT, PACKAGE_NAME, PACKAGE_URL);
}

static void
version(void)
{
	printf("%s %s\n"
	    "Copyright (C) 2026 the fragstat authors.\n"
	    "License GPLv2+: GNU GPL version 2 or later "
	    "<https://gnu.org/licenses/gpl.html>.\n"
	    "This is free software: you are free to change and redistribute it.\n"
	    "There is NO WARRANTY, to the extent permitted by law.\n",
	    PACKAGE_NAME, PACKAGE_VERSION);
}

int
usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help' for more information.\n", progname);
	return EXIT_USAGE;
}

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
	if (num_u64(&t, &v) != 0 || v > (1u << 24) / mul)
		return -1;
	v *= mul;
	if (v < 512 || (v & (v - 1)) != 0)
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
 * Set O's need_count and need_size from S, "N" or "NxSIZE" (the size is
 * checked against the page size once the input is read). Returns 0 or -1.
 */
static int
parse_need(const char *s, struct opts *o)
{
	char count[24];
	size_t n = strcspn(s, "x");
	uint64_t v;

	if (n == 0 || n >= sizeof(count))
		return -1;
	memcpy(count, s, n);
	count[n] = '\0';
	if (num_str(count, &v) != 0 || v == 0)
		return -1;
	o->need_count = v;
	o->need_size = s[n] == 'x' ? s + n + 1 : NULL;
	return o->need_size != NULL && o->need_size[0] == '\0' ? -1 : 0;
}

/* Long options without a short one; a short one is its own character. */
enum { OPT_BUDDYINFO = 256, OPT_PAGETYPEINFO, OPT_PRESSURE, OPT_NO_PTI,
	OPT_KERNEL, OPT_PAGE_SIZE, OPT_VERIFY, OPT_COLOR, OPT_ZONEINFO,
	OPT_ADVISE, OPT_GFP, OPT_THRESHOLD, OPT_PSI_SOME, OPT_PSI_FULL,
	OPT_COMPACT, OPT_ROOTS_FROM, OPT_COMPARE, OPT_WATCH, OPT_COUNT,
	OPT_MIGRATETYPES, OPT_ORDERS, OPT_CAPTURE, OPT_EVENTS, OPT_RECORD,
	OPT_MAP, OPT_NEED, OPT_NODE, OPT_LOW, OPT_CAPTURES_EVERY,
	OPT_EVENTS_MIN_ORDER, OPT_CGROUPS, OPT_TRIGGER, OPT_BEFORE, OPT_AFTER,
	OPT_END };

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
	{ "trigger",		required_argument, NULL, OPT_TRIGGER },
	{ "before",		required_argument, NULL, OPT_BEFORE },
	{ "after",		required_argument, NULL, OPT_AFTER },
	{ "map",		no_argument,	   NULL, OPT_MAP },
	{ "cgroups",		no_argument,	   NULL, OPT_CGROUPS },
	{ "need",		required_argument, NULL, OPT_NEED },
	{ "node",		required_argument, NULL, OPT_NODE },
	{ "low",		required_argument, NULL, OPT_LOW },
	{ "quiet",		no_argument,	   NULL, 'q' },
	{ "help",		no_argument,	   NULL, 'h' },
	{ "version",		no_argument,	   NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

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
/* The formats that show pagetypeinfo, pressure and advice. */
#define VIEWS		(FMT(F_SUMMARY) | FMT(F_TABLE) | FMT(F_JSON) | \
			 FMT(F_PROM) | FMT(F_SVG))
/* The formats a person reads, coloured on a terminal. */
#define TEXT		(FMT(F_SUMMARY) | FMT(F_TABLE))
/* The actions that read one snapshot (or several) and may advise. */
#define ADVISING	(ACT(A_SHOW) | ACT(A_BATCH) | ACT(A_COMPARE) | \
			 ACT(A_COMPACT))

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

static const struct optrule rules[] = {
	{ 'r', "--sysroot", ALL_ACTIONS & ~ACT(A_COMPACT), ALL_FORMATS, 0,
	    "every mode but --compact, which acts on this host" },
	{ OPT_BUDDYINFO, "--buddyinfo", ACT(A_SHOW) | ACT(A_WATCH),
	    ALL_FORMATS, 0, "one snapshot or --watch" },
	{ OPT_PAGETYPEINFO, "--pagetypeinfo", ACT(A_SHOW) | ACT(A_WATCH),
	    VIEWS, 0, "the table, --json, --format=prometheus or --watch" },
	{ OPT_PRESSURE, "--pressure", ACT(A_SHOW) | ACT(A_WATCH), VIEWS, 0,
	    "the table, --json, --format=prometheus or --watch" },
	{ OPT_ZONEINFO, "--zoneinfo", ACT(A_SHOW), VIEWS, USES_ADVICE,
	    "advice: --advise or --format=prometheus" },
	{ OPT_NO_PTI, "--no-pagetypeinfo", ALL_ACTIONS & ~ACT(A_VERIFY) &
	    ~ACT(A_CAPTURE) & ~ACT(A_REPLAY) & ~ACT(A_REPLAY_COMPARE) &
	    ~ACT(A_MAP), VIEWS,
	    0, "the table, --json or --format=prometheus" },
	{ OPT_KERNEL, "--kernel", ALL_ACTIONS & ~ACT(A_WATCH) &
	    ~ACT(A_CAPTURE) & ~ACT(A_REPLAY) & ~ACT(A_REPLAY_COMPARE) &
	    ~ACT(A_MAP),
	    ALL_FORMATS & ~FMT(F_UNUSABLE), 0,
	    "every view but --format=unusable, --watch and --capture" },
	{ OPT_PAGE_SIZE, "--page-size", ALL_ACTIONS & ~ACT(A_VERIFY) &
	    ~ACT(A_REPLAY) & ~ACT(A_REPLAY_COMPARE) & ~ACT(A_MAP), VIEWS,
	    0, "the table, --json, --format=prometheus, --watch, --compare "
	    "or --capture" },
	{ OPT_COLOR, "--color", ACT(A_SHOW) | ACT(A_BATCH) | ACT(A_COMPACT),
	    TEXT, 0, "the summary and --detail" },
	{ OPT_ADVISE, "--advise", ADVISING, VIEWS, 0,
	    "the table, --json, --format=prometheus or --compare" },
	{ OPT_GFP, "--gfp", ADVISING, VIEWS, USES_ADVICE,
	    "advice: the summary, --json, --advise, --compact or "
	    "--format=prometheus" },
	{ OPT_THRESHOLD, "--threshold", ADVISING, VIEWS, USES_ADVICE,
	    "advice: the summary, --json, --advise, --compact or "
	    "--format=prometheus" },
	{ OPT_PSI_SOME, "--psi-some", ADVISING, VIEWS, USES_ADVICE,
	    "advice: the summary, --json, --advise, --compact or "
	    "--format=prometheus" },
	{ OPT_PSI_FULL, "--psi-full", ADVISING, VIEWS, USES_ADVICE,
	    "advice: the summary, --json, --advise, --compact or "
	    "--format=prometheus, or --watch --record --trigger psi" },
	{ OPT_ORDERS, "--orders", ALL_ACTIONS, ALL_FORMATS, USES_ORDERS,
	    "--watch, or advice: --advise, --compact or --format=prometheus" },
	{ 'd', "--detail", ACT(A_SHOW) | ACT(A_BATCH) | ACT(A_COMPACT),
	    FMT(F_TABLE), 0, "the text of one or several snapshots, or "
	    "--compact" },
	{ OPT_COUNT, "--count", ACT(A_WATCH), ALL_FORMATS, 0, "--watch" },
	{ OPT_MIGRATETYPES, "--migratetypes", ACT(A_WATCH), ALL_FORMATS, 0,
	    "--watch" },
	{ OPT_EVENTS, "--events", ACT(A_WATCH), ALL_FORMATS, 0, "--watch" },
	{ OPT_EVENTS_MIN_ORDER, "--events-min-order", ACT(A_WATCH), ALL_FORMATS,
	    0, "--watch --events" },
	{ OPT_RECORD, "--record", ACT(A_WATCH), ALL_FORMATS, 0,
	    "--watch or a command" },
	{ OPT_CAPTURES_EVERY, "--captures-every", ACT(A_WATCH), ALL_FORMATS,
	    0, "--record" },
	{ OPT_TRIGGER, "--trigger", ACT(A_WATCH), ALL_FORMATS, 0,
	    "--watch --record" },
	{ OPT_BEFORE, "--before", ACT(A_WATCH), ALL_FORMATS, 0,
	    "--watch --record --trigger" },
	{ OPT_AFTER, "--after", ACT(A_WATCH), ALL_FORMATS, 0,
	    "--watch --record --trigger" },
	/* Alone, --map is an action; with --capture or --advise it adds the map. */
	{ OPT_MAP, "--map", ACT(A_MAP) | ACT(A_CAPTURE) | ACT(A_SHOW),
	    FMT(F_SUMMARY) | FMT(F_TABLE) | FMT(F_JSON) | FMT(F_SVG) |
	    FMT(F_PROM), 0, "--capture, --advise or --need (the summary, "
	    "--detail, --json or --format=prometheus of one snapshot) or "
	    "alone" },
	{ OPT_CGROUPS, "--cgroups", ACT(A_MAP), FMT(F_SUMMARY) | FMT(F_JSON) |
	    FMT(F_SVG), 0, "--map alone (--capture --map stores the cgroups "
	    "anyway)" },
	{ OPT_NEED, "--need", ACT(A_SHOW), FMT(F_SUMMARY) | FMT(F_TABLE) |
	    FMT(F_JSON), USES_ADVICE, "one snapshot's summary, --detail or "
	    "--json" },
	{ OPT_NODE, "--node", ACT(A_SHOW), FMT(F_SUMMARY) | FMT(F_TABLE) |
	    FMT(F_JSON), USES_ADVICE, "--need" },
	{ OPT_LOW, "--low", ACT(A_SHOW) | ACT(A_BATCH), FMT(F_SUMMARY) |
	    FMT(F_JSON), USES_ADVICE, "the summary or --json" },
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
};

/* Each action's name and the formats it can show. */
static const struct {
	const char	*name;
	unsigned	 formats;
} actions[A_NACTIONS] = {
	[A_SHOW] = { "one snapshot", ALL_FORMATS },
	[A_BATCH] = { "several roots", ALL_FORMATS },
	[A_WATCH] = { "--watch", FMT(F_SUMMARY) | FMT(F_JSON) },
	[A_COMPARE] = { "--compare", FMT(F_SUMMARY) | FMT(F_JSON) |
	    FMT(F_SVG) },
	[A_VERIFY] = { "--verify", FMT(F_SUMMARY) | FMT(F_JSON) },
	[A_CAPTURE] = { "--capture", FMT(F_SUMMARY) },
	[A_COMPACT] = { "--compact", FMT(F_TABLE) | FMT(F_JSON) },
	[A_REPLAY] = { "a recording", FMT(F_SUMMARY) | FMT(F_JSON) |
	    FMT(F_SVG) },
	[A_REPLAY_COMPARE] = { "--compare of recordings", FMT(F_SUMMARY) |
	    FMT(F_JSON) | FMT(F_SVG) },
	[A_MAP] = { "--map", FMT(F_SUMMARY) | FMT(F_JSON) | FMT(F_SVG) },
};

static const char *const formats[F_NFORMATS] = {
	[F_SUMMARY] = "the summary", [F_TABLE] = "--detail",
	[F_JSON] = "--json",
	[F_UNUSABLE] = "--format=unusable", [F_EXTFRAG] = "--format=extfrag",
	[F_PROM] = "--format=prometheus", [F_SVG] = "--format=svg",
};

/* Returns BUF holding the name of O's mode for a message: "--watch --json". */
static const char *
mode_name(char *buf, size_t size, const struct opts *o)
{
	if (o->action == A_SHOW)
		snprintf(buf, size, "%s", formats[o->format]);
	else if (o->format == F_JSON || o->action == A_BATCH)
		snprintf(buf, size, "%s, %s", actions[o->action].name,
		    formats[o->format]);
	else
		snprintf(buf, size, "%s", actions[o->action].name);
	return buf;
}

/* Returns whether DIR is a recording or a directory of recordings. */
static bool
runs_is(const char *dir)
{
	return record_is(dir) || record_set_is(dir);
}

/*
 * Set O->action from the options GIVEN and check every option against it
 * and O->format. Returns EXIT_OK, or EXIT_USAGE after a message.
 */
static int
check_mode(struct opts *o, const bool *given)
{
	bool several = o->nroots > 1 || o->roots_from != NULL;
	const char *first = NULL;
	unsigned uses = 0;
	char mode[64];
	size_t i;

	o->action = several ? A_BATCH : A_SHOW;
	for (i = 0; i < sizeof(action_opts) / sizeof(action_opts[0]); i++) {
		if (!given[action_opts[i].opt])
			continue;
		/* The map as part of another run: the other decides the mode. */
		if (action_opts[i].opt == OPT_MAP && (given[OPT_CAPTURE] ||
		    given[OPT_ADVISE] || given[OPT_NEED] ||
		    o->format == F_PROM))
			continue;
		if (first)
			return usage_error("%s and %s do not mix: fragstat "
			    "does one of them at a time", first,
			    actions[action_opts[i].action].name);
		o->action = action_opts[i].action;
		first = actions[o->action].name;
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
	else if (!several && o->action != A_REPLAY && o->sysroot &&
	    record_is(o->sysroot))
		return usage_error("%s is a recording: %s reads a snapshot "
		    "(its first/ and last/ are captures)", o->sysroot,
		    first ? first : actions[o->action].name);
	if (several && o->action != A_BATCH && o->action != A_COMPARE &&
	    o->action != A_REPLAY_COMPARE)
		return usage_error("%s takes one root", first);
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
		return usage_error("%s does not show %s", actions[o->action].name,
		    formats[o->format]);
	/*
	 * The metrics and the summary include the advice and kcompactd's
	 * score; the picture shows the verdicts at the top.
	 */
	if (o->format == F_PROM || o->format == F_SVG ||
	    ((o->format == F_SUMMARY || o->format == F_JSON) &&
	    (ACT(o->action) & (ACT(A_SHOW) | ACT(A_BATCH) | ACT(A_COMPARE)))))
		o->advise = true;
	if (o->advise && (ADVISING & ACT(o->action)) &&
	    (VIEWS & FMT(o->format)))
		uses |= USES_ADVICE | USES_ORDERS;
	if (o->action == A_WATCH)
		uses |= USES_ORDERS;
	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
		const struct optrule *ru = &rules[i];

		if (!given[ru->opt])
			continue;
		/* The threshold of --trigger psi, outside the advice. */
		if (ru->opt == OPT_PSI_FULL && o->action == A_WATCH &&
		    o->trigger_arg && o->trigger.kind == TRIGGER_PSI)
			continue;
		if (!(ru->actions & ACT(o->action)) ||
		    !(ru->formats & FMT(o->format)) ||
		    (ru->uses & ~uses) != 0)
			return usage_error("%s does nothing in this mode (%s): "
			    "it goes with %s", ru->name, mode_name(mode,
			    sizeof(mode), o), ru->goes_with);
	}
	/* The advice's picture has no place for the ceiling; --map's has. */
	if (o->map && o->action == A_SHOW && o->format == F_SVG)
		return usage_error("%s", "--advise --map shows the ceiling in "
		    "the summary, --detail or --json; --map --format=svg alone "
		    "draws the map");
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
	if (given[OPT_CAPTURES_EVERY] && !given[OPT_RECORD])
		return usage_error("%s", "--captures-every does nothing without "
		    "--record: it keeps captures inside the recording");
	if (given[OPT_TRIGGER] && !given[OPT_RECORD])
		return usage_error("%s", "--trigger does nothing without "
		    "--record: it writes windows of samples into the "
		    "recording's directory");
	if ((given[OPT_BEFORE] || given[OPT_AFTER]) && !given[OPT_TRIGGER])
		return usage_error("%s does nothing without --trigger: it "
		    "sizes the windows a trigger writes", given[OPT_BEFORE] ?
		    "--before" : "--after");
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
	if (given[OPT_NODE] && !given[OPT_NEED])
		return usage_error("%s", "--node does nothing without --need: "
		    "it names the node the request is for");
	if (given[OPT_ORDERS] && o->advise_list)
		return usage_error("%s", "--orders and --advise=ORDERS both "
		    "name the orders: give one");
	return EXIT_OK;
}

/* Returns 0 with *MS set from seconds such as "1", "0.5" or "2.25", or -1. */
static int
parse_seconds(const char *s, unsigned *ms)
{
	struct tok t = { s, strlen(s) };
	uint64_t centi;

	if (num_centi(&t, false, &centi) != 0 || centi == 0 ||
	    centi > 8640000)
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
		o->watch_ms = 1000;
		given[OPT_WATCH] = true;
	}
	return EXIT_OK;
}

int
options_parse(int argc, char **argv, struct opts *o)
{
	bool given[OPT_END] = { false };
	const char *arg;
	uint64_t v;
	int c, stdin_users;

	memset(o, 0, sizeof(*o));
	/* Every argument could be a root. */
	if ((o->roots = calloc((size_t)argc + 1, sizeof(*o->roots))) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_DATA;
	}
	o->color = -1;
	o->threshold = -1;
	o->node = -1;
	o->events_min_order = 1;
	o->psi_some = PSI_SOME_DEFAULT;
	o->psi_full = PSI_FULL_DEFAULT;
	o->before = TRIGGER_BEFORE_DEFAULT;
	o->after = TRIGGER_AFTER_DEFAULT;
	opterr = 0;	/* our own messages, named "fragstat" whatever argv[0] is */
	/* Everything after the first '--' is the command --record runs. */
	for (c = 1; c < argc && strcmp(argv[c], "--") != 0; c++)
		;
	if (c < argc) {
		if (c + 1 == argc)
			return usage_error("%s", "'--' ends the options: the "
			    "command to run under --record follows it");
		o->command = argv + c + 1;
		argc = c;
	}
	while ((c = getopt_long(argc, argv, ":r:f:jdqhV", longopts, NULL)) != -1) {
		if (c > 0 && c < OPT_END)
			given[c] = true;
		switch (c) {
		case 'r':
			o->roots[o->nroots++] = optarg;
			break;
		case OPT_ROOTS_FROM:
			o->roots_from = optarg;
			break;
		case OPT_COMPARE:
			break;
		case OPT_BUDDYINFO:
			o->buddyinfo = optarg;
			break;
		case OPT_PAGETYPEINFO:
			o->pagetypeinfo = optarg;
			break;
		case OPT_PRESSURE:
			o->pressure = optarg;
			break;
		case OPT_NO_PTI:
			o->no_pagetypeinfo = true;
			break;
		case OPT_KERNEL:
			if (kver_parse(optarg) < 0)
				return usage_error("--kernel: '%s' is not a "
				    "release such as 5.15 or 6.1.0", optarg);
			if (strlen(optarg) > KVER_MAX_LEN)
				return usage_error("--kernel: longer than the "
				    "kernel's %d characters", KVER_MAX_LEN);
			o->kernel = optarg;
			break;
		case OPT_PAGE_SIZE:
			if (parse_page_size(optarg, &o->page_size) != 0)
				return usage_error("--page-size: '%s' is not a "
				    "power of two from 512 to 16M", optarg);
			break;
		case 'f':
			if (strcmp(optarg, "summary") == 0)
				o->format = F_SUMMARY;
			else if (strcmp(optarg, "table") == 0)
				o->format = F_TABLE;
			else if (strcmp(optarg, "json") == 0)
				o->format = F_JSON;
			else if (strcmp(optarg, "unusable") == 0)
				o->format = F_UNUSABLE;
			else if (strcmp(optarg, "extfrag") == 0)
				o->format = F_EXTFRAG;
			else if (strcmp(optarg, "prometheus") == 0)
				o->format = F_PROM;
			else if (strcmp(optarg, "svg") == 0)
				o->format = F_SVG;
			else
				return usage_error("--format: '%s' is not one "
				    "of summary, table, json, unusable, "
				    "extfrag, prometheus, svg", optarg);
			break;
		case 'j':
			o->format = F_JSON;
			break;
		case 'd':
			o->format = F_TABLE;
			break;
		case OPT_VERIFY:
			break;
		case OPT_COLOR:
			if (optarg == NULL || strcmp(optarg, "always") == 0)
				o->color = 1;
			else if (strcmp(optarg, "never") == 0)
				o->color = 0;
			else if (strcmp(optarg, "auto") == 0)
				o->color = -1;
			else
				return usage_error("--color: '%s' is not one "
				    "of auto, always, never", optarg);
			break;
		case OPT_ZONEINFO:
			o->zoneinfo = optarg;
			break;
		case OPT_ADVISE:
			o->advise = true;
			o->advise_list = optarg;
			break;
		case OPT_GFP:
			if (strcmp(optarg, "movable") == 0)
				o->gfp = ADVISE_MOVABLE;
			else if (strcmp(optarg, "kernel") == 0)
				o->gfp = ADVISE_KERNEL;
			else
				return usage_error("--gfp: '%s' is not movable or "
				    "kernel", optarg);
			break;
		case OPT_THRESHOLD:
			if (num_str(optarg, &v) != 0 || v > 1000)
				return usage_error("--threshold: '%s' is not a "
				    "number from 0 to 1000", optarg);
			o->threshold = (int)v;
			break;
		case OPT_PSI_SOME:
		case OPT_PSI_FULL:
			if (parse_percent(optarg, c == OPT_PSI_SOME ?
			    &o->psi_some : &o->psi_full) != 0)
				return usage_error("--psi-%s: '%s' is not a "
				    "percentage such as 10 or 2.5",
				    c == OPT_PSI_SOME ? "some" : "full", optarg);
			break;
		case OPT_WATCH:
			if (parse_seconds(optarg, &o->watch_ms) != 0)
				return usage_error("--watch: '%s' is not a number "
				    "of seconds from 0.01 to 86400", optarg);
			break;
		case OPT_COUNT:
			if (positive("--count", optarg, ULONG_MAX, &v) != 0)
				return EXIT_USAGE;
			o->count = (unsigned long)v;
			break;
		case OPT_CAPTURE:
			o->capture = optarg;
			break;
		case OPT_MIGRATETYPES:
			o->migratetypes = true;
			break;
		case OPT_ORDERS:
			o->orders_list = optarg;
			break;
		case OPT_EVENTS:
			o->events = true;
			break;
		case OPT_EVENTS_MIN_ORDER:
			if (num_str(optarg, &v) != 0 || v >= FRAG_MAX_ORDERS)
				return usage_error("--events-min-order: '%s' is "
				    "not an order from 0 to %d", optarg,
				    FRAG_MAX_ORDERS - 1);
			o->events_min_order = (unsigned)v;
			break;
		case OPT_RECORD:
			o->record = optarg;
			break;
		case OPT_CAPTURES_EVERY:
			if (positive("--captures-every", optarg, ULONG_MAX,
			    &v) != 0)
				return EXIT_USAGE;
			o->captures_every = (unsigned long)v;
			break;
		case OPT_TRIGGER:
			if (trigger_parse(optarg, &o->trigger) != 0)
				return usage_error("--trigger: '%s' is not one of "
				    "stall, alloc-fail:ORDER, psi", optarg);
			o->trigger_arg = optarg;
			break;
		case OPT_BEFORE:
		case OPT_AFTER:
			if (num_str(optarg, &v) != 0 || v > 100000)
				return usage_error("%s: '%s' is not a number of "
				    "samples from 0 to 100000", c == OPT_BEFORE ?
				    "--before" : "--after", optarg);
			*(c == OPT_BEFORE ? &o->before : &o->after) =
			    (unsigned long)v;
			break;
		case OPT_MAP:
			o->map = true;
			break;
		case OPT_CGROUPS:
			o->cgroups = true;
			break;
		case OPT_NEED:
			if (parse_need(optarg, o) != 0)
				return usage_error("--need: '%s' is not a count "
				    "and a size such as 2000x2M, 8x1G or 100",
				    optarg);
			break;
		case OPT_NODE:
			if (num_str(optarg, &v) != 0 || v >= FRAG_MAX_NODES)
				return usage_error("--node: '%s' is not a node "
				    "number from 0 to %d", optarg,
				    FRAG_MAX_NODES - 1);
			o->node = (int)v;
			break;
		case OPT_LOW:
			if (positive("--low", optarg, UINT64_MAX, &v) != 0)
				return EXIT_USAGE;
			o->low = v;
			break;
		case OPT_COMPACT:
			o->compact = true;
			o->advise = true;
			break;
		case 'q':
			o->quiet = true;
			break;
		case 'h':
			usage(stdout);
			return -1;
		case 'V':
			version();
			return -1;
		case ':':
			return usage_error("option '%s' needs an argument",
			    argv[optind - 1]);
		default:
			arg = argv[optind - 1];
			if (strncmp(arg, "--", 2) != 0)
				return usage_error("unknown option '-%c'", optopt);
			if (takes_no_argument(arg + 2))
				return usage_error("option '%.*s' takes no "
				    "argument", (int)strcspn(arg, "="), arg);
			return usage_error("unknown option '%s'", arg);
		}
	}
	if (given[OPT_COMPARE]) {
		while (optind < argc)
			o->roots[o->nroots++] = argv[optind++];
		if (o->nroots != 2 || o->roots_from)
			return usage_error("%s", "--compare takes two snapshots: "
			    "fragstat --compare A B");
	}
	if (optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	o->sysroot = o->nroots ? o->roots[0] : NULL;
	if (o->command && (c = command_mode(o, given)) != EXIT_OK)
		return c;
	stdin_users = (o->buddyinfo && strcmp(o->buddyinfo, "-") == 0) +
	    (o->pagetypeinfo && strcmp(o->pagetypeinfo, "-") == 0) +
	    (o->pressure && strcmp(o->pressure, "-") == 0);
	if (stdin_users > 1)
		return usage_error("%s", "only one input can be standard input");
	return check_mode(o, given);
}

int
options_orders(const char *opt, const char *list, unsigned long page_size,
    unsigned norders, unsigned *orders)
{
	char item[32];
	const char *p = list, *end;
	uint64_t v, mul, o;
	size_t n = 0, len, i;
	struct tok t;

	while (*p) {
		len = strcspn(p, ",");
		if (len == 0 || len >= sizeof(item) || n == FRAG_MAX_ORDERS)
			goto bad;
		memcpy(item, p, len);
		item[len] = '\0';
		p += len + (p[len] == ',');
		t.s = item;
		t.n = strspn(item, "0123456789");
		if (num_u64(&t, &v) != 0)
			goto bad;
		end = item + t.n;
		mul = 0;
		if (*end == 'K' || *end == 'k')
			mul = 1ULL << 10;
		else if (*end == 'M' || *end == 'm')
			mul = 1ULL << 20;
		else if (*end == 'G' || *end == 'g')
			mul = 1ULL << 30;
		if ((mul == 0 && *end != '\0') ||
		    (mul != 0 && end[1] != '\0' && strcmp(end + 1, "B") != 0 &&
		    strcmp(end + 1, "iB") != 0))
			goto bad;
		if (mul == 0)
			o = v;
		else {
			/* At most 2^56 bytes: no product or shift wraps. */
			for (o = 0; v <= (1ULL << 56) / mul &&
			    (uint64_t)page_size << o < v * mul; o++)
				;
			if (v > (1ULL << 56) / mul ||
			    (uint64_t)page_size << o != v * mul) {
				usage_error("%s: %s is not a power-of-two number "
				    "of %lu-byte pages", opt, item, page_size);
				return -1;
			}
		}
		if (o >= norders) {
			if (mul != 0)
				usage_error("%s: %s is order %llu, above the "
				    "buddy allocator's orders 0 to %u: such "
				    "gigantic pages come from "
				    "alloc_contig_pages(); ask with --need "
				    "COUNTx%s (and --map for the ceiling)", opt,
				    item, (unsigned long long)o, norders - 1,
				    item);
			else
				usage_error("%s: %s is order %llu, but the "
				    "input has orders 0 to %u", opt, item,
				    (unsigned long long)o, norders - 1);
			return -1;
		}
		for (i = 0; i < n && orders[i] != o; i++)
			;
		if (i == n)
			orders[n++] = (unsigned)o;
	}
	if (n > 0)
		return (int)n;
bad:
	usage_error("%s: '%s' is not a list of orders or sizes such as "
	    "9,2M,64K", opt, list);
	return -1;
}

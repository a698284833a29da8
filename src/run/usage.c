/* SPDX-License-Identifier: GPL-2.0-or-later */
/* usage.c - what fragstat says about how it is used: --help, --version and a usage error */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "advice.h"
#include "ferr.h"
#include "judge.h"
#include "opts.h"
#include "pageorder.h"
#include "usage.h"

/*
 * The text of --help, a section each; help2man makes the man page of it
 * (man/, tests/docs.sh), so each line stays as it is.
 */

/* --help: what fragstat answers, and the summary line by line. */
static const char help_intro[] =
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
"\n";

/* --help: where the files come from, and the modes over many roots. */
static const char help_input[] =
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
"                           live, else " PAGEORDER_DEFAULT_PAGE_SIZE_TEXT "\n"
"      --zoneinfo=FILE      read zoneinfo (watermarks) from FILE for --advise\n"
"      --roots-from=FILE    analyse every root listed in FILE, one per line\n"
"                           ('-': standard input); --sysroot may also be\n"
"                           given many times\n"
"      --fleet              with --roots-from or --sysroot: one summary of\n"
"                           every root, read one at a time: per size, free\n"
"                           now and after compaction over hosts and nodes\n"
"                           (min, nearest-rank p1 p5 p10 p50 p90, max), how\n"
"                           many fail --need, the worst hosts, the kernels\n"
"                           and page sizes; as a table, --json or\n"
"                           --format=svg (a cumulative distribution per size)\n"
"      --compare A B        show what changed from root A to root B\n"
"                           (two recordings: their runs side by side; a\n"
"                           directory of recordings: the runs of one side,\n"
"                           each metric's mean and sd, the change in % and\n"
"                           Welch's t-test at 95%, from 3 runs a side, in\n"
"                           mmtests' layout in 80 columns; --format=table:\n"
"                           wide, with n, min, max and B - A)\n"
"\n"
"      --capture=DIR        save the files fragstat reads (and the kernel's\n"
"                           index files when readable) into a new directory\n"
"                           DIR laid out like /, for --sysroot DIR later\n"
"\n";

/* --help: --watch and what it keeps: --record, --trigger. */
static const char help_watching[] =
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
"                           status (128+N if signal N killed it); missing\n"
"                           parent directories are made; on a terminal, a\n"
"                           line on stderr shows the time and samples; SIGINT,\n"
"                           SIGTERM, SIGHUP and SIGQUIT go to COMMAND\n"
"      --captures-every=N   with --record, also keep a full capture of every\n"
"                           Nth sample, as DIR/during/N\n"
"      --map-every=N        with --record (root), also keep a summary of the\n"
"                           map every Nth sample in DIR/map.ndjson: per zone\n"
"                           the polluted pageblocks by kind, the amplification,\n"
"                           clean 1 GiB regions and offlinable memory blocks;\n"
"                           refused when one map takes more than half of N\n"
"                           intervals\n"
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
"\n";

/* --help: the advice and what tunes it: --need, --compact. */
static const char help_advice[] =
"Advice:\n"
"      --advise[=ORDERS]    say per zone, node and machine whether an allocation\n"
"                           of each order would succeed, needs compaction or\n"
"                           needs reclaim, by the kernel's own rules; ORDERS is\n"
"                           a list of orders or sizes (9,2M,64K); default: the\n"
"                           pageblock order and every enabled THP size\n"
"      --gfp=KIND           movable (default: user memory, THP) or kernel\n"
"                           (never uses the Movable or HighMem zones)\n"
"      --threshold=N        vm.extfrag_threshold to apply (0-"
    ADVISE_THRESHOLD_MAX_TEXT "); default:\n"
"                           the sysctl, else 500\n"
"      --psi-some=PCT       memory pressure is elevated when 'some avg10'\n"
"                           reaches PCT (default 10)\n"
"      --psi-full=PCT       memory pressure is severe when 'full avg10'\n"
"                           reaches PCT (default 5)\n"
"      --need=N[xSIZE]      whether N allocations of SIZE (default: the\n"
"                           pageblock, 2M on x86; 2000x2M, 8x1G) are there:\n"
"                           ok (free now), compact (at most that many after\n"
"                           compaction), reclaim (not even then), unknown\n"
"                           (an input is missing) or impossible (a size\n"
"                           above the buddy orders the host has no hugetlb\n"
"                           pages of), with the counts and the hugetlb pool\n"
"                           of that size; given again (the summary or\n"
"                           --check), each is answered, the worst decides;\n"
"                           with --watch, each sample says the blocks free\n"
"                           now, their trend an hour since the first sample\n"
"                           and, falling, when they would be below N and\n"
"                           none left at that rate\n"
"      --node=N             the request of --need is for node N, and the\n"
"                           node --check judges; with --check and one\n"
"                           --need, each: each node asked, the worst decides\n"
"      --low=N              say 'only N left' below N free allocations of an\n"
"                           order, and short of memory where free memory\n"
"                           above the watermarks holds fewer than N (at\n"
"                           least 2, what compaction_suitable() wants);\n"
"                           default: 1% of the memory (zoneinfo's managed\n"
"                           pages) in units of the order\n"
"      --fragmented=LOW[,SEVERE]\n"
"                           the judgement's marks, whole percents of what\n"
"                           compaction could make at a size that is not free\n"
"                           now: above LOW fragmented (compaction would more\n"
"                           than double what a user gets: most allocations\n"
"                           wait for it), above SEVERE severely (nine in ten\n"
"                           wait); fragmented too where free memory could\n"
"                           hold 100/(100-SEVERE) times what is free now but\n"
"                           compaction cannot make it (pinned); short of\n"
"                           memory, whatever the marks, below --low's count\n"
"                           (LOW < SEVERE <= 100; default "
    JUDGE_FRAGMENTED_MARK_TEXT "," JUDGE_SEVERE_MARK_TEXT "; SEVERE\n"
"                           defaults to " JUDGE_SEVERE_MARK_TEXT ", or 100 when LOW is "
    JUDGE_SEVERE_MARK_TEXT " or more).\n"
"                           kcompactd's own marks (at the default\n"
"                           vm.compaction_proactiveness it starts above a\n"
"                           score of 90, stops at 80) say when it works,\n"
"                           not how memory is: shown as context\n"
"      --compact            as root, compact the nodes judged fragmented at\n"
"                           the sizes shown or whose advice is compact, then\n"
"                           count again: the counts before and after per\n"
"                           node and size\n"
"      --force              with --compact: compact every node\n"
"      --dry-run            with --compact: say which nodes it would compact\n"
"                           and why, without compacting (also of a --sysroot);\n"
"                           with --prepare: print the forecast and the plan\n"
"      --prepare            with one --need NxSIZE: forecast it per node and\n"
"                           machine (free now; at most after compaction, from\n"
"                           the map as root, else from free memory; what\n"
"                           reclaim must free before compaction runs; at most\n"
"                           after reclaiming clean page cache; the pinned limit\n"
"                           and the kinds of page that pin), then as root\n"
"                           compact the nodes short of it, count again and,\n"
"                           with --reclaim, reclaim what the forecast says,\n"
"                           compact again and count, stopping once the need is\n"
"                           met: ready, recovered, short, or pinned (said\n"
"                           before any work). The forecast's counts are upper\n"
"                           bounds: the kernel's own arithmetic over what the\n"
"                           files say now; README.md says how close the\n"
"                           kernel came on a real host\n"
"      --reclaim            with --prepare: let it drop clean page cache\n"
"                           (node N's /sys/devices/system/node/nodeN/reclaim,\n"
"                           else /proc/sys/vm/drop_caches: every node's)\n"
"\n";

/* --help: --check. */
static const char help_monitoring[] =
"Monitoring (a Nagios, Icinga or Sensu check):\n"
"      --check              print one status line, FRAGSTAT OK (WARNING,\n"
"                           CRITICAL, UNKNOWN) - what decided it | the counts\n"
"                           of every node as performance data, and exit 0\n"
"                           (1, 2, 3), as the monitoring plugins do; alone,\n"
"                           the judgement of the pageblock size: fine OK,\n"
"                           fragmented WARNING, severely CRITICAL, short of\n"
"                           memory CRITICAL with none free now, else\n"
"                           WARNING; with --need: ok is OK, compact\n"
"                           WARNING, reclaim or\n"
"                           impossible CRITICAL, unknown UNKNOWN, of the\n"
"                           machine as --need asks (of node N with\n"
"                           --node=N, of each with --node=each), named in\n"
"                           the line; else the worst\n"
"                           node decides, or --node's; bad input and bad\n"
"                           arguments are UNKNOWN too. As a user who may\n"
"                           not read /proc/pagetypeinfo (root only), the\n"
"                           count is between bounds: UNKNOWN only where\n"
"                           they do not settle it; then run it on a root\n"
"                           timer's capture (--sysroot) or through sudo\n"
"      --warn=N[xSIZE]      with --check, WARNING when fewer than N blocks of\n"
"                           SIZE (default: the pageblock) are free now\n"
"      --crit=N[xSIZE]      with --check, CRITICAL when fewer than N are free\n"
"                           now\n"
"\n";

/* --help: --map. */
static const char help_map[] =
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
"\n";

/* --help: how it is shown. */
static const char help_output[] =
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
"                           a --compare of snapshots or of recordings),\n"
"                           csv (RFC 4180, a header line) or ndjson: flat\n"
"                           rows of one or many roots for a database\n"
"      --rows=KIND          the rows of csv and ndjson: orders (default: one\n"
"                           per root, node, zone and order: the counts,\n"
"                           indices and verdict) or sizes (one per root,\n"
"                           node and size, and the machine's: free now,\n"
"                           after compaction, the verdicts, --need's)\n"
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
"\n";

/* --help: what every mode shares: usage errors and exit statuses. */
static const char help_end[] =
"An option that does nothing in the chosen mode is a usage error.\n"
"\n"
"Exit status: 0 success, 1 bad input or an input/output error, 2 usage error,\n"
"3 --verify found a difference; --need's answer: 4 compact, 5 reclaim,\n"
"6 unknown, 7 impossible, the worst of several --need or of several roots\n"
"(--fleet too) as ok, unknown, compact, reclaim, impossible; --prepare: 0\n"
"ready or recovered, else --need's, 8 pinned; --check: 0 OK, 1 WARNING,\n"
"2 CRITICAL, 3 UNKNOWN.\n"
"A reader that closes the pipe early ends fragstat quietly, with the\n"
"status it would have had.\n"
"\n";

/* Print --help, every option and the exit statuses, to FP. */
void
usage(FILE *fp)
{
	fprintf(fp, "Usage: %s [OPTION]...\n", progname);
	fputs(help_intro, fp);
	fputs(help_input, fp);
	fputs(help_watching, fp);
	fputs(help_advice, fp);
	fputs(help_monitoring, fp);
	fputs(help_map, fp);
	fputs(help_output, fp);
	fputs(help_end, fp);
	fprintf(fp, "Report bugs to: <%s>\n%s home page: <%s>\n",
	    PACKAGE_BUGREPORT, PACKAGE_NAME, PACKAGE_URL);
}

/* Print --version, the release and the licence, to standard output. */
void
usage_version(void)
{
	printf("%s %s\n"
	    "Copyright (C) 2026 the fragstat authors.\n"
	    "License GPLv2+: GNU GPL version 2 or later "
	    "<https://gnu.org/licenses/gpl.html>.\n"
	    "This is free software: you are free to change and redistribute it.\n"
	    "There is NO WARRANTY, to the extent permitted by law.\n",
	    PACKAGE_NAME, PACKAGE_VERSION);
}

/* Print "fragstat: MESSAGE" and the --help hint; returns EXIT_USAGE. */
int
usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ferr_vsay(fmt, ap);
	va_end(ap);
	fprintf(stderr, "Try '%s --help' for more information.\n", progname);
	return EXIT_USAGE;
}

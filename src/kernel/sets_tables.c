/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sets_tables.c - --compare of sets: the metrics every run may have, as tables */
#include "config.h"

#include <math.h>
#include <stddef.h>

#include "sets_tables.h"

#define NITEMS(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * What every run may have, in the table's order before the THP sizes: the
 * command's wall time, then the counters as they are, each metric derived
 * from them after the last counter it rests on: the rates reviewers quote,
 * and direct compaction's scanning.
 */
#define COUNTER(n, l, a, g) { .how = SETS_M_COUNTER, \
	.counter = (n), .name = (n), .label = (l), .abbr = (a), \
	.group = (g), .unit = "", .kind = SETS_DELTA, .hi = INFINITY }
/* Scanned by direct compaction: counter ALL less kcompactd's DAEMON. */
#define DIRECT(all, daemon, n, l, a) { .how = SETS_M_DIRECT, \
	.counter = (all), .minus = (daemon), .name = (n), .label = (l), \
	.abbr = (a), \
	.group = SETS_G_SCANNING, .unit = "", .kind = SETS_DELTA, \
	.hi = INFINITY }
const struct sets_mspec sets_run_metrics[] = {
	{ .how = SETS_M_WALL, .name = "wall_s", .label = "command's wall time",
	    .abbr = "wall-time-s", .group = SETS_G_RUN, .unit = "s", .digits = 3,
	    .kind = SETS_GAUGE, .hi = INFINITY },
	COUNTER("thp_fault_alloc", "PMD THP faults allocated",
	    "thp-fault-alloc", SETS_G_THP_FAULTS),
	COUNTER("thp_fault_fallback", "PMD THP faults fallen back",
	    "thp-fault-fallback", SETS_G_THP_FAULTS),
	COUNTER("thp_fault_fallback_charge", "PMD THP fallbacks (charge)",
	    "thp-fault-fb-charge", SETS_G_THP_FAULTS),
	{ .how = SETS_M_RATE, .counter = "thp_fault_alloc",
	    .minus = "thp_fault_fallback", .name = "thp_fault_success_rate",
	    .label = "THP fault success rate", .abbr = "thp-fault-ok%",
	    .group = SETS_G_THP_FAULTS, .unit = "%", .digits = 2,
	    .kind = SETS_RATE, .hi = 100 },
	COUNTER("compact_stall", "direct compaction stalls", "compact-stall",
	    SETS_G_DIRECT),
	COUNTER("compact_success", "direct compaction successes",
	    "compact-success", SETS_G_DIRECT),
	COUNTER("compact_fail", "direct compaction failures", "compact-fail",
	    SETS_G_DIRECT),
	{ .how = SETS_M_RATE, .counter = "compact_success",
	    .minus = "compact_fail", .name = "compact_success_rate",
	    .label = "direct compaction success rate", .abbr = "compact-ok%",
	    .group = SETS_G_DIRECT, .unit = "%", .digits = 2,
	    .kind = SETS_RATE, .hi = 100 },
	{ .how = SETS_M_PER, .name = "direct_scanned_per_success",
	    .label = "direct compaction pages scanned per success",
	    .abbr = "scan-per-success", .group = SETS_G_DIRECT,
	    .unit = "pages", .kind = SETS_RATE, .hi = INFINITY },
	COUNTER("compact_migrate_scanned", "pages scanned to migrate (all)",
	    "migrate-scan", SETS_G_SCANNING),
	COUNTER("compact_daemon_migrate_scanned", "  migrate scan by kcompactd",
	    "migrate-scan-kcd", SETS_G_SCANNING),
	DIRECT("compact_migrate_scanned", "compact_daemon_migrate_scanned",
	    "direct_migrate_scanned", "  migrate scan by direct compaction",
	    "migrate-scan-direct"),
	COUNTER("compact_free_scanned", "pages scanned for free pages (all)",
	    "free-scan", SETS_G_SCANNING),
	COUNTER("compact_daemon_free_scanned", "  free scan by kcompactd",
	    "free-scan-kcd", SETS_G_SCANNING),
	DIRECT("compact_free_scanned", "compact_daemon_free_scanned",
	    "direct_free_scanned", "  free scan by direct compaction",
	    "free-scan-direct"),
	/*
	 * kcompactd_do_work() counts KCOMPACTD_WAKE: a run woken on request,
	 * by kswapd's wakeup_kcompactd(); proactive compaction's rounds in
	 * kcompactd() count nothing, though they scan.
	 */
	COUNTER("compact_daemon_wake", "kcompactd runs woken by kswapd",
	    "kcd-woken-by-kswapd", SETS_G_SCANNING),
};
#undef COUNTER
#undef DIRECT

/*
 * The stalls a recording with --events timed (the trade-off of an A/B of
 * compaction settings): direct compaction's, kcompactd's runs, direct
 * reclaim's; how many, their time and the longest, in ms.
 */
#define STALL(k, f, n, l, a, u, d, kd) { .how = SETS_M_STALL, .stall = (k), \
	.field.stall = (f), .name = (n), .label = (l), .abbr = (a), \
	.group = SETS_G_STALLS, .unit = (u), .digits = (d), .kind = (kd), \
	.hi = INFINITY }
const struct sets_mspec sets_stall_metrics[] = {
	STALL(EV_STALL_COMPACTION, SETS_STALL_COUNT,
	    "stalls_compaction_count", "direct compaction stalls (events)",
	    "dc-stalls", "", 0, SETS_DELTA),
	STALL(EV_STALL_COMPACTION, SETS_STALL_TOTAL,
	    "stalls_compaction_total_ms", "direct compaction stall time",
	    "dc-stall-ms", "ms", 1, SETS_DELTA),
	STALL(EV_STALL_COMPACTION, SETS_STALL_MAX, "stalls_compaction_max_ms",
	    "longest direct compaction stall", "dc-stall-max-ms", "ms", 3,
	    SETS_EXTREME),
	STALL(EV_STALL_KCOMPACTD, SETS_STALL_COUNT, "stalls_kcompactd_count",
	    "kcompactd runs (events)", "kcd-runs", "", 0, SETS_DELTA),
	STALL(EV_STALL_KCOMPACTD, SETS_STALL_TOTAL,
	    "stalls_kcompactd_total_ms", "kcompactd run time", "kcd-run-ms",
	    "ms", 1, SETS_DELTA),
	STALL(EV_STALL_KCOMPACTD, SETS_STALL_MAX, "stalls_kcompactd_max_ms",
	    "longest kcompactd run", "kcd-run-max-ms", "ms", 3, SETS_EXTREME),
	STALL(EV_STALL_RECLAIM, SETS_STALL_COUNT, "stalls_reclaim_count",
	    "direct reclaim stalls", "reclaim-stalls", "", 0, SETS_DELTA),
	STALL(EV_STALL_RECLAIM, SETS_STALL_TOTAL, "stalls_reclaim_total_ms",
	    "direct reclaim stall time", "reclaim-stall-ms", "ms", 1,
	    SETS_DELTA),
	STALL(EV_STALL_RECLAIM, SETS_STALL_MAX, "stalls_reclaim_max_ms",
	    "longest direct reclaim stall", "reclaim-max-ms", "ms", 3,
	    SETS_EXTREME),
};
#undef STALL

/*
 * What every run may have after the THP sizes: the extfrag events, the
 * mean memory stall shares, the free pageblocks machine-wide.
 */
#define EXTFRAG(f, n, l, a) { .how = SETS_M_EXTFRAG, \
	.field.extfrag = (f), .name = (n), .label = (l), .abbr = (a), \
	.group = SETS_G_EVENTS, .unit = "", .kind = SETS_DELTA, .hi = INFINITY }
#define PSI(f, n, l, a) { .how = SETS_M_PSI, .field.psi = (f), .name = (n), \
	.label = (l), .abbr = (a), .group = SETS_G_PRESSURE, .unit = "%", \
	.digits = 2, .kind = SETS_SHARE, .hi = 100 }
#define BLOCKS(f, n, l, a, k) { .how = SETS_M_BLOCKS, .field.at = (f), \
	.name = (n), .label = (l), .abbr = (a), .group = SETS_G_FRAGMENTATION, \
	.unit = "", .kind = (k), .hi = INFINITY }
const struct sets_mspec sets_late_metrics[] = {
	EXTFRAG(SETS_EXTFRAG_ALL, "extfrag", "extfrag events", "extfrag"),
	EXTFRAG(SETS_EXTFRAG_FRAGMENTING, "extfrag_fragmenting",
	    "  fragmenting", "extfrag-fragmenting"),
	EXTFRAG(SETS_EXTFRAG_CLAIMED, "extfrag_claimed",
	    "  claimed a whole block", "extfrag-claimed"),
	EXTFRAG(SETS_EXTFRAG_CAPTURED, "extfrag_captured",
	    "  captured by compaction", "extfrag-captured"),
	PSI(SETS_PSI_SOME, "psi_some_stall_share", "memory stall, some (mean)",
	    "psi-some%"),
	PSI(SETS_PSI_FULL, "psi_full_stall_share", "memory stall, full (mean)",
	    "psi-full%"),
	BLOCKS(SETS_AT_MIN, "free_pageblocks_min", "free pageblocks, min",
	    "free-pb-min", SETS_EXTREME),
	BLOCKS(SETS_AT_MAX, "free_pageblocks_max", "free pageblocks, max",
	    "free-pb-max", SETS_EXTREME),
	BLOCKS(SETS_AT_END, "free_pageblocks_end", "free pageblocks, end",
	    "free-pb-end", SETS_GAUGE),
};
#undef EXTFRAG
#undef PSI
#undef BLOCKS

/*
 * The metrics of one THP size and kind, when some run used it. Their
 * NAME, LABEL and ABBR are the words after the size and kind.
 */
#define THP(f, n, l, a) { .how = SETS_M_THP, .field.thp = (f), .name = (n), \
	.label = (l), .abbr = (a), .group = SETS_G_THP_SIZE, .unit = "", \
	.kind = SETS_DELTA, .hi = INFINITY, .skip_zero = true }
const struct sets_mspec sets_thp_metrics[] = {
	THP(SETS_THP_ALLOC, "alloc", "alloc", "alloc"),
	THP(SETS_THP_FALLBACK, "fallback", "fallback", "fb"),
	THP(SETS_THP_CHARGE, "fallback_charge", "fallback_charge", "fbc"),
	{ .how = SETS_M_THP_SHARE, .name = "fallback_share",
	    .label = "fallback share", .abbr = "fb%", .group = SETS_G_THP_SIZE,
	    .unit = "%", .digits = 2, .kind = SETS_SHARE, .hi = 100,
	    .skip_zero = true },
};
#undef THP

/*
 * The indices of x's zone at each recorded order: the unusable index's
 * least, most and last, the fragmentation index's. NAME is the words
 * before the zone, LABEL and ABBR those before the value's end.
 */
#define INDEX(h, f, n, l, a, k) { .how = (h), .field.at = (f), \
	.name = (n), .label = (l), .abbr = (a), .group = SETS_G_FRAGMENTATION, \
	.unit = "index", .digits = 3, .kind = (k), .hi = 1 }
const struct sets_mspec sets_index_metrics[] = {
	INDEX(SETS_M_UNUSABLE, SETS_AT_MIN, "unusable_index", "unusable",
	    "unusable", SETS_EXTREME),
	INDEX(SETS_M_UNUSABLE, SETS_AT_MAX, "unusable_index", "unusable",
	    "unusable", SETS_EXTREME),
	INDEX(SETS_M_UNUSABLE, SETS_AT_END, "unusable_index", "unusable",
	    "unusable", SETS_GAUGE),
	INDEX(SETS_M_FRAGINDEX, SETS_AT_MIN, "fragmentation_index",
	    "fragindex", "fragidx", SETS_EXTREME),
	INDEX(SETS_M_FRAGINDEX, SETS_AT_MAX, "fragmentation_index",
	    "fragindex", "fragidx", SETS_EXTREME),
	INDEX(SETS_M_FRAGINDEX, SETS_AT_END, "fragmentation_index",
	    "fragindex", "fragidx", SETS_GAUGE),
};
#undef INDEX

/*
 * The spread of unmovable pages in x's zone over each run (--map-every):
 * did B slow it? Pollution can shrink: its change has no lower bound.
 * NAME is the words before the zone, LABEL those after it.
 */
#define MAP(f, n, l, a, u, d, k, low) { .how = SETS_M_MAP, \
	.field.map = (f), .name = (n), .label = (l), .abbr = (a), \
	.group = SETS_G_POLLUTION, .unit = (u), .digits = (d), .kind = (k), \
	.lo = (low), .hi = INFINITY }
const struct sets_mspec sets_map_metrics[] = {
	MAP(SETS_MAP_CHANGE, "polluted_pageblocks",
	    "polluted pageblocks, last - first", "polluted-pb-change",
	    "pageblocks", 0, SETS_CHANGE, -INFINITY),
	MAP(SETS_MAP_PER_HOUR, "polluted_pageblocks",
	    "polluted pageblocks per hour", "polluted-pb-per-h",
	    "pageblocks/h", 1, SETS_GROWTH, -INFINITY),
	MAP(SETS_MAP_AMPLIFICATION, "amplification", "amplification, end",
	    "amplification-end", "x", 2, SETS_GAUGE, 0),
	MAP(SETS_MAP_CLEAN_1G, "clean_1g_regions", "clean 1 GiB regions, end",
	    "clean-1g-end", "regions", 0, SETS_GAUGE, 0),
	MAP(SETS_MAP_OFFLINABLE, "offlinable_blocks",
	    "offlinable memory blocks, end", "offlinable-end", "blocks", 0,
	    SETS_GAUGE, 0),
};
#undef MAP

const size_t sets_nrun_metrics = NITEMS(sets_run_metrics);
const size_t sets_nstall_metrics = NITEMS(sets_stall_metrics);
const size_t sets_nlate_metrics = NITEMS(sets_late_metrics);
const size_t sets_nthp_metrics = NITEMS(sets_thp_metrics);
const size_t sets_nindex_metrics = NITEMS(sets_index_metrics);
const size_t sets_nmap_metrics = NITEMS(sets_map_metrics);

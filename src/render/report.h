/* SPDX-License-Identifier: GPL-2.0-or-later */
/* report.h - everything one run knows, handed to a renderer */
#ifndef FRAGSTAT_REPORT_H
#define FRAGSTAT_REPORT_H

#include <stdio.h>
#include <time.h>

#include "advise.h"
#include "events.h"
#include "frag.h"
#include "futile.h"
#include "jsonw.h"
#include "model.h"
#include "recording.h"
#include "sets.h"

struct map;
struct pins;
struct pollution;
struct pollution_zone;
struct regions;
struct offline;
struct memcg;
struct owners;
struct avail;
struct availability;
struct need;
struct unmanaged;

struct report {
	const char			*buddyinfo_path;
	const struct buddyinfo		*bi;
	const struct frag		*frag;		/* one per bi->zones[] */
	const char			*pagetypeinfo_path;
	const struct pagetypeinfo	*pti;		/* NULL when not read */
	const long			*pti_zone;	/* per bi zone: index in pti or -1 */
	const char			*pressure_path;
	const struct psi		*psi;		/* NULL when not read */
	const char			*release;	/* kernel release or NULL */
	unsigned long			 page_size;	/* bytes */
	const char			*page_size_from; /* "host", "option", "assumed" */
	const struct advice		*advice;	/* NULL without --advise */
	const char			*zoneinfo_path;	/* NULL when not read */
	const char			*snapshot;	/* root named in batches */
	const struct map		*map;		/* --map, else NULL */
	const struct pins		*pins;		/* --map alone: the pinned pageblocks */
	const struct pollution		*pollution;	/* with the pins: how far they spread */
	const struct regions		*regions;	/* --map: the 1 GiB regions, or NULL */
	const struct offline		*offline;	/* --map: the memory blocks, or NULL */
	const char			*offline_note;	/* why there are none to show */
	const struct memcg		*cg;		/* --map --cgroups, else NULL */
	const struct owners		*owners;	/* --map --cgroups, else NULL */
	const struct availability	*avail;		/* with the advice */
	const struct need		*need;		/* --need, else NULL */
	const struct hugetlb		*huge;		/* the hugetlb pools, or NULL */
	bool				 huge_known;	/* read: NULL huge means none */
	const struct thp		*thp;		/* the THP sizes, or NULL */
	const struct vmstat		*vm;		/* /proc/vmstat, or NULL */
	const struct unmanaged		*unm;		/* with zoneinfo, else NULL */
	bool				 ndjson;	/* JSON on one line */
	bool				 color;
};

/*
 * Memory present but not managed (render_unmanaged.c): BUF holding one
 * sentence on R->unm for the views, with its *LABEL ("Not managed:"), or
 * NULL when there is nothing to say; for --need, when the answer is
 * reclaim and that memory would cover it.
 */
const char *unmanaged_sentence(char *buf, size_t size, const struct report *r,
	    const char **label);
const char *unmanaged_need(char *buf, size_t size, const struct report *r);

/* The "unmanaged_pages" and "unmanaged_cause" members of zone BZ. */
void	render_unmanaged_zone_json(struct jsonw *w, const struct report *r,
	    const struct bzone *bz);

/* The machine's "unmanaged" member (null without zoneinfo). */
void	render_unmanaged_json(struct jsonw *w, const struct report *r);

/* Print PREFIX and TEXT folded at spaces into lines of at most 79 columns (colour sequences take none; render_fold.c). */
void	render_fold(FILE *fp, const char *prefix, const char *text);

/* The kernel's debugfs extfrag/unusable_index for R's buddyinfo. */
void	render_unusable(FILE *fp, const struct report *r);

/*
 * The kernel's debugfs extfrag/extfrag_index for R's buddyinfo, in the
 * layout of kernel release R->release (the current layout when NULL).
 */
void	render_extfrag(FILE *fp, const struct report *r);

/* The JSON document described in doc/reference.md. */
void	render_json(FILE *fp, const struct report *r);

/*
 * The "outcomes" member (doc/reference.md): R's THP sizes with their
 * counters, the outcome counters of /proc/vmstat, the hugetlb pools.
 */
void	render_outcomes_json(struct jsonw *w, const struct report *r);

/*
 * Write row A's judgement into the object W is in: "score", "judgement"
 * (null for a gigantic order of R) and "ratio" (null when after is 0).
 */
void	render_judgement_json(struct jsonw *w, const struct report *r,
	    const struct avail *a);

/* The same document as one object inside W's. */
void	render_json_object(struct jsonw *w, const struct report *r);

/* Returns BUF holding a sentence saying why A's verdict is what it is. */
const char *advice_sentence(char *buf, size_t size, const struct report *r,
	    const struct zadvice *a);

/*
 * Returns BUF holding what R->map says full compaction could make for A,
 * a compact verdict at an order the map bounds; else NULL. The verdict
 * stays the kernel's: this only adds the ceiling beside it.
 */
const char *advice_ceiling(char *buf, size_t size, const struct report *r,
	    const struct zadvice *a);

/* Returns BUF holding one line saying what ADV assumed ("" when nothing). */
const char *advice_assumed(char *buf, size_t size, const struct advice *adv);

/* The advice part of the table, with attributes BOLD and OFF around headings. */
void	render_advice_table(FILE *fp, const struct report *r, const char *bold,
	    const char *off);

/* Returns the index in TO of zone Z (likely at HINT), or -1 when TO lacks it. */
long	compare_match(const struct bzone *z, size_t hint,
	    const struct report *to);

/* What changed from snapshot A to snapshot B, as a table or as JSON. */
void	render_compare_table(FILE *fp, const struct report *a,
	    const struct report *b);
void	render_compare_json(FILE *fp, const struct report *a,
	    const struct report *b);

/* The Prometheus text format (metrics named fragstat_*). */
void	render_prom(FILE *fp, const struct report *r);

/*
 * For the other writers of gauges: the HELP and TYPE lines of gauge NAME;
 * "fragstat_NAME{node="NODE",zone="ZONE"" (escaped) without the brace.
 */
void	render_prom_head(FILE *fp, const char *name, const char *help);
void	render_prom_zone(FILE *fp, const char *name, unsigned node,
	    const char *zone);

/*
 * Pictures (render_svg.c): one SVG document of R; of A beside B with the
 * change; of the N snapshots R[0..N) over time.
 */
void	render_svg(FILE *fp, const struct report *r);
void	render_svg_compare(FILE *fp, const struct report *a,
	    const struct report *b);
void	render_svg_batch(FILE *fp, const struct report *r, size_t n);

/* --map (R->map): the ceiling per zone, then the classes; or as JSON. */
void	render_map_table(FILE *fp, const struct report *r);
void	render_map_json(FILE *fp, const struct report *r);

/*
 * --map's pollution (render_pollution.c): the table's section; a zone's
 * "pollution" member Z; the nodes' and machine's; the Prometheus gauges.
 */
void	render_pollution_table(FILE *fp, const struct report *r);
void	render_pollution_json(struct jsonw *w, const struct pollution *pl,
	    const struct pollution_zone *z);
void	render_pollution_nodes_json(struct jsonw *w, const struct pollution *pl);
void	render_pollution_prom(FILE *fp, const struct report *r);
/*
 * One line of --map-every (RECORD_MAPS): sample SAMPLE, ELAPSED_MS after
 * the recording began, the map read in MAP_MS; per zone the pollution,
 * clean 1 GiB regions and offlinable memory blocks of R.
 */
void	render_map_sample_json(FILE *fp, const struct report *r,
	    unsigned long sample, uint64_t elapsed_ms, uint64_t map_ms);
/* A recording's map summaries (--map-every): first, last, most, growth per hour. */
struct mapseries;
void	render_replay_map_table(FILE *fp, const struct mapseries *s);
/* Returns BUF holding the amplification V (hundredths, -1: none) as "4.90x" or "-". */
const char *pollution_words(char *buf, size_t size, long long v);

/*
 * --map's 1 GiB regions (render_regions.c): the table's section and the
 * "regions" member. What keeps a region or a memory block: BUF holding
 * its pages BY_KIND, UNINIT not initialised and HOLE of no memory ("2
 * slab, 1 kernel"); in W, its "by_kind" (the kinds present) and
 * "not_initialised_pages".
 */
void	render_regions_table(FILE *fp, const struct report *r);
void	render_regions_json(struct jsonw *w, const struct report *r);
const char *render_keep_words(char *buf, size_t size, const uint64_t *by_kind,
	    uint64_t uninit, uint64_t hole);
void	render_keep_json(struct jsonw *w, const uint64_t *by_kind,
	    uint64_t uninit);

/* --map's memory blocks (render_offline.c): the table's section, the "memory_blocks" member. */
void	render_offline_table(FILE *fp, const struct report *r);
void	render_offline_json(struct jsonw *w, const struct report *r);

/* --map --format=svg (render_svg_map.c): a cell per pageblock, per zone. */
void	render_map_svg(FILE *fp, const struct report *r);

/*
 * The recording R (read from DIR with its series, replay.h) over time;
 * recording A beside B on the same scales, with the change.
 */
void	render_svg_recording(FILE *fp, const char *dir, const struct replay *r);
void	render_svg_recordings(FILE *fp, const char *da, const struct replay *a,
	    const char *db, const struct replay *b);

/* The human-readable table (--detail). */
void	render_table(FILE *fp, const struct report *r);

/* The default view: the verdict first, then one line per zone (needs R->advice). */
void	render_summary(FILE *fp, const struct report *r);

/* One sample and what changed since the previous one. */
struct wsample {
	const struct report	*r;
	const struct vmstat	*vm;		/* NULL without /proc/vmstat */
	struct timespec		 wall;
	uint64_t		 elapsed_ms;	/* since the previous sample, 0: first */
	unsigned		 interval_ms;	/* asked for: below 1000, times show ms */
	const unsigned		*orders;	/* the orders that matter */
	size_t			 norders;
	unsigned		 pageblock_order;
	uint64_t		 rate[VM_NCOUNTERS];	/* hundredths per second */
	uint32_t		 rate_ok;	/* bit per counter with a rate */
	uint32_t		 stall[2];	/* some, full: hundredths of a percent */
	bool			 stall_ok[2];
	const struct ev_counts	*ev;		/* --events: since the previous sample */
	const struct ev_names	*evn;
	const struct buddyinfo	*prev_bi;	/* the previous sample, NULL at first */
	const struct frag	*prev_frag;
	const struct futile	*futile;	/* kcompactd's wakeups so far */
	const struct thp	*prev_thp;	/* NULL at first or without THP */
	const struct vmstat	*prev_vm;
};

/* Print sample S as lines of the table, or as one JSON line. */
void	render_watch_table(FILE *fp, const struct wsample *s, unsigned long n);
void	render_watch_json(FILE *fp, const struct wsample *s);

/* The events of sample S: the "events" member's value, or table lines. */
void	render_events_json(struct jsonw *w, const struct wsample *s);
void	render_events_table(FILE *fp, const struct wsample *s);

/* The summary of recording R (render_replay.c) as a table or as one JSON document. */
void	replay_table(FILE *fp, const char *dir, const struct replay *r);
void	replay_json(FILE *fp, const char *dir, const struct replay *r);

/* Recording A (from DA) beside B (from DB): a table with B - A, or JSON {"a", "b"}. */
void	replay_compare_table(FILE *fp, const char *da, const struct replay *a,
	    const char *db, const struct replay *b);
void	replay_compare_json(FILE *fp, const char *da, const struct replay *a,
	    const char *db, const struct replay *b);

/*
 * --compare of two sets of runs X: as a table, as JSON {"compare": {...,
 * "metrics": [...]}} (render_sets.c), as SVG (render_svg_sets.c).
 */
void	sets_table(FILE *fp, const struct sets *x);
void	sets_json(FILE *fp, const struct sets *x);
void	sets_svg(FILE *fp, const struct sets *x);

/*
 * What the sets' table and picture share: a number, what the test says,
 * and the metrics left out past SETS_MAX_METRICS as one malloc'd sentence
 * (NULL when none were, or out of memory).
 */
const char *sets_num(char *buf, size_t size, double v, int digits);
const char *sets_verdict(char *buf, size_t size, const struct sets_metric *s);
char	*sets_dropped_text(const struct sets *x);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_prom.c - the Prometheus text format, for node_exporter's textfile collector */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include "avail.h"
#include "humanize.h"
#include "map.h"
#include "offline.h"
#include "outcome.h"
#include "pollution.h"
#include "regions.h"
#include "render_prom.h"
#include "report.h"

/* The elements of array A: its bound written once, where it is declared. */
#define NITEMS(a)	(sizeof(a) / sizeof((a)[0]))

/* Write the HELP and TYPE lines of metric NAME. */
static void
head(FILE *fp, const char *name, const char *type, const char *help)
{
	fprintf(fp, "# HELP fragstat_%s %s\n# TYPE fragstat_%s %s\n", name,
	    help, name, type);
}

/* Write the HELP and TYPE lines of gauge NAME: most metrics are gauges. */
static void
gauge(FILE *fp, const char *name, const char *help)
{
	head(fp, name, "gauge", help);
}

/*
 * Write S as a label value, escaped as the text format wants: backslash,
 * double quote and newline (a THP counter is named by a file of stats/,
 * and a file's name may hold any of them).
 */
static void
label(FILE *fp, const char *s)
{
	for (; *s; s++) {
		if (*s == '\n') {
			fputs("\\n", fp);
			continue;
		}
		if (*s == '\\' || *s == '"')
			putc('\\', fp);
		putc(*s, fp);
	}
}

/* Write "fragstat_NAME{node="NODE",zone="ZONE"" without the closing brace. */
static void
prom_zone(FILE *fp, const char *name, unsigned node, const char *zone)
{
	fprintf(fp, "fragstat_%s{node=\"%u\",zone=\"", name, node);
	label(fp, zone);
	putc('"', fp);
}

/* Write "fragstat_NAME{node="N",zone="Z"" of zone Z without the closing brace. */
static void
zone_series(FILE *fp, const char *name, const struct bzone *z)
{
	prom_zone(fp, name, z->node, z->name);
}

/* Write ",order="O"". */
static void
order(FILE *fp, unsigned o)
{
	fprintf(fp, ",order=\"%u\"", o);
}

/* Write "fragstat_NAME{node="N",zone="Z",order="O"}" of zone Z at order O. */
static void
zone_order_series(FILE *fp, const char *name, const struct bzone *z,
    unsigned o)
{
	zone_series(fp, name, z);
	order(fp, o);
	putc('}', fp);
}

/* Write ",migratetype="T"}", the last label of a series. */
static void
migratetype(FILE *fp, const char *t)
{
	fputs(",migratetype=\"", fp);
	label(fp, t);
	fputs("\"}", fp);
}

/* Write the count V as a sample's value, and end the line. */
static void
value(FILE *fp, uint64_t v)
{
	fprintf(fp, " %" PRIu64 "\n", v);
}

/* Write the thousandths V as a sample's value, a ratio (-500 is -0.500). */
static void
ratio(FILE *fp, long long v)
{
	char b[48];

	fprintf(fp, " %s\n", hum_fixed(b, sizeof(b), v, 3));
}

static void
zones(FILE *fp, const struct report *r)
{
	const struct bzone *z;
	size_t i;
	unsigned o;

	gauge(fp, "free_blocks", "Free blocks per zone and order "
	    "(/proc/buddyinfo).");
	for (i = 0; i < r->bi->nzones; i++)
		for (o = 0, z = &r->bi->zones[i]; o < r->bi->norders; o++) {
			zone_order_series(fp, "free_blocks", z, o);
			value(fp, z->free[o]);
		}
	gauge(fp, "free_pages", "Free pages per zone, sum of free "
	    "blocks times 2^order.");
	for (i = 0; i < r->bi->nzones; i++) {
		zone_series(fp, "free_pages", &r->bi->zones[i]);
		putc('}', fp);
		value(fp, r->frag[i].free_pages);
	}
	gauge(fp, "unusable_index_ratio", "Unusable free space index "
	    "per zone and order, as the kernel's extfrag/unusable_index.");
	for (i = 0; i < r->bi->nzones; i++)
		for (o = 0; o < r->bi->norders; o++) {
			zone_order_series(fp, "unusable_index_ratio",
			    &r->bi->zones[i], o);
			ratio(fp, r->frag[i].unusable[o]);
		}
	gauge(fp, "fragmentation_index_ratio", "Fragmentation index "
	    "per zone and order, as the kernel's extfrag/extfrag_index; -1 "
	    "where an allocation of the order would succeed.");
	for (i = 0; i < r->bi->nzones; i++)
		for (o = 0; o < r->bi->norders; o++) {
			zone_order_series(fp, "fragmentation_index_ratio",
			    &r->bi->zones[i], o);
			ratio(fp, r->frag[i].fragindex[o]);
		}
}

static void
migratetypes(FILE *fp, const struct report *r)
{
	const struct pagetypeinfo *p = r->pti;
	const struct ptzone *pz;
	size_t i;
	unsigned t, o;

	gauge(fp, "migratetype_free_blocks", "Free blocks per zone, "
	    "migratetype and order (/proc/pagetypeinfo; a lower bound where "
	    "the kernel printed >100000).");
	for (i = 0; i < r->bi->nzones; i++) {
		if (r->pti_zone[i] < 0)
			continue;
		pz = &p->zones[r->pti_zone[i]];
		for (t = 0; t < p->ntypes; t++)
			for (o = 0; o < p->norders && pz->has_free[t]; o++) {
				zone_series(fp, "migratetype_free_blocks",
				    &r->bi->zones[i]);
				order(fp, o);
				migratetype(fp, p->types[t]);
				value(fp, pz->free[t][o]);
			}
	}
	gauge(fp, "pageblocks", "Pageblocks per zone and migratetype "
	    "(/proc/pagetypeinfo).");
	for (i = 0; i < r->bi->nzones; i++) {
		if (r->pti_zone[i] < 0)
			continue;
		pz = &p->zones[r->pti_zone[i]];
		for (t = 0; t < p->ntypes; t++) {
			if (!pz->has_blocks[t])
				continue;
			zone_series(fp, "pageblocks", &r->bi->zones[i]);
			migratetype(fp, p->types[t]);
			value(fp, pz->blocks[t]);
		}
	}
}

/* Write ",verdict="V"} " and 1 when V is the verdict GOT, else 0. */
static void
verdict(FILE *fp, int v, enum verdict got)
{
	fprintf(fp, ",verdict=\"%s\"}", advise_verdict_name(v));
	value(fp, got == (enum verdict)v);
}

/* Which figure of kcompactd's a gauge of each node writes. */
enum kc_figure { KC_SCORE, KC_HIGH, KC_PROACTIVE };

/* Write gauge NAME of every node kcompactd looks at: its figure WHICH. */
static void
kcompactd_gauge(FILE *fp, const struct advice *adv, const char *name,
    const char *help, enum kc_figure which)
{
	const struct kcompactd *k;
	size_t i;

	gauge(fp, name, help);
	for (i = 0; i < adv->nkc; i++) {
		k = &adv->kc[i];
		fprintf(fp, "fragstat_%s{node=\"%u\"}", name, k->node);
		value(fp, which == KC_SCORE ? k->score : which == KC_HIGH ?
		    (uint64_t)k->high : (uint64_t)k->proactive);
	}
}

static void
advice(FILE *fp, const struct report *r)
{
	const struct advice *adv = r->advice;
	size_t i, j;
	int v;

	gauge(fp, "advice", "1 for the verdict fragstat --advise "
	    "gives per zone and order (ok, compact, reclaim), else 0.");
	for (i = 0; i < adv->nzones; i++)
		for (v = VERDICT_OK; v < VERDICT_NADVICE; v++) {
			zone_series(fp, "advice",
			    &r->bi->zones[adv->zones[i].zone]);
			order(fp, adv->zones[i].order);
			verdict(fp, v, adv->zones[i].verdict);
		}
	gauge(fp, "machine_advice", "1 for the verdict for the whole "
	    "machine per order, else 0.");
	for (j = 0; j < adv->norders; j++)
		for (v = VERDICT_OK; v < VERDICT_NADVICE; v++) {
			fprintf(fp, "fragstat_machine_advice{order=\"%u\"",
			    adv->orders[j]);
			verdict(fp, v, advise_best(adv, -1, j));
		}
	gauge(fp, "extfrag_threshold_ratio", "vm.extfrag_threshold "
	    "the advice applied, as an index.");
	fputs("fragstat_extfrag_threshold_ratio", fp);
	ratio(fp, adv->threshold);
	if (adv->kc == NULL)
		return;
	kcompactd_gauge(fp, adv, "kcompactd_score", "Proactive compaction "
	    "fragmentation score per node (0-100), as kcompactd computes it.",
	    KC_SCORE);
	kcompactd_gauge(fp, adv, "kcompactd_score_high", "Score above which "
	    "kcompactd starts proactive compaction.", KC_HIGH);
	kcompactd_gauge(fp, adv, "kcompactd_proactive", "1 when kcompactd would "
	    "start proactive compaction of the node now.", KC_PROACTIVE);
}

static void
pressure(FILE *fp, const struct report *r)
{
	static const char *const kind[] = { "some", "full" };
	static const char *const window[] = { "10s", "60s", "300s" };
	const struct psi_line *l[NITEMS(kind)] = { &r->psi->some,
	    &r->psi->full };
	uint32_t avg[NITEMS(window)];
	char b[48];
	size_t i, k;

	head(fp, "memory_pressure_stall_seconds_total", "counter", "Time tasks "
	    "stalled on memory since boot (/proc/pressure/memory total).");
	for (i = 0; i < NITEMS(l); i++) {
		if (!l[i]->present)
			continue;
		/* Microseconds as seconds; the whole u64 range, not a long long. */
		fprintf(fp, "fragstat_memory_pressure_stall_seconds_total"
		    "{kind=\"%s\"} %" PRIu64 ".%06" PRIu64 "\n", kind[i],
		    l[i]->total_us / 1000000, l[i]->total_us % 1000000);
	}
	gauge(fp, "memory_pressure_ratio", "Share of time tasks "
	    "stalled on memory, averaged over the window.");
	for (i = 0; i < NITEMS(l); i++) {
		if (!l[i]->present)
			continue;
		avg[0] = l[i]->avg10;
		avg[1] = l[i]->avg60;
		avg[2] = l[i]->avg300;
		for (k = 0; k < NITEMS(window); k++) {
			fprintf(fp, "fragstat_memory_pressure_ratio{kind=\"%s\","
			    "window=\"%s\"} %s\n", kind[i], window[k],
			    hum_fixed(b, sizeof(b), avg[k], 4));
		}
	}
}

/* Which count of an availability row a gauge of it writes. */
enum avail_count { AV_NOW, AV_AFTER, AV_CEILING };

/* Write gauge NAME of every zone's availability row: its count WHICH. */
static void
avail_gauge(FILE *fp, const struct report *r, const char *name,
    const char *help, enum avail_count which)
{
	const struct avail *a;
	size_t i;

	gauge(fp, name, help);
	for (i = 0; i < r->avail->n; i++) {
		a = &r->avail->rows[i];
		if (a->zone < 0)
			continue;
		zone_order_series(fp, name, &r->bi->zones[a->zone], a->order);
		value(fp, which == AV_NOW ? a->now : which == AV_AFTER ?
		    a->after : map_ceiling(r->map, (size_t)a->zone, a->order));
	}
}

/*
 * The bytes of a block of each order the counts have (page size <<
 * order): a fleet's rules aggregate hosts of different page sizes by it
 * (prometheus/fragstat.fleet.rules.yml), as --fleet does.
 */
static void
block_bytes(FILE *fp, const struct report *r)
{
	bool seen[FRAG_MAX_ORDERS + 1] = { false };
	const struct avail *a;
	size_t i;

	gauge(fp, "block_bytes", "Bytes in a block of the order: the "
	    "page size times 2 to the order.");
	for (i = 0; i < r->avail->n; i++) {
		a = &r->avail->rows[i];
		if (a->order > FRAG_MAX_ORDERS || seen[a->order])
			continue;
		seen[a->order] = true;
		fprintf(fp, "fragstat_block_bytes{order=\"%u\"} %" PRIu64 "\n",
		    a->order, (uint64_t)r->page_size << a->order);
	}
}

/*
 * The counts per zone and order: available now, at most after compaction
 * and, with the map, the ceiling.
 */
static void
availability(FILE *fp, const struct report *r)
{
	gauge(fp, "pageblock_order", "The pageblock order (huge "
	    "pages and compaction work in pageblocks).");
	fputs("fragstat_pageblock_order", fp);
	value(fp, advise_block_order(r->pti, r->advice));
	/* Free now's earlier name, kept for the rules and dashboards that use it. */
	avail_gauge(fp, r, "available_blocks", "Allocations of the order that "
	    "would succeed one after another now, without compaction or "
	    "reclaim (an upper bound where an input is missing).", AV_NOW);
	avail_gauge(fp, r, "free_now_blocks", "Free now: the same series as "
	    "fragstat_available_blocks, by the name the other outputs use.",
	    AV_NOW);
	avail_gauge(fp, r, "after_compaction_blocks", "At most this many "
	    "allocations of the order after full compaction (the map's "
	    "ceiling with --map, else free memory above the watermarks).",
	    AV_AFTER);
	block_bytes(fp, r);
	if (r->map)
		avail_gauge(fp, r, "compaction_ceiling_blocks", "Aligned blocks "
		    "of the order free of holes and unmovable pages, within "
		    "free memory (--map).", AV_CEILING);
}

/* Which figure of a node's availability row a gauge of it writes. */
enum node_figure { NF_SCORE, NF_JUDGEMENT, NF_RATIO };

/*
 * Write gauge NAME of every node's availability row at the orders the
 * buddy allocator holds: its figure WHICH (the ratio only where
 * compaction could make something).
 */
static void
node_gauge(FILE *fp, const struct report *r, const char *name,
    const char *help, enum node_figure which)
{
	const struct avail *a;
	char b[48];
	size_t i;

	gauge(fp, name, help);
	for (i = 0; i < r->avail->n; i++) {
		a = &r->avail->rows[i];
		if (a->zone >= 0 || a->node < 0 ||
		    a->order >= r->bi->norders ||
		    (which == NF_RATIO && a->after == 0))
			continue;
		fprintf(fp, "fragstat_%s{node=\"%d\"", name, a->node);
		order(fp, a->order);
		putc('}', fp);
		if (which == NF_RATIO)
			fprintf(fp, " %s\n", hum_fixed(b, sizeof(b),
			    judge_ratio(a->now, a->after), 4));
		else
			value(fp, which == NF_SCORE ? a->score : a->judgement);
	}
}

/*
 * The judgement per node and order of the advice: proactive compaction's
 * score, the judgement against the marks, the share of what compaction
 * could make that is free now, and the marks.
 */
static void
judgement(FILE *fp, const struct report *r)
{
	node_gauge(fp, r, "fragmentation_score", "Proactive compaction's "
	    "fragmentation score at the order, per node (0-100; kcompactd's "
	    "own at its order).", NF_SCORE);
	node_gauge(fp, r, "fragmentation_judgement", "0 fine, 1 fragmented, "
	    "2 severely fragmented (the ratio below 100 less the mark), 3 "
	    "short of memory.", NF_JUDGEMENT);
	node_gauge(fp, r, "available_ratio", "Allocations of the order "
	    "available now over those at most available after compaction "
	    "(0-1).", NF_RATIO);
	gauge(fp, "fragmentation_mark", "The percents of what compaction "
	    "could make missing now above which the judgement says "
	    "fragmented and severely fragmented.");
	fprintf(fp, "fragstat_fragmentation_mark{level=\"fragmented\"} %u\n"
	    "fragstat_fragmentation_mark{level=\"severe\"} %u\n",
	    r->avail->marks.low, r->avail->marks.high);
}

/* Write metric NAME: every counter of M of each THP size of T, by its labels. */
static void
thp_series(FILE *fp, const struct thp *t, enum outcome_stat m,
    const char *name)
{
	const struct thp_counter *c;
	const char *k;
	size_t i, j;

	for (i = 0; i < t->n; i++)
		for (j = 0; j < t->sizes[i].nc; j++) {
			c = &t->sizes[i].c[j];
			if (outcome_stat_of(c->name) != m)
				continue;
			fprintf(fp, "fragstat_%s{size=\"%" PRIu64 "kB\"", name,
			    t->sizes[i].kb);
			k = outcome_stat_kind(c->name);
			/* The names are the files of stats/: escaped. */
			if (m == OUTCOME_STAT_ALLOCATIONS) {
				fprintf(fp, ",kind=\"%s\",outcome=\"", k);
				label(fp, outcome_stat_outcome(c->name, k));
			} else if (m == OUTCOME_STAT_EVENTS) {
				fputs(",event=\"", fp);
				label(fp, c->name);
			} else {
				fputs(",kind=\"", fp);
				label(fp, outcome_stat_pages(c->name));
			}
			fputs("\"}", fp);
			value(fp, c->v);
		}
}

/*
 * The THP sizes: whether each is on, and every counter of its stats/:
 * allocations by kind and outcome, the other events, the pages now.
 */
static void
thp(FILE *fp, const struct thp *t)
{
	size_t i;

	gauge(fp, "thp_enabled", "1 when anonymous faults may "
	    "allocate THP of the size (its enabled file, or inherit and the "
	    "top-level one).");
	for (i = 0; i < t->n; i++) {
		fprintf(fp, "fragstat_thp_enabled{size=\"%" PRIu64 "kB\"}",
		    t->sizes[i].kb);
		value(fp, t->sizes[i].on);
	}
	head(fp, "thp_allocations_total", "counter", "THP allocations of the "
	    "size by kind (anon_fault, shmem, swpin) and outcome (alloc, "
	    "declined, fallback, fallback_charge: the memcg limit), from the "
	    "size's stats/ since boot.");
	thp_series(fp, t, OUTCOME_STAT_ALLOCATIONS, "thp_allocations_total");
	head(fp, "thp_events_total", "counter", "The other event counters of "
	    "the size's stats/ (split, split_failed, swpout, ...), since boot.");
	thp_series(fp, t, OUTCOME_STAT_EVENTS, "thp_events_total");
	gauge(fp, "thp_pages", "THP of the size now, by the stats/ file's "
	    "name less its nr_ (anon, anon_partially_mapped).");
	thp_series(fp, t, OUTCOME_STAT_PAGES, "thp_pages");
}

/* One series of the hugetlb pool of pages of BYTES (NODE < 0: machine-wide). */
static void
pool(FILE *fp, int node, uint64_t bytes, const char *state, uint64_t v)
{
	if (node < 0)
		fprintf(fp, "fragstat_hugetlb_pages{");
	else
		fprintf(fp, "fragstat_hugetlb_node_pages{node=\"%d\",", node);
	fprintf(fp, "size=\"%" PRIu64 "kB\",state=\"%s\"}", bytes / 1024,
	    state);
	value(fp, v);
}

/* The hugetlb pools, machine-wide and per node. */
static void
hugetlb(FILE *fp, const struct hugetlb *h)
{
	const struct hugetlb_size *z;
	const struct hugetlb_node *nd;
	size_t i, j;

	gauge(fp, "hugetlb_pages", "The hugetlb pool of the size: "
	    "total (nr_hugepages), free, reserved, surplus and the "
	    "overcommit limit.");
	for (i = 0; i < h->nsizes; i++) {
		z = &h->sizes[i];
		pool(fp, -1, z->bytes, "total", z->nr);
		pool(fp, -1, z->bytes, "free", z->free);
		pool(fp, -1, z->bytes, "reserved", z->resv);
		pool(fp, -1, z->bytes, "surplus", z->surplus);
		pool(fp, -1, z->bytes, "overcommit", z->overcommit);
	}
	gauge(fp, "hugetlb_node_pages", "The hugetlb pool of the "
	    "size on the node: total, free and surplus.");
	for (i = 0; i < h->nsizes; i++)
		for (j = 0; j < h->sizes[i].nnodes; j++) {
			z = &h->sizes[i];
			nd = &z->nodes[j];
			pool(fp, (int)nd->node, z->bytes, "total", nd->nr);
			pool(fp, (int)nd->node, z->bytes, "free",
			    nd->free);
			pool(fp, (int)nd->node, z->bytes, "surplus",
			    nd->surplus);
		}
}

/*
 * Write one series of NAME for zone I of M's: with the label KEY="VAL"
 * (KEY NULL: none), of value V.
 */
static void
map_zone_series(FILE *fp, const char *name, const struct map *m, size_t i,
    const char *key, const char *val, uint64_t v)
{
	prom_zone(fp, name, m->zones[i].node, m->zones[i].name);
	if (key != NULL)
		fprintf(fp, ",%s=\"%s\"", key, val);
	fprintf(fp, "} %" PRIu64 "\n", v);
}

/* The pollution's gauges of --map (render_pollution.c has its table and JSON). */
static void
pollution_prom(FILE *fp, const struct report *r)
{
	const struct pollution *pl = r->pollution;
	const struct map *m = r->map;
	const struct pollution_zone *z;
	char b[32];
	long long amp;
	unsigned k;
	size_t i;

	gauge(fp, "pollution_pageblocks", "Pageblocks wholly of "
	    "initialised memory, over which the pollution is counted (--map).");
	for (i = 0; i < m->nzones; i++)
		map_zone_series(fp, "pollution_pageblocks", m, i, NULL, NULL,
		    pl->zones[i].blocks);
	gauge(fp, "polluted_pageblocks", "Of them, pageblocks holding "
	    "at least one unmovable page other than reserved boot memory "
	    "and hugetlb pages (--map).");
	for (i = 0; i < m->nzones; i++)
		map_zone_series(fp, "polluted_pageblocks", m, i, NULL, NULL,
		    pl->zones[i].polluted_blocks);
	gauge(fp, "unmovable_pages", "Unmovable pages in those "
	    "pageblocks by kind, as --map classes them (reserved boot "
	    "memory and hugetlb pages apart from the pollution).");
	for (i = 0; i < m->nzones; i++)
		for (k = 0; k < MAP_NPINS; k++)
			map_zone_series(fp, "unmovable_pages", m, i, "kind",
			    map_pin_name(k), pl->zones[i].pages_by_kind[k]);
	gauge(fp, "polluted_pageblocks_by_kind", "Pageblocks holding at "
	    "least one unmovable page of the kind (--map).");
	for (i = 0; i < m->nzones; i++)
		for (k = 0; k < MAP_NPINS; k++)
			map_zone_series(fp, "polluted_pageblocks_by_kind", m, i,
			    "kind", map_pin_name(k),
			    pl->zones[i].blocks_by_kind[k]);
	gauge(fp, "pollution_amplification", "The share of pageblocks "
	    "polluted over the share of memory unmovable (reserved and "
	    "hugetlb apart); "
	    "absent without unmovable pages (--map).");
	for (i = 0; i < m->nzones; i++) {
		z = &pl->zones[i];
		if ((amp = pollution_amplification(z, pl->pageblock_order,
		    MAP_NPINS)) < 0)
			continue;
		prom_zone(fp, "pollution_amplification", m->zones[i].node,
		    m->zones[i].name);
		fprintf(fp, "} %s\n", hum_fixed(b, sizeof(b), amp, 2));
	}
}

/*
 * The 1 GiB regions and memory blocks of --map per zone, by state: what a
 * dashboard needs to see gigantic pages or hot-unplug become impossible.
 */
static void
regions_blocks_prom(FILE *fp, const struct report *r)
{
	static const enum offline_state of[] = { OFF_OFFLINABLE, OFF_KEPT,
	    OFF_HOLE };
	const struct map *m = r->map;
	size_t i, s;

	if (r->regions && r->regions->order) {
		gauge(fp, "gigantic_regions", "Aligned regions of the "
		    "gigantic order wholly in the zone: free (every page "
		    "free), clean (no pinned page, not free), tainted, "
		    "with_hole (--map).");
		for (i = 0; i < m->nzones; i++)
			for (s = 0; s < REGION_NSTATES; s++)
				map_zone_series(fp, "gigantic_regions", m, i,
				    "state", region_state_name(
				    (enum region_state)s),
				    r->regions->zones[i][s]);
	}
	if (r->offline && r->offline->block_pages) {
		gauge(fp, "memory_blocks", "Online memory blocks in the "
		    "zone alone: offlinable (no pinned page), kept or "
		    "with_hole (never) (--map).");
		for (i = 0; i < m->nzones; i++)
			for (s = 0; s < NITEMS(of); s++)
				map_zone_series(fp, "memory_blocks", m, i,
				    "state", offline_state_name(of[s]),
				    r->offline->zones[i][of[s]]);
	}
}

void
render_prom(FILE *fp, const struct report *r)
{
	gauge(fp, "page_size_bytes", "Page size of the input.");
	fprintf(fp, "fragstat_page_size_bytes %lu\n", r->page_size);
	zones(fp, r);
	if (r->pti)
		migratetypes(fp, r);
	if (r->advice)
		advice(fp, r);
	if (r->advice && r->avail) {
		availability(fp, r);
		judgement(fp, r);
	}
	if (r->psi)
		pressure(fp, r);
	if (r->thp)
		thp(fp, r->thp);
	if (r->huge)
		hugetlb(fp, r->huge);
	if (r->map && r->pollution)
		pollution_prom(fp, r);
	if (r->map)
		regions_blocks_prom(fp, r);
}

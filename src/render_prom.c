/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_prom.c - the Prometheus text format, for node_exporter's textfile collector */
#include "config.h"

#include <string.h>

#include "avail.h"
#include "map.h"
#include "outbuf.h"
#include "pagetypeinfo.h"
#include "report.h"

/* Write the literal S. */
#define LIT(ob, s)	ob_write((ob), (s), sizeof(s) - 1)

/* Write the HELP and TYPE lines of metric NAME. */
static void
head(struct outbuf *ob, const char *name, const char *type, const char *help)
{
	LIT(ob, "# HELP fragstat_");
	ob_puts(ob, name);
	ob_putc(ob, ' ');
	ob_puts(ob, help);
	LIT(ob, "\n# TYPE fragstat_");
	ob_puts(ob, name);
	ob_putc(ob, ' ');
	ob_puts(ob, type);
	ob_putc(ob, '\n');
}

/* Write S as a label value: backslash, double quote and newline escaped. */
static void
label(struct outbuf *ob, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' || *s == '"')
			ob_putc(ob, '\\');
		ob_putc(ob, *s);
	}
}

/* Write "fragstat_NAME{node="N",zone="Z"" without the closing brace. */
static void
zone_series(struct outbuf *ob, const char *name, const struct bzone *z)
{
	LIT(ob, "fragstat_");
	ob_puts(ob, name);
	LIT(ob, "{node=\"");
	ob_u64(ob, z->node);
	LIT(ob, "\",zone=\"");
	label(ob, z->name);
	ob_putc(ob, '"');
}

/* Write ",order="O"". */
static void
order(struct outbuf *ob, unsigned o)
{
	LIT(ob, ",order=\"");
	ob_u64(ob, o);
	ob_putc(ob, '"');
}

/* Write the count V as a sample's value, and end the line. */
static void
value(struct outbuf *ob, uint64_t v)
{
	ob_putc(ob, ' ');
	ob_u64(ob, v);
	ob_putc(ob, '\n');
}

/* Write the thousandths V as a sample's value, a ratio (-500 is -0.500). */
static void
ratio(struct outbuf *ob, long long v)
{
	ob_putc(ob, ' ');
	ob_fixed(ob, v, 3);
	ob_putc(ob, '\n');
}

static void
zones(struct outbuf *ob, const struct report *r)
{
	const struct bzone *z;
	size_t i;
	unsigned o;

	head(ob, "free_blocks", "gauge", "Free blocks per zone and order "
	    "(/proc/buddyinfo).");
	for (i = 0; i < r->bi->nzones; i++)
		for (o = 0, z = &r->bi->zones[i]; o < r->bi->norders; o++) {
			zone_series(ob, "free_blocks", z);
			order(ob, o);
			ob_putc(ob, '}');
			value(ob, z->free[o]);
		}
	head(ob, "free_pages", "gauge", "Free pages per zone, sum of free "
	    "blocks times 2^order.");
	for (i = 0; i < r->bi->nzones; i++) {
		zone_series(ob, "free_pages", &r->bi->zones[i]);
		ob_putc(ob, '}');
		value(ob, r->frag[i].free_pages);
	}
	head(ob, "unusable_index_ratio", "gauge", "Unusable free space index "
	    "per zone and order, as the kernel's extfrag/unusable_index.");
	for (i = 0; i < r->bi->nzones; i++)
		for (o = 0; o < r->bi->norders; o++) {
			zone_series(ob, "unusable_index_ratio", &r->bi->zones[i]);
			order(ob, o);
			ob_putc(ob, '}');
			ratio(ob, r->frag[i].unusable[o]);
		}
	head(ob, "fragmentation_index_ratio", "gauge", "Fragmentation index "
	    "per zone and order, as the kernel's extfrag/extfrag_index; -1 "
	    "where an allocation of the order would succeed.");
	for (i = 0; i < r->bi->nzones; i++)
		for (o = 0; o < r->bi->norders; o++) {
			zone_series(ob, "fragmentation_index_ratio",
			    &r->bi->zones[i]);
			order(ob, o);
			ob_putc(ob, '}');
			ratio(ob, r->frag[i].fragindex[o]);
		}
}

static void
migratetypes(struct outbuf *ob, const struct report *r)
{
	const struct pagetypeinfo *p = r->pti;
	const struct ptzone *pz;
	size_t i;
	unsigned t, o;

	head(ob, "migratetype_free_blocks", "gauge", "Free blocks per zone, "
	    "migratetype and order (/proc/pagetypeinfo; a lower bound where "
	    "the kernel printed >100000).");
	for (i = 0; i < r->bi->nzones; i++) {
		if (r->pti_zone[i] < 0)
			continue;
		pz = &p->zones[r->pti_zone[i]];
		for (t = 0; t < p->ntypes; t++)
			for (o = 0; o < p->norders && pz->has_free[t]; o++) {
				zone_series(ob, "migratetype_free_blocks",
				    &r->bi->zones[i]);
				order(ob, o);
				LIT(ob, ",migratetype=\"");
				label(ob, p->types[t]);
				LIT(ob, "\"}");
				value(ob, pz->free[t][o]);
			}
	}
	head(ob, "pageblocks", "gauge", "Pageblocks per zone and migratetype "
	    "(/proc/pagetypeinfo).");
	for (i = 0; i < r->bi->nzones; i++) {
		if (r->pti_zone[i] < 0)
			continue;
		pz = &p->zones[r->pti_zone[i]];
		for (t = 0; t < p->ntypes; t++) {
			if (!pz->has_blocks[t])
				continue;
			zone_series(ob, "pageblocks", &r->bi->zones[i]);
			LIT(ob, ",migratetype=\"");
			label(ob, p->types[t]);
			LIT(ob, "\"}");
			value(ob, pz->blocks[t]);
		}
	}
}

/* Write ",verdict="V"} " and 1 when V is the verdict GOT, else 0. */
static void
verdict(struct outbuf *ob, int v, enum verdict got)
{
	LIT(ob, ",verdict=\"");
	ob_puts(ob, advise_verdict_name(v));
	LIT(ob, "\"}");
	value(ob, got == (enum verdict)v);
}

/* Write the kcompactd metric NAME of every node: FIELD of each. */
#define KCOMPACTD(ob, adv, name, field) do {				\
	size_t k_;							\
									\
	for (k_ = 0; k_ < (adv)->nkc; k_++) {				\
		LIT(ob, "fragstat_" name "{node=\"");			\
		ob_u64(ob, (adv)->kc[k_].node);				\
		LIT(ob, "\"}");						\
		value(ob, (uint64_t)(adv)->kc[k_].field);		\
	}								\
} while (0)

static void
advice(struct outbuf *ob, const struct report *r)
{
	const struct advice *adv = r->advice;
	size_t i, j;
	int v;

	head(ob, "advice", "gauge", "1 for the verdict fragstat --advise "
	    "gives per zone and order (ok, compact, reclaim), else 0.");
	for (i = 0; i < adv->nzones; i++)
		for (v = VERDICT_OK; v < VERDICT_NSTATES; v++) {
			zone_series(ob, "advice",
			    &r->bi->zones[adv->zones[i].zone]);
			order(ob, adv->zones[i].order);
			verdict(ob, v, adv->zones[i].verdict);
		}
	head(ob, "machine_advice", "gauge", "1 for the verdict for the whole "
	    "machine per order, else 0.");
	for (j = 0; j < adv->norders; j++)
		for (v = VERDICT_OK; v < VERDICT_NSTATES; v++) {
			LIT(ob, "fragstat_machine_advice{order=\"");
			ob_u64(ob, adv->orders[j]);
			ob_putc(ob, '"');
			verdict(ob, v, advise_best(adv, -1, j));
		}
	head(ob, "extfrag_threshold_ratio", "gauge", "vm.extfrag_threshold "
	    "the advice applied, as an index.");
	LIT(ob, "fragstat_extfrag_threshold_ratio");
	ratio(ob, adv->threshold);
	if (adv->kc == NULL)
		return;
	head(ob, "kcompactd_score", "gauge", "Proactive compaction "
	    "fragmentation score per node (0-100), as kcompactd computes it.");
	KCOMPACTD(ob, adv, "kcompactd_score", score);
	head(ob, "kcompactd_score_high", "gauge", "Score above which kcompactd "
	    "starts proactive compaction.");
	KCOMPACTD(ob, adv, "kcompactd_score_high", high);
	head(ob, "kcompactd_proactive", "gauge", "1 when kcompactd would start "
	    "proactive compaction of the node now.");
	KCOMPACTD(ob, adv, "kcompactd_proactive", proactive);
}

static void
pressure(struct outbuf *ob, const struct report *r)
{
	const struct psi_line *l[2] = { &r->psi->some, &r->psi->full };
	static const char *const kind[2] = { "some", "full" };
	static const char *const window[3] = { "10s", "60s", "300s" };
	uint32_t avg[3];
	int i, k;

	head(ob, "memory_pressure_stall_seconds_total", "counter", "Time tasks "
	    "stalled on memory since boot (/proc/pressure/memory total).");
	for (i = 0; i < 2; i++) {
		if (!l[i]->present)
			continue;
		LIT(ob, "fragstat_memory_pressure_stall_seconds_total{kind=\"");
		ob_puts(ob, kind[i]);
		LIT(ob, "\"} ");
		/* Microseconds as seconds; the whole u64 range, not a long long. */
		ob_u64(ob, l[i]->total_us / 1000000);
		ob_putc(ob, '.');
		ob_intw(ob, (long long)(l[i]->total_us % 1000000), 6, true);
		ob_putc(ob, '\n');
	}
	head(ob, "memory_pressure_ratio", "gauge", "Share of time tasks "
	    "stalled on memory, averaged over the window.");
	for (i = 0; i < 2; i++) {
		if (!l[i]->present)
			continue;
		avg[0] = l[i]->avg10;
		avg[1] = l[i]->avg60;
		avg[2] = l[i]->avg300;
		for (k = 0; k < 3; k++) {
			LIT(ob, "fragstat_memory_pressure_ratio{kind=\"");
			ob_puts(ob, kind[i]);
			LIT(ob, "\",window=\"");
			ob_puts(ob, window[k]);
			LIT(ob, "\"} ");
			ob_fixed(ob, avg[k], 4);
			ob_putc(ob, '\n');
		}
	}
}

/*
 * The counts per zone and order: available now, at most after compaction
 * and, with the map, the ceiling.
 */
static void
availability(struct outbuf *ob, const struct report *r)
{
	const struct availability *av = r->avail;
	const struct avail *a;
	size_t i;
	int pass;

	head(ob, "pageblock_order", "gauge", "The pageblock order (huge "
	    "pages and compaction work in pageblocks).");
	LIT(ob, "fragstat_pageblock_order");
	value(ob, r->pti ? r->pti->pageblock_order : r->advice->hpage_order);
	for (pass = 0; pass < 3; pass++) {
		if (pass == 0)
			head(ob, "available_blocks", "gauge", "Allocations of "
			    "the order that would succeed one after another "
			    "now, without compaction or reclaim (an upper "
			    "bound where an input is missing).");
		else if (pass == 1)
			head(ob, "after_compaction_blocks", "gauge", "At most "
			    "this many allocations of the order after full "
			    "compaction (the map's ceiling with --map, else "
			    "free memory above the watermarks).");
		else if (r->map)
			head(ob, "compaction_ceiling_blocks", "gauge",
			    "Aligned blocks of the order free of holes and "
			    "unmovable pages, within free memory (--map).");
		else
			break;
		for (i = 0; i < av->n; i++) {
			a = &av->rows[i];
			if (a->zone < 0)
				continue;
			zone_series(ob, pass == 0 ? "available_blocks" :
			    pass == 1 ? "after_compaction_blocks" :
			    "compaction_ceiling_blocks",
			    &r->bi->zones[a->zone]);
			order(ob, a->order);
			ob_putc(ob, '}');
			value(ob, pass == 0 ? a->now : pass == 1 ? a->after :
			    map_ceiling(r->map, (size_t)a->zone, a->order));
		}
	}
}

void
render_prom(FILE *fp, const struct report *r)
{
	struct outbuf ob;

	ob_init(&ob, fp);
	head(&ob, "page_size_bytes", "gauge", "Page size of the input.");
	LIT(&ob, "fragstat_page_size_bytes ");
	ob_u64(&ob, r->page_size);
	ob_putc(&ob, '\n');
	zones(&ob, r);
	if (r->pti)
		migratetypes(&ob, r);
	if (r->advice)
		advice(&ob, r);
	if (r->advice && r->avail)
		availability(&ob, r);
	if (r->psi)
		pressure(&ob, r);
	ob_flush(&ob);
}

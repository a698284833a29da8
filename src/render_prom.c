/* render_prom.c - the Prometheus text format, for node_exporter's textfile collector */
#include "config.h"

#include <inttypes.h>

#include "pagetypeinfo.h"
#include "report.h"

/* Print the HELP and TYPE lines of metric NAME. */
static void
head(FILE *fp, const char *name, const char *type, const char *help)
{
	fprintf(fp, "# HELP fragstat_%s %s\n# TYPE fragstat_%s %s\n", name, help,
	    name, type);
}

/* Print S as a label value: backslash, double quote and newline escaped. */
static void
label(FILE *fp, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' || *s == '"')
			fputc('\\', fp);
		fputc(*s, fp);
	}
}

/* Print "fragstat_NAME{node="N",zone="Z"" without the closing brace. */
static void
zone_series(FILE *fp, const char *name, const struct bzone *z)
{
	fprintf(fp, "fragstat_%s{node=\"%u\",zone=\"", name, z->node);
	label(fp, z->name);
	fputc('"', fp);
}

/* Print the thousandths V as a ratio: -500 is -0.500. */
static void
ratio(FILE *fp, long long v)
{
	unsigned long long a = v < 0 ? 0ULL - (unsigned long long)v :
	    (unsigned long long)v;

	fprintf(fp, " %s%llu.%03llu\n", v < 0 ? "-" : "", a / 1000, a % 1000);
}

static void
zones(FILE *fp, const struct report *r)
{
	const struct bzone *z;
	size_t i;
	unsigned o;

	head(fp, "free_blocks", "gauge", "Free blocks per zone and order "
	    "(/proc/buddyinfo).");
	for (i = 0; i < r->bi->nzones; i++)
		for (o = 0, z = &r->bi->zones[i]; o < r->bi->norders; o++) {
			zone_series(fp, "free_blocks", z);
			fprintf(fp, ",order=\"%u\"} %" PRIu64 "\n", o, z->free[o]);
		}
	head(fp, "free_pages", "gauge", "Free pages per zone, sum of free "
	    "blocks times 2^order.");
	for (i = 0; i < r->bi->nzones; i++) {
		zone_series(fp, "free_pages", &r->bi->zones[i]);
		fprintf(fp, "} %" PRIu64 "\n", r->frag[i].free_pages);
	}
	head(fp, "unusable_index_ratio", "gauge", "Unusable free space index "
	    "per zone and order, as the kernel's extfrag/unusable_index.");
	for (i = 0; i < r->bi->nzones; i++)
		for (o = 0; o < r->bi->norders; o++) {
			zone_series(fp, "unusable_index_ratio", &r->bi->zones[i]);
			fprintf(fp, ",order=\"%u\"}", o);
			ratio(fp, r->frag[i].unusable[o]);
		}
	head(fp, "fragmentation_index_ratio", "gauge", "Fragmentation index "
	    "per zone and order, as the kernel's extfrag/extfrag_index; -1 "
	    "where an allocation of the order would succeed.");
	for (i = 0; i < r->bi->nzones; i++)
		for (o = 0; o < r->bi->norders; o++) {
			zone_series(fp, "fragmentation_index_ratio",
			    &r->bi->zones[i]);
			fprintf(fp, ",order=\"%u\"}", o);
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

	head(fp, "migratetype_free_blocks", "gauge", "Free blocks per zone, "
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
				fprintf(fp, ",order=\"%u\",migratetype=\"", o);
				label(fp, p->types[t]);
				fprintf(fp, "\"} %" PRIu64 "\n", pz->free[t][o]);
			}
	}
	head(fp, "pageblocks", "gauge", "Pageblocks per zone and migratetype "
	    "(/proc/pagetypeinfo).");
	for (i = 0; i < r->bi->nzones; i++) {
		if (r->pti_zone[i] < 0)
			continue;
		pz = &p->zones[r->pti_zone[i]];
		for (t = 0; t < p->ntypes; t++) {
			if (!pz->has_blocks[t])
				continue;
			zone_series(fp, "pageblocks", &r->bi->zones[i]);
			fputs(",migratetype=\"", fp);
			label(fp, p->types[t]);
			fprintf(fp, "\"} %" PRIu64 "\n", pz->blocks[t]);
		}
	}
}

static void
advice(FILE *fp, const struct report *r)
{
	const struct advice *adv = r->advice;
	size_t i, j;
	int v;

	head(fp, "advice", "gauge", "1 for the verdict fragstat --advise "
	    "gives per zone and order (ok, compact, reclaim), else 0.");
	for (i = 0; i < adv->nzones; i++)
		for (v = VERDICT_OK; v <= VERDICT_RECLAIM; v++) {
			zone_series(fp, "advice",
			    &r->bi->zones[adv->zones[i].zone]);
			fprintf(fp, ",order=\"%u\",verdict=\"%s\"} %d\n",
			    adv->zones[i].order, advise_verdict_name(v),
			    adv->zones[i].verdict == (enum verdict)v);
		}
	head(fp, "machine_advice", "gauge", "1 for the verdict for the whole "
	    "machine per order, else 0.");
	for (j = 0; j < adv->norders; j++)
		for (v = VERDICT_OK; v <= VERDICT_RECLAIM; v++)
			fprintf(fp, "fragstat_machine_advice{order=\"%u\","
			    "verdict=\"%s\"} %d\n", adv->orders[j],
			    advise_verdict_name(v), advise_best(adv, -1, j) ==
			    (enum verdict)v);
	head(fp, "extfrag_threshold_ratio", "gauge", "vm.extfrag_threshold "
	    "the advice applied, as an index.");
	fprintf(fp, "fragstat_extfrag_threshold_ratio");
	ratio(fp, adv->threshold);
	if (adv->kc == NULL)
		return;
	head(fp, "kcompactd_score", "gauge", "Proactive compaction "
	    "fragmentation score per node (0-100), as kcompactd computes it.");
	for (i = 0; i < adv->nkc; i++)
		fprintf(fp, "fragstat_kcompactd_score{node=\"%u\"} %" PRIu64 "\n",
		    adv->kc[i].node, adv->kc[i].score);
	head(fp, "kcompactd_score_high", "gauge", "Score above which kcompactd "
	    "starts proactive compaction.");
	for (i = 0; i < adv->nkc; i++)
		fprintf(fp, "fragstat_kcompactd_score_high{node=\"%u\"} %u\n",
		    adv->kc[i].node, adv->kc[i].high);
	head(fp, "kcompactd_proactive", "gauge", "1 when kcompactd would start "
	    "proactive compaction of the node now.");
	for (i = 0; i < adv->nkc; i++)
		fprintf(fp, "fragstat_kcompactd_proactive{node=\"%u\"} %d\n",
		    adv->kc[i].node, adv->kc[i].proactive);
}

static void
pressure(FILE *fp, const struct report *r)
{
	const struct psi_line *l[2] = { &r->psi->some, &r->psi->full };
	static const char *const kind[2] = { "some", "full" };
	int i;

	head(fp, "memory_pressure_stall_seconds_total", "counter", "Time tasks "
	    "stalled on memory since boot (/proc/pressure/memory total).");
	for (i = 0; i < 2; i++)
		if (l[i]->present)
			fprintf(fp, "fragstat_memory_pressure_stall_seconds_total"
			    "{kind=\"%s\"} %" PRIu64 ".%06" PRIu64 "\n", kind[i],
			    l[i]->total_us / 1000000, l[i]->total_us % 1000000);
	head(fp, "memory_pressure_ratio", "gauge", "Share of time tasks "
	    "stalled on memory, averaged over the window.");
	for (i = 0; i < 2; i++) {
		if (!l[i]->present)
			continue;
		fprintf(fp, "fragstat_memory_pressure_ratio{kind=\"%s\","
		    "window=\"10s\"} %u.%04u\n", kind[i], l[i]->avg10 / 10000,
		    l[i]->avg10 % 10000);
		fprintf(fp, "fragstat_memory_pressure_ratio{kind=\"%s\","
		    "window=\"60s\"} %u.%04u\n", kind[i], l[i]->avg60 / 10000,
		    l[i]->avg60 % 10000);
		fprintf(fp, "fragstat_memory_pressure_ratio{kind=\"%s\","
		    "window=\"300s\"} %u.%04u\n", kind[i], l[i]->avg300 / 10000,
		    l[i]->avg300 % 10000);
	}
}

void
render_prom(FILE *fp, const struct report *r)
{
	head(fp, "page_size_bytes", "gauge", "Page size of the input.");
	fprintf(fp, "fragstat_page_size_bytes %lu\n", r->page_size);
	zones(fp, r);
	if (r->pti)
		migratetypes(fp, r);
	if (r->advice)
		advice(fp, r);
	if (r->psi)
		pressure(fp, r);
}

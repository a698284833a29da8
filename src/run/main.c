/* SPDX-License-Identifier: GPL-2.0-or-later */
/* main.c - fragstat: runs what the options ask for, turns errors into messages and exit codes */

#include "config.h"
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "advise.h"
#include "avail.h"
#include "capture.h"
#include "compact.h"
#include "experiment.h"
#include "humanize.h"
#include "inputs.h"
#include "kpageflags.h"
#include "kver.h"
#include "map.h"
#include "mapfile.h"
#include "memcg.h"
#include "whopins.h"
#include "pins.h"
#include "options.h"
#include "record.h"
#include "replay.h"
#include "report.h"
#include "sets.h"
#include "slurp.h"
#include "text.h"
#include "trace.h"
#include "verify.h"
#include "watch.h"

/*
 * Returns 0 after writing and closing stdout, or EXIT_DATA when that
 * failed. A reader that went away (EPIPE: SIGPIPE is ignored) is the
 * normal end of a pipe such as 'fragstat --json | head -c1', as in --watch.
 */
static int
close_stdout(void)
{
	if (ferror(stdout) | (fclose(stdout) != 0)) {
		if (errno == EPIPE)
			return EXIT_OK;
		fprintf(stderr, "%s: write error: %s\n", progname,
		    errno ? strerror(errno) : "unknown");
		return EXIT_DATA;
	}
	return EXIT_OK;
}

/*
 * Returns the page size for O and where it came from in *FROM: --page-size,
 * else the host's when the files are the live ones, else what the capture
 * IN was read from says (IN NULL: not read yet), else assumed 4096.
 */
static unsigned long
page_size_of(const struct opts *o, const struct inputs *in, const char **from)
{
	long ps;

	*from = "option";
	if (o->page_size)
		return o->page_size;
	*from = "host";
	if (o->sysroot == NULL && o->buddyinfo == NULL &&
	    (ps = sysconf(_SC_PAGESIZE)) > 0)
		return (unsigned long)ps;
	*from = "capture";
	if (in != NULL && in->capture_page_size)
		return in->capture_page_size;
	*from = "assumed";
	return 4096;
}

/* Returns the input options O asks for. */
static struct input_opts
input_opts(const struct opts *o)
{
	struct input_opts io;
	const char *from;

	memset(&io, 0, sizeof(io));
	io.sysroot = o->sysroot;
	io.buddyinfo = o->buddyinfo;
	io.pagetypeinfo = o->pagetypeinfo;
	io.pressure = o->pressure;
	io.zoneinfo = o->zoneinfo;
	io.kernel = o->kernel;
	/* THP sizes and --advise=2M need the page size before reading. */
	io.page_size = page_size_of(o, NULL, &from);
	/* Never read a file the chosen output does not need. */
	io.want_pti = (o->format == F_SUMMARY || o->format == F_TABLE ||
	    o->format == F_JSON || o->format == F_PROM || o->format == F_SVG) &&
	    o->action != A_VERIFY && !o->no_pagetypeinfo;
	io.want_psi = (o->format == F_SUMMARY || o->format == F_TABLE ||
	    o->format == F_JSON || o->format == F_PROM || o->format == F_SVG) &&
	    o->action != A_VERIFY;
	io.want_advise = o->advise;
	/* The map: the pageblock order and balloon pages. */
	io.want_pti |= o->map;
	io.want_vmstat = o->map;
	/* The unusable index reads the same on every kernel; advice does not. */
	io.no_release = o->format == F_UNUSABLE && !o->advise;
	return io;
}

/* Run --verify for O. Returns its exit code. */
static int
run_verify(const struct opts *o)
{
	struct input_opts io = input_opts(o);
	struct ferr e = { .path = "" };
	char *bpath, *upath, *epath, *rpath = NULL;
	char release[KVER_MAX_LEN + 1];
	int rc;

	bpath = inputs_path(o->sysroot, "/proc/buddyinfo");
	upath = inputs_path(o->sysroot, "/sys/kernel/debug/extfrag/unusable_index");
	epath = inputs_path(o->sysroot, "/sys/kernel/debug/extfrag/extfrag_index");
	if (bpath == NULL || upath == NULL || epath == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		rc = EXIT_DATA;
	} else if ((rc = inputs_release(&io, release, sizeof(release), &rpath,
	    &e)) < 0) {
		ferr_print(&e);
		rc = EXIT_DATA;
	} else if ((rc = verify_run(stdout, bpath, upath, epath, rc ? release :
	    NULL, o->sysroot == NULL, o->format == F_JSON, &e)) < 0) {
		ferr_print(&e);
		if (o->sysroot == NULL && strstr(e.path, "extfrag") != NULL)
			fprintf(stderr, "%s: the kernel's index files need root "
			    "and debugfs (mount -t debugfs none "
			    "/sys/kernel/debug)\n", progname);
		rc = EXIT_DATA;
	} else {
		rc = rc ? EXIT_DIFFERS : EXIT_OK;
		if (close_stdout() != EXIT_OK)
			rc = EXIT_DATA;
	}
	free(rpath);
	free(bpath);
	free(upath);
	free(epath);
	return rc;
}

/*
 * Store in ORDERS the orders that matter for O and IN: --advise=LIST or
 * --orders=LIST, else the pageblock order and every enabled THP order,
 * else 9. Returns how many with *FROM saying where they came from, or -1
 * after a usage message.
 */
static int
orders_of(const struct opts *o, const struct inputs *in,
    unsigned long page_size, unsigned *orders, const char **from)
{
	const char *list = o->advise_list ? o->advise_list : o->orders_list;
	unsigned norders = in->bi.norders;
	size_t i, n = 0;

	if (list) {
		*from = "option";
		return options_orders(o->advise_list ? "--advise" : "--orders",
		    list, page_size, norders, orders);
	}
	*from = "pageblock and THP";
	if (in->have_pti && in->pti.pageblock_order < norders)
		orders[n++] = in->pti.pageblock_order;
	else if (in->pmd_order >= 0 && in->pmd_order < (long)norders)
		orders[n++] = (unsigned)in->pmd_order;
	for (i = 0; i < in->nthp_orders; i++)
		if (in->thp_orders[i] < norders && (n == 0 ||
		    in->thp_orders[i] != orders[0]))
			orders[n++] = in->thp_orders[i];
	if (n == 0) {
		orders[n++] = 9 < norders ? 9 : norders - 1;
		*from = "default";
	}
	return (int)n;
}

/*
 * Set N from --need for pages of PAGE_SIZE: the count, the order of its
 * size (default: the pageblock order, else HPAGE_ORDER), the node. Returns
 * 0, or -1 after a usage message.
 */
static int
need_of(const struct opts *o, const struct inputs *in,
    unsigned long page_size, unsigned hpage_order, struct need *n)
{
	size_t z;

	n->count = o->need_count;
	n->node = o->node;
	n->order = in->have_pti ? in->pti.pageblock_order : hpage_order;
	if (o->need_size != NULL && options_orders("--need", o->need_size,
	    page_size, FRAG_MAX_ORDERS, &n->order) != 1)
		return -1;
	for (z = 0; n->node >= 0 && z < in->bi.nzones &&
	    in->bi.zones[z].node != (unsigned)n->node; z++)
		;
	if (n->node >= 0 && z == in->bi.nzones) {
		usage_error("--node: the input has no node %d", n->node);
		return -1;
	}
	return 0;
}

/*
 * Returns the order of 1 GiB pages of PAGE_SIZE when the buddy allocator
 * of IN cannot make them (gigantic pages), else 0.
 */
static unsigned
gigantic_order(const struct inputs *in, unsigned long page_size)
{
	unsigned o = 0;

	while (((uint64_t)page_size << o) < (1ULL << 30))
		o++;
	return ((uint64_t)page_size << o) == (1ULL << 30) &&
	    o >= in->bi.norders ? o : 0;
}

/* Fill ADV from O and IN for the report. Returns 0, or an exit code after a message. */
static int
advise(const struct opts *o, const struct inputs *in, unsigned long page_size,
    struct advice *adv, struct need *need)
{
	struct advise_in ai;
	bool found;
	size_t i;
	int n;

	memset(adv, 0, sizeof(*adv));
	adv->gfp = o->gfp;
	adv->kver = in->release[0] ? kver_parse(in->release) : -1;
	adv->kver_from = o->kernel ? "option" : o->sysroot ? "osrelease" :
	    "host";
	if (!in->release[0]) {
		/* Rules of the release the files show, else the newest. */
		adv->kver = kver_infer(in->have_pti ? &in->pti : NULL,
		    in->have_zi ? &in->zi : NULL, in->have_psi ? &in->psi :
		    NULL, adv->kver_text, sizeof(adv->kver_text), &found);
		adv->kver_from = found ? "inferred" : "assumed";
		adv->assumed |= ADVISE_ASSUMED_KVER;
	}
	if (o->threshold >= 0) {
		adv->threshold = o->threshold;
		adv->threshold_from = "option";
	} else if (in->threshold >= 0) {
		adv->threshold = (int)in->threshold;
		adv->threshold_from = "sysctl";
	} else {
		adv->threshold = ADVISE_THRESHOLD;
		adv->threshold_from = "default";
	}
	adv->proactiveness = in->proactiveness >= 0 ?
	    (unsigned)in->proactiveness : ADVISE_PROACTIVENESS;
	/* COMPACTION_HPAGE_ORDER: the PMD order with THP, else pageblocks. */
	adv->hpage_order = in->pmd_order >= 0 ? (unsigned)in->pmd_order :
	    in->have_pti ? in->pti.pageblock_order : 9;
	n = orders_of(o, in, page_size, adv->orders, &adv->orders_from);
	if (n < 0)
		return EXIT_USAGE;
	adv->norders = (size_t)n;
	/* --need's order is one that matters, unless it is gigantic. */
	if (o->need_count != 0) {
		if (need_of(o, in, page_size, adv->hpage_order, need) != 0)
			return EXIT_USAGE;
		for (i = 0; i < adv->norders && adv->orders[i] != need->order;
		    i++)
			;
		if (i == adv->norders && need->order < in->bi.norders &&
		    adv->norders < FRAG_MAX_ORDERS)
			adv->orders[adv->norders++] = need->order;
	}
	adv->psi_some = o->psi_some;
	adv->psi_full = o->psi_full;
	adv->urgency = advise_urgency(in->have_psi ? &in->psi : NULL,
	    o->psi_some, o->psi_full);
	memset(&ai, 0, sizeof(ai));
	ai.bi = &in->bi;
	ai.frag = in->frag;
	ai.zi = in->have_zi ? &in->zi : NULL;
	ai.pti = in->have_pti ? &in->pti : NULL;
	ai.pti_zone = in->pti_zone;
	ai.kver = adv->kver;
	ai.threshold = adv->threshold;
	ai.gfp = adv->gfp;
	ai.defrag_mode = (int)in->defrag_mode;
	if (advise_build(adv, &ai) != 0) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_DATA;
	}
	return 0;
}

/* Fill R from IN for the options O. */
static void
report_of(const struct opts *o, const struct inputs *in, struct report *r)
{
	const char *nc = getenv("NO_COLOR");

	memset(r, 0, sizeof(*r));
	r->buddyinfo_path = in->bpath;
	r->bi = &in->bi;
	r->frag = in->frag;
	r->pagetypeinfo_path = in->have_pti ? in->ppath : NULL;
	r->pti = in->have_pti ? &in->pti : NULL;
	r->pti_zone = in->pti_zone;
	r->pressure_path = in->have_psi ? in->spath : NULL;
	r->psi = in->have_psi ? &in->psi : NULL;
	r->zoneinfo_path = in->have_zi ? in->zpath : NULL;
	r->huge = in->have_hugetlb ? &in->huge : NULL;
	r->thp = in->have_thp ? &in->thp : NULL;
	r->vm = in->have_vm ? &in->vm : NULL;
	r->release = in->release[0] ? in->release : NULL;
	r->page_size = page_size_of(o, in, &r->page_size_from);
	r->color = o->color == 1;
	if (nc != NULL && nc[0] != '\0')
		r->color = false;
}

/* What load() computes from the inputs when advice is wanted. */
struct verdicts {
	struct advice		 adv;
	struct availability	 av;
	struct need		 need;
};

static void
verdicts_free(struct verdicts *v)
{
	advise_free(&v->adv);
	avail_free(&v->av);
}

/*
 * Count in V the allocations of every order of its advice for IN and R,
 * with the map M (NULL: none). Returns 0, or EXIT_DATA after a message.
 */
static int
count(const struct opts *o, const struct inputs *in, struct report *r,
    struct verdicts *v, const struct map *m)
{
	unsigned g = v->need.count && v->need.order >= in->bi.norders ?
	    v->need.order : 0;

	avail_free(&v->av);
	v->av.low = o->low;
	if (avail_build(&v->av, &v->adv, &in->bi, in->frag, in->have_zi ?
	    &in->zi : NULL, m, g) != 0) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_DATA;
	}
	r->avail = &v->av;
	r->need = v->need.count ? &v->need : NULL;
	return 0;
}

/* Load what O needs into IN, R and V. Returns 0, or an exit code after a message. */
static int
load(struct opts *o, struct inputs *in, struct report *r, struct verdicts *v)
{
	struct input_opts io;
	struct ferr e = { .path = "" };
	int i, rc;

	io = input_opts(o);
	if (inputs_load(&io, in, &e) != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	if (!o->quiet)
		for (i = 0; i < in->nnotes; i++)
			fprintf(stderr, "%s: %s\n", progname, in->notes[i]);
	report_of(o, in, r);
	if (o->advise) {
		if ((rc = advise(o, in, r->page_size, &v->adv, &v->need)) != 0)
			return rc;
		r->advice = &v->adv;
		return count(o, in, r, v, NULL);
	}
	return 0;
}

/* Store in NODES the nodes whose advice is compact for some order; returns how many. */
static size_t
compact_targets(const struct report *r, unsigned *nodes, size_t max)
{
	const struct advice *adv = r->advice;
	size_t i, j, k, n = 0;
	unsigned node;

	for (i = 0; i < r->bi->nzones; i++) {
		node = r->bi->zones[i].node;
		for (k = 0; k < n && nodes[k] != node; k++)
			;
		if (k < n || n == max)
			continue;
		for (j = 0; j < adv->norders; j++)
			if (advise_best(adv, (int)node, j) == VERDICT_COMPACT) {
				nodes[n++] = node;
				break;
			}
	}
	return n;
}

/*
 * Print per node and order of A's advice the allocations free before (A)
 * and after (B) compaction, and the most A said compaction could make;
 * NODES[0..N) are the nodes compacted.
 */
static void
compact_counts(const struct report *a, const struct report *b,
    const unsigned *nodes, size_t n)
{
	const struct avail *x, *y;
	char size[32];
	size_t i, k;

	for (i = 0; i < a->avail->n; i++) {
		x = &a->avail->rows[i];
		if (x->node < 0 || x->zone >= 0 ||
		    (y = avail_find(b->avail, x->node, -1, x->order)) == NULL)
			continue;
		for (k = 0; k < n && nodes[k] != (unsigned)x->node; k++)
			;
		printf("Node %d: free %s blocks %" PRIu64 " -> %" PRIu64
		    " (%s %" PRIu64 ")%s\n", x->node, hum_size(size,
		    sizeof(size), 1ULL << x->order, a->page_size), x->now,
		    y->now, x->from_map ? "ceiling" : "free memory allows",
		    x->after, k < n ? "" : ", not compacted");
	}
}

/* The same as compact_counts() as a JSON array in W. */
static void
compact_counts_json(struct jsonw *w, const struct report *a,
    const struct report *b)
{
	const struct avail *x, *y;
	size_t i;

	jw_array(w, false);
	for (i = 0; i < a->avail->n; i++) {
		x = &a->avail->rows[i];
		if (x->node < 0 || x->zone >= 0 ||
		    (y = avail_find(b->avail, x->node, -1, x->order)) == NULL)
			continue;
		jw_object(w);
		jw_key(w, "node");
		jw_int(w, x->node);
		jw_key(w, "order");
		jw_int(w, x->order);
		jw_key(w, "before");
		jw_u64(w, x->now);
		jw_key(w, "after");
		jw_u64(w, y->now);
		jw_key(w, "after_compaction");
		jw_u64(w, x->after);
		jw_key(w, "after_compaction_from");
		jw_string(w, x->from_map ? "map" : "free memory");
		jw_end(w);
	}
	jw_end(w);
}

/*
 * --compact: show the advice, compact the nodes it says to, and show it
 * again with the time compaction took. Returns an exit code.
 */
static int
compact_run(struct opts *o, const struct report *before)
{
	unsigned nodes[FRAG_MAX_NODES];
	struct inputs in2;
	struct report after;
	struct verdicts adv2;
	struct jsonw w;
	struct ferr e = { .path = "" };
	char method[512];
	uint64_t ns = 0;
	size_t n, i;
	int rc;

	n = compact_targets(before, nodes, FRAG_MAX_NODES);
	method[0] = '\0';
	if (n > 0 && compact_nodes(nodes, n, &ns, method, sizeof(method),
	    &e) != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	memset(&adv2, 0, sizeof(adv2));
	if ((rc = load(o, &in2, &after, &adv2)) != 0) {
		verdicts_free(&adv2);
		inputs_free(&in2);
		return rc;
	}
	if (o->format == F_JSON) {
		jw_init(&w, stdout);
		jw_object(&w);
		jw_key(&w, "counts");
		compact_counts_json(&w, before, &after);
		jw_key(&w, "before");
		render_json_object(&w, before);
		jw_key(&w, "compaction");
		jw_object(&w);
		jw_key(&w, "nodes");
		jw_array(&w, true);
		for (i = 0; i < n; i++)
			jw_int(&w, nodes[i]);
		jw_end(&w);
		jw_key(&w, "written");
		jw_string(&w, method);
		jw_key(&w, "seconds");
		jw_fixed(&w, (long long)(ns / 1000000), 3);
		jw_end(&w);
		jw_key(&w, "after");
		render_json_object(&w, &after);
		jw_end(&w);
		if (jw_finish(&w) != 0)
			abort();
	} else {
		if (n == 0)
			printf("No node's advice is compact: nothing to do.\n");
		else
			printf("Compacted in %" PRIu64 ".%03" PRIu64 " s: wrote "
			    "1 to %s\n", ns / 1000000000, ns / 1000000 % 1000,
			    method);
		compact_counts(before, &after, nodes, n);
		printf("\nBefore compaction:\n");
		render_table(stdout, before);
		printf("\nAfter compaction:\n");
		render_table(stdout, &after);
	}
	verdicts_free(&adv2);
	inputs_free(&in2);
	return EXIT_OK;
}

/* Render R in format F to FP. */
static void
render(enum format f, const struct report *r, FILE *fp)
{
	switch (f) {
	case F_SUMMARY:
		render_summary(fp, r);
		break;
	case F_TABLE:
		render_table(fp, r);
		break;
	case F_JSON:
		render_json(fp, r);
		break;
	case F_UNUSABLE:
		render_unusable(fp, r);
		break;
	case F_EXTFRAG:
		render_extfrag(fp, r);
		break;
	case F_PROM:
		render_prom(fp, r);
		break;
	case F_SVG:
		render_svg(fp, r);
		break;
	case F_NFORMATS:
		break;
	}
}

/*
 * Add the roots listed one per line in PATH ("-": standard input) to O.
 * Returns 0, or EXIT_DATA after a message. The list's buffer is kept.
 */
static int
read_roots(struct opts *o, struct slurp *list)
{
	struct ferr e = { .path = o->roots_from };
	const char **nr;
	char *p, *nl;
	size_t n = 0;

	if (slurp_read(o->roots_from, list, &e) != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	for (p = list->buf; *p; p++)
		n += *p == '\n';
	if ((nr = realloc(o->roots, (o->nroots + n + 2) * sizeof(*nr))) ==
	    NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_DATA;
	}
	o->roots = nr;
	for (p = list->buf; *p; p = nl + 1) {
		nl = p + strcspn(p, "\n");
		if (*nl == '\0') {
			if (*p)
				o->roots[o->nroots++] = p;
			break;
		}
		*nl = '\0';
		if (*p)
			o->roots[o->nroots++] = p;
	}
	return EXIT_OK;
}

/*
 * A batch reads snapshots: a recording among its roots (given with
 * --sysroot or listed by --roots-from) is a usage error that says what
 * reads one. Returns EXIT_OK, or EXIT_USAGE after a message.
 */
static int
batch_refuse_recordings(const struct opts *o)
{
	size_t i;

	for (i = 0; o->action == A_BATCH && i < o->nroots; i++)
		if (record_is(o->roots[i]))
			return usage_error("%s is a recording: a batch of "
			    "roots (several --sysroot, --roots-from) reads "
			    "snapshots; read recordings one at a time "
			    "(--sysroot DIR) or two side by side (--compare "
			    "A B)", o->roots[i]);
	return EXIT_OK;
}

/*
 * Analyse every root of O in turn, each written whole or not at all: a
 * section per snapshot in the table, one JSON object per line. Returns
 * EXIT_OK, or the error of the last snapshot that failed.
 */
static int
run_batch(struct opts *o)
{
	struct verdicts adv;
	struct report r;
	struct inputs in;
	size_t i;
	int rc, status = EXIT_OK;

	/*
	 * A snapshot is rendered only once it has loaded whole, so its
	 * document is written whole or not at all (main()'s buffer).
	 */
	for (i = 0; i < o->nroots; i++) {
		o->sysroot = o->roots[i];
		memset(&adv, 0, sizeof(adv));
		if ((rc = load(o, &in, &r, &adv)) == 0) {
			r.snapshot = o->sysroot;
			r.ndjson = true;
			if (o->format != F_JSON)
				printf("%s==> %s <==\n", i ? "\n" : "",
				    o->sysroot);
			render(o->format, &r, stdout);
		}
		if (rc != 0)
			status = rc;
		verdicts_free(&adv);
		inputs_free(&in);
		if (ferror(stdout))
			break;
	}
	return status;
}

/*
 * --events: name the migratetypes as IN's pagetypeinfo does, then start
 * counting into a tracefs instance. Returns 0, or EXIT_DATA after a message.
 */
static int
events_start(const struct opts *o, const struct inputs *in,
    unsigned pageblock_order, struct ev_names *nm, struct trace **tp)
{
	struct ferr e = { .path = "" };
	char note[1024];
	unsigned i;
	int n;

	memset(nm, 0, sizeof(*nm));
	/* pagetypeinfo lists the migratetypes in the kernel's enum order. */
	for (i = 0; in->have_pti && i < in->pti.ntypes; i++)
		memcpy(nm->type[i], in->pti.types[i], sizeof(nm->type[i]));
	nm->ntypes = in->have_pti ? in->pti.ntypes : 0;
	nm->pageblock_order = pageblock_order;
	nm->alloc_min_order = o->events_min_order;
	n = trace_sweep(note, sizeof(note));
	if (n > 0 && !o->quiet)
		fprintf(stderr, n > 1 ? "%s: note: removed the tracefs "
		    "instances %s left by fragstats that were killed\n" :
		    "%s: note: removed the tracefs instance %s left by a "
		    "fragstat that was killed\n", progname, note);
	if (trace_open(tp, nm, note, sizeof(note), &e) != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	if (note[0] && !o->quiet)
		fprintf(stderr, "%s: note: this kernel has no %s: shown as "
		    "null\n", progname, note);
	return 0;
}

/*
 * --format=svg of many roots: one picture of them all over time, so every
 * snapshot is loaded first. One that cannot be read is reported and left
 * out. Returns EXIT_OK, or the error of the last snapshot that failed.
 */
static int
run_batch_svg(struct opts *o)
{
	struct verdicts *adv = calloc(o->nroots + 1, sizeof(*adv));
	struct report *r = calloc(o->nroots + 1, sizeof(*r));
	struct inputs *in = calloc(o->nroots + 1, sizeof(*in));
	size_t i, n = 0;
	int rc, status = EXIT_OK;

	if (adv == NULL || r == NULL || in == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		status = EXIT_DATA;
		o->nroots = 0;
	}
	for (i = 0; i < o->nroots; i++) {
		o->sysroot = o->roots[i];
		if ((rc = load(o, &in[n], &r[n], &adv[n])) == 0) {
			r[n++].snapshot = o->sysroot;
			continue;
		}
		status = rc;
		verdicts_free(&adv[n]);
		inputs_free(&in[n]);
		memset(&adv[n], 0, sizeof(adv[n]));
	}
	if (n > 0)
		render_svg_batch(stdout, r, n);
	for (i = 0; i < n; i++) {
		verdicts_free(&adv[i]);
		inputs_free(&in[i]);
	}
	free(adv);
	free(r);
	free(in);
	return status;
}

/* --record: create the recording of the watch W over IN. Returns 0, or an exit code after a message. */
static int
record_start(const struct opts *o, const struct inputs *in,
    struct watch_opts *w, const unsigned *orders, int n)
{
	char cmd[EXPERIMENT_MAX_COMMAND];
	struct record_opts ro;
	struct ferr e = { .path = "" };
	const char *from;

	memset(&ro, 0, sizeof(ro));
	ro.dir = o->record;
	ro.src = o->sysroot;
	ro.page_size = page_size_of(o, in, &from);
	ro.release = in->release;
	ro.interval_ms = o->watch_ms;
	ro.count = o->count;
	ro.orders = orders;
	ro.norders = (size_t)n;
	ro.pageblock_order = w->pageblock_order;
	ro.migratetypes = o->migratetypes;
	ro.events = o->events;
	ro.captures_every = o->captures_every;
	if (o->command) {
		if (experiment_quote(cmd, sizeof(cmd), o->command) != 0) {
			fprintf(stderr, "%s: the command is longer than a "
			    "recording keeps (%d bytes quoted)\n", progname,
			    EXPERIMENT_MAX_COMMAND);
			return EXIT_USAGE;
		}
		ro.command = cmd;
	}
	if (record_open(&w->rec, &ro, &e) != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	return 0;
}

/* What watch_counts() keeps from one sample to the next. */
struct watch_count {
	const struct opts	*o;
	struct verdicts		 v;
};

/*
 * Fill R's advice and counts for the sample IN (watch_opts.counts).
 * Returns 0, or -1 when out of memory.
 */
static int
watch_counts(void *arg, const struct inputs *in, struct report *r)
{
	struct watch_count *wc = arg;

	verdicts_free(&wc->v);
	memset(&wc->v, 0, sizeof(wc->v));
	/* The orders were checked at the start: only memory can fail. */
	if (advise(wc->o, in, r->page_size, &wc->v.adv, &wc->v.need) != 0)
		return -1;
	r->advice = &wc->v.adv;
	return count(wc->o, in, r, &wc->v, NULL) != 0 ? -1 : 0;
}

/* Returns milliseconds from A to B. */
static uint64_t
ms_since(const struct timespec *a, const struct timespec *b)
{
	return (uint64_t)((b->tv_sec - a->tv_sec) * 1000 +
	    (b->tv_nsec - a->tv_nsec) / 1000000);
}

/*
 * Wait for the command PID unless it was reaped already, setting *WSTATUS
 * and *END. Returns whether it was still to be reaped.
 */
static bool
wait_child(pid_t pid, int *wstatus, struct timespec *end)
{
	pid_t got;

	while ((got = waitpid(pid, wstatus, 0)) == -1 && errno == EINTR)
		;
	if (got != pid)
		return false;
	clock_gettime(CLOCK_MONOTONIC, end);
	return true;
}

/* --watch: find the orders that matter once, then sample. Returns an exit code. */
static int
run_watch(struct opts *o)
{
	struct watch_opts w;
	struct watch_count wc;
	struct inputs in;
	struct report r;
	struct ferr e = { .path = "" };
	struct ev_names evn;
	struct trace *t = NULL;
	struct timespec start, end;
	unsigned orders[FRAG_MAX_ORDERS];
	const char *from;
	int n, rc = EXIT_OK, wstatus = 0;

	/*
	 * From here on a signal ends the run after the current step, through
	 * trace_close() and record_close(): nothing is cut midway.
	 */
	watch_signals();
	memset(&w, 0, sizeof(w));
	memset(&wc, 0, sizeof(wc));
	w.io = input_opts(o);
	w.io.watching = true;
	/* Reading pagetypeinfo takes zone locks: only when asked. */
	w.io.want_pti = o->migratetypes || o->events;
	w.io.want_advise = true;
	if (inputs_load(&w.io, &in, &e) != 0) {
		ferr_print(&e);
		inputs_free(&in);
		return EXIT_DATA;
	}
	/* Without pagetypeinfo --migratetypes would do nothing: say why. */
	if (o->migratetypes && !in.have_pti) {
		for (n = 0; n < in.nnotes && (in.ppath == NULL || strncmp(
		    in.notes[n], in.ppath, strlen(in.ppath)) != 0); n++)
			;
		fprintf(stderr, "%s: %s: --migratetypes needs it\n", progname,
		    n < in.nnotes ? in.notes[n] : "no pagetypeinfo");
		inputs_free(&in);
		return EXIT_DATA;
	}
	/* Not report_of(): nothing in the samples' template may point into IN. */
	memset(&r, 0, sizeof(r));
	r.page_size = page_size_of(o, &in, &r.page_size_from);
	if ((n = orders_of(o, &in, r.page_size, orders, &from)) < 0) {
		inputs_free(&in);
		return EXIT_USAGE;
	}
	w.pageblock_order = in.have_pti ? in.pti.pageblock_order :
	    in.pmd_order >= 0 ? (unsigned)in.pmd_order : orders[0];
	if (o->events && (rc = events_start(o, &in, w.pageblock_order, &evn,
	    &t)) != 0) {
		inputs_free(&in);
		return rc;
	}
	w.io.want_pti = o->migratetypes;
	w.trace = t;
	w.evn = &evn;
	if (o->record && (rc = record_start(o, &in, &w, orders, n)) != 0) {
		inputs_free(&in);
		/* Its own error went first: this one only says the cleanup failed. */
		if (trace_close(t, &e) != 0)
			ferr_print(&e);
		return rc;
	}
	inputs_free(&in);
	/* zoneinfo and the sysctls for the counts, in every sample. */
	w.io.want_advise = true;
	w.counts = watch_counts;
	w.counts_arg = &wc;
	wc.o = o;
	w.io.want_psi = true;
	w.io.want_vmstat = true;
	w.interval_ms = o->watch_ms;
	w.count = o->count;
	w.json = o->format == F_JSON;
	w.quiet = o->quiet;
	w.orders = orders;
	w.norders = (size_t)n;
	clock_gettime(CLOCK_MONOTONIC, &start);
	if (o->command && (w.child = experiment_spawn(o->command, &e)) == -1) {
		ferr_print(&e);
		rc = EXIT_DATA;
	} else {
		watch_forward(w.child);
		w.child_status = &wstatus;
		w.child_end = &end;
		if (watch_run(&w, &r, &e) != 0) {
			ferr_print(&e);
			rc = EXIT_DATA;
		}
	}
	/* The command outlived a failed recording: wait for it still. */
	if (w.child > 0 && wait_child(w.child, &wstatus, &end))
		watch_forward(0);
	if (trace_close(t, &e) != 0) {
		ferr_print(&e);
		rc = EXIT_DATA;
	}
	if (w.child > 0 && w.rec && record_end(w.rec, experiment_status(
	    wstatus), ms_since(&start, &end), &e) != 0) {
		ferr_print(&e);
		rc = EXIT_DATA;
	}
	/* The command's status, unless the recording failed. */
	if (w.child > 0 && rc == EXIT_OK)
		rc = experiment_status(wstatus);
	if (record_close(w.rec, &e) != 0) {
		ferr_print(&e);
		rc = EXIT_DATA;
	}
	verdicts_free(&wc.v);
	return rc;
}

/* --capture DIR. Returns an exit code. */
static int
run_capture(const struct opts *o)
{
	struct ferr e = { .path = "" };
	const char *from;

	if (o->map && o->sysroot == NULL && geteuid() != 0) {
		fprintf(stderr, "%s: --capture --map needs root: it reads "
		    "/proc/kpageflags\n", progname);
		return EXIT_DATA;
	}
	/* A root's page size is its own: given, in its metadata, or unknown. */
	if (capture_run(o->sysroot, o->capture, o->sysroot && !o->page_size ?
	    0 : page_size_of(o, NULL, &from), o->map, true, stdout, &e) != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	return close_stdout() != EXIT_OK ? EXIT_DATA : EXIT_OK;
}

/* --sysroot of a recording: summarise the run. Returns an exit code. */
static int
run_replay(const struct opts *o)
{
	struct ferr e = { .path = "" };
	struct replay *r = malloc(sizeof(*r));

	if (r == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_DATA;
	}
	if (replay_read(o->sysroot, r, o->format == F_SVG, &e) != 0) {
		ferr_print(&e);
		replay_free(r);
		free(r);
		return EXIT_DATA;
	}
	if (r->truncated && !o->quiet)
		fprintf(stderr, "%s: %s/%s: the last line is cut short (the "
		    "recording ended in a crash): ignored\n", progname,
		    o->sysroot, RECORD_SAMPLES);
	if (o->format == F_JSON)
		replay_json(stdout, o->sysroot, r);
	else if (o->format == F_SVG)
		render_svg_recording(stdout, o->sysroot, r);
	else
		replay_table(stdout, o->sysroot, r);
	replay_free(r);
	free(r);
	return close_stdout() != EXIT_OK ? EXIT_DATA : EXIT_OK;
}

/* --compare of two sets of runs (a directory of recordings on a side). Returns an exit code. */
static int
run_sets_compare(const struct opts *o)
{
	struct ferr e = { .path = "" };
	struct sets x;
	int i, rc = EXIT_OK;

	memset(&x, 0, sizeof(x));
	for (i = 0; i < 2 && rc == EXIT_OK; i++)
		if (sets_read(&x, i, o->roots[i], &e) != 0)
			rc = EXIT_DATA;
	if (rc == EXIT_OK && sets_compute(&x, &e) != 0)
		rc = EXIT_DATA;
	if (rc != EXIT_OK)
		ferr_print(&e);
	else if (o->format == F_JSON)
		sets_json(stdout, &x);
	else if (o->format == F_SVG)
		sets_svg(stdout, &x);
	else
		sets_table(stdout, &x);
	sets_free(&x);
	if (rc == EXIT_OK && close_stdout() != EXIT_OK)
		rc = EXIT_DATA;
	return rc;
}

/* --compare of two recordings. Returns an exit code. */
static int
run_replay_compare(const struct opts *o)
{
	struct ferr e = { .path = "" };
	struct replay *r;
	int i, rc = EXIT_OK;

	if (!record_is(o->roots[0]) || !record_is(o->roots[1]))
		return run_sets_compare(o);
	if ((r = calloc(2, sizeof(*r))) == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		return EXIT_DATA;
	}

	for (i = 0; i < 2 && rc == EXIT_OK; i++)
		if (replay_read(o->roots[i], &r[i], o->format == F_SVG,
		    &e) != 0) {
			ferr_print(&e);
			rc = EXIT_DATA;
		} else if (r[i].truncated && !o->quiet)
			fprintf(stderr, "%s: %s/%s: the last line is cut short "
			    "(the recording ended in a crash): ignored\n",
			    progname, o->roots[i], RECORD_SAMPLES);
	if (rc == EXIT_OK && o->format == F_JSON)
		replay_compare_json(stdout, o->roots[0], &r[0], o->roots[1],
		    &r[1]);
	else if (rc == EXIT_OK && o->format == F_SVG)
		render_svg_recordings(stdout, o->roots[0], &r[0], o->roots[1],
		    &r[1]);
	else if (rc == EXIT_OK)
		replay_compare_table(stdout, o->roots[0], &r[0], o->roots[1],
		    &r[1]);
	for (i = 0; i < 2; i++)
		replay_free(&r[i]);
	free(r);
	if (rc == EXIT_OK && close_stdout() != EXIT_OK)
		rc = EXIT_DATA;
	return rc;
}

/* --compare A B. Returns an exit code. */
static int
run_compare(struct opts *o)
{
	struct verdicts adv[2];
	struct report r[2];
	struct inputs in[2];
	int rc = EXIT_OK, i, loaded = 0;

	memset(adv, 0, sizeof(adv));
	for (i = 0; i < 2 && rc == EXIT_OK; i++) {
		o->sysroot = o->roots[i];
		rc = load(o, &in[i], &r[i], &adv[i]);
		loaded++;
		r[i].snapshot = o->sysroot;
	}
	if (rc == EXIT_OK && in[0].bi.norders != in[1].bi.norders) {
		fprintf(stderr, "%s: %s has %u orders, %s has %u: not "
		    "comparable\n", progname, o->roots[0], in[0].bi.norders,
		    o->roots[1], in[1].bi.norders);
		rc = EXIT_DATA;
	}
	if (rc == EXIT_OK && o->format == F_JSON)
		render_compare_json(stdout, &r[0], &r[1]);
	else if (rc == EXIT_OK && o->format == F_SVG)
		render_svg_compare(stdout, &r[0], &r[1]);
	else if (rc == EXIT_OK)
		render_compare_table(stdout, &r[0], &r[1]);
	for (i = 0; i < loaded; i++) {
		verdicts_free(&adv[i]);
		inputs_free(&in[i]);
	}
	return rc;
}

/*
 * Build M for O and IN: the map the capture O->sysroot stored (its page
 * size into *PAGE_SIZE), else from the page flags of a root that has them
 * (proc/kpageflags) or of this host; with CG, the cgroups stored or read
 * (kpagecgroup) too. *STORED_MAP says whether a capture's map was read.
 * Returns 0, or EXIT_DATA after a message.
 */
static int
load_map(const struct opts *o, const struct inputs *in, unsigned need_order,
    unsigned long *page_size, struct map *m, struct memcg *cg, bool *stored_map)
{
	struct ferr e = { .path = "" };
	char *stored = inputs_path(o->sysroot, "/" MAPFILE_NAME);
	char *flags = inputs_path(o->sysroot, "/proc/kpageflags");
	struct memcg unused;
	int rc;

	memset(m, 0, sizeof(*m));
	memcg_init(&unused);
	*stored_map = false;
	if (stored == NULL || flags == NULL) {
		fprintf(stderr, "%s: out of memory\n", progname);
		rc = EXIT_DATA;
	} else if (o->sysroot && access(stored, F_OK) == 0) {
		*stored_map = true;
		rc = mapfile_load(stored, in, m, cg ? cg : &unused, page_size,
		    &e);
		memcg_free(&unused);
	} else if (o->sysroot && access(flags, F_OK) != 0) {
		ferr_keep_path(&e, o->sysroot);
		rc = ferr_set(&e, 0, "holds no map: a capture stores one with "
		    "'fragstat --capture DIR --map' (as root)");
	} else {
		rc = kpageflags_map(o->sysroot, in, *page_size, m, cg, &e);
	}
	/* The 1 GiB pages, or those --need asks for, from the map too. */
	m->gigantic_order = o->need_count && need_order >= in->bi.norders ?
	    need_order : gigantic_order(in, *page_size);
	/* Only here: a capture stores what the files said, not this. */
	if (rc == 0 && map_compute(m, in->frag) != 0) {
		map_free(m);
		rc = ferr_set(&e, 0, "out of memory");
	}
	if (rc < 0) {
		ferr_print(&e);
		rc = EXIT_DATA;
	}
	free(stored);
	free(flags);
	return rc;
}

/*
 * --map --cgroups: name and rank CG's cgroups over P's pageblocks of M,
 * and read the page_owner stacks into OW, each with a note when it
 * cannot be had; STORED: M is a capture's. Returns 0, or -1 when out of
 * memory (a page_owner that cannot be read is a note, never an error).
 */
static int
culprits(const struct opts *o, bool stored, const struct map *m,
    const struct pins *p, struct memcg *cg, struct owners *ow)
{
	struct ferr e = { .path = "" };
	char *path;
	int rc;

	if (cg->read && !stored && memcg_name(cg, o->sysroot) != 0)
		return -1;
	if (!cg->read && stored)
		snprintf(cg->note, sizeof(cg->note), "the capture holds no "
		    "cgroups: /proc/kpagecgroup could not be read when it was "
		    "made");
	else if (cg->read && cg->ngroups == 1 && cg->groups[0].ino == 0)
		snprintf(cg->note, sizeof(cg->note), "every page is uncharged: "
		    "memory cgroups are off (cgroup_disable=memory?)");
	if (cg->read && pins_rank(cg, m, p) != 0)
		return -1;
	if (stored) {
		snprintf(ow->note, sizeof(ow->note), "page_owner: a capture "
		    "holds no allocating stacks");
		return 0;
	}
	if ((path = inputs_path(o->sysroot, "/sys/kernel/debug/page_owner")) ==
	    NULL)
		return -1;
	rc = owners_read(ow, path, m, p, &e);
	free(path);
	if (rc == 1)
		snprintf(ow->note, sizeof(ow->note), "page_owner: not readable; "
		    "boot with page_owner=on and mount debugfs "
		    "(mount -t debugfs none /sys/kernel/debug) for the "
		    "allocating stacks");
	else if (rc < 0)
		snprintf(ow->note, sizeof(ow->note), "page_owner: %.160s",
		    e.msg);
	return 0;
}

/*
 * --map: read the page flags of every zone, or the map a capture stored,
 * and show the compaction ceiling. Returns an exit code.
 */
static int
run_map(const struct opts *o)
{
	struct input_opts io = input_opts(o);
	struct ferr e = { .path = "" };
	struct inputs in;
	struct report r;
	struct owners ow;
	struct memcg cg;
	struct pins p;
	struct map m;
	bool stored;
	int rc = EXIT_OK;

	/* Zone spans, per-CPU pages, balloon pages, the pageblock order. */
	io.want_pti = io.want_advise = io.want_vmstat = true;
	io.want_psi = false;
	if (inputs_load(&io, &in, &e) != 0) {
		ferr_print(&e);
		inputs_free(&in);
		return EXIT_DATA;
	}
	report_of(o, &in, &r);
	memcg_init(&cg);
	owners_init(&ow);
	if (load_map(o, &in, 0, &r.page_size, &m, o->cgroups ? &cg : NULL,
	    &stored) != 0) {
		inputs_free(&in);
		return EXIT_DATA;
	}
	if (pins_compute(&p, &m) != 0 || (o->cgroups && culprits(o, stored,
	    &m, &p, &cg, &ow) != 0)) {
		fprintf(stderr, "%s: out of memory\n", progname);
		rc = EXIT_DATA;
		goto out;
	}
	r.map = &m;
	r.pins = &p;
	r.cg = o->cgroups ? &cg : NULL;
	r.owners = o->cgroups ? &ow : NULL;
	if (o->format == F_JSON)
		render_map_json(stdout, &r);
	else if (o->format == F_SVG)
		render_map_svg(stdout, &r);
	else
		render_map_table(stdout, &r);
out:
	pins_free(&p);
	memcg_free(&cg);
	owners_free(&ow);
	map_free(&m);
	inputs_free(&in);
	if (close_stdout() != EXIT_OK)
		rc = EXIT_DATA;
	return rc;
}

int
main(int argc, char **argv)
{
	static char obuf[1 << 16];
	struct slurp list = { NULL, 0 };
	struct verdicts adv;
	struct report r;
	struct inputs in;
	struct opts o;
	struct map m;
	bool stored;
	int rc;

	/* A closed pipe is seen as EPIPE at close_stdout(), not a death. */
	signal(SIGPIPE, SIG_IGN);
	/*
	 * Into a file or a pipe, a --watch sample, a snapshot or a whole
	 * document of up to 64 KiB reaches write() at once; a terminal still
	 * sees each line. glibc ignores the size without a buffer: give one.
	 */
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, obuf, _IOFBF, sizeof(obuf));
	if ((rc = options_parse(argc, argv, &o)) != EXIT_OK) {
		free(o.roots);
		return rc < 0 ? close_stdout() : rc;
	}
	/* Once, not per snapshot: auto colour means a terminal. */
	if (o.color == -1)
		o.color = isatty(STDOUT_FILENO);
	if (o.roots_from && (rc = read_roots(&o, &list)) != EXIT_OK)
		goto out;
	if ((rc = batch_refuse_recordings(&o)) != EXIT_OK)
		goto out;
	switch (o.action) {
	case A_VERIFY:
		rc = run_verify(&o);
		goto out;
	case A_WATCH:
		inputs_keep_memory();
		rc = run_watch(&o);
		goto out;
	case A_CAPTURE:
		rc = run_capture(&o);
		goto out;
	case A_REPLAY:
		rc = run_replay(&o);
		goto out;
	case A_REPLAY_COMPARE:
		rc = run_replay_compare(&o);
		goto out;
	case A_MAP:
		rc = run_map(&o);
		goto out;
	case A_BATCH:
		inputs_keep_memory();
		/* fall through */
	case A_COMPARE:
		rc = o.action == A_COMPARE ? run_compare(&o) : o.format ==
		    F_SVG ? run_batch_svg(&o) : run_batch(&o);
		if (close_stdout() != EXIT_OK)
			rc = EXIT_DATA;
		goto out;
	case A_SHOW:
	case A_COMPACT:
	case A_NACTIONS:
		break;
	}
	if (o.compact && geteuid() != 0) {
		fprintf(stderr, "%s: --compact needs root: it writes "
		    "/sys/devices/system/node/nodeN/compact\n", progname);
		rc = EXIT_DATA;
		goto out;
	}
	memset(&adv, 0, sizeof(adv));
	memset(&m, 0, sizeof(m));
	/* --advise --map: the advice with the ceiling beside it. */
	if ((rc = load(&o, &in, &r, &adv)) == 0 && o.map &&
	    (rc = load_map(&o, &in, adv.need.order, &r.page_size, &m, NULL,
	    &stored)) == 0)
		rc = count(&o, &in, &r, &adv, &m);
	if (rc != 0) {
		verdicts_free(&adv);
		inputs_free(&in);
		goto out;
	}
	r.map = o.map ? &m : NULL;
	if (o.compact)
		rc = compact_run(&o, &r);
	else
		render(o.format, &r, stdout);
	map_free(&m);
	verdicts_free(&adv);
	inputs_free(&in);
	if (close_stdout() != EXIT_OK)
		rc = EXIT_DATA;
out:
	slurp_free(&list);
	free(o.roots);
	return rc;
}

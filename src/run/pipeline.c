/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pipeline.c - one snapshot: the inputs of the options, the advice and counts computed on them, the report a renderer gets */

#include "config.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "advise.h"
#include "check_unknown.h"
#include "elapsed.h"
#include "judge.h"
#include "kcompactd.h"
#include "kver.h"
#include "load.h"
#include "mode_check.h"
#include "modes.h"
#include "orders.h"
#include "pageorder.h"
#include "unmanaged.h"
#include "render_json.h"
#include "render_kernel.h"
#include "render_pictures.h"
#include "render_prom.h"
#include "render_rows.h"
#include "render_text.h"
#include "text.h"
#include "thpsize.h"
#include "usage.h"

/*
 * Returns 0 after writing and closing stdout, or EXIT_DATA when that
 * failed. A reader that went away (EPIPE: SIGPIPE is ignored) is the
 * normal end of a pipe such as 'fragstat --json | head -c1', as in --watch.
 */
int
pipe_close_stdout(void)
{
	if (ferror(stdout) | (fclose(stdout) != 0)) {
		if (errno == EPIPE)
			return EXIT_OK;
		ferr_say("write error: %s", errno ? strerror(errno) :
		    "unknown");
		check_unwritten();
		return EXIT_DATA;
	}
	return EXIT_OK;
}

/*
 * Returns the page size for O and where it came from in *FROM: --page-size,
 * else the host's when the files are the live ones, else what the capture
 * IN was read from says (IN NULL: not read yet), else assumed PAGEORDER_DEFAULT_PAGE_SIZE.
 */
unsigned long
pipe_page_size(const struct opts *o, const struct inputs *in, const char **from)
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
	return PAGEORDER_DEFAULT_PAGE_SIZE;
}

/* Returns the input options O asks for. */
struct input_opts
pipe_input_opts(const struct opts *o)
{
	struct input_opts io;
	const char *from;
	bool kernel_bytes;

	memset(&io, 0, sizeof(io));
	io.sysroot = o->sysroot;
	io.buddyinfo = o->buddyinfo;
	io.pagetypeinfo = o->pagetypeinfo;
	io.pressure = o->pressure;
	io.zoneinfo = o->zoneinfo;
	io.kernel = o->kernel;
	/* THP sizes and --advise=2M need the page size before reading. */
	io.page_size = pipe_page_size(o, NULL, &from);
	io.thp = &thp_rules;
	/*
	 * Never read a file the chosen output does not need: the kernel's
	 * own index files and --verify read buddyinfo alone, the flat rows
	 * have no pressure.
	 */
	kernel_bytes = o->format == F_UNUSABLE || o->format == F_EXTFRAG ||
	    o->action == A_VERIFY;
	io.want_pti = !kernel_bytes && !o->no_pagetypeinfo;
	io.want_psi = !kernel_bytes && o->format != F_CSV &&
	    o->format != F_NDJSON;
	io.want_advise = o->advise;
	/* The map: the pageblock order and balloon pages. */
	io.want_pti |= o->map;
	io.want_vmstat = o->map;
	/* The unusable index reads the same on every kernel; advice does not. */
	io.no_release = o->format == F_UNUSABLE && !o->advise;
	return io;
}

/*
 * Store in ORDERS the orders that matter for O and IN: --advise=LIST or
 * --orders=LIST, else the pageblock order (else the PMD order) and every
 * enabled THP order, else ADVISE_BLOCK_ORDER_GUESS within IN's orders.
 * Returns how many with *FROM saying where they came from, or -1 after a
 * usage message.
 */
int
pipe_orders(const struct opts *o, const struct inputs *in,
    unsigned long page_size, unsigned *orders, const char **from)
{
	const char *list = o->advise_list ? o->advise_list : o->orders_list;
	unsigned norders = in->bi.norders;
	size_t i, n = 0;

	if (list) {
		*from = "option";
		return orders_parse(o->advise_list ? "--advise" : "--orders",
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
		orders[n++] = advise_clamp_order(ADVISE_BLOCK_ORDER_GUESS,
		    norders);
		*from = "default";
	}
	return (int)n;
}

/*
 * Set N from --need ON of O for pages of PAGE_SIZE: the count, the order
 * of its size (default: ADV's advise_block_order()), the node. Returns 0,
 * or -1 after a usage message.
 */
static int
need_of(const struct opts *o, const struct opt_need *on,
    const struct inputs *in, unsigned long page_size,
    const struct advice *adv, struct need *n)
{
	size_t z;

	n->count = on->count;
	/* --node=each: --check asks each node; the report, the machine. */
	n->node = o->node == OPTS_NODE_EACH ? -1 : o->node;
	n->order = advise_block_order(in->have_pti ? &in->pti : NULL, adv);
	if (on->size != NULL && orders_one("--need", on->size, page_size,
	    FRAG_MAX_ORDERS, &n->order) != 0)
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
unsigned
pipe_gigantic_order(const struct inputs *in, unsigned long page_size)
{
	/* The gigantic page the map's regions are of: 1 GiB (PUD on x86). */
	const uint64_t gib = 1ULL << 30;
	unsigned o = 0;

	while (((uint64_t)page_size << o) < gib)
		o++;
	return ((uint64_t)page_size << o) == gib && o >= in->bi.norders ?
	    o : 0;
}

/*
 * Set ADV's rules from O and IN: the release and where it came from
 * (inferred from the files without one), vm.extfrag_threshold,
 * vm.compaction_proactiveness and COMPACTION_HPAGE_ORDER.
 */
static void
advice_rules(const struct opts *o, const struct inputs *in,
    struct advice *adv)
{
	bool found;

	adv->kver = in->release[0] ? text_kver(in->release) : -1;
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
	adv->hpage_order = advise_hpage_order(in->pmd_order, in->have_pti ?
	    &in->pti : NULL);
}

/* Add ORDER to ADV's orders unless it is there already or they are full. */
static void
add_order(struct advice *adv, unsigned order)
{
	if (advice_order_index(adv, order) < 0 &&
	    adv->norders < FRAG_MAX_ORDERS)
		adv->orders[adv->norders++] = order;
}

/*
 * Set ADV's orders for O and IN (pipe_orders()), with the order of --need
 * (into NEED) and of --check's thresholds, so that they are counted too.
 * Returns 0, or -1 after a usage message.
 */
static int
advice_orders(const struct opts *o, const struct inputs *in,
    unsigned long page_size, struct advice *adv, struct verdicts *v)
{
	struct check_ask ask;
	size_t i;
	int n;

	if ((n = pipe_orders(o, in, page_size, adv->orders,
	    &adv->orders_from)) < 0)
		return -1;
	adv->norders = (size_t)n;
	/* Each --need's order is one that matters, unless it is gigantic. */
	memset(&v->need, 0, sizeof(v->need));
	for (v->nneeds = 0; v->nneeds < o->nneeds; v->nneeds++) {
		i = v->nneeds;
		if (need_of(o, &o->needs[i], in, page_size, adv,
		    &v->needs[i]) != 0)
			return -1;
		if (v->needs[i].order < in->bi.norders)
			add_order(adv, v->needs[i].order);
	}
	if (v->nneeds > 0)
		v->need = v->needs[0];
	if (o->warn != 0 || o->crit != 0 || o->action == A_CHECK) {
		if (check_ask_of(o, in, page_size, adv, &ask) != 0)
			return -1;
		add_order(adv, ask.order);
	}
	return 0;
}

/* Fill ADV from O and IN for the report. Returns 0, or an exit code after a message. */
int
pipe_advise(const struct opts *o, const struct inputs *in, unsigned long page_size,
    struct verdicts *v)
{
	struct advice *adv = &v->adv;
	struct advise_in ai;

	memset(adv, 0, sizeof(*adv));
	adv->gfp = o->gfp;
	advice_rules(o, in, adv);
	if (advice_orders(o, in, page_size, adv, v) != 0)
		return EXIT_USAGE;
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
		ferr_nomem();
		return EXIT_DATA;
	}
	return 0;
}

/* Fill R from IN for the options O. */
void
pipe_report(const struct opts *o, const struct inputs *in, struct report *r)
{
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
	r->huge_known = in->hugetlb_known;
	r->thp = in->have_thp ? &in->thp : NULL;
	r->vm = in->have_vm ? &in->vm : NULL;
	r->release = in->release[0] ? in->release : NULL;
	r->page_size = pipe_page_size(o, in, &r->page_size_from);
	r->color = o->color == 1;
	if (o->format == F_CSV || o->format == F_NDJSON)
		r->snapshot = o->sysroot;
	r->rows_ndjson = o->format == F_NDJSON;
	r->rows_sizes = o->rows_sizes;
	r->rows_head = true;
}

int
pipe_unmanaged(const struct inputs *in, struct report *r,
    struct unmanaged *u)
{
	memset(u, 0, sizeof(*u));
	if (!in->have_zi)
		return 0;
	if (unm_build(u, &in->zi, in->have_mi ? &in->mi : NULL, in->have_vm ?
	    &in->vm : NULL, r->page_size) != 0) {
		ferr_nomem();
		return EXIT_DATA;
	}
	r->unm = u;
	return 0;
}

void
pipe_verdicts_free(struct verdicts *v)
{
	advise_free(&v->adv);
	avail_free(&v->av);
	unm_free(&v->unm);
}

unsigned
pipe_need_gigantic(const struct verdicts *v, const struct inputs *in)
{
	size_t i;

	for (i = 0; i < v->nneeds; i++)
		if (v->needs[i].count && v->needs[i].order >= in->bi.norders)
			return v->needs[i].order;
	return 0;
}

/*
 * Count in V the allocations of every order of its advice for IN and R,
 * with the map M (NULL: none). Returns 0, or EXIT_DATA after a message.
 */
int
pipe_count(const struct opts *o, const struct inputs *in, struct report *r,
    struct verdicts *v, const struct map *m)
{
	unsigned g = pipe_need_gigantic(v, in);
	size_t i;

	avail_free(&v->av);
	v->av.low = o->low;
	/* The marks of --fragmented, else avail_build()'s default. */
	v->av.marks.from = NULL;
	if (o->frag_marks) {
		v->av.marks.low = o->frag_low;
		v->av.marks.high = judge_severe_of(o->frag_low,
		    o->frag_severe);
		v->av.marks.from = "option";
	}
	if (avail_build(&v->av, &v->adv, &in->bi, in->frag, in->have_zi ?
	    &in->zi : NULL, m, g) != 0) {
		ferr_nomem();
		return EXIT_DATA;
	}
	r->avail = &v->av;
	/* Once, for every view: each --need's answer, the worst, the worst verdict. */
	r->need = NULL;
	r->needs = v->needs;
	r->need_answers = v->answers;
	r->nneeds = v->nneeds;
	for (i = 0; i < v->nneeds; i++) {
		v->answers[i] = avail_need(&v->av, &v->needs[i],
		    avail_possible(r->huge, r->huge_known, v->needs[i].order,
		    in->bi.norders));
		if (r->need == NULL || advise_rank(v->answers[i].verdict) >
		    advise_rank(r->need_answer.verdict)) {
			r->need = &v->needs[i];
			r->need_answer = v->answers[i];
		}
	}
	r->worst = avail_worst(&v->adv, r->need, &r->need_answer, &r->worst_j);
	r->need_unmanaged = unm_need_cover(r->unm, r->need, &r->need_answer);
	r->reclaim_least = advise_least_reclaim(&v->adv, r->worst_j,
	    &r->reclaim_short);
	r->judged_worst = judge_worst(&v->adv, &v->av);
	return 0;
}

void
pipe_kcompactd_seen(const struct opts *o, struct inputs *in,
    struct verdicts *v)
{
	struct vmstat again;
	struct timespec at;

	if (!o->advise || o->sysroot != NULL ||
	    inputs_vmstat_again(in, &again, &at) != 0)
		return;
	v->adv.seen = kcompactd_seen(&in->vm, &again);
	v->adv.seen_ms = elapsed_ms_between(&in->vm_at, &at);
}

/* Load what O needs into IN, R and V. Returns 0, or an exit code after a message. */
int
pipe_load(struct opts *o, struct inputs *in, struct report *r, struct verdicts *v)
{
	struct input_opts io;
	struct ferr e = { .path = "" };
	int i, rc;

	io = pipe_input_opts(o);
	if (load_inputs(&io, in, &e) != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	if (!o->quiet)
		for (i = 0; i < in->nnotes; i++)
			ferr_say("%s", in->notes[i]);
	pipe_report(o, in, r);
	if ((rc = pipe_unmanaged(in, r, &v->unm)) != 0)
		return rc;
	if (o->advise) {
		if ((rc = pipe_advise(o, in, r->page_size, v)) != 0)
			return rc;
		r->advice = &v->adv;
		if ((rc = pipe_count(o, in, r, v, NULL)) != 0)
			return rc;
	}
	return 0;
}

/* Render R in format F to FP. */
void
pipe_render(enum format f, const struct report *r, FILE *fp)
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
	case F_CSV:
	case F_NDJSON:
		render_rows(fp, r);
		break;
	case F_NFORMATS:
		break;
	}
}

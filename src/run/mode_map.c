/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mode_map.c - --map: the physical memory map, who pins it, and the ceiling of compaction */

#include "config.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "census.h"
#include "cma_read.h"
#include "cmacheck.h"
#include "explain.h"
#include "kpageflags.h"
#include "load.h"
#include "mapfile.h"
#include "mapfile_load.h"
#include "mapview.h"
#include "memblock_read.h"
#include "memcg_names.h"
#include "modes.h"
#include "owners_read.h"
#include "pins.h"
#include "render_map.h"

/*
 * Give each zone of M the pages IN's zoneinfo says are present but not
 * yet initialised, for map_compute() to tell from kernel pins. Returns 0,
 * or -1 when out of memory.
 */
static int
map_unmanaged(const struct inputs *in, unsigned long page_size, struct map *m)
{
	const struct unm_zone *uz;
	struct unmanaged u;
	size_t i;

	if (!in->have_zi)
		return 0;
	if (unm_build(&u, &in->zi, in->have_mi ? &in->mi : NULL, in->have_vm ?
	    &in->vm : NULL, page_size) != 0)
		return -1;
	for (i = 0; i < m->nzones; i++) {
		uz = unm_zone(&u, m->zones[i].node, m->zones[i].name);
		m->zones[i].unmanaged = uz && uz->cause == UNM_UNINIT ?
		    uz->pages : 0;
	}
	unm_free(&u);
	return 0;
}

int
run_map_stored(const char *root, const struct inputs *in, struct map *m,
    struct memcg *cg, unsigned long *page_size, bool *stored)
{
	struct ferr e = { .path = "" };
	char *path = inputs_path(root, "/" MAPFILE_NAME);
	struct memcg unused;
	int rc = 0;

	memcg_init(&unused);
	*stored = false;
	if (path == NULL) {
		ferr_nomem();
		rc = EXIT_DATA;
	} else if (access(path, F_OK) == 0) {
		*stored = true;
		if (mapfile_load(path, in, m, cg ? cg : &unused, page_size,
		    &e) != 0) {
			ferr_print(&e);
			rc = EXIT_DATA;
		}
	}
	memcg_free(&unused);
	free(path);
	return rc;
}

/*
 * Build M for O and IN: the map the capture O->sysroot stored (its page
 * size into *PAGE_SIZE), else from the page flags of a root that has them
 * (proc/kpageflags) or of this host; with CG, the cgroups stored or read
 * (kpagecgroup) too. *STORED_MAP says whether a capture's map was read.
 * Returns 0, or EXIT_DATA after a message.
 */
int
run_map_load(const struct opts *o, const struct inputs *in, unsigned need_order,
    unsigned long *page_size, struct map *m, struct memcg *cg, bool *stored_map)
{
	struct ferr e = { .path = "" };
	char *flags = inputs_path(o->sysroot, "/proc/kpageflags");
	int rc = 0;

	memset(m, 0, sizeof(*m));
	*stored_map = false;
	if (flags == NULL || ferr_inject("map-paths")) {
		ferr_nomem();
		rc = EXIT_DATA;
	} else if (o->sysroot) {
		rc = run_map_stored(o->sysroot, in, m, cg, page_size,
		    stored_map);
	}
	/* Not stored: the page flags of the root, or of this host. */
	if (rc == 0 && !*stored_map && o->sysroot && access(flags, F_OK) != 0) {
		ferr_keep_path(&e, o->sysroot);
		rc = ferr_set(&e, 0, "holds no map: a capture stores one with "
		    "'fragstat --capture DIR --map' (as root)");
	} else if (rc == 0 && !*stored_map) {
		rc = kpageflags_map(o->sysroot, in, *page_size, &map_rules, m, cg,
		    &e);
	}
	/* The 1 GiB pages, or those --need asks for, from the map too. */
	m->gigantic_order = o->need_count && need_order >= in->bi.norders ?
	    need_order : pipe_gigantic_order(in, *page_size);
	/*
	 * The pages not yet initialised, then the classes: only here, as a
	 * capture stores what the files said, not this.
	 */
	if (rc == 0 && (map_unmanaged(in, *page_size, m) != 0 ||
	    ferr_inject("map-compute") || map_compute(m, in->frag) != 0)) {
		map_free(m);
		rc = ferr_set_nomem(&e);	/* not the file read last */
	}
	if (rc < 0) {
		ferr_print(&e);
		rc = EXIT_DATA;
	}
	free(flags);
	return rc;
}

/* What each_record() counts a page_owner record into. */
struct records {
	struct pins_owners	 po;
	struct census		*census;
};

/* Count page_owner's record R into ARG's (struct records) census and stacks. */
static int
each_record(void *arg, const struct po_record *r)
{
	struct records *a = arg;

	census_add(a->census, a->po.m, r);
	return pins_owner_add(&a->po, r);
}

/*
 * Read page_owner's stacks of P's pageblocks of M into OW and the
 * mixed-block census into C, with a note when it cannot be read.
 * Returns 0, or -1 when out of memory.
 */
static int
read_owners(const struct opts *o, const struct map *m, const struct pins *p,
    struct owners *ow, struct census *c)
{
	struct records rec = { { ow, m, p }, c };
	struct ferr e = { .path = "" };
	char *path;
	int rc = -1;

	if ((path = inputs_path(o->sysroot, "/sys/kernel/debug/page_owner")) ==
	    NULL)
		return -1;
	if (census_init(c, m) != 0)
		goto out;
	rc = owners_read(ow, path, each_record, &rec, &e);
	census_end(c);
	c->read = rc == 0;
	if (rc == 1)
		snprintf(ow->note, sizeof(ow->note), "page_owner: not readable; "
		    "boot with page_owner=on and mount debugfs "
		    "(mount -t debugfs none /sys/kernel/debug) for the "
		    "allocating stacks and the mixed-block census");
	else if (rc < 0)
		snprintf(ow->note, sizeof(ow->note), "page_owner: %.160s",
		    e.msg);
	rc = 0;
out:
	free(path);
	return rc;
}

/*
 * --map --cgroups: name and rank CG's cgroups over P's pageblocks of M,
 * and read the page_owner stacks into OW and the mixed-block census into
 * C, each with a note when it cannot be had; STORED: M is a capture's.
 * Returns 0, or -1 when out of memory (a page_owner that cannot be read
 * is a note, never an error).
 */
static int
culprits(const struct opts *o, bool stored, const struct map *m,
    const struct pins *p, struct memcg *cg, struct owners *ow,
    struct census *c)
{
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
		    "holds no allocating stacks nor mixed-block census");
		return 0;
	}
	return read_owners(o, m, p, ow, c);
}

/* What run_map() reads and computes, freed by mapshow_free(). */
struct mapshow {
	struct inputs		in;
	struct report		r;
	struct unmanaged	u;
	struct owners		ow;
	struct census		cen;
	struct explain		x;
	struct cma_areas	cma;
	struct cma_check	cc;
	struct memcg		cg;
	struct mapview		v;
	bool			stored;		/* the map a capture stored */
};

/*
 * Read S's inputs, its report, the unmanaged pages and the map (with
 * --cgroups, the cgroups too). Returns 0, or EXIT_DATA after a message;
 * mapshow_free() frees what was read either way.
 */
static int
mapshow_load(const struct opts *o, struct mapshow *s)
{
	struct input_opts io = pipe_input_opts(o);
	struct ferr e = { .path = "" };

	/*
	 * Zone spans, per-CPU pages, balloon pages, the pageblock order: no
	 * sysctl, THP size or hugetlb pool, which only advice uses.
	 */
	io.want_pti = io.want_zoneinfo = io.want_vmstat = true;
	io.want_psi = false;
	if (load_inputs(&io, &s->in, &e) != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	pipe_report(o, &s->in, &s->r);
	if (pipe_unmanaged(&s->in, &s->r, &s->u) != 0 ||
	    run_map_load(o, &s->in, 0, &s->r.page_size, &s->v.m, o->cgroups ?
	    &s->cg : NULL, &s->stored) != 0)
		return EXIT_DATA;
	return EXIT_OK;
}

/*
 * Compute from S's map all its view shows (mapview_compute()), its pages
 * explained by the kernel's counters, CMA by every source (the areas
 * read here) and, with --cgroups, the culprits. Returns 0, or EXIT_DATA
 * after a message.
 */
static int
mapshow_compute(const struct opts *o, struct mapshow *s)
{
	struct ferr e = { .path = "" };

	if (mapview_compute(o->sysroot, &s->v, s->r.page_size, true) != 0)
		return EXIT_DATA;
	if (s->in.have_zi && explain_compute(&s->x, &s->v.m, &s->v.p, &s->in.zi,
	    s->in.have_mi ? &s->in.mi : NULL, s->in.have_vm ? &s->in.vm : NULL,
	    s->in.release[0] ? s->in.release : NULL, s->r.page_size) != 0) {
		ferr_nomem();
		return EXIT_DATA;
	}
	if (cma_read(o->sysroot, &s->cma, &e) != 0) {
		ferr_print(&e);
		return EXIT_DATA;
	}
	cma_check(&s->cc, s->in.have_pti ? &s->in.pti : NULL, s->in.have_zi ?
	    &s->in.zi : NULL, s->in.have_mi ? &s->in.mi : NULL, &s->cma,
	    s->r.page_size);
	if (o->cgroups && culprits(o, s->stored, &s->v.m, &s->v.p, &s->cg,
	    &s->ow, &s->cen) != 0) {
		ferr_nomem();
		return EXIT_DATA;
	}
	return EXIT_OK;
}

/* Point S's report at what was computed and render it in O's format. */
static void
mapshow_render(const struct opts *o, struct mapshow *s)
{
	struct report *r = &s->r;

	mapview_report(&s->v, r);
	r->pins = &s->v.p;
	/* The table says why there are no memory blocks to show. */
	r->offline = &s->v.of;
	r->offline_note = !s->v.mb.read ? "no " MEMBLOCK_DIR " (no memory "
	    "hotplug, or a capture made without it)" :
	    "blocks smaller than a pageblock";
	r->cg = o->cgroups ? &s->cg : NULL;
	r->owners = o->cgroups ? &s->ow : NULL;
	r->census = s->cen.read ? &s->cen : NULL;
	r->explain = s->in.have_zi ? &s->x : NULL;
	r->cma = &s->cc;
	r->cma_areas = &s->cma;
	if (o->format == F_JSON)
		render_map_json(stdout, r);
	else if (o->format == F_SVG)
		render_map_svg(stdout, r);
	else
		render_map_table(stdout, r);
}

/* Free all that mapshow_load() read and mapshow_compute() computed. */
static void
mapshow_free(struct mapshow *s)
{
	mapview_free(&s->v);
	explain_free(&s->x);
	memcg_free(&s->cg);
	owners_free(&s->ow);
	census_free(&s->cen);
	unm_free(&s->u);
	inputs_free(&s->in);
}

/*
 * --map: read the page flags of every zone, or the map a capture stored,
 * and show the compaction ceiling. Returns an exit code.
 */
int
run_map(const struct opts *o)
{
	struct mapshow s;
	int rc;

	/* Zeroed: what a failed step never reached is freed as empty. */
	memset(&s, 0, sizeof(s));
	if ((rc = mapshow_load(o, &s)) == EXIT_OK &&
	    (rc = mapshow_compute(o, &s)) == EXIT_OK)
		mapshow_render(o, &s);
	mapshow_free(&s);
	if (pipe_close_stdout() != EXIT_OK)
		rc = EXIT_DATA;
	return rc;
}

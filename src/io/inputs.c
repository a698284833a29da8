/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inputs.c - find, read and parse every file one run needs */
#include "config.h"

#include <errno.h>
#ifdef HAVE_MALLOC_H
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "buddyinfo.h"
#include "capmeta.h"
#include "hugetlb.h"
#include "inputs.h"
#include "inputs_tunables.h"
#include "meminfo.h"
#include "pagetypeinfo.h"
#include "psi.h"
#include "slurp.h"
#include "text.h"
#include "validate.h"
#include "vmstat.h"
#include "zoneinfo.h"

/*
 * Freed memory kept for the next load (inputs_keep_memory()): four times
 * the largest file read, far above what a load frees (1024 nodes: ~2 MB).
 */
#define INPUTS_KEEP_FREE	(4 * SLURP_CAP)

/*
 * Returns whether the files O does not name may come from O's root or the
 * live system: not when a buddyinfo FILE was named without a root, since
 * a captured buddyinfo must not be paired with this host's files.
 */
static bool
pairs_defaults(const struct input_opts *o)
{
	return o->sysroot != NULL || o->buddyinfo == NULL;
}

/*
 * Set *PATH to a copy of NAMED, or to REL under O's root when O pairs
 * defaults, else NULL (not read). Returns 0, or -1 when out of memory.
 */
static int
named_or_default(const struct input_opts *o, const char *named,
    const char *rel, char **path)
{
	*path = NULL;
	if (named)
		*path = strdup(named);
	else if (pairs_defaults(o))
		*path = inputs_path(o->sysroot, rel);
	else
		return 0;
	return *path ? 0 : -1;
}

/* Returns whether the N bytes at S are printable ASCII, spaces included. */
static bool
printable(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x7f)
			return false;
	return true;
}

int
inputs_release(const struct input_opts *o, char *buf, size_t size,
    char **rpath, struct ferr *e)
{
	struct utsname u;
	struct slurp s;
	size_t n;
	int rc;

	*rpath = NULL;
	if (o->kernel) {
		snprintf(buf, size, "%s", o->kernel);
		return 1;
	}
	if (o->sysroot == NULL) {
		if (!pairs_defaults(o) || uname(&u) != 0)
			return 0;
		snprintf(buf, size, "%s", u.release);
		return 1;
	}
	if ((*rpath = inputs_path(o->sysroot, INPUTS_OSRELEASE)) == NULL)
		return ferr_set_nomem(e);
	ferr_keep_path(e, *rpath);
	/*
	 * Absent (captures of other tools, a root of buddyinfo alone): the
	 * release is unknown, as the outputs say. There but unreadable, as
	 * empty, it is an error: not a capture's.
	 */
	if ((rc = slurp_read(*rpath, &s, e)) == -ENOENT)
		return 0;
	if (rc != 0)
		return -1;
	rc = 1;
	n = strcspn(s.buf, "\n");
	/* Printable ASCII (UTS_RELEASE): it reaches terminals as it is. */
	if (n == 0 || n >= size || text_kver(s.buf) < 0 ||
	    (n + 1 < s.len) || !printable(s.buf, n))
		rc = ferr_set(e, 1, "not a kernel release such as '6.1.0'");
	else
		snprintf(buf, size, "%.*s", (int)n, s.buf);
	slurp_free(&s);
	return rc;
}

/* Add the note "PATH: WHY (LOST)" to IN; one that finds no memory is lost. */
static void
note(struct inputs *in, const char *path, const char *why, const char *lost)
{
	if (in->nnotes == INPUTS_MAX_NOTES)
		return;
	/* Allocated: a root may be as long as PATH_MAX. */
	if (asprintf(&in->notes[in->nnotes], "%s: %s (%s)", path, why,
	    lost) >= 0)
		in->nnotes++;
}

typedef int (*parse_fn)(const char *, size_t, void *, struct ferr *);

/*
 * A kind of optional file: its parser, and what a run without it loses,
 * as a note says; DENIED says it for a file read without permission,
 * OFF for one its kernel turned off (-EOPNOTSUPP), when they say more.
 */
struct optional_kind {
	parse_fn	 parse;
	const char	*lost;
	const char	*denied;	/* or NULL: LOST says it */
	const char	*off;		/* or NULL: LOST says it */
};

/* Returns what is lost when a file of kind K could not be read with ERR. */
static const char *
loss(const struct optional_kind *k, int err)
{
	if ((err == -EACCES || err == -EPERM) && k->denied)
		return k->denied;
	if (err == -EOPNOTSUPP && k->off)
		return k->off;
	return k->lost;
}

/* How optional() treats a file it cannot read. */
enum missing {
	M_NOTE,		/* a note says what is lost */
	M_QUIET,	/* no note: the output itself says "unknown" */
	M_ERROR		/* named explicitly: an error */
};

/*
 * Read and parse the optional file PATH of kind K into OUT; *HAVE says
 * whether it was, or could not be read or is empty (as M says). Returns
 * 0, or -1 with E set when malformed, too large, or named explicitly.
 */
static int
optional(struct inputs *in, const char *path, const struct optional_kind *k,
    enum missing m, void *out, bool *have, struct ferr *e)
{
	struct slurp s;
	int rc;

	*have = false;
	ferr_keep_path(e, path);
	if ((rc = slurp_read(path, &s, e)) != 0) {
		if (m == M_ERROR || rc == -EFBIG)
			return -1;
		if (m == M_NOTE)
			note(in, path, e->msg, loss(k, rc));
		return 0;
	}
	/*
	 * What a copy of a root-only file made without root holds, or one by
	 * a tool that trusted a procfs file's size of 0: no data, not a file
	 * cut short, which a note says, named or not (captures hold such).
	 */
	if (s.len == 0) {
		if (m != M_QUIET)
			note(in, path, "empty", loss(k, -EACCES));
		slurp_free(&s);
		return 0;
	}
	rc = k->parse(s.buf, s.len, out, e);
	slurp_free(&s);
	*have = rc == 0;
	return rc == 0 ? 0 : -1;
}

/* A pagetypeinfo read from a file must be whole: its tables too. */
static int
parse_pti(const char *b, size_t n, void *out, struct ferr *e)
{
	if (pagetypeinfo_parse(b, n, out, e) != 0)
		return -1;
	if (pagetypeinfo_check(out, e) != 0 ||
	    pagetypeinfo_whole(out, e) != 0) {
		pagetypeinfo_free(out);
		return -1;
	}
	return 0;
}

/* The parsers of PSI, vmstat and meminfo as optional() calls them. */
static int
parse_psi(const char *b, size_t n, void *out, struct ferr *e)
{
	return psi_parse(b, n, out, e);
}

static int
parse_vm(const char *b, size_t n, void *out, struct ferr *e)
{
	return vmstat_parse(b, n, out, e);
}

static int
parse_mi(const char *b, size_t n, void *out, struct ferr *e)
{
	return meminfo_parse(b, n, out, e);
}

/* A zoneinfo read from a file must be whole: its zones too. */
static int
parse_zi(const char *b, size_t n, void *out, struct ferr *e)
{
	if (zoneinfo_parse(b, n, out, e) != 0)
		return -1;
	if (zoneinfo_whole(out, e) != 0) {
		zoneinfo_free(out);
		return -1;
	}
	return 0;
}

/* The optional files beside buddyinfo. */
static const struct optional_kind pti_kind = {
	.parse = parse_pti, .lost = "no per-migratetype view",
	.denied = "root only since Linux 5.4; no per-migratetype view"
};
static const struct optional_kind psi_kind = {
	.parse = parse_psi,
	.lost = "PSI is off or the kernel predates 4.20; no memory pressure",
	.off = "PSI is disabled (boot with psi=1); no memory pressure"
};
static const struct optional_kind vmstat_kind = {
	.parse = parse_vm, .lost = "no compaction counters"
};
static const struct optional_kind zoneinfo_kind = {
	.parse = parse_zi, .lost = "no watermarks or kcompactd score"
};
/* Read M_QUIET only: without it, the outputs say "unknown". */
static const struct optional_kind meminfo_kind = { .parse = parse_mi };

/* Read, parse and check buddyinfo. Returns 0 or -1 with E set. */
static int
buddyinfo(struct inputs *in, struct ferr *e)
{
	struct slurp s;
	int rc;

	ferr_keep_path(e, in->bpath);
	if (slurp_read(in->bpath, &s, e) != 0)
		return -1;
	rc = buddyinfo_parse(s.buf, s.len, &in->bi, e);
	slurp_free(&s);
	if (rc != 0 || buddyinfo_check(&in->bi, e) != 0)
		return -1;
	return 0;
}

/*
 * Set E for line LINE of PATH, which has zone (NODE, NAME) with pages
 * while buddyinfo lacks it, and return -1: buddyinfo lists every such
 * zone, so its own file is the one cut short (or another machine's).
 */
static int
unlisted(const struct inputs *in, const char *path, unsigned long line,
    unsigned node, const char *name, struct ferr *e)
{
	ferr_keep_path(e, path);
	return ferr_set(e, line, "node %u, zone %s, which %s does not have: "
	    "that file is cut short, or not from the same machine", node,
	    name, in->bpath);
}

/*
 * Map every buddyinfo zone to its pagetypeinfo zone, and refuse a
 * pagetypeinfo zone buddyinfo lacks (one of the two cut short, or not of
 * one machine). Returns 0 or -1 with E set.
 */
static int
match_pti(struct inputs *in, struct ferr *e)
{
	const struct bzone *z;
	bool *listed;
	size_t i;
	int rc = 0;

	if (in->pti.norders != in->bi.norders) {
		ferr_keep_path(e, in->ppath);
		return ferr_set(e, 0, "%u order%s, but %s has %u: not from the "
		    "same machine", in->pti.norders,
		    in->pti.norders == 1 ? "" : "s", in->bpath, in->bi.norders);
	}
	if ((in->pti_zone = calloc(in->bi.nzones, sizeof(*in->pti_zone))) ==
	    NULL || (listed = calloc(in->pti.nzones + 1, 1)) == NULL) {
		free(in->pti_zone);
		in->pti_zone = NULL;
		return ferr_set_nomem(e);
	}
	for (i = 0; i < in->bi.nzones; i++) {
		z = &in->bi.zones[i];
		in->pti_zone[i] = pagetypeinfo_find(&in->pti, z->node, z->name);
		if (in->pti_zone[i] >= 0)
			listed[in->pti_zone[i]] = true;
	}
	/* Both print the populated zones alone (frag_show(), pagetypeinfo_show()). */
	for (i = 0; i < in->pti.nzones && rc == 0; i++)
		if (!listed[i])
			rc = unlisted(in, in->ppath, in->pti.zones[i].line,
			    in->pti.zones[i].node, in->pti.zones[i].name, e);
	free(listed);
	return rc;
}

int
inputs_match_zi(const struct inputs *in, const struct zoneinfo *zi,
    const char *zpath, struct ferr *e)
{
	const struct zizone *zz;
	const struct bzone *z;
	bool *listed;
	size_t i;
	int rc = 0;

	if ((listed = calloc(zi->nzones + 1, 1)) == NULL)
		return ferr_set_nomem(e);
	for (i = 0; i < in->bi.nzones && rc == 0; i++) {
		z = &in->bi.zones[i];
		if ((zz = zoneinfo_find(zi, z->node, z->name)) != NULL) {
			listed[zz - zi->zones] = true;
			continue;
		}
		ferr_keep_path(e, zpath);
		rc = ferr_set(e, zi->lines, "ends without node %u, zone "
		    "%s, which %s has: the file is cut short, or not from the "
		    "same machine", z->node, z->name, in->bpath);
	}
	/*
	 * zoneinfo lists each zone since 4.12, buddyinfo the populated ones:
	 * frag_show()'s walk_zones_in_node() skips !populated_zone().
	 */
	for (i = 0; i < zi->nzones && rc == 0; i++) {
		zz = &zi->zones[i];
		if (!listed[i] && zz->present > 0)
			rc = unlisted(in, zpath, zz->line, zz->node, zz->name,
			    e);
	}
	free(listed);
	return rc;
}

/*
 * Read the page size from a capture's metadata under O's root, if there is
 * one. Returns 0 or -1 with E set.
 */
static int
capture_meta(const struct input_opts *o, struct inputs *in, struct ferr *e)
{
	struct capture_meta m;
	struct slurp s;
	int rc;

	if ((in->mpath = inputs_path(o->sysroot, "/" CAPTURE_META)) == NULL)
		return ferr_set_nomem(e);
	ferr_keep_path(e, in->mpath);
	/* There but unreadable, its page size is lost: not "no capture". */
	if ((rc = slurp_read(in->mpath, &s, e)) == -ENOENT)
		return 0;	/* not a capture of fragstat's */
	if (rc != 0)
		return -1;
	in->is_capture = true;
	rc = capmeta_parse(s.buf, s.len, &m, e);
	slurp_free(&s);
	if (rc != 0)
		return -1;
	in->capture_page_size = m.page_size;
	in->capture_no_hugetlb = m.no_hugetlb;
	return 0;
}

/*
 * Read meminfo beside zoneinfo, for the memory its zones do not manage;
 * absent (captures before it, a buddyinfo FILE alone) is "unknown", not a
 * note. Returns 0 or -1 with E set.
 */
static int
meminfo(const struct input_opts *o, struct inputs *in, struct ferr *e)
{
	if (!pairs_defaults(o))
		return 0;
	if ((in->mipath = inputs_path(o->sysroot, INPUTS_MEMINFO)) == NULL)
		return ferr_set_nomem(e);
	return optional(in, in->mipath, &meminfo_kind, M_QUIET, &in->mi,
	    &in->have_mi, e);
}

/*
 * Set IN's paths: the ones O names, else those under O's root. Returns 0,
 * or -1 with E set.
 */
static int
paths(const struct input_opts *o, struct inputs *in, struct ferr *e)
{
	in->bpath = o->buddyinfo ? strdup(o->buddyinfo) :
	    inputs_path(o->sysroot, INPUTS_BUDDYINFO);
	if (in->bpath == NULL ||
	    named_or_default(o, o->pagetypeinfo, INPUTS_PAGETYPEINFO,
	    &in->ppath) != 0 ||
	    named_or_default(o, o->pressure, INPUTS_PSI,
	    &in->spath) != 0 ||
	    named_or_default(o, o->zoneinfo, INPUTS_ZONEINFO,
	    &in->zpath) != 0 ||
	    named_or_default(o, NULL, INPUTS_VMSTAT, &in->vpath) != 0)
		return ferr_set_nomem(e);
	return 0;
}

/*
 * Read the kernel release into IN unless O says not to ("" when unknown).
 * Returns 0, or -1 with E set.
 */
static int
release(const struct input_opts *o, struct inputs *in, struct ferr *e)
{
	int rc;

	if (o->no_release)
		rc = 0;
	else if ((rc = inputs_release(o, in->release, sizeof(in->release),
	    &in->rpath, e)) < 0)
		return -1;
	if (rc == 0)
		in->release[0] = '\0';
	return 0;
}

/*
 * Read the files beside buddyinfo that O wants and IN has paths for.
 * Returns 0, or -1 with E set.
 */
static int
optional_files(const struct input_opts *o, struct inputs *in, struct ferr *e)
{
	if (o->want_pti && in->ppath) {
		if (optional(in, in->ppath, &pti_kind, o->pagetypeinfo ?
		    M_ERROR : M_NOTE, &in->pti, &in->have_pti, e) != 0)
			return -1;
		if (in->have_pti && match_pti(in, e) != 0)
			return -1;
	}
	if (o->want_psi && in->spath) {
		if (optional(in, in->spath, &psi_kind, o->pressure ?
		    M_ERROR : M_NOTE, &in->psi, &in->have_psi, e) != 0)
			return -1;
	}
	/*
	 * With advice, for the outcomes, which say "unknown" without it;
	 * --watch asks for it itself, in the samples only.
	 */
	if ((o->want_vmstat || (o->want_advise && pairs_defaults(o) &&
	    !o->watching)) && in->vpath) {
		if (optional(in, in->vpath, &vmstat_kind, o->want_vmstat ?
		    M_NOTE : M_QUIET, &in->vm, &in->have_vm, e) != 0)
			return -1;
		clock_gettime(CLOCK_MONOTONIC, &in->vm_at);
	}
	if ((o->want_advise || o->want_zoneinfo) && in->zpath) {
		if (optional(in, in->zpath, &zoneinfo_kind, o->zoneinfo ?
		    M_ERROR : M_NOTE, &in->zi, &in->have_zi, e) != 0)
			return -1;
		if (in->have_zi && inputs_match_zi(in, &in->zi, in->zpath,
		    e) != 0)
			return -1;
	}
	return 0;
}

int
inputs_load(const struct input_opts *o, struct inputs *in, struct ferr *e)
{
	memset(in, 0, sizeof(*in));
	in->threshold = in->proactiveness = in->pmd_order = -1;
	in->defrag_mode = -1;
	if (paths(o, in, e) != 0 || buddyinfo(in, e) != 0 ||
	    release(o, in, e) != 0)
		return -1;
	if (o->sysroot != NULL && capture_meta(o, in, e) != 0)
		return -1;
	if (optional_files(o, in, e) != 0)
		return -1;
	if (in->have_zi && meminfo(o, in, e) != 0)
		return -1;
	if (o->want_advise && pairs_defaults(o) &&
	    inputs_tunables(o, in, e) != 0)
		return -1;
	return 0;
}

void
inputs_keep_memory(void)
{
#if defined(HAVE_MALLOPT) && defined(M_TRIM_THRESHOLD) && \
    defined(M_MMAP_THRESHOLD)
	/* No trimming, and no mmap() for anything a kernel file can make. */
	mallopt(M_TRIM_THRESHOLD, INPUTS_KEEP_FREE);
	mallopt(M_MMAP_THRESHOLD, SLURP_CAP);
#endif
}

int
inputs_vmstat_again(struct inputs *in, struct vmstat *vm,
    struct timespec *at)
{
	struct ferr e = { .path = "" };
	bool have;

	/* M_QUIET: no note, the second read only adds. */
	if (!in->have_vm || in->vpath == NULL || optional(in, in->vpath,
	    &vmstat_kind, M_QUIET, vm, &have, &e) != 0 || !have)
		return -1;
	clock_gettime(CLOCK_MONOTONIC, at);
	return 0;
}

void
inputs_free(struct inputs *in)
{
	buddyinfo_free(&in->bi);
	pagetypeinfo_free(&in->pti);
	zoneinfo_free(&in->zi);
	hugetlb_free(&in->huge);
	free(in->frag);
	free(in->pti_zone);
	free(in->bpath);
	free(in->ppath);
	free(in->spath);
	free(in->zpath);
	free(in->vpath);
	free(in->mpath);
	free(in->mipath);
	free(in->rpath);
	while (in->nnotes > 0)
		free(in->notes[--in->nnotes]);
}

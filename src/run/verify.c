/* SPDX-License-Identifier: GPL-2.0-or-later */
/* verify.c - recompute the kernel's extfrag files and compare them byte for byte */

#include "config.h"
#include <stdlib.h>
#include <string.h>

#include "buddyinfo.h"
#include "capture_stable.h"
#include "frag.h"
#include "render_kernel.h"
#include "render_verify.h"
#include "report.h"
#include "slurp.h"
#include "validate.h"
#include "verify.h"

/* A file of the kernel's that fragstat recomputes, and its renderer. */
struct kfile {
	const char	*name;
	void		(*render)(FILE *, const struct report *);
};

static const struct kfile kfiles[CAPTURE_NKFILES] = {
	[CAPTURE_K_UNUSABLE] = { "unusable_index", render_unusable },
	[CAPTURE_K_EXTFRAG] = { "extfrag_index", render_extfrag },
};

/* One verification.files[] entry per file capture_stable_read() reads. */
_Static_assert(VERIFICATION_NFILES == CAPTURE_NKFILES,
    "verification.files[] and the capture's index files differ in number");

/* Returns the length of line number N (1-based) of BUF at *LINE, or -1 past the end. */
static long
nth_line(const char *buf, size_t len, unsigned long n, const char **line)
{
	const char *p = buf, *end = buf + len, *nl;

	for (;;) {
		if (p >= end)
			return -1;
		nl = memchr(p, '\n', (size_t)(end - p));
		if (--n == 0) {
			*line = p;
			return nl ? nl - p : end - p;
		}
		if (nl == NULL)
			return -1;
		p = nl + 1;
	}
}

/* Fill D from the kernel's file KERNEL and MINE (LEN bytes), fragstat's. */
static void
diff_find(struct kfile_diff *d, const struct slurp *kernel, const char *mine,
    size_t len)
{
	d->kernel = d->mine = "";
	d->equal = kernel->len == len && memcmp(kernel->buf, mine, len) == 0;
	for (d->line = 1; !d->equal; d->line++) {
		d->nkernel = nth_line(kernel->buf, kernel->len, d->line,
		    &d->kernel);
		d->nmine = nth_line(mine, len, d->line, &d->mine);
		if (d->nkernel != d->nmine || d->nkernel < 0 ||
		    (d->nkernel > 0 && memcmp(d->kernel, d->mine,
		    (size_t)d->nkernel) != 0))
			break;
	}
}

/*
 * Read ROOT's buddyinfo and both index files into S (NULL: live, until
 * buddyinfo holds still around them). Returns 0, or -1 with E set: a file
 * unreadable, or buddyinfo never still.
 */
static int
read_files(const char *root, struct capture_stable *s, struct ferr *e)
{
	int i;

	if (capture_stable_read(root, root == NULL ? VERIFY_TRIES : 1, s,
	    e) != 0)
		return -1;
	for (i = 0; i < CAPTURE_NKFILES; i++)
		if (s->k[i].buf == NULL) {
			capture_failed(e, &s->kerr[i]);
			return -1;
		}
	if (root != NULL || s->stable)
		return 0;
	ferr_keep_path(e, s->bpath);
	return ferr_set(e, 0, "changed while the index files were read, %d "
	    "times in a row: cannot verify a busy machine", VERIFY_TRIES);
}

/*
 * Parse and check BUDDY (read from BPATH) into *BI and compute its indices.
 * Returns them, or NULL with E set and nothing left to free.
 */
static struct frag *
load(const char *bpath, const struct slurp *buddy, struct buddyinfo *bi,
    struct ferr *e)
{
	struct frag *fr;

	ferr_keep_path(e, bpath);
	if (buddyinfo_parse(buddy->buf, buddy->len, bi, e) != 0)
		return NULL;
	if (buddyinfo_check(bi, e) != 0)
		goto fail;
	if ((fr = frag_compute_all(bi)) != NULL)
		return fr;
	ferr_set(e, 0, "out of memory");
fail:
	buddyinfo_free(bi);
	return NULL;
}

/*
 * Render both files from R into MINE (the caller frees them) and compare
 * each with the kernel's in S, into V. Returns 0, or -1 with E set.
 */
static int
compare_both(const struct capture_stable *s, const struct report *r,
    char **mine, struct verification *v, struct ferr *e)
{
	size_t len;
	FILE *mem;
	int i;

	for (i = 0; i < CAPTURE_NKFILES; i++) {
		if ((mem = open_memstream(&mine[i], &len)) == NULL)
			return ferr_set(e, 0, "out of memory");
		kfiles[i].render(mem, r);
		if (fclose(mem) != 0)
			return ferr_set(e, 0, "out of memory");
		v->files[i].name = kfiles[i].name;
		v->files[i].path = s->kpath[i];
		diff_find(&v->files[i], &s->k[i], mine[i], len);
	}
	return 0;
}

int
verify_run(FILE *out, const char *root, const char *release, bool json,
    struct ferr *e)
{
	struct verification v = { .live = root == NULL };
	char *mine[CAPTURE_NKFILES] = { NULL };
	struct capture_stable s;
	struct buddyinfo bi;
	struct report r;
	struct frag *fr;
	int rc = -1, i;

	if (read_files(root, &s, e) == 0 &&
	    (fr = load(s.bpath, &s.b, &bi, e)) != NULL) {
		memset(&r, 0, sizeof(r));
		r.bi = &bi;
		r.frag = fr;
		r.release = release;
		v.reads = s.reads;
		v.zones = bi.nzones;
		v.orders = bi.norders;
		if (compare_both(&s, &r, mine, &v, e) == 0) {
			if (json)
				render_verify_json(out, &v);
			else
				render_verify_text(out, &v);
			rc = !verification_identical(&v);
		}
		buddyinfo_free(&bi);
		free(fr);
	}
	for (i = 0; i < CAPTURE_NKFILES; i++)
		free(mine[i]);
	capture_stable_free(&s);
	return rc;
}

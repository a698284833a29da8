/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capture.c - save a consistent snapshot laid out like the live filesystem */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "capture.h"
#include "capture_dirs.h"
#include "capture_file.h"
#include "capture_map.h"
#include "capture_stable.h"
#include "inputs.h"
#include "safedir.h"
#include "slurp.h"

/*
 * The files a capture copies as they are, as paths under the root
 * ("/"-led, as inputs_path() joins them), listed when unreadable;
 * buddyinfo comes with the index files (capture_stable_group()), the
 * release on its own (fill()).
 */
static const char *const files[] = {
	INPUTS_PAGETYPEINFO,
	INPUTS_ZONEINFO,
	INPUTS_VMSTAT,
	INPUTS_MEMINFO,
	INPUTS_PSI,
	INPUTS_EXTFRAG_THRESHOLD,
	INPUTS_PROACTIVENESS,
	INPUTS_DEFRAG_MODE,
	INPUTS_MIN_FREE_KBYTES,
	INPUTS_WATERMARK_SCALE,
	INPUTS_THP_ENABLED,
	INPUTS_THP_DEFRAG,
	INPUTS_PMD_SIZE,
};

/* Where and when a source was captured, as its metadata's first lines say. */
struct source_facts {
	struct capture_here at;	/* its when may be "unknown" */
	char	ps[32];		/* the page size, or "unknown" */
};

void
capture_here_now(struct capture_here *h)
{
	struct tm tm;
	time_t now;

	now = time(NULL);
	gmtime_r(&now, &tm);
	strftime(h->when, sizeof(h->when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (gethostname(h->host, sizeof(h->host)) != 0)
		snprintf(h->host, sizeof(h->host), "unknown");
	/* gethostname() need not end a name it cut. */
	h->host[sizeof(h->host) - 1] = '\0';
}

/* Fill F with this host's facts now, PAGE_SIZE its page size. */
static void
live_facts(unsigned long page_size, struct source_facts *f)
{
	capture_here_now(&f->at);
	snprintf(f->ps, sizeof(f->ps), "%lu", page_size);
}

/*
 * Fill F with the facts of C's source: this host's now for the live
 * system; for a root, what its own capture metadata says or "unknown",
 * never this host's. PAGE_SIZE (0: not given) wins.
 */
static void
source_facts(const struct capture *c, unsigned long page_size,
    struct source_facts *f)
{
	struct capture_meta cm;
	struct ferr re;
	struct slurp meta;

	if (c->src == NULL) {
		live_facts(page_size, f);
		return;
	}
	memset(&cm, 0, sizeof(cm));
	if (capture_load(c, "/" CAPTURE_META, &meta, &re) != 0 ||
	    capmeta_parse(meta.buf, meta.len, &cm, &re) != 0)
		memset(&cm, 0, sizeof(cm));
	slurp_free(&meta);
	snprintf(f->at.host, sizeof(f->at.host), "%s",
	    cm.hostname[0] ? cm.hostname : "unknown");
	snprintf(f->at.when, sizeof(f->at.when), "%s",
	    cm.time_utc[0] ? cm.time_utc : "unknown");
	if (page_size == 0)
		page_size = cm.page_size;
	if (page_size)
		snprintf(f->ps, sizeof(f->ps), "%lu", page_size);
	else
		snprintf(f->ps, sizeof(f->ps), "unknown");
}

/*
 * Copy C's source into its directory: the stable group, the files, the
 * huge pages, the metadata, and with MAP the map. Returns 0 or -1 with E
 * set.
 */
static int
fill(struct capture *c, unsigned long page_size, const struct map_rules *map,
    struct ferr *e)
{
	struct source_facts f;
	size_t i;

	snprintf(c->root, sizeof(c->root), "/proc/self/fd/%d", c->st->fd);
	source_facts(c, page_size, &f);
	capture_note(c, "fragstat_version %s\ntime_utc %s\nhostname %s\n"
	    "page_size %s\nsource %s\n", PACKAGE_VERSION, f.at.when, f.at.host, f.ps,
	    c->src ? c->src : "/");
	if (capture_stable_group(c, e) != 0)
		return -1;
	/* The release says whose rules apply: a live capture needs it. */
	if (capture_copy(c, INPUTS_OSRELEASE, c->src == NULL ?
	    CAPTURE_REQUIRED : CAPTURE_OPTIONAL, e) < 0)
		return -1;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (capture_copy(c, files[i], CAPTURE_OPTIONAL, e) < 0)
			return -1;
	if (capture_huge_pages(c, e) != 0 ||
	    (map && (capture_memblocks(c, e) != 0 || capture_cma(c, e) != 0)))
		return -1;
	/* A memory stream fails only when it cannot grow. */
	if (fflush(c->meta) != 0)
		return ferr_set(e, 0, "out of memory");
	if (capture_put(c, "/" CAPTURE_META, c->text, c->len, e) != 0)
		return -1;
	if (map && capture_map(c, page_size, map, e) != 0)
		return -1;
	c->done.map = map != NULL;
	return 0;
}

int
capture_run(const char *src, const char *dir, unsigned long page_size,
    const struct map_rules *map, struct stage *st, struct capture_done *done,
    struct ferr *e)
{
	struct safedir pd;
	char name[NAME_MAX + 1];
	int rc;

	ferr_keep_path(e, dir);
	/* stage_open() checks that DIR leaves room for its temporary name. */
	if (safedir_parent(&pd, dir, name, sizeof(name),
	    "cannot create a directory beside it", e) != 0)
		return -1;
	rc = capture_at(src, pd.fd, name, dir, page_size, map, st, done, e);
	safedir_close(&pd);
	return rc;
}

int
capture_at(const char *src, int dfd, const char *name, const char *dir,
    unsigned long page_size, const struct map_rules *map, struct stage *st,
    struct capture_done *done, struct ferr *e)
{
	struct capture c;
	struct stage mine = { .fd = -1 };
	int rc;

	memset(&c, 0, sizeof(c));
	c.src = src;
	c.st = st ? st : &mine;
	if ((c.meta = open_memstream(&c.text, &c.len)) == NULL)
		return ferr_set(e, 0, "out of memory");
	if ((rc = stage_open(c.st, dfd, name, dir, "capture", e)) == 0) {
		if ((rc = fill(&c, page_size, map, e)) == 0)
			rc = stage_publish(c.st, name, "capture", e);
		stage_close(c.st);
	}
	fclose(c.meta);
	free(c.text);
	if (rc == 0 && done != NULL)
		*done = c.done;
	return rc;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capture_map.c - the map of a capture: the source's page flags over the zones captured, written as fragstat-map */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture_file.h"
#include "capture_map.h"
#include "inputs.h"
#include "kpageflags.h"
#include "mapfile.h"
#include "mapfile_write.h"
#include "memcg_names.h"
#include "pageorder.h"

/*
 * Name in E the file of C's source that E's path in the temporary
 * directory stands for: what was copied is what the user knows. No path
 * (out of memory) names no file.
 */
static void
name_source(const struct capture *c, struct ferr *e)
{
	size_t n = strlen(c->root);
	char *path;

	if (e->path == NULL || strncmp(e->path, c->root, n) != 0 ||
	    e->path[n] != '/' ||
	    (path = inputs_path(c->src, e->path + n)) == NULL)
		return;
	ferr_keep_path(e, path);
	free(path);
}

/*
 * Read the page flags of C's source over the zones of the files captured
 * so far (so the map and the files agree) into M, and the cgroups that
 * charge its pages into CG, named; *PAGE_SIZE (0: not given) becomes the
 * page size read. Returns 0, or -1 with E set naming the source's file.
 */
static int
map_read(struct capture *c, unsigned long *page_size,
    const struct map_rules *rules, struct map *m, struct memcg *cg,
    struct ferr *e)
{
	struct input_opts io;
	struct inputs in;
	int rc;

	memset(&io, 0, sizeof(io));
	io.sysroot = c->root;
	io.want_pti = io.want_advise = io.want_vmstat = true;
	io.page_size = *page_size;
	if ((rc = inputs_load(&io, &in, e)) == 0) {
		/* A root's page size: given, in its metadata, else assumed. */
		if (*page_size == 0)
			*page_size = in.capture_page_size ?
			    in.capture_page_size : PAGEORDER_DEFAULT_PAGE_SIZE;
		/* The cgroups too, where kpagecgroup can be read: --cgroups later. */
		rc = kpageflags_map(c->src, &in, *page_size, rules, m, cg, e);
	}
	name_source(c, e);
	inputs_free(&in);
	if (rc == 0 && cg->read && (ferr_inject("capture-memcg") ||
	    memcg_name(cg, c->src) != 0)) {
		map_free(m);
		rc = ferr_set(e, 0, "out of memory");
	}
	return rc;
}

int
capture_map(struct capture *c, unsigned long page_size,
    const struct map_rules *rules, struct ferr *e)
{
	char *buf = NULL, keep[PATH_MAX];
	struct memcg cg;
	struct map m;
	FILE *fp;
	int rc = -1;

	snprintf(keep, sizeof(keep), "%s", e->path);
	memcg_init(&cg);
	if (map_read(c, &page_size, rules, &m, &cg, e) != 0)
		goto out;
	ferr_keep_path(e, keep);
	if (ferr_inject("capture-memstream") ||
	    (fp = open_memstream(&buf, &c->done.map_size)) == NULL) {
		ferr_set(e, 0, "out of memory");
		goto out_map;
	}
	mapfile_write(fp, &m, &cg, page_size);
	if (fclose(fp) != 0 || ferr_inject("capture-memstream-close"))
		ferr_set(e, 0, "out of memory");
	else
		rc = capture_put(c, "/" MAPFILE_NAME, buf, c->done.map_size,
		    e);
out_map:
	map_free(&m);
out:
	memcg_free(&cg);
	free(buf);
	return rc;
}

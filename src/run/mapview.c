/* SPDX-License-Identifier: GPL-2.0-or-later */
/* mapview.c - the map of one root and all --map computes from it */

#include "config.h"
#include <stdio.h>
#include <string.h>

#include "ferr.h"
#include "mapview.h"
#include "memblock_read.h"

void
mapview_init(struct mapview *v)
{
	memset(v, 0, sizeof(*v));
}

int
mapview_compute(const char *sysroot, struct mapview *v,
    unsigned long page_size, bool blocks)
{
	struct ferr e = { .path = "" };

	if (pins_compute(&v->p, &v->m) != 0 || ferr_inject("map-pins") ||
	    pollution_compute(&v->pl, &v->m, &v->p) != 0)
		goto oom;
	if (!blocks)
		return 0;
	v->blocks = true;
	if (memblock_read(sysroot, &v->mb, &e) != 0) {
		ferr_print(&e);
		return -1;
	}
	if (regions_compute(&v->rg, &v->m) != 0 || (v->mb.read &&
	    offline_compute(&v->of, &v->mb, &v->m, &v->p, page_size) != 0))
		goto oom;
	return 0;
oom:
	ferr_nomem();
	return -1;
}

void
mapview_report(const struct mapview *v, struct report *r)
{
	r->map = &v->m;
	r->pollution = &v->pl;
	r->regions = v->blocks ? &v->rg : NULL;
	r->offline = v->mb.read ? &v->of : NULL;
}

void
mapview_free(struct mapview *v)
{
	offline_free(&v->of);
	memblock_free(&v->mb);
	regions_free(&v->rg);
	pollution_free(&v->pl);
	pins_free(&v->p);
	map_free(&v->m);
}

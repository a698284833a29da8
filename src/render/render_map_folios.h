/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_map_folios.h - --map: the folios of files and processes by kind and size */
#ifndef FRAGSTAT_RENDER_MAP_FOLIOS_H
#define FRAGSTAT_RENDER_MAP_FOLIOS_H

#include <stdio.h>

#include "jsonw.h"
#include "physmap.h"
#include "render_text.h"
#include "report.h"

/* R's map's folio census as a table, when the page flags were read. */
void	render_map_folios_table(FILE *fp, const struct report *r);

/* Zone Z's census as the member "folios" (null when not read) of its object. */
void	render_map_folios_json(struct jsonw *w, const struct map *m,
	    const struct map_zone *z);

/* Write census F, N orders of each kind, as {"anon": [...], "shmem", "file"}. */
void	render_map_folios_object(struct jsonw *w,
	    const uint64_t f[MAP_NFOLIOS][FRAG_MAX_ORDERS], unsigned n);

/*
 * Add census F to T compactly: "anon 2M 12; file 4K 1200, 16K 300", the
 * sizes of PAGE_SIZE's orders; "none" when it holds no folio.
 */
void	render_map_folios_items(struct render_items *t,
	    const uint64_t f[MAP_NFOLIOS][FRAG_MAX_ORDERS], unsigned long page_size);

/*
 * Two censuses side by side (--compare): the head of the table, WHAT
 * saying whence they came; zone NODE NAME's rows, a row per kind and size
 * A or B holds: A, B, B - A ("-" for a census not read: NULL); in W, the
 * members "a", "b" (N orders each) and "change" (B - A), null where not
 * read.
 */
void	render_map_folios_pair_head(FILE *fp, const char *what);
void	render_map_folios_pair_rows(FILE *fp, unsigned node, const char *name,
	    const uint64_t (*a)[FRAG_MAX_ORDERS],
	    const uint64_t (*b)[FRAG_MAX_ORDERS], unsigned long page_size);
void	render_map_folios_pair_json(struct jsonw *w,
	    const uint64_t (*a)[FRAG_MAX_ORDERS],
	    const uint64_t (*b)[FRAG_MAX_ORDERS], unsigned n);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_pollution.h - --map's pollution, 1 GiB regions and memory blocks, and their series */
#ifndef FRAGSTAT_RENDER_POLLUTION_H
#define FRAGSTAT_RENDER_POLLUTION_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "jsonw.h"
#include "mapseries.h"
#include "report.h"

/*
 * --map's pollution (render_pollution.c): the table's section; a zone's
 * "pollution" member Z; the nodes' and machine's (its Prometheus gauges
 * are render_prom.c's).
 */
void	render_pollution_table(FILE *fp, const struct report *r);
void	render_pollution_json(struct jsonw *w, const struct pollution *pl,
	    const struct pollution_zone *z);
void	render_pollution_nodes_json(struct jsonw *w, const struct pollution *pl);

/*
 * One line of --map-every (RECORD_MAPS): sample SAMPLE, ELAPSED_MS after
 * the recording began, the map read in MAP_MS; per zone the pollution,
 * clean 1 GiB regions and offlinable memory blocks of R.
 */
void	render_map_sample_json(FILE *fp, const struct report *r,
	    unsigned long sample, uint64_t elapsed_ms, uint64_t map_ms);

/*
 * A recording's map summaries (--map-every): first, last, most, growth per
 * hour, and the folio census of the first map and the last (sizes of
 * PAGE_SIZE's orders); in W, its "pollution_over_time" member (none
 * without a map).
 */
void	render_replay_map_table(FILE *fp, const struct mapseries *s,
	    unsigned long page_size);
void	render_replay_map_json(struct jsonw *w, const struct mapseries *s);

/*
 * The folio census of recording A's last map and B's side by side, per
 * zone (sizes of PAGE_SIZE's orders), when either recorded one; in W, the
 * member "folios" then.
 */
void	render_replay_map_compare_table(FILE *fp, const struct mapseries *a,
	    const struct mapseries *b, unsigned long page_size);
void	render_replay_map_compare_json(struct jsonw *w,
	    const struct mapseries *a, const struct mapseries *b);

/* Returns BUF holding the amplification V (hundredths, -1: none) as "4.90x" or "-". */
const char *render_pollution_words(char *buf, size_t size, long long v);

/*
 * --map's 1 GiB regions (render_regions.c): the table's section and the
 * "regions" member. What keeps a region or a memory block: BUF holding
 * its pages BY_KIND, UNINIT not initialised and HOLE of no memory ("2
 * slab, 1 kernel"); in W, its "by_kind" (the kinds present) and
 * "not_initialised_pages".
 */
void	render_regions_table(FILE *fp, const struct report *r);
void	render_regions_json(struct jsonw *w, const struct report *r);
char	*render_keep_text(const uint64_t *by_kind, uint64_t uninit,
	    uint64_t hole);
void	render_keep_json(struct jsonw *w, const uint64_t *by_kind,
	    uint64_t uninit);

/* --map's memory blocks (render_offline.c): the table's section, the "memory_blocks" member. */
void	render_offline_table(FILE *fp, const struct report *r);
void	render_offline_json(struct jsonw *w, const struct report *r);

#endif

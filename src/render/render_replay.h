/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_replay.h - a recording's summary, and two recordings compared */
#ifndef FRAGSTAT_RENDER_REPLAY_H
#define FRAGSTAT_RENDER_REPLAY_H

#include <stddef.h>
#include <stdio.h>

#include "mapseries.h"
#include "report.h"

struct replay;

/*
 * The summary of recording R as a table (render_replay.c) or as one JSON
 * document (render_replay_json.c), with its map summaries MS when it has
 * some (NULL: none).
 */
void	render_replay_table(FILE *fp, const char *dir, const struct replay *r);
void	render_replay_json(FILE *fp, const char *dir, const struct replay *r,
	    const struct mapseries *ms);

/*
 * Recording A (from DA) beside B (from DB): a table with B - A
 * (render_replay.c), or JSON {"a", "b"} (render_replay_json.c).
 */
void	render_replay_compare_table(FILE *fp, const char *da,
	    const struct replay *a, const char *db, const struct replay *b);
void	render_replay_compare_json(FILE *fp, const char *da,
	    const struct replay *a, const char *db, const struct replay *b,
	    const struct mapseries *ma, const struct mapseries *mb);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_prepare.h - --prepare's forecast, plan, steps and result, as text or JSON */
#ifndef FRAGSTAT_RENDER_PREPARE_H
#define FRAGSTAT_RENDER_PREPARE_H

#include <stdio.h>

#include "jsonw.h"
#include "prepared.h"
#include "report.h"

/*
 * Say on FP the forecast F of R's need and the plan P (its steps, none
 * done yet): what --prepare will do, before it does it.
 */
void	render_prepare_plan(FILE *fp, const struct report *r,
	    const struct forecast *f, const struct prepared *p);

/* Say on FP what P's steps from FROM on will do. */
void	render_prepare_planned(FILE *fp, const struct report *r,
	    const struct prepared *p, size_t from);

/* Say on FP step K of P, once done: its time, the counts, forecast against achieved. */
void	render_prepare_step(FILE *fp, const struct prepared *p, size_t k);

/* Say on FP P's result against the forecast F. */
void	render_prepare_result(FILE *fp, const struct report *r,
	    const struct forecast *f, const struct prepared *p);

/* Write --prepare's JSON document to FP: the need, the forecast, every step, the result. */
void	render_prepare_json(FILE *fp, const struct report *r,
	    const struct forecast *f, const struct prepared *p);

/*
 * Say on FP, under plain --need's answer, the steps of its forecast F past
 * compaction: after reclaiming clean page cache (and what reclaim must
 * free before compaction runs), the pinned limit and the kinds that pin
 * (where the map was read). Nothing for a size the host cannot have.
 */
void	render_forecast_lines(FILE *fp, const struct report *r,
	    const struct forecast *f);

/*
 * Write into W the object of F's target (F has one): the forecast's word
 * and numbers, null where an input is missing (zoneinfo, the map).
 */
void	render_forecast_json(struct jsonw *w, const struct report *r,
	    const struct forecast *f);

/*
 * Write need N's size into the object W is in: "count", "order" and
 * "bytes" (R's pages); the one writer of them, for --prepare's document
 * and for the snapshot's "need".
 */
void	render_need_json(struct jsonw *w, const struct report *r,
	    const struct need *n);

/* The names the views use: "ready", "recovered", "short", "pinned", "planned". */
const char	*prepare_result_name(enum prep_result res);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_check.h - --check's status line and performance data, as monitoring plugins print them */
#ifndef FRAGSTAT_RENDER_CHECK_H
#define FRAGSTAT_RENDER_CHECK_H

#include <stdio.h>

#include "checkask.h"
#include "report.h"

/*
 * Write --check's answer C (kernel/health.c's health_judge_nodes() over
 * R's availability and --need, ASK's thresholds) to FP: "FRAGSTAT STATE -
 * " and what decided the state of the worst node (or of ASK->node), the
 * performance data of every node judged after '|', then one line per node
 * when there are several; "FRAGSTAT UNKNOWN" when C holds no node.
 */
void	render_check(FILE *fp, const struct report *r,
	    const struct check_ask *ask, const struct check_answer *c);

/* Write --check's UNKNOWN status line to FP: "FRAGSTAT UNKNOWN - " and WHY. */
void	render_check_unknown(FILE *fp, const char *why);

#endif

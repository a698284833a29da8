/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_prom.h - the Prometheus text format */
#ifndef FRAGSTAT_RENDER_PROM_H
#define FRAGSTAT_RENDER_PROM_H

#include <stddef.h>
#include <stdio.h>

#include "report.h"

/* The Prometheus text format (metrics named fragstat_*). */
void	render_prom(FILE *fp, const struct report *r);

#endif

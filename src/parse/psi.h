/* SPDX-License-Identifier: GPL-2.0-or-later */
/* psi.h - parse /proc/pressure/memory */
#ifndef FRAGSTAT_PSI_H
#define FRAGSTAT_PSI_H

#include "ferr.h"
#include "model.h"

/*
 * Parse the LEN bytes at BUF (a "some" line and, usually, a "full" line)
 * into P. Returns 0, or -1 with E set.
 */
int	psi_parse(const char *buf, size_t len, struct psi *p, struct ferr *e);

#endif

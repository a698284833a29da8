/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capmeta.h - the metadata file at the top of a capture */
#ifndef FRAGSTAT_CAPMETA_H
#define FRAGSTAT_CAPMETA_H

#include <stdbool.h>
#include <stddef.h>

#include "ferr.h"
#include "model.h"

/*
 * Parse a metadata file ("key value" lines). Returns 0, or -1 with E set
 * (a value too long for M is refused, not cut).
 */
int	capmeta_parse(const char *buf, size_t len, struct capture_meta *m,
	    struct ferr *e);

#endif

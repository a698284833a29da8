/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capmeta.h - the metadata file at the top of a capture */
#ifndef FRAGSTAT_CAPMETA_H
#define FRAGSTAT_CAPMETA_H

#include <stdbool.h>
#include <stddef.h>

#include "ferr.h"

/* The name of the metadata file at the top of a capture. */
#define CAPTURE_META	"fragstat-capture"

/* What a capture's metadata file says. */
struct capture_meta {
	unsigned long	 page_size;	/* 0 when absent */
	bool		 no_hugetlb;	/* "absent sys/kernel/mm/hugepages" */
	char		 hostname[256];	/* "" when absent */
	char		 time_utc[32];	/* "" when absent */
};

/* Parse a metadata file ("key value" lines). Returns 0, or -1 with E set. */
int	capture_meta_parse(const char *buf, size_t len, struct capture_meta *m,
	    struct ferr *e);

#endif

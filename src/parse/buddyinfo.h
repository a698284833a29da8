/* SPDX-License-Identifier: GPL-2.0-or-later */
/* buddyinfo.h - parse /proc/buddyinfo */
#ifndef FRAGSTAT_BUDDYINFO_H
#define FRAGSTAT_BUDDYINFO_H

#include "ferr.h"
#include "model.h"

/*
 * Parse the LEN bytes at BUF into BI. Returns 0, or -1 with E set (line and
 * message); BI then holds nothing to free.
 */
int	buddyinfo_parse(const char *buf, size_t len, struct buddyinfo *bi,
	    struct ferr *e);
void	buddyinfo_free(struct buddyinfo *bi);

#endif

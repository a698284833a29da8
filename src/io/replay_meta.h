/* SPDX-License-Identifier: GPL-2.0-or-later */
/* replay_meta.h - a recording's metadata, the "key value" lines of its fragstat-recording */
#ifndef FRAGSTAT_REPLAY_META_H
#define FRAGSTAT_REPLAY_META_H

#include <stddef.h>

#include "ferr.h"
#include "recording.h"

/*
 * Parse the metadata BUF (LEN bytes) into R, zeroed: the format line, the
 * host, release and start, page size, interval, pageblock order and
 * orders, the command and how it ended. Keys it does not know are
 * skipped. Returns 0, or -1 with E set (FILE:LINE).
 */
int	replay_meta_parse(const char *buf, size_t len, struct replay *r,
	    struct ferr *e);

#endif

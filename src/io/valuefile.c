/* SPDX-License-Identifier: GPL-2.0-or-later */
/* valuefile.c - files of /proc/sys and /sys that hold one value */
#include "config.h"

#include <errno.h>

#include "slurp.h"
#include "valuefile.h"

int
valuefile_read(const char *path, valuefile_parse_fn *parse, void *arg,
    struct ferr *e)
{
	struct slurp s;
	int rc;

	e->path = path;
	if ((rc = slurp_read(path, &s, e)) != 0) {
		ferr_keep_path(e, path);
		return rc == -ENOENT ? 0 : -1;
	}
	rc = parse(arg, s.buf, s.len, e);
	slurp_free(&s);
	/* E outlives PATH, which the caller frees. */
	ferr_keep_path(e, path);
	return rc == 0 ? 1 : -1;
}

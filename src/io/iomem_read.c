/* SPDX-License-Identifier: GPL-2.0-or-later */
/* iomem_read.c - read a root's /proc/iomem into its System RAM ranges */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "inputs.h"
#include "iomem_read.h"
#include "slurp.h"

int
iomem_read(const char *root, unsigned long page_size, struct iomem *io,
    struct ferr *e)
{
	struct slurp s;
	char *path;
	int rc;

	memset(io, 0, sizeof(*io));
	if ((path = inputs_path(root, "/proc/iomem")) == NULL)
		return ferr_set(e, 0, "out of memory");
	ferr_keep_path(e, path);
	free(path);
	if (slurp_read(e->path, &s, e) != 0)
		return -1;
	rc = iomem_parse(s.buf, s.len, page_size, io, e);
	slurp_free(&s);
	return rc;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compact.c - ask the kernel to compact memory now, and time it, or to drop its clean page cache */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "compact.h"
#include "elapsed.h"

/* Write "1\n" to PATH. Returns 0 or -errno with E set. */
static int
poke(const char *path, struct ferr *e)
{
	int fd, err = 0;

	if ((fd = open(path, O_WRONLY | O_CLOEXEC)) == -1 ||
	    write(fd, "1\n", 2) != 2)
		err = errno;
	if (fd != -1)
		close(fd);
	if (err == 0)
		return 0;
	ferr_keep_path(e, path);
	ferr_set(e, 0, "%s", strerror(err));
	return -err;
}

int
compact_nodes(struct compaction *c, struct ferr *e)
{
	char path[COMPACTION_NODE_FILE_SIZE];
	struct timespec t0, t1;
	size_t i;
	int rc;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	c->all = false;
	for (i = 0; i < c->n; i++) {
		snprintf(path, sizeof(path), COMPACTION_NODE_FILE, c->nodes[i]);
		rc = poke(path, e);
		/* Without CONFIG_NUMA (or sysfs) there is no per-node file. */
		if (rc == -ENOENT && i == 0) {
			if (poke(COMPACTION_ALL_FILE, e) != 0)
				return -1;
			c->all = true;
			break;
		}
		if (rc != 0)
			return -1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	c->ms = elapsed_ms_between(&t0, &t1);
	return 0;
}

int
compact_reclaim(struct ferr *e)
{
	sync();
	return poke(COMPACT_RECLAIM_FILE, e) == 0 ? 0 : -1;
}

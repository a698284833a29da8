/* SPDX-License-Identifier: GPL-2.0-or-later */
/* compact.c - ask the kernel to compact memory now, and time it */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "compact.h"

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

/* Returns monotonic nanoseconds. */
static uint64_t
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int
compact_nodes(const unsigned *nodes, size_t n, uint64_t *ns, char *method,
    size_t size, struct ferr *e)
{
	char path[64];
	uint64_t t0 = now();
	size_t i, o = 0;
	int rc;

	method[0] = '\0';
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path),
		    "/sys/devices/system/node/node%u/compact", nodes[i]);
		rc = poke(path, e);
		/* Without CONFIG_NUMA (or sysfs) there is no per-node file. */
		if (rc == -ENOENT && i == 0) {
			if (poke("/proc/sys/vm/compact_memory", e) != 0)
				return -1;
			snprintf(method, size, "/proc/sys/vm/compact_memory");
			break;
		}
		if (rc != 0)
			return -1;
		o += (size_t)snprintf(method + o, o < size ? size - o : 0,
		    "%s%s", i ? " " : "", path);
		if (o >= size)
			o = size - 1;
	}
	*ns = now() - t0;
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* slurp.c - read a file to EOF into one growing buffer */

#include "config.h"
#include <errno.h>
#include <stdint.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "slurp.h"

/*
 * Read PATH into S, at most LIMIT(ARG, BUF, LEN) bytes after each read
 * (NULL: SLURP_CAP). Returns 0, or -errno with E set.
 */
static int
slurp_bounded(const char *path, struct slurp *s, slurp_limit_fn *limit,
    void *arg, struct ferr *e)
{
	size_t cap = 16384, len = 0, most = SLURP_CAP;
	char *buf, *nbuf;
	ssize_t n;
	int fd, err;

	s->buf = NULL;
	s->len = 0;
	if (strcmp(path, "-") == 0)
		fd = STDIN_FILENO;
	else if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1) {
		err = errno;
		ferr_set(e, 0, "%s", strerror(err));
		return -err;
	}
	if ((buf = malloc(cap)) == NULL) {
		err = ENOMEM;
		goto fail;
	}
	/* procfs reports size 0, so grow until read() says EOF. */
	for (;;) {
		/* LEN <= MOST here: one byte more shows whether EOF follows. */
		if (len + 1 == cap) {
			if (cap > SIZE_MAX / 2 ||
			    (nbuf = realloc(buf, cap * 2)) == NULL) {
				err = ENOMEM;
				goto fail;
			}
			buf = nbuf;
			cap *= 2;
		}
		n = read(fd, buf + len, cap - 1 - len);
		if (n == 0)
			break;
		if (n < 0) {
			if (errno == EINTR)
				continue;
			err = errno;
			goto fail;
		}
		len += (size_t)n;
		if (limit != NULL)
			most = limit(arg, buf, len);
		if (len > most) {
			err = EFBIG;
			goto fail;
		}
	}
	if (fd != STDIN_FILENO)
		close(fd);
	buf[len] = '\0';
	s->buf = buf;
	s->len = len;
	return 0;
fail:
	free(buf);
	if (fd != STDIN_FILENO)
		close(fd);
	if (err == EFBIG && limit != NULL)
		ferr_set(e, 0, "larger than the %zu bytes its own lines allow",
		    most);
	else if (err == EFBIG)
		ferr_set(e, 0, "larger than %u MiB, not a kernel file",
		    SLURP_CAP >> 20);
	else
		ferr_set(e, 0, "%s", strerror(err));
	return -err;
}

int
slurp_read(const char *path, struct slurp *s, struct ferr *e)
{
	return slurp_bounded(path, s, NULL, NULL, e);
}

int
slurp_read_limit(const char *path, struct slurp *s, slurp_limit_fn *limit,
    void *arg, struct ferr *e)
{
	return slurp_bounded(path, s, limit, arg, e);
}

void
slurp_free(struct slurp *s)
{
	free(s->buf);
	s->buf = NULL;
	s->len = 0;
}

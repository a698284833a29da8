/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capture_file.c - one file of a capture: read from the source, written into the capture, or listed as missing */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture_file.h"
#include "inputs.h"
#include "safedir.h"

void
capture_note(struct capture *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(c->meta, fmt, ap);
	va_end(ap);
}

/* Create the directories leading to REL in C's directory. Returns 0, or -1 with E set. */
static int
make_parents(struct capture *c, const char *rel, struct ferr *e)
{
	char p[PATH_MAX];
	char *slash;

	snprintf(p, sizeof(p), "%s", rel);
	for (slash = strchr(p, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdirat(c->st->fd, p, 0755) != 0 && errno != EEXIST)
			return ferr_set(e, 0, "cannot create %s: %s", p,
			    strerror(errno));
		*slash = '/';
	}
	return 0;
}

int
capture_put(struct capture *c, const char *path, const char *buf,
    size_t len, struct ferr *e)
{
	const char *rel = path + 1;
	int fd;

	if (make_parents(c, rel, e) != 0)
		return -1;
	fd = openat(c->st->fd, rel, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0644);
	if (fd == -1)
		return ferr_set(e, 0, "cannot create %s: %s", rel,
		    strerror(errno));
	if (safedir_write_close(fd, buf, len) != 0 ||
	    ferr_inject("capture-fsync") || ferr_inject("capture-close"))
		return ferr_set(e, 0, "cannot write %s: %s", rel,
		    strerror(errno));
	return 0;
}

void
capture_missing(struct capture *c, const char *path, const char *rel,
    const char *msg)
{
	if (access(path, F_OK) != 0 && errno == ENOENT)
		capture_note(c, "absent %s\n", rel + 1);
	else {
		capture_note(c, "unreadable %s: %s\n", rel + 1, msg);
		c->done.unreadable = true;
	}
}

int
capture_read_path(const char *path, struct slurp *s, struct ferr *e)
{
	int rc;

	s->buf = NULL;
	s->len = 0;
	e->path = path;
	rc = slurp_read(path, s, e);
	/* Its own copy: PATH may be freed before E is said. */
	ferr_keep_path(e, path);
	return rc;
}

int
capture_load(const struct capture *c, const char *rel, struct slurp *s,
    struct ferr *re)
{
	char *path;
	int rc;

	re->path = rel;
	if ((path = inputs_path(c->src, rel)) == NULL) {
		s->buf = NULL;
		s->len = 0;
		ferr_keep_path(re, rel);
		ferr_set(re, 0, "out of memory");
		return -ENOMEM;
	}
	rc = capture_read_path(path, s, re);
	free(path);
	return rc;
}

void
capture_failed(struct ferr *e, const struct ferr *re)
{
	ferr_keep_path(e, re->path);
	ferr_set(e, 0, "%s", re->msg);
}

bool
capture_read_ends(int rc)
{
	return rc == -ECANCELED || rc == -ENOMEM;
}

int
capture_copy(struct capture *c, const char *rel, enum capture_want w,
    struct ferr *e)
{
	struct ferr re;
	struct slurp s;
	int rc;

	if ((rc = capture_load(c, rel, &s, &re)) != 0) {
		if (w == CAPTURE_REQUIRED || capture_read_ends(rc)) {
			capture_failed(e, &re);
			return -1;
		}
		if (w != CAPTURE_IF_THERE || access(re.path, F_OK) == 0 ||
		    errno != ENOENT)
			capture_missing(c, re.path, rel, re.msg);
		return 0;
	}
	rc = capture_put(c, rel, s.buf, s.len, e);
	slurp_free(&s);
	if (rc != 0)
		return -1;
	c->done.files++;
	return 1;
}


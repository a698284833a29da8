/* SPDX-License-Identifier: GPL-2.0-or-later */
/* window.c - triggered recording: windows of samples around each trigger */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "safedir.h"
#include "window.h"

/*
 * The longest name start() gives a window: the time, and a number when
 * it is not the first window of that second (WINDOW_PER_SECOND at most).
 */
#define WINDOW_NAME_LONGEST	"20261205T074355Z-999"
#define WINDOW_PER_SECOND	1000

struct window {
	struct record_opts ro;
	char		 dir[PATH_MAX];	/* its path, for messages only */
	struct safedir	 d;		/* where every window is made */
	char		**ring;		/* the last BEFORE samples, as lines */
	unsigned long	 before, after, nring, head;
	struct record	*rec;		/* the open window, or NULL */
	unsigned long	 left;		/* samples the open window still takes */
	unsigned long	 nwindows;
};

int
window_open(struct window **wp, const struct record_opts *ro,
    unsigned long before, unsigned long after, struct ferr *e)
{
	struct safedir pd, d;
	char name[NAME_MAX + 1];
	struct window *w = NULL;
	int rc;

	*wp = NULL;
	ferr_keep_path(e, ro->dir);
	/* Checked now, not at the first trigger hours later: DIR/NAME/inside. */
	if (strlen(ro->dir) + 1 + strlen(WINDOW_NAME_LONGEST) +
	    RECORD_INSIDE_ROOM >= PATH_MAX)
		return ferr_set(e, 0, "path too long");
	if (safedir_parent(&pd, ro->dir, name, sizeof(name),
	    "cannot create", e) != 0)
		return -1;
	rc = safedir_enter(&d, &pd, name, e);
	safedir_close(&pd);
	if (rc != 0)
		return -1;
	if (record_is_at(d.fd)) {
		ferr_set(e, 0, "is a recording: the windows of --trigger go "
		    "into a directory of their own");
		goto fail;
	}
	if (ferr_inject("window-alloc") || (w = calloc(1, sizeof(*w))) == NULL ||
	    (before && (w->ring = calloc(before, sizeof(*w->ring))) == NULL)) {
		ferr_set(e, 0, "out of memory");
		goto fail;
	}
	w->d = d;
	safedir_strip_slashes(w->dir, sizeof(w->dir), ro->dir);
	w->ro = *ro;
	w->before = before;
	w->after = after;
	*wp = w;
	return 0;
fail:
	free(w);
	safedir_close(&d);
	return -1;
}

/* Returns the line WRITE(ARG) makes, malloc'd, or NULL when out of memory. */
static char *
render(void (*write)(FILE *, const void *), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	if ((fp = open_memstream(&buf, &len)) == NULL)
		return NULL;
	write(fp, arg);
	if (fclose(fp) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* record_sample()'s writer of a line already made. */
static void
put_line(FILE *fp, const void *line)
{
	fputs(line, fp);
}

/* Open a window named by the time now in W's directory, WHY it opens. Returns 0 or -1. */
static int
start(struct window *w, const char *why, struct ferr *e)
{
	/*
	 * DIR, a slash and the name: window_open() checked that the whole is
	 * below PATH_MAX, this is the room a compiler sees.
	 */
	char name[PATH_MAX + sizeof(WINDOW_NAME_LONGEST)];
	char base[sizeof(WINDOW_NAME_LONGEST)];
	char when[sizeof("20261205T074355Z")];
	struct timespec now;
	struct stat st;
	struct tm tm;
	unsigned n;
	int rc;

	clock_gettime(CLOCK_REALTIME, &now);
	gmtime_r(&now.tv_sec, &tm);
	strftime(when, sizeof(when), "%Y%m%dT%H%M%SZ", &tm);
	snprintf(base, sizeof(base), "%s", when);
	/* Two windows in one second: the second is WHEN-2. */
	for (n = 2; fstatat(w->d.fd, base, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    n < WINDOW_PER_SECOND; n++)
		snprintf(base, sizeof(base), "%s-%u", when, n);
	snprintf(name, sizeof(name), "%s/%s", w->dir, base);
	w->ro.dir = name;
	/* record_open_at() keeps what it needs: NAME may go. */
	w->ro.fired = why;
	rc = record_open_at(&w->rec, &w->ro, w->d.fd, base, e);
	w->ro.dir = w->dir;
	w->ro.fired = NULL;
	if (rc != 0)
		return -1;
	w->nwindows++;
	return 0;
}

/* Write W's kept samples, oldest first, into its open window. Returns 0 or -1. */
static int
flush_ring(struct window *w, struct ferr *e)
{
	unsigned long i, k;
	int rc = 0;

	for (i = 0; i < w->nring; i++) {
		k = (w->head + w->before - w->nring + i) % w->before;
		if (rc == 0 && record_sample(w->rec, put_line, w->ring[k],
		    e) != 0)
			rc = -1;
		free(w->ring[k]);
		w->ring[k] = NULL;
	}
	w->nring = 0;
	return rc;
}

int
window_sample(struct window *w, void (*write)(FILE *, const void *),
    const void *arg, const char *fired, struct ferr *e)
{
	char *line;
	int rc;

	if (w->rec == NULL && fired == NULL) {
		if (w->before == 0)
			return 0;
		if (ferr_inject("window-ring") ||
		    (line = render(write, arg)) == NULL) {
			ferr_keep_path(e, w->dir);
			return ferr_set(e, 0, "out of memory");
		}
		free(w->ring[w->head]);
		w->ring[w->head] = line;
		w->head = (w->head + 1) % w->before;
		if (w->nring < w->before)
			w->nring++;
		return 0;
	}
	if (w->rec == NULL && (start(w, fired, e) != 0 || flush_ring(w, e) != 0))
		return -1;
	if (fired != NULL)
		w->left = w->after + 1;
	if (record_sample(w->rec, write, arg, e) != 0)
		return -1;
	if (--w->left > 0)
		return 0;
	rc = record_close(w->rec, e);
	w->rec = NULL;
	return rc;
}

unsigned long
window_count(const struct window *w)
{
	return w->nwindows;
}

int
window_close(struct window *w, struct ferr *e)
{
	unsigned long i;
	int rc;

	if (w == NULL)
		return 0;
	rc = record_close(w->rec, e);
	for (i = 0; i < w->before; i++)
		free(w->ring[i]);
	free(w->ring);
	safedir_close(&w->d);
	free(w);
	return rc;
}

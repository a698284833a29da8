/* SPDX-License-Identifier: GPL-2.0-or-later */
/* record.c - write a recording of --watch that survives a crash up to its last sample */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "capture.h"
#include "inputs.h"
#include "record.h"
#include "record_command.h"
#include "safedir.h"
#include "stage.h"
#include "text.h"

/*
 * The metadata record_end() reads back: a command's recording, of the
 * live system, so a few hundred bytes, and the command's "argv" and
 * "command" lines (record_command_write()'s bounds); 16 KiB in all.
 */
#define RECORD_META_MAX \
	(RECORD_ARGV_MAX + EXPERIMENT_MAX_COMMAND + 4096)

/* What record_end() adds to the metadata: three short lines. */
#define RECORD_END_ROOM		128

struct record {
	char		 dir[PATH_MAX];	/* its path, for messages only */
	int		 fd;		/* the recording: everything is made in it */
	const char	*src;
	unsigned long	 page_size;
	FILE		*fp;		/* samples.ndjson, appended */
	char		 obuf[1 << 16];	/* FP's buffer: a sample leaves whole */
	struct timespec	 last;		/* when last/ was last replaced */
	bool		 have_last;
	uint64_t	 last_every;	/* seconds: last_every_s() */
	unsigned long	 nsamples, captures_every;
};

/* Print the metadata of O, a recording starting now, on FP. */
static void
meta_print(FILE *fp, const struct record_opts *o)
{
	struct capture_here at;
	size_t i;

	capture_here_now(&at);
	fprintf(fp, "fragstat_recording 1\nfragstat_version %s\n"
	    "start_utc %s\nhostname %s\nsource %s\nrelease %s\n"
	    "page_size %lu\ninterval_ms %u\ncount %lu\npageblock_order %u\n"
	    "orders ", PACKAGE_VERSION, at.when, at.host, o->src ? o->src : "/",
	    o->release[0] ? o->release : "unknown", o->page_size,
	    o->interval_ms, o->count, o->pageblock_order);
	for (i = 0; i < o->norders; i++)
		fprintf(fp, "%s%u", i ? "," : "", o->orders[i]);
	fprintf(fp, "\nmigratetypes %s\nevents %s\n", o->migratetypes ? "yes" :
	    "no", o->events ? "yes" : "no");
	if (o->command)
		fputs(o->command, fp);
	if (o->captures_every)
		fprintf(fp, "captures_every %lu\n", o->captures_every);
	if (o->map_every)
		fprintf(fp, "map_every %lu\nmap_ms %llu\n", o->map_every,
		    (unsigned long long)o->map_ms);
	if (o->trigger)
		fprintf(fp, "trigger %s\nbefore %lu\nafter %lu\n", o->trigger,
		    o->before, o->after);
	if (o->trigger && o->fired)
		fprintf(fp, "fired %s\n", o->fired);
}

/* Write the metadata of O into the new file RECORD_META of DFD. Returns 0 or -1 with E set. */
static int
write_meta(int dfd, const struct record_opts *o, struct ferr *e)
{
	FILE *fp;
	int fd = -1;

	if (ferr_inject("record-meta-create") ||
	    (fd = openat(dfd, RECORD_META, O_WRONLY | O_CREAT | O_EXCL |
	    O_NOFOLLOW | O_CLOEXEC, 0644)) == -1 ||
	    (fp = fdopen(fd, "w")) == NULL) {
		if (fd != -1)
			close(fd);
		return ferr_set(e, 0, "cannot create %s: %s", RECORD_META,
		    strerror(errno));
	}
	meta_print(fp, o);
	/*
	 * Closed whether or not it was written: no descriptor leaks. A
	 * write that failed while meta_print() filled the buffer is seen by
	 * ferror() alone.
	 */
	if (fflush(fp) != 0 || ferror(fp) || fsync(fd) != 0) {
		fclose(fp);
		return ferr_set(e, 0, "cannot write %s: %s", RECORD_META,
		    strerror(errno));
	}
	if (fclose(fp) != 0 || ferr_inject("record-meta-close"))
		return ferr_set(e, 0, "cannot write %s: %s", RECORD_META,
		    strerror(errno));
	return 0;
}

/* Keep DIR/NAME as E's path; DIR alone when out of memory. */
static void
keep_path_in(struct ferr *e, const char *dir, const char *name)
{
	char *p;

	if ((p = inputs_join(dir, name)) == NULL) {
		ferr_keep_path(e, dir);
		return;
	}
	ferr_keep_path(e, p);
	free(p);
}

/*
 * Capture SRC as NAME in DFD (DIR/NAME in messages) with capture_at().
 * Returns 0 or -1 with E set.
 */
static int
capture_into(int dfd, const char *dir, const char *name, const char *src,
    unsigned long page_size, struct ferr *e)
{
	char *path;
	int rc;

	if ((path = inputs_join(dir, name)) == NULL)
		return ferr_set(e, 0, "out of memory");
	rc = capture_at(src, dfd, name, path, page_size, NULL, NULL, NULL, e);
	free(path);
	return rc;
}

/*
 * Capture R's source as .last-new and swap it with last/ in one rename,
 * so that a reader sees the old last/ or the new one, never a mix; on a
 * filesystem without RENAME_EXCHANGE (NFS), the old one goes to
 * .last-old first.
 */
static int
replace_last(struct record *r, struct ferr *e)
{
	/* Left by a crash; inside R's own descriptor, never through a path. */
	safedir_rm_tree(r->fd, ".last-new");
	safedir_rm_tree(r->fd, ".last-old");
	stage_clear_stale(r->fd, ".last-new");
	if (capture_into(r->fd, r->dir, ".last-new", r->src, r->page_size,
	    e) != 0)
		return -1;
	if (ferr_inject("record-replace") ||
	    safedir_replace(r->fd, ".last-new", "last", ".last-old") != 0) {
		ferr_set(e, 0, "cannot replace: %s", strerror(errno));
		keep_path_in(e, r->dir, "last");
		safedir_rm_tree(r->fd, ".last-new");
		return -1;
	}
	safedir_rm_tree(r->fd, ".last-new");
	safedir_rm_tree(r->fd, ".last-old");
	clock_gettime(CLOCK_MONOTONIC, &r->last);
	r->have_last = true;
	if (ferr_inject("record-last-sync") || fsync(r->fd) != 0) {
		ferr_keep_path(e, r->dir);
		return ferr_set(e, 0, "cannot sync: %s", strerror(errno));
	}
	return 0;
}

/*
 * Returns how often, at most, last/ is replaced, in seconds:
 * RECORD_LAST_EVERY_S, or for the tests the number in the environment's
 * FRAGSTAT_TEST_LAST_EVERY_S (a test hook, built only with
 * --enable-test-hooks: ferr_test_env()), so that tests/record.sh sees
 * last/ replaced during a run without waiting a minute.
 */
static uint64_t
last_every_s(void)
{
	const char *s = ferr_test_env("FRAGSTAT_TEST_LAST_EVERY_S");
	uint64_t v;

	if (s == NULL || num_str(s, &v) != 0)
		return RECORD_LAST_EVERY_S;
	return v;
}

/* Returns 0 when O's directory leaves room under PATH_MAX for what goes inside, or -1 with E set. */
static int
dir_fits(const struct record_opts *o, struct ferr *e)
{
	ferr_keep_path(e, o->dir);
	if (strlen(o->dir) + RECORD_INSIDE_ROOM >= PATH_MAX)
		return ferr_set(e, 0, "path too long");
	return 0;
}

int
record_open(struct record **rp, const struct record_opts *o, struct ferr *e)
{
	struct safedir_made made;
	struct safedir pd;
	char name[NAME_MAX + 1];
	int rc;

	*rp = NULL;
	if (dir_fits(o, e) != 0)
		return -1;
	if ((rc = safedir_parent_make(&pd, o->dir, name, sizeof(name),
	    "cannot create a directory beside it", &made, e)) == 0) {
		rc = record_open_at(rp, o, pd.fd, name, e);
		safedir_close(&pd);
	}
	/* A failed run leaves no directory it made on the way (mkdir -p's). */
	if (rc != 0)
		safedir_unmake(&made);
	else
		safedir_made_close(&made);
	return rc;
}

/*
 * Make the samples' file of the recording DFD, synced, and return its
 * descriptor (kept: the recording is never reopened by path), or -1
 * with E set.
 */
static int
make_samples(int dfd, struct ferr *e)
{
	int fd;

	if (ferr_inject("record-samples-create") ||
	    (fd = openat(dfd, RECORD_SAMPLES, O_WRONLY | O_APPEND | O_CREAT |
	    O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644)) == -1)
		return ferr_set(e, 0, "cannot create %s: %s", RECORD_SAMPLES,
		    strerror(errno));
	if (ferr_inject("record-samples-sync") || fsync(fd) != 0 ||
	    fsync(dfd) != 0) {
		ferr_set(e, 0, "cannot create %s: %s", RECORD_SAMPLES,
		    strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * Sync DFD, the parent of the recording DIR, so that the new name
 * survives a crash. Returns 0 or -1 with E set.
 */
static int
sync_parent(int dfd, const char *dir, struct ferr *e)
{
	char path[PATH_MAX], *slash;
	int err;

	if (!ferr_inject("record-parent-sync") && fsync(dfd) == 0)
		return 0;
	err = errno;
	/* Its parent's path as the user named it, for the message. */
	safedir_strip_slashes(path, sizeof(path), dir);
	if ((slash = strrchr(path, '/')) == NULL)
		snprintf(path, sizeof(path), ".");
	else if (slash == path)
		path[1] = '\0';
	else
		*slash = '\0';
	return ferr_set(e, 0, "cannot sync %s: %s", path, strerror(err));
}

/*
 * Make R for the recording of O, its samples' file FD. Returns 0, or -1
 * with E set (R freed, FD the caller's to close).
 */
static int
make_record(struct record **rp, const struct record_opts *o, int fd,
    struct ferr *e)
{
	struct record *r = NULL;

	if (ferr_inject("record-alloc") || (r = calloc(1, sizeof(*r))) == NULL) {
		ferr_set(e, 0, "out of memory");
		goto fail;
	}
	if (ferr_inject("record-fdopen") || (r->fp = fdopen(fd, "a")) == NULL) {
		ferr_set(e, 0, "cannot open %s: %s", RECORD_SAMPLES,
		    strerror(errno));
		goto fail;
	}
	safedir_strip_slashes(r->dir, sizeof(r->dir), o->dir);
	r->src = o->src;
	r->page_size = o->page_size;
	r->captures_every = o->captures_every;
	r->last_every = last_every_s();
	/* One sample is one write() where it fits (glibc sizes a NULL buffer itself). */
	setvbuf(r->fp, r->obuf, _IOFBF, sizeof(r->obuf));
	*rp = r;
	return 0;
fail:
	free(r);
	return -1;
}

int
record_open_at(struct record **rp, const struct record_opts *o, int dfd,
    const char *name, struct ferr *e)
{
	struct stage st;
	int fd = -1;

	*rp = NULL;
	if (dir_fits(o, e) != 0)
		return -1;
	if (stage_open(&st, dfd, name, o->dir, "recording", e) != 0)
		return -1;
	/* Named as it will be: the temporary name is never said. */
	if (write_meta(st.fd, o, e) != 0 ||
	    capture_into(st.fd, o->dir, "first", o->src, o->page_size, e) != 0)
		goto fail;
	/* The capture named its own path: the messages below name DIR's. */
	ferr_keep_path(e, o->dir);
	if ((fd = make_samples(st.fd, e)) == -1 ||
	    stage_publish(&st, name, "record", e) != 0)
		goto fail;
	if (sync_parent(dfd, o->dir, e) != 0 ||
	    make_record(rp, o, fd, e) != 0)
		goto unpublish;
	/* The recording is held open: everything is made in it from now on. */
	(*rp)->fd = st.fd;
	st.fd = -1;
	stage_close(&st);
	return 0;
unpublish:
	/* Published as NAME already: what failed after it removes it. */
	stage_unpublish(&st, name);
fail:
	if (fd != -1)
		close(fd);
	stage_close(&st);
	return -1;
}

/*
 * Capture R's source as during/N for its sample N; a file of the source
 * that cannot be read then is said as the capture's ("DIR/during/N:
 * cannot capture FILE: why"): the recording goes on being, without it.
 * Returns 0 or -1 with E set.
 */
static int
capture_during(struct record *r, struct ferr *e)
{
	/* The sample's number in decimal, with its NUL. */
	char name[sizeof("18446744073709551615")], *during;
	char msg[sizeof(e->msg)];
	int fd, rc;

	if (ferr_inject("record-during") ||
	    (mkdirat(r->fd, RECORD_DURING, 0755) != 0 && errno != EEXIST) ||
	    (fd = openat(r->fd, RECORD_DURING, O_RDONLY | O_DIRECTORY |
	    O_NOFOLLOW | O_CLOEXEC)) == -1) {
		ferr_set(e, 0, "cannot create: %s", strerror(errno));
		keep_path_in(e, r->dir, RECORD_DURING);
		return -1;
	}
	if ((during = inputs_join(r->dir, RECORD_DURING)) == NULL) {
		close(fd);
		return ferr_set(e, 0, "out of memory");
	}
	snprintf(name, sizeof(name), "%lu", r->nsamples);
	if ((rc = capture_into(fd, during, name, r->src, r->page_size,
	    e)) != 0 && e->line == 0 && e->path != NULL &&
	    strncmp(e->path, during, strlen(during)) != 0) {
		snprintf(msg, sizeof(msg), "%s", e->msg);
		ferr_set(e, 0, "cannot capture %s: %s", e->path, msg);
		keep_path_in(e, during, name);
	}
	free(during);
	close(fd);
	return rc;
}

/* Append FMT's text to BUF (SIZE bytes, *N used). Returns 0, or -1 when it does not fit. */
static int __attribute__((format(printf, 4, 5)))
buf_add(char *buf, size_t size, size_t *n, const char *fmt, ...)
{
	va_list ap;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(buf + *n, size - *n, fmt, ap);
	va_end(ap);
	if (k < 0 || (size_t)k >= size - *n)
		return -1;
	*n += (size_t)k;
	return 0;
}

/*
 * Read R's metadata into BUF: at most SIZE - 1 bytes (it is a few hundred
 * and its command line at most 4 KiB), *N of them. Returns 0, or -1 with
 * E set.
 */
static int
meta_read(const struct record *r, char *buf, size_t size, size_t *n,
    struct ferr *e)
{
	FILE *in;
	int fd, rc;

	if ((fd = openat(r->fd, RECORD_META, O_RDONLY | O_NOFOLLOW |
	    O_CLOEXEC)) == -1 || (in = fdopen(fd, "r")) == NULL) {
		if (fd != -1)
			close(fd);
		return ferr_set(e, 0, "cannot read: %s", strerror(errno));
	}
	*n = fread(buf, 1, size, in);
	rc = ferror(in) || !feof(in);
	fclose(in);
	if (rc)
		return ferr_set(e, 0, "cannot read: too long or unreadable");
	return 0;
}

int
record_end(struct record *r, int status, int sig, uint64_t wall_ms,
    struct ferr *e)
{
	static const char tmp[] = "." RECORD_META "-new";
	char buf[RECORD_META_MAX + RECORD_END_ROOM];
	size_t n = 0;
	int fd, rc = -1;

	keep_path_in(e, r->dir, RECORD_META);
	if (meta_read(r, buf, RECORD_META_MAX, &n, e) != 0)
		return -1;
	if (buf_add(buf, sizeof(buf), &n, "exit_status %d\n", status) != 0 ||
	    (sig > 0 && buf_add(buf, sizeof(buf), &n, "signal %d\n",
	    sig) != 0) ||
	    buf_add(buf, sizeof(buf), &n, "wall_s %llu.%03u\n",
	    (unsigned long long)(wall_ms / 1000), (unsigned)(wall_ms %
	    1000)) != 0)
		return ferr_set(e, 0, "cannot read: too long or unreadable");
	unlinkat(r->fd, tmp, 0);
	if ((fd = openat(r->fd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0644)) == -1)
		return ferr_set(e, 0, "cannot create %s/%s: %s", r->dir, tmp,
		    strerror(errno));
	if (safedir_write_close(fd, buf, n) != 0)
		ferr_set(e, 0, "cannot write: %s", strerror(errno));
	else if (ferr_inject("record-end-rename") ||
	    renameat(r->fd, tmp, r->fd, RECORD_META) != 0)
		ferr_set(e, 0, "cannot replace: %s", strerror(errno));
	else if (ferr_inject("record-end-sync") || fsync(r->fd) != 0)
		ferr_set(e, 0, "cannot sync: %s", strerror(errno));
	else
		rc = 0;
	/* The new file is left only when the rename failed; gone otherwise. */
	if (rc != 0)
		unlinkat(r->fd, tmp, 0);
	return rc;
}

int
record_sample(struct record *r, void (*write)(FILE *, const void *),
    const void *arg, struct ferr *e)
{
	struct timespec now;

	write(r->fp, arg);
	/*
	 * The sample boundary: the line is whole on disk before the next.
	 * A sample longer than the buffer is written in parts: ferror()
	 * sees one that failed before the last.
	 */
	if (fflush(r->fp) != 0 || ferror(r->fp) || fsync(fileno(r->fp)) != 0) {
		ferr_keep_path(e, r->dir);
		return ferr_set(e, 0, "cannot write %s: %s", RECORD_SAMPLES,
		    strerror(errno));
	}
	r->nsamples++;
	if (r->captures_every && r->nsamples % r->captures_every == 0 &&
	    capture_during(r, e) != 0)
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (r->have_last && (uint64_t)(now.tv_sec - r->last.tv_sec) <
	    r->last_every)
		return 0;
	if (!r->have_last) {
		/* The first sample is first/: wait a period for last/. */
		r->last = now;
		r->have_last = true;
		return 0;
	}
	return replace_last(r, e);
}

int
record_append(struct record *r, const char *name, const char *line,
    size_t len, struct ferr *e)
{
	int fd;

	ferr_keep_path(e, r->dir);
	if ((fd = openat(r->fd, name, O_WRONLY | O_APPEND | O_CREAT |
	    O_NOFOLLOW | O_CLOEXEC, 0644)) == -1)
		return ferr_set(e, 0, "cannot open %s: %s", name,
		    strerror(errno));
	if (safedir_write_close(fd, line, len) != 0)
		return ferr_set(e, 0, "cannot write %s: %s", name,
		    strerror(errno));
	return 0;
}

int
record_close(struct record *r, struct ferr *e)
{
	int rc;

	if (r == NULL)
		return 0;
	rc = replace_last(r, e);
	if ((fclose(r->fp) != 0 || ferr_inject("record-close")) && rc == 0) {
		ferr_keep_path(e, r->dir);
		rc = ferr_set(e, 0, "cannot write %s: %s", RECORD_SAMPLES,
		    strerror(errno));
	}
	close(r->fd);
	free(r);
	return rc;
}

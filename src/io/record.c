/* SPDX-License-Identifier: GPL-2.0-or-later */
/* record.c - write a recording of --watch that survives a crash up to its last sample */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "capture.h"
#include "record.h"

struct record {
	char		 dir[PATH_MAX];
	const char	*src;
	unsigned long	 page_size;
	FILE		*fp;		/* samples.ndjson, appended */
	char		 obuf[1 << 16];	/* FP's buffer: a sample leaves whole */
	struct timespec	 last;		/* when last/ was last replaced */
	bool		 have_last;
	unsigned long	 nsamples, captures_every;
};

/* nftw() callback: remove one entry, children first. */
static int
rm_entry(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)flag;
	(void)f;
	return remove(path) == 0 || errno == ENOENT ? 0 : -1;
}

/* Remove the tree at PATH, never following a symbolic link. */
static void
rm_tree(const char *path)
{
	nftw(path, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* fsync the directory PATH. Returns 0 or -1 with errno set. */
static int
sync_dir(const char *path)
{
	int fd, rc;

	if ((fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1)
		return -1;
	rc = fsync(fd);
	close(fd);
	return rc;
}

/* Write the metadata of O into the new file PATH. Returns 0 or -1 with E set. */
static int
write_meta(const char *path, const struct record_opts *o, struct ferr *e)
{
	char when[32], host[256];
	struct tm tm;
	time_t now;
	size_t i;
	FILE *fp;
	int fd;

	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0644)) == -1 || (fp = fdopen(fd, "w")) == NULL) {
		if (fd != -1)
			close(fd);
		return ferr_set(e, 0, "cannot create %s: %s", RECORD_META,
		    strerror(errno));
	}
	now = time(NULL);
	gmtime_r(&now, &tm);
	strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (gethostname(host, sizeof(host)) != 0)
		strcpy(host, "unknown");
	host[sizeof(host) - 1] = '\0';
	fprintf(fp, "fragstat_recording 1\nfragstat_version %s\n"
	    "start_utc %s\nhostname %s\nsource %s\nrelease %s\n"
	    "page_size %lu\ninterval_ms %u\ncount %lu\npageblock_order %u\n"
	    "orders ", PACKAGE_VERSION, when, host, o->src ? o->src : "/",
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
	if (o->trigger)
		fprintf(fp, "trigger %s\nbefore %lu\nafter %lu\n", o->trigger,
		    o->before, o->after);
	if (o->trigger && o->fired)
		fprintf(fp, "fired %s\n", o->fired);
	if (fflush(fp) != 0 || fsync(fd) != 0) {
		fclose(fp);
		return ferr_set(e, 0, "cannot write %s: %s", RECORD_META,
		    strerror(errno));
	}
	if (fclose(fp) != 0)
		return ferr_set(e, 0, "cannot write %s: %s", RECORD_META,
		    strerror(errno));
	return 0;
}

/* Capture R's source as DIR/NAME with capture_run(). Returns 0 or -1 with E set. */
static int
capture_into(const char *dir, const char *name, const char *src,
    unsigned long page_size, struct ferr *e)
{
	char path[PATH_MAX + 80];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	/* The caller's handler ends the run: the capture only holds signals off. */
	return capture_run(src, path, page_size, false, false, NULL, e);
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
	char fresh[PATH_MAX + 16], last[PATH_MAX + 16], old[PATH_MAX + 16];

	snprintf(fresh, sizeof(fresh), "%s/.last-new", r->dir);
	snprintf(last, sizeof(last), "%s/last", r->dir);
	snprintf(old, sizeof(old), "%s/.last-old", r->dir);
	rm_tree(fresh);		/* left by a crash */
	rm_tree(old);
	if (capture_into(r->dir, ".last-new", r->src, r->page_size, e) != 0)
		return -1;
	if (capture_replace(fresh, last, old) != 0) {
		ferr_keep_path(e, last);
		ferr_set(e, 0, "cannot replace: %s", strerror(errno));
		rm_tree(fresh);
		return -1;
	}
	rm_tree(fresh);
	rm_tree(old);
	clock_gettime(CLOCK_MONOTONIC, &r->last);
	r->have_last = true;
	if (sync_dir(r->dir) != 0) {
		ferr_keep_path(e, r->dir);
		return ferr_set(e, 0, "cannot sync: %s", strerror(errno));
	}
	return 0;
}

int
record_open(struct record **rp, const struct record_opts *o, struct ferr *e)
{
	char tmp[PATH_MAX], path[PATH_MAX + 32], parent[PATH_MAX];
	char dir[PATH_MAX];
	const char *slash, *base;
	struct record *r;
	struct stat st;
	int fd, rc;

	*rp = NULL;
	ferr_keep_path(e, o->dir);
	if (strlen(o->dir) + 64 >= sizeof(tmp))
		return ferr_set(e, 0, "path too long");
	capture_strip_slashes(dir, sizeof(dir), o->dir);
	if (lstat(dir, &st) == 0)
		return ferr_set(e, 0, "exists; a recording never overwrites");
	slash = strrchr(dir, '/');
	snprintf(parent, sizeof(parent), "%.*s", slash ? (int)(slash - dir) :
	    1, slash ? dir : ".");
	if (slash == dir)
		strcpy(parent, "/");
	/* Beside DIR: its parent's path as given, then ".NAME.XXXXXX". */
	base = slash ? slash + 1 : dir;
	if (snprintf(tmp, sizeof(tmp), "%.*s.%s.XXXXXX", (int)(base - dir), dir,
	    base) >= (int)sizeof(tmp))
		return ferr_set(e, 0, "path too long");
	if (mkdtemp(tmp) == NULL)
		return ferr_set(e, 0, "cannot create a directory beside it: %s",
		    strerror(errno));
	snprintf(path, sizeof(path), "%s/%s", tmp, RECORD_META);
	if (write_meta(path, o, e) != 0 ||
	    capture_into(tmp, "first", o->src, o->page_size, e) != 0)
		goto fail;
	snprintf(path, sizeof(path), "%s/%s", tmp, RECORD_SAMPLES);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644)) ==
	    -1) {
		ferr_set(e, 0, "cannot create %s: %s", RECORD_SAMPLES,
		    strerror(errno));
		goto fail;
	}
	/* Closed whether or not fsync() worked: no descriptor leaks. */
	rc = fsync(fd);
	if (close(fd) != 0 || rc != 0 || sync_dir(tmp) != 0) {
		ferr_set(e, 0, "cannot create %s: %s", RECORD_SAMPLES,
		    strerror(errno));
		goto fail;
	}
	if (capture_rename_new(tmp, dir) != 0) {
		if (errno == EEXIST || errno == ENOTEMPTY)
			ferr_set(e, 0, "exists; a recording never overwrites");
		else
			ferr_set(e, 0, "cannot rename %s: %s", tmp,
			    strerror(errno));
		goto fail;
	}
	/* Until its parent is synced, the new name may not survive a crash. */
	if (sync_dir(parent) != 0) {
		ferr_set(e, 0, "cannot sync %s: %s", parent, strerror(errno));
		rm_tree(dir);
		return -1;
	}
	if ((r = calloc(1, sizeof(*r))) == NULL)
		return ferr_set(e, 0, "out of memory");
	snprintf(r->dir, sizeof(r->dir), "%s", dir);
	r->src = o->src;
	r->page_size = o->page_size;
	r->captures_every = o->captures_every;
	snprintf(path, sizeof(path), "%s/%s", dir, RECORD_SAMPLES);
	if ((r->fp = fopen(path, "ae")) == NULL) {
		ferr_set(e, 0, "cannot open %s: %s", RECORD_SAMPLES,
		    strerror(errno));
		free(r);
		rm_tree(dir);
		return -1;
	}
	/* One sample is one write() where it fits (glibc sizes a NULL buffer itself). */
	setvbuf(r->fp, r->obuf, _IOFBF, sizeof(r->obuf));
	*rp = r;
	return 0;
fail:
	rm_tree(tmp);
	return -1;
}

/* Capture R's source as during/N for its sample N. Returns 0 or -1 with E set. */
static int
capture_during(struct record *r, struct ferr *e)
{
	char during[PATH_MAX + 16], name[64];

	snprintf(during, sizeof(during), "%s/%s", r->dir, RECORD_DURING);
	if (mkdir(during, 0755) != 0 && errno != EEXIST) {
		ferr_keep_path(e, during);
		return ferr_set(e, 0, "cannot create: %s", strerror(errno));
	}
	snprintf(name, sizeof(name), "%lu", r->nsamples);
	return capture_into(during, name, r->src, r->page_size, e);
}

int
record_end(struct record *r, int status, uint64_t wall_ms, struct ferr *e)
{
	char path[PATH_MAX + 32], tmp[PATH_MAX + 32], buf[1 << 14];
	size_t n;
	FILE *in, *out;
	int fd, rc;

	snprintf(path, sizeof(path), "%s/%s", r->dir, RECORD_META);
	snprintf(tmp, sizeof(tmp), "%s/.%s-new", r->dir, RECORD_META);
	ferr_keep_path(e, path);
	if ((in = fopen(path, "re")) == NULL)
		return ferr_set(e, 0, "cannot read: %s", strerror(errno));
	/* The metadata is a few hundred bytes and its command line at most 4 KiB. */
	n = fread(buf, 1, sizeof(buf), in);
	rc = ferror(in) || !feof(in);
	fclose(in);
	if (rc)
		return ferr_set(e, 0, "cannot read: too long or unreadable");
	unlink(tmp);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0644)) == -1 || (out = fdopen(fd, "w")) == NULL) {
		if (fd != -1)
			close(fd);
		return ferr_set(e, 0, "cannot create %s: %s", tmp,
		    strerror(errno));
	}
	fwrite(buf, 1, n, out);
	fprintf(out, "exit_status %d\nwall_s %llu.%03u\n", status,
	    (unsigned long long)(wall_ms / 1000), (unsigned)(wall_ms % 1000));
	if (fflush(out) != 0 || fsync(fd) != 0 || ferror(out)) {
		fclose(out);
		unlink(tmp);
		return ferr_set(e, 0, "cannot write: %s", strerror(errno));
	}
	if (fclose(out) != 0 || rename(tmp, path) != 0) {
		unlink(tmp);
		return ferr_set(e, 0, "cannot replace: %s", strerror(errno));
	}
	if (sync_dir(r->dir) != 0)
		return ferr_set(e, 0, "cannot sync: %s", strerror(errno));
	return 0;
}

int
record_sample(struct record *r, void (*write)(FILE *, const void *),
    const void *arg, struct ferr *e)
{
	struct timespec now;

	write(r->fp, arg);
	/* The sample boundary: the line is whole on disk before the next. */
	if (fflush(r->fp) != 0 || fsync(fileno(r->fp)) != 0) {
		ferr_keep_path(e, r->dir);
		return ferr_set(e, 0, "cannot write %s: %s", RECORD_SAMPLES,
		    strerror(errno));
	}
	r->nsamples++;
	if (r->captures_every && r->nsamples % r->captures_every == 0 &&
	    capture_during(r, e) != 0)
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (r->have_last && now.tv_sec - r->last.tv_sec < RECORD_LAST_EVERY_S)
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
record_close(struct record *r, struct ferr *e)
{
	int rc;

	if (r == NULL)
		return 0;
	rc = replace_last(r, e);
	if (fclose(r->fp) != 0 && rc == 0) {
		ferr_keep_path(e, r->dir);
		rc = ferr_set(e, 0, "cannot write %s: %s", RECORD_SAMPLES,
		    strerror(errno));
	}
	free(r);
	return rc;
}

bool
record_is(const char *dir)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, RECORD_META);
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool
record_set_is(const char *dir)
{
	char path[PATH_MAX];
	struct dirent *d;
	bool found = false;
	DIR *dp;

	if (record_is(dir) || (dp = opendir(dir)) == NULL)
		return false;
	while (!found && (d = readdir(dp)) != NULL) {
		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, d->d_name);
		found = record_is(path);
	}
	closedir(dp);
	return found;
}

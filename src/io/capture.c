/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capture.c - save a consistent snapshot laid out like the live filesystem */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "capture.h"
#include "hugetlb.h"
#include "inputs.h"
#include "kpageflags.h"
#include "mapfile.h"
#include "safedir.h"
#include "slurp.h"
#include "memblock_read.h"
#include "text.h"
#include "thp.h"
#include "whopins.h"

/* The files of a capture, relative to the root; the first two must be readable. */
static const char *const files[] = {
	"proc/buddyinfo",
	"proc/sys/kernel/osrelease",
	"proc/pagetypeinfo",
	"proc/zoneinfo",
	"proc/vmstat",
	"proc/meminfo",
	"proc/pressure/memory",
	"proc/sys/vm/extfrag_threshold",
	"proc/sys/vm/compaction_proactiveness",
	"proc/sys/vm/defrag_mode",
	"proc/sys/vm/min_free_kbytes",
	"proc/sys/vm/watermark_scale_factor",
	"sys/kernel/mm/transparent_hugepage/enabled",
	"sys/kernel/mm/transparent_hugepage/defrag",
	"sys/kernel/mm/transparent_hugepage/hpage_pmd_size",
};

#define EXTFRAG_DIR	"sys/kernel/debug/extfrag"
/*
 * Room for the files and directories of a large machine: hugetlb alone
 * makes 2 + 4 per size for each node (two sizes on 64 nodes: 640).
 */
#define MAX_CREATED	8192

/*
 * What this capture created inside the temporary directory, in order, so
 * that a signal handler can remove it with async-signal-safe calls only.
 * Everything is made relative to DIRFD, the temporary directory TMP in
 * PARENTFD: no path is resolved again once they are open.
 */
static struct {
	int			 dirfd, parentfd;
	char			 tmp[NAME_MAX + 1];
	char			 shown[PATH_MAX];	/* TMP's path, for messages */
	char			 root[64];	/* TMP as a root to read back */
	char			 path[MAX_CREATED][128];
	bool			 is_dir[MAX_CREATED];
	volatile sig_atomic_t	 n;
} made = { .dirfd = -1, .parentfd = -1 };

/* Remove everything in MADE, newest first, then the temporary directory. */
static void
unmake(void)
{
	int i;

	for (i = made.n - 1; i >= 0; i--)
		unlinkat(made.dirfd, made.path[i],
		    made.is_dir[i] ? AT_REMOVEDIR : 0);
	if (made.tmp[0] != '\0')
		unlinkat(made.parentfd, made.tmp, AT_REMOVEDIR);
}

/* A fatal signal in a standalone capture: remove it, then die of SIG. */
static void
on_signal(int sig)
{
	unmake();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Note PATH (a directory when IS_DIR) as created. Returns 0, or -1 with E set. */
static int
note_made(const char *path, bool is_dir, struct ferr *e)
{
	if (ferr_inject("capture-many") || made.n == MAX_CREATED ||
	    strlen(path) >= sizeof(made.path[0]))
		return ferr_set(e, 0, "too many files to capture");
	strcpy(made.path[made.n], path);
	made.is_dir[made.n] = is_dir;
	made.n++;
	return 0;
}

/* Create the directories leading to REL under the capture. Returns 0, or -1 with E set. */
static int
make_parents(const char *rel, struct ferr *e)
{
	char p[128];
	char *slash;
	int i;

	snprintf(p, sizeof(p), "%s", rel);
	for (slash = strchr(p, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		for (i = 0; i < made.n && strcmp(made.path[i], p) != 0; i++)
			;
		if (i == made.n) {
			if (note_made(p, true, e) != 0)
				return -1;
			if (mkdirat(made.dirfd, p, 0755) != 0) {
				made.n--;
				return ferr_set(e, 0, "cannot create %s: %s", p,
				    strerror(errno));
			}
		}
		*slash = '/';
	}
	return 0;
}

/* Write LEN bytes of BUF as REL in the capture, never through a symbolic link. Returns 0 or -1. */
static int
put(const char *rel, const char *buf, size_t len, struct ferr *e)
{
	ssize_t w;
	size_t off = 0;
	int fd;

	if (make_parents(rel, e) != 0 || note_made(rel, false, e) != 0)
		return -1;
	fd = openat(made.dirfd, rel, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
	    O_CLOEXEC, 0644);
	if (fd == -1) {
		made.n--;
		return ferr_set(e, 0, "cannot create %s: %s", rel,
		    strerror(errno));
	}
	while (off < len) {
		if ((w = write(fd, buf + off, len - off)) < 0) {
			if (errno == EINTR)
				continue;
			close(fd);
			return ferr_set(e, 0, "cannot write %s: %s", rel,
			    strerror(errno));
		}
		off += (size_t)w;
	}
	/* Closed whether or not fsync() worked: no descriptor leaks. */
	if (ferr_inject("capture-fsync") || fsync(fd) != 0) {
		ferr_set(e, 0, "cannot write %s: %s", rel, strerror(errno));
		close(fd);
		return -1;
	}
	if (close(fd) != 0 || ferr_inject("capture-close"))
		return ferr_set(e, 0, "cannot write %s: %s", rel,
		    strerror(errno));
	return 0;
}

/* The metadata being collected. */
struct meta {
	char	 text[8192];
	size_t	 len;
	int	 copied;
};

static void __attribute__((format(printf, 2, 3)))
meta_add(struct meta *m, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (m->len >= sizeof(m->text))
		return;
	va_start(ap, fmt);
	n = vsnprintf(m->text + m->len, sizeof(m->text) - m->len, fmt, ap);
	va_end(ap);
	if (n > 0)
		m->len += (size_t)n;
	if (m->len > sizeof(m->text))
		m->len = sizeof(m->text);
}

/* Returns the path of REL under root SRC in BUF. */
static const char *
src_path(char *buf, size_t size, const char *src, const char *rel)
{
	snprintf(buf, size, "%s/%s", src ? src : "", rel);
	return buf;
}

/*
 * List in M the optional file REL (at PATH) that could not be read with
 * message MSG: "absent" when it does not exist (a file this kernel or
 * configuration does not have: no PSI, debugfs not mounted), else
 * "unreadable".
 */
static void
missing(struct meta *m, const char *path, const char *rel, const char *msg)
{
	if (access(path, F_OK) != 0 && errno == ENOENT)
		meta_add(m, "absent %s\n", rel);
	else
		meta_add(m, "unreadable %s: %s\n", rel, msg);
}

/*
 * Copy REL from SRC. Returns 1 when copied, 0 when unreadable (listed in
 * M), -1 with E set when writing failed or REL is REQUIRED.
 */
static int
copy(const char *src, const char *rel, bool required, struct meta *m,
    struct ferr *e)
{
	char path[PATH_MAX];
	struct ferr re;
	struct slurp s;
	int rc;

	src_path(path, sizeof(path), src, rel);
	re.path = path;
	if ((rc = slurp_read(path, &s, &re)) != 0) {
		/* Given up for a signal: the capture ends, it is not unreadable. */
		if (required || rc == -ECANCELED) {
			ferr_keep_path(e, path);
			return ferr_set(e, 0, "%s", re.msg);
		}
		missing(m, path, rel, re.msg);
		return 0;
	}
	rc = put(rel, s.buf, s.len, e);
	slurp_free(&s);
	if (rc != 0)
		return -1;
	m->copied++;
	return 1;
}

/*
 * Read buddyinfo and the two index files of SRC until buddyinfo reads the
 * same before and after them, and write the last reads. Returns 0 or -1.
 */
static int
stable_group(const char *src, struct meta *m, struct ferr *e)
{
	static const char *const idx[2] = { EXTFRAG_DIR "/unusable_index",
	    EXTFRAG_DIR "/extfrag_index" };
	struct slurp b1, b2, k[2];
	char path[PATH_MAX], kerr[2][300];
	struct ferr re;
	int try, i, have = 0, rc = -1;
	bool same = false;

	for (try = 1;; try++) {
		re.path = path;
		src_path(path, sizeof(path), src, "proc/buddyinfo");
		if (slurp_read(path, &b1, &re) != 0) {
			ferr_keep_path(e, path);
			return ferr_set(e, 0, "%s", re.msg);
		}
		have = 0;
		for (i = 0; i < 2; i++) {
			src_path(path, sizeof(path), src, idx[i]);
			k[i].buf = NULL;
			if (slurp_read(path, &k[i], &re) == 0)
				have |= 1 << i;
			else
				snprintf(kerr[i], sizeof(kerr[i]), "%s", re.msg);
		}
		if (have == 0) {
			meta_add(m, "buddyinfo_stable unknown (no index "
			    "files)\n");
			break;
		}
		src_path(path, sizeof(path), src, "proc/buddyinfo");
		if (slurp_read(path, &b2, &re) != 0) {
			ferr_keep_path(e, path);
			ferr_set(e, 0, "%s", re.msg);
			goto out;
		}
		same = b1.len == b2.len && memcmp(b1.buf, b2.buf, b1.len) == 0;
		slurp_free(&b2);
		if (same || try == CAPTURE_TRIES) {
			meta_add(m, "buddyinfo_stable %s\nbuddyinfo_reads %d\n",
			    same ? "yes" : "no", try);
			break;
		}
		slurp_free(&b1);
		for (i = 0; i < 2; i++)
			slurp_free(&k[i]);
	}
	if (put("proc/buddyinfo", b1.buf, b1.len, e) != 0)
		goto out;
	m->copied++;
	for (i = 0; i < 2; i++) {
		if (!(have & (1 << i))) {
			missing(m, src_path(path, sizeof(path), src, idx[i]),
			    idx[i], kerr[i]);
			continue;
		}
		if (put(idx[i], k[i].buf, k[i].len, e) != 0)
			goto out;
		m->copied++;
	}
	rc = 0;
out:
	slurp_free(&b1);
	for (i = 0; i < 2; i++)
		if (have & (1 << i))
			slurp_free(&k[i]);
	return rc;
}

/*
 * Copy every file of the THP size directory SIZE's stats/ (6.9 and later)
 * of SRC. Returns 0 or -1 with E set.
 */
static int
thp_stats(const char *src, const char *size, struct meta *m, struct ferr *e)
{
	char path[PATH_MAX], rel[192];
	struct dirent *d;
	DIR *dp;

	snprintf(rel, sizeof(rel), THP_DIR "/%.64s/stats", size);
	if ((dp = opendir(src_path(path, sizeof(path), src, rel))) == NULL)
		return 0;
	while ((d = readdir(dp)) != NULL) {
		if (d->d_name[0] == '.' || strlen(d->d_name) > 64)
			continue;
		snprintf(rel, sizeof(rel), THP_DIR "/%.64s/stats/%.64s", size,
		    d->d_name);
		if (copy(src, rel, false, m, e) < 0) {
			closedir(dp);
			return -1;
		}
	}
	closedir(dp);
	return 0;
}

/*
 * Copy every hugepages-*kB/enabled of SRC and its stats/. Returns 0 or -1
 * with E set.
 */
static int
thp_sizes(const char *src, struct meta *m, struct ferr *e)
{
	char path[PATH_MAX], rel[128];
	struct dirent *d;
	DIR *dp;

	if ((dp = opendir(src_path(path, sizeof(path), src, THP_DIR))) == NULL)
		return 0;
	while ((d = readdir(dp)) != NULL) {
		if (strncmp(d->d_name, "hugepages-", 10) != 0 ||
		    strlen(d->d_name) > 64)
			continue;
		if (thp_stats(src, d->d_name, m, e) != 0) {
			closedir(dp);
			return -1;
		}
		snprintf(rel, sizeof(rel), THP_DIR "/%.64s/enabled", d->d_name);
		/*
		 * A size only shmem may use has no 'enabled' (6.18's
		 * hugepages-8kB holds shmem_enabled alone): nothing is
		 * missing, there is nothing to copy.
		 */
		if (access(src_path(path, sizeof(path), src, rel), F_OK) != 0 &&
		    errno == ENOENT)
			continue;
		if (copy(src, rel, false, m, e) < 0) {
			closedir(dp);
			return -1;
		}
	}
	closedir(dp);
	return 0;
}

/*
 * Copy the files NAMES (N) of every hugetlb size directory that REL of SRC
 * lists. Returns 0 or -1 with E set.
 */
static int
huge_sizes(const char *src, const char *rel, const char *const *names,
    size_t n, struct meta *m, struct ferr *e)
{
	char path[PATH_MAX], file[384];
	struct dirent *d;
	uint64_t kb;
	size_t i;
	DIR *dp;

	if ((dp = opendir(src_path(path, sizeof(path), src, rel))) == NULL)
		return 0;
	while ((d = readdir(dp)) != NULL) {
		if (hugetlb_dir_kb(d->d_name, &kb) != 0)
			continue;
		for (i = 0; i < n; i++) {
			snprintf(file, sizeof(file), "%s/%s/%s", rel, d->d_name,
			    names[i]);
			if (copy(src, file, false, m, e) < 0) {
				closedir(dp);
				return -1;
			}
		}
	}
	closedir(dp);
	return 0;
}

/*
 * Copy the hugetlb pools of SRC, machine-wide and of every node, where
 * hugetlb_read() reads them. Returns 0 or -1 with E set.
 */
static int
huge_pools(const char *src, struct meta *m, struct ferr *e)
{
	char path[PATH_MAX], rel[300];
	struct dirent *d;
	size_t n;
	DIR *dp;

	/* A kernel without hugetlb: said, or a reader could not tell. */
	if (access(src_path(path, sizeof(path), src, HUGETLB_DIR), F_OK) != 0)
		missing(m, path, HUGETLB_DIR, strerror(errno));
	if (huge_sizes(src, HUGETLB_DIR, hugetlb_files, HUGETLB_NFILES, m,
	    e) != 0)
		return -1;
	dp = opendir(src_path(path, sizeof(path), src, HUGETLB_NODE_DIR));
	if (dp == NULL)
		return 0;
	while ((d = readdir(dp)) != NULL) {
		n = strlen(d->d_name);
		if (n < 5 || n > 16 || strncmp(d->d_name, "node", 4) != 0 ||
		    strspn(d->d_name + 4, "0123456789") != n - 4)
			continue;
		snprintf(rel, sizeof(rel), HUGETLB_NODE_DIR "/%s/hugepages",
		    d->d_name);
		if (huge_sizes(src, rel, hugetlb_node_files,
		    HUGETLB_NODE_NFILES, m, e) != 0) {
			closedir(dp);
			return -1;
		}
	}
	closedir(dp);
	return 0;
}

/*
 * Write block NAME's node link of SRC as an empty file of its name ("node0").
 * Returns 0 or -1 with E set.
 */
static int
memblock_node_copy(const char *src, const char *name, struct ferr *e)
{
	char path[PATH_MAX], rel[600];
	struct dirent *d;
	uint64_t v;
	DIR *dp;
	int rc = 0;

	snprintf(rel, sizeof(rel), MEMBLOCK_DIR "/%s", name);
	if ((dp = opendir(src_path(path, sizeof(path), src, rel))) == NULL)
		return 0;
	while (rc == 0 && (d = readdir(dp)) != NULL)
		if (memblock_name(d->d_name, "node", &v)) {
			snprintf(rel, sizeof(rel), MEMBLOCK_DIR "/%s/%s", name,
			    d->d_name);
			rc = put(rel, "", 0, e);
		}
	closedir(dp);
	return rc;
}

/*
 * Copy the memory blocks of SRC where memblock_read() reads them: the
 * block size, each block's state, valid_zones and removable, and its
 * node as an empty file of the link's name; at most
 * MEMBLOCK_CAPTURE_MAX blocks, else none (listed in M). Returns 0 or -1
 * with E set.
 */
static int
memblocks_copy(const char *src, struct meta *m, struct ferr *e)
{
	static const char *const names[] = { "state", "valid_zones",
	    "removable" };
	char path[PATH_MAX], rel[600];
	struct dirent *d;
	size_t n = 0, i;
	uint64_t v;
	DIR *dp;
	int rc = 0;

	if ((dp = opendir(src_path(path, sizeof(path), src, MEMBLOCK_DIR))) ==
	    NULL) {
		missing(m, path, MEMBLOCK_DIR, strerror(errno));
		return 0;
	}
	while ((d = readdir(dp)) != NULL)
		n += memblock_name(d->d_name, "memory", &v);
	if (n > MEMBLOCK_CAPTURE_MAX) {
		meta_add(m, "skipped %s: %zu blocks, more than %d\n",
		    MEMBLOCK_DIR, n, MEMBLOCK_CAPTURE_MAX);
		closedir(dp);
		return 0;
	}
	rewinddir(dp);
	if (copy(src, MEMBLOCK_DIR "/block_size_bytes", false, m, e) < 0)
		rc = -1;
	while (rc == 0 && (d = readdir(dp)) != NULL) {
		if (!memblock_name(d->d_name, "memory", &v))
			continue;
		for (i = 0; rc == 0 && i < 3; i++) {
			snprintf(rel, sizeof(rel), MEMBLOCK_DIR "/%s/%s",
			    d->d_name, names[i]);
			rc = copy(src, rel, false, m, e) < 0 ? -1 : 0;
		}
		rc = rc == 0 ? memblock_node_copy(src, d->d_name, e) : rc;
	}
	closedir(dp);
	return rc;
}

/*
 * Name in E the file of SRC that E's path in the temporary directory
 * stands for: what was copied is what the user knows.
 */
static void
name_source(const char *src, struct ferr *e)
{
	char path[PATH_MAX];
	size_t n = strlen(made.root);

	if (strncmp(e->path, made.root, n) != 0 || e->path[n] != '/')
		return;
	ferr_keep_path(e, src_path(path, sizeof(path), src, e->path + n + 1));
}

/*
 * Read the page flags of SRC over the zones of the files captured so far
 * (so the map and the files agree) into MAPFILE_NAME; *SIZE its bytes.
 * Returns 0, or -1 with E set.
 */
static int
capture_map(const char *src, unsigned long page_size, size_t *size,
    struct ferr *e)
{
	struct input_opts io;
	struct inputs in;
	struct memcg cg;
	struct map m;
	char *buf = NULL, keep[PATH_MAX];
	FILE *fp;
	int rc;

	snprintf(keep, sizeof(keep), "%s", e->path);
	memcg_init(&cg);
	memset(&io, 0, sizeof(io));
	io.sysroot = made.root;
	io.want_pti = io.want_advise = io.want_vmstat = true;
	io.page_size = page_size;
	if (inputs_load(&io, &in, e) != 0) {
		name_source(src, e);
		inputs_free(&in);
		return -1;
	}
	/* A root's page size: given, in its metadata, else assumed. */
	if (page_size == 0)
		page_size = in.capture_page_size ? in.capture_page_size : 4096;
	/* The cgroups too, where kpagecgroup can be read: --cgroups later. */
	rc = kpageflags_map(src, &in, page_size, &m, &cg, e);
	name_source(src, e);
	inputs_free(&in);
	if (rc == 0 && cg.read && (ferr_inject("capture-memcg") ||
	    memcg_name(&cg, src) != 0)) {
		map_free(&m);
		rc = ferr_set(e, 0, "out of memory");
	}
	if (rc != 0) {
		memcg_free(&cg);
		return -1;
	}
	ferr_keep_path(e, keep);
	if (ferr_inject("capture-memstream") ||
	    (fp = open_memstream(&buf, size)) == NULL) {
		map_free(&m);
		memcg_free(&cg);
		return ferr_set(e, 0, "out of memory");
	}
	mapfile_write(fp, &m, &cg, page_size);
	map_free(&m);
	memcg_free(&cg);
	if (fclose(fp) != 0 || ferr_inject("capture-memstream-close")) {
		free(buf);
		return ferr_set(e, 0, "out of memory");
	}
	rc = put(MAPFILE_NAME, buf, *size, e);
	free(buf);
	return rc;
}

/* Returns 0 after renaming the temporary directory to NAME without replacing anything. */
static int
publish(const char *name, struct ferr *e)
{
	if (ferr_inject("capture-sync") || fsync(made.dirfd) != 0)
		return ferr_set(e, 0, "cannot sync: %s", strerror(errno));
	if (!ferr_inject("capture-rename") &&
	    safedir_rename_new(made.parentfd, made.tmp, name) == 0)
		return 0;
	if (errno == EEXIST || errno == ENOTEMPTY)
		return ferr_set(e, 0, "exists; a capture never overwrites");
	return ferr_set(e, 0, "cannot rename %s: %s", made.shown,
	    strerror(errno));
}

/*
 * Copy into BUF the value of "KEY value" in the metadata TEXT (LEN bytes)
 * of a capture, or "unknown" when TEXT is NULL or lacks the key.
 */
static void
source_fact(const char *text, size_t len, const char *key, char *buf,
    size_t size)
{
	size_t k = strlen(key), n;
	const char *p, *end, *nl;

	snprintf(buf, size, "unknown");
	if (text == NULL)
		return;
	for (p = text, end = text + len; p < end; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			nl = end;
		n = (size_t)(nl - p);
		if (n > k + 1 && memcmp(p, key, k) == 0 && p[k] == ' ') {
			snprintf(buf, size, "%.*s", (int)(n - k - 1), p + k + 1);
			return;
		}
	}
}

/*
 * Fill HOST, WHEN and PS with the facts of the source: this host's now
 * for the live system; for a root SRC, what its own capture metadata says
 * or "unknown", never this host's. PAGE_SIZE (0: not given) wins.
 */
static void
source_facts(const char *src, unsigned long page_size, char *host,
    size_t hsize, char *when, size_t wsize, char *ps, size_t psize)
{
	struct ferr e = { .path = "" };
	struct slurp meta = { NULL, 0 };
	char path[PATH_MAX];
	struct tm tm;
	time_t now;

	if (src == NULL) {
		now = time(NULL);
		gmtime_r(&now, &tm);
		strftime(when, wsize, "%Y-%m-%dT%H:%M:%SZ", &tm);
		if (gethostname(host, hsize) != 0)
			snprintf(host, hsize, "unknown");
		host[hsize - 1] = '\0';
		snprintf(ps, psize, "%lu", page_size);
		return;
	}
	snprintf(path, sizeof(path), "%s/%s", src, CAPTURE_META);
	if (slurp_read(path, &meta, &e) != 0)
		meta.buf = NULL;
	source_fact(meta.buf, meta.len, "hostname", host, hsize);
	source_fact(meta.buf, meta.len, "time_utc", when, wsize);
	source_fact(meta.buf, meta.len, "page_size", ps, psize);
	if (page_size)
		snprintf(ps, psize, "%lu", page_size);
	slurp_free(&meta);
}

int
capture_run(const char *src, const char *dir_arg, unsigned long page_size,
    bool map, bool catch_signals, FILE *out, struct ferr *e)
{
	struct safedir pd;
	char name[NAME_MAX + 1];
	int rc;

	ferr_keep_path(e, dir_arg);
	if (strlen(dir_arg) + 16 >= sizeof(made.shown))
		return ferr_set(e, 0, "path too long");
	if (safedir_parent(&pd, dir_arg, name, sizeof(name),
	    "cannot create a directory beside it", e) != 0)
		return -1;
	rc = capture_at(src, pd.fd, name, dir_arg, page_size, map,
	    catch_signals, out, e);
	safedir_close(&pd);
	return rc;
}

int
capture_at(const char *src, int dfd, const char *name, const char *dir_arg,
    unsigned long page_size, bool map, bool catch_signals, FILE *out,
    struct ferr *e)
{
	struct sigaction sa, old[4];
	sigset_t set, mask, before;
	static const int sigs[4] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	char dir[PATH_MAX], host[256], when[32], ps[32];
	const char *slash;
	struct stat st;
	struct meta m;
	size_t i, map_size = 0;
	int rc = -1;

	ferr_keep_path(e, dir_arg);
	if (strlen(dir_arg) + 16 >= sizeof(made.shown) ||
	    strlen(name) + 9 > NAME_MAX)
		return ferr_set(e, 0, "path too long");
	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0)
		return ferr_set(e, 0, "exists; a capture never overwrites");
	safedir_strip_slashes(dir, sizeof(dir), dir_arg);
	/* The temporary directory's path as a user would name it: beside DIR. */
	slash = strrchr(dir, '/');
	snprintf(made.shown, sizeof(made.shown), "%.*s.%s.XXXXXX",
	    slash ? (int)(slash + 1 - dir) : 0, dir, name);
	made.parentfd = dfd;
	made.tmp[0] = '\0';
	made.n = 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigfillset(&sa.sa_mask);
	sigemptyset(&set);
	for (i = 0; i < 4; i++)
		sigaddset(&set, sigs[i]);
	/*
	 * Standalone, a signal removes the partial capture and ends the
	 * program; inside a long-running mode the caller's handler must run
	 * (its own temporary files, its tracefs instance), so the signals
	 * wait the few milliseconds of the capture blocked.
	 */
	if (catch_signals)
		for (i = 0; i < 4; i++)
			sigaction(sigs[i], &sa, &old[i]);
	else
		sigprocmask(SIG_BLOCK, &set, &before);
	/* The handler sees MADE.TMP only once it names our new directory. */
	sigprocmask(SIG_BLOCK, &set, &mask);
	made.dirfd = safedir_mkdtemp(dfd, name, made.tmp, sizeof(made.tmp));
	if (made.dirfd == -1)
		made.tmp[0] = '\0';
	sigprocmask(SIG_SETMASK, &mask, NULL);
	if (made.dirfd == -1) {
		ferr_set(e, 0, "cannot create a directory beside it: %s",
		    strerror(errno));
		goto restore;
	}
	memcpy(made.shown + strlen(made.shown) - 6, made.tmp +
	    strlen(made.tmp) - 6, 6);
	snprintf(made.root, sizeof(made.root), "/proc/self/fd/%d", made.dirfd);
	memset(&m, 0, sizeof(m));
	source_facts(src, page_size, host, sizeof(host), when, sizeof(when),
	    ps, sizeof(ps));
	meta_add(&m, "fragstat_version %s\ntime_utc %s\nhostname %s\n"
	    "page_size %s\nsource %s\n", PACKAGE_VERSION, when, host, ps,
	    src ? src : "/");
	if (stable_group(src, &m, e) != 0)
		goto fail;
	for (i = 1; i < sizeof(files) / sizeof(files[0]); i++)
		if (copy(src, files[i], i == 1 && src == NULL, &m, e) < 0)
			goto fail;
	if (thp_sizes(src, &m, e) != 0 || huge_pools(src, &m, e) != 0 ||
	    (map && memblocks_copy(src, &m, e) != 0) ||
	    put(CAPTURE_META, m.text, m.len, e) != 0)
		goto fail;
	if (map && capture_map(src, page_size, &map_size, e) != 0)
		goto fail;
	/* Published is published: the handler must not see MADE in between. */
	sigprocmask(SIG_BLOCK, &set, &mask);
	if (publish(name, e) == 0) {
		made.n = 0;
		made.tmp[0] = '\0';
		rc = 0;
	}
	sigprocmask(SIG_SETMASK, &mask, NULL);
	if (rc != 0)
		goto fail;
	if (out == NULL)
		goto fail;
	fprintf(out, "captured %s: %d files", dir_arg, m.copied);
	if (strstr(m.text, "buddyinfo_stable yes"))
		fprintf(out, ", buddyinfo stable around the index files");
	if (map)
		fprintf(out, ", the map in %zu bytes", map_size);
	fprintf(out, "%s\n", strstr(m.text, "unreadable ") ?
	    "; some files unreadable, listed in " CAPTURE_META : "");
fail:
	if (rc != 0)
		unmake();
	if (made.dirfd != -1)
		close(made.dirfd);
	made.dirfd = -1;
restore:
	if (catch_signals)
		for (i = 0; i < 4; i++)
			sigaction(sigs[i], &old[i], NULL);
	else
		sigprocmask(SIG_SETMASK, &before, NULL);
	return rc;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capture.c - save a consistent snapshot laid out like the live filesystem */
#include "config.h"

#include <dirent.h>
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
#include "hugetlb.h"
#include "inputs.h"
#include "kpageflags.h"
#include "mapfile.h"
#include "memblock_read.h"
#include "safedir.h"
#include "slurp.h"
#include "stage.h"
#include "text.h"
#include "thp.h"
#include "whopins.h"

/*
 * The files a capture copies as they are, as paths under the root
 * ("/"-led, as inputs_path() joins them), listed when unreadable;
 * buddyinfo comes with the index files (stable_group()), the release
 * on its own (fill()).
 */
static const char *const files[] = {
	"/proc/pagetypeinfo",
	"/proc/zoneinfo",
	"/proc/vmstat",
	"/proc/meminfo",
	"/proc/pressure/memory",
	"/proc/sys/vm/extfrag_threshold",
	"/proc/sys/vm/compaction_proactiveness",
	"/proc/sys/vm/defrag_mode",
	"/proc/sys/vm/min_free_kbytes",
	"/proc/sys/vm/watermark_scale_factor",
	"/sys/kernel/mm/transparent_hugepage/enabled",
	"/sys/kernel/mm/transparent_hugepage/defrag",
	"/sys/kernel/mm/transparent_hugepage/hpage_pmd_size",
};

#define EXTFRAG_DIR	"/sys/kernel/debug/extfrag"

/* One capture being made: where from, where to, and its metadata so far. */
struct capture {
	const char	*src;		/* the root copied; NULL: the live system */
	struct stage	*st;		/* the directory it is made in */
	char		 root[64];	/* ST as a root to read back */
	FILE		*meta;		/* the metadata, written into TEXT */
	char		*text;
	size_t		 len;		/* TEXT's bytes, after fflush(META) */
	int		 copied;
	bool		 stable;	/* buddyinfo read the same around the index files */
	bool		 unreadable;	/* some file listed as unreadable */
	size_t		 counted;	/* entries count_each() saw */
};

/* Add a line to C's metadata. */
static void __attribute__((format(printf, 2, 3)))
meta_add(struct capture *c, const char *fmt, ...)
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

/*
 * Write LEN bytes of BUF as the root's PATH ("/"-led) in C's directory,
 * never through a symbolic link. Returns 0 or -1 with E set.
 */
static int
put(struct capture *c, const char *path, const char *buf, size_t len,
    struct ferr *e)
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

/*
 * List in C the optional file REL (at PATH) that could not be read with
 * message MSG: "absent" when it does not exist (a file this kernel or
 * configuration does not have: no PSI, debugfs not mounted), else
 * "unreadable".
 */
static void
missing(struct capture *c, const char *path, const char *rel, const char *msg)
{
	if (access(path, F_OK) != 0 && errno == ENOENT)
		meta_add(c, "absent %s\n", rel + 1);
	else {
		meta_add(c, "unreadable %s: %s\n", rel + 1, msg);
		c->unreadable = true;
	}
}

/*
 * Read the root's REL ("/"-led) of C's source into S. Returns 0, or
 * -errno with RE set and naming the file.
 */
static int
load(const struct capture *c, const char *rel, struct slurp *s,
    struct ferr *re)
{
	char *path;
	int rc;

	s->buf = NULL;
	s->len = 0;
	re->path = rel;
	if ((path = inputs_path(c->src, rel)) == NULL) {
		ferr_keep_path(re, rel);
		ferr_set(re, 0, "out of memory");
		return -ENOMEM;
	}
	re->path = path;
	rc = slurp_read(path, s, re);
	ferr_keep_path(re, path);
	free(path);
	return rc;
}

/* Returns -1 after setting E to the error RE of reading a source file. */
static int
failed(struct ferr *e, const struct ferr *re)
{
	ferr_keep_path(e, re->path);
	ferr_set(e, 0, "%s", re->msg);
	return -1;
}

/* How a file of the source is wanted. */
enum want {
	OPTIONAL,	/* listed in the metadata when it cannot be read */
	REQUIRED,	/* the capture fails without it */
	IF_THERE,	/* as OPTIONAL, but nothing is said when it is absent */
};

/*
 * Copy the root's REL from C's source, wanted as W. Returns 1 when
 * copied, 0 when unreadable (listed in C), -1 with E set when writing
 * failed or REL is REQUIRED.
 */
static int
copy(struct capture *c, const char *rel, enum want w, struct ferr *e)
{
	struct ferr re;
	struct slurp s;
	int rc;

	if ((rc = load(c, rel, &s, &re)) != 0) {
		/* Given up for a signal: the capture ends, it is not unreadable. */
		if (w == REQUIRED || rc == -ECANCELED || rc == -ENOMEM)
			return failed(e, &re);
		if (w != IF_THERE || access(re.path, F_OK) == 0 ||
		    errno != ENOENT)
			missing(c, re.path, rel, re.msg);
		return 0;
	}
	rc = put(c, rel, s.buf, s.len, e);
	slurp_free(&s);
	if (rc != 0)
		return -1;
	c->copied++;
	return 1;
}

/* The index files read between two reads of buddyinfo. */
static const char *const stable_idx[2] = { EXTFRAG_DIR "/unusable_index",
    EXTFRAG_DIR "/extfrag_index" };

/*
 * Read buddyinfo of C's source into B and the two index files into K
 * (what failed of them in KERR) until buddyinfo reads the same before
 * and after them, CAPTURE_TRIES times at most, and say in C's metadata
 * whether it did. Returns 0, or -1 with E set; the caller frees B and K.
 */
static int
stable_read(struct capture *c, struct slurp *b, struct slurp *k,
    struct ferr *kerr, struct ferr *e)
{
	struct slurp again;
	struct ferr re;
	bool same;
	int try, i;

	for (try = 1;; try++) {
		if (load(c, "/proc/buddyinfo", b, &re) != 0)
			return failed(e, &re);
		for (i = 0; i < 2; i++)
			load(c, stable_idx[i], &k[i], &kerr[i]);
		if (k[0].buf == NULL && k[1].buf == NULL) {
			meta_add(c, "buddyinfo_stable unknown (no index "
			    "files)\n");
			return 0;
		}
		if (load(c, "/proc/buddyinfo", &again, &re) != 0)
			return failed(e, &re);
		same = b->len == again.len &&
		    memcmp(b->buf, again.buf, b->len) == 0;
		slurp_free(&again);
		if (same || try == CAPTURE_TRIES) {
			c->stable = same;
			meta_add(c, "buddyinfo_stable %s\nbuddyinfo_reads %d\n",
			    same ? "yes" : "no", try);
			return 0;
		}
		slurp_free(b);
		for (i = 0; i < 2; i++)
			slurp_free(&k[i]);
	}
}

/*
 * Copy buddyinfo and the two index files of C's source, read as
 * stable_read() reads them. Returns 0 or -1 with E set.
 */
static int
stable_group(struct capture *c, struct ferr *e)
{
	struct slurp b = { NULL, 0 }, k[2] = { { NULL, 0 }, { NULL, 0 } };
	struct ferr kerr[2];
	int i, rc = -1;

	if (stable_read(c, &b, k, kerr, e) != 0 ||
	    put(c, "/proc/buddyinfo", b.buf, b.len, e) != 0)
		goto out;
	c->copied++;
	for (i = 0; i < 2; i++) {
		if (k[i].buf == NULL)
			missing(c, kerr[i].path, stable_idx[i], kerr[i].msg);
		else if (put(c, stable_idx[i], k[i].buf, k[i].len, e) != 0)
			goto out;
		else
			c->copied++;
	}
	rc = 0;
out:
	slurp_free(&b);
	for (i = 0; i < 2; i++)
		slurp_free(&k[i]);
	return rc;
}

/* What walk() does for each entry it keeps: the entry is REL ("/"-led). */
typedef int walk_fn(struct capture *c, const char *rel, const void *arg,
    struct ferr *e);

/*
 * Call EACH(C, path, ARG, E) for every entry of the root's directory REL
 * in C's source whose name KEEP accepts, the one loop over a source
 * directory. Returns 0 (also when REL cannot be opened: nothing to copy),
 * or -1 with E set at the first failure.
 */
static int
walk(struct capture *c, const char *rel, bool (*keep)(const char *),
    walk_fn *each, const void *arg, struct ferr *e)
{
	char sub[PATH_MAX], *path;
	struct dirent *d;
	DIR *dp;
	int rc = 0;

	if ((path = inputs_path(c->src, rel)) == NULL)
		return ferr_set(e, 0, "out of memory");
	dp = opendir(path);
	free(path);
	if (dp == NULL)
		return 0;
	while (rc == 0 && (d = readdir(dp)) != NULL)
		if (keep(d->d_name) && snprintf(sub, sizeof(sub), "%s/%s", rel,
		    d->d_name) < (int)sizeof(sub))
			rc = each(c, sub, arg, e);
	closedir(dp);
	return rc;
}

/* walk()'s copy of a file that may be unreadable. */
static int
copy_each(struct capture *c, const char *rel, const void *arg,
    struct ferr *e)
{
	(void)arg;
	return copy(c, rel, OPTIONAL, e) < 0 ? -1 : 0;
}

/* The names of files in a directory of hugetlb sizes. */
struct names {
	const char *const	*v;
	size_t			 n;
};

/* walk()'s copy of the files ARG (struct names) of the directory REL. */
static int
copy_names(struct capture *c, const char *rel, const void *arg,
    struct ferr *e)
{
	const struct names *names = arg;
	char file[PATH_MAX];
	size_t i;

	for (i = 0; i < names->n; i++) {
		snprintf(file, sizeof(file), "%s/%s", rel, names->v[i]);
		if (copy(c, file, OPTIONAL, e) < 0)
			return -1;
	}
	return 0;
}

/* Returns whether NAME is a file of a THP size's stats/ (6.9 and later). */
static bool
is_stat(const char *name)
{
	return name[0] != '.' && strlen(name) <= 64;
}

/* Returns whether NAME is a THP size's directory. */
static bool
is_thp_size(const char *name)
{
	return strncmp(name, "hugepages-", 10) == 0 && strlen(name) <= 64;
}

/* Returns whether NAME is a hugetlb size's directory. */
static bool
is_huge_size(const char *name)
{
	uint64_t kb;

	return hugetlb_dir_kb(name, &kb) == 0;
}

/* Returns whether NAME is a NUMA node's directory ("node3"). */
static bool
is_node(const char *name)
{
	size_t n = strlen(name);

	return n >= 5 && n <= 16 && strncmp(name, "node", 4) == 0 &&
	    strspn(name + 4, "0123456789") == n - 4;
}

/* walk()'s copy of the THP size directory REL: its stats/ and its enabled. */
static int
thp_size(struct capture *c, const char *rel, const void *arg,
    struct ferr *e)
{
	char sub[PATH_MAX];

	(void)arg;
	snprintf(sub, sizeof(sub), "%s/stats", rel);
	if (walk(c, sub, is_stat, copy_each, NULL, e) != 0)
		return -1;
	/*
	 * A size only shmem may use has no 'enabled' (6.18's hugepages-8kB
	 * holds shmem_enabled alone): nothing is missing, there is nothing
	 * to copy.
	 */
	snprintf(sub, sizeof(sub), "%s/enabled", rel);
	return copy(c, sub, IF_THERE, e) < 0 ? -1 : 0;
}

/* walk()'s copy of the hugetlb pools of the node directory REL. */
static int
node_pools(struct capture *c, const char *rel, const void *arg,
    struct ferr *e)
{
	static const struct names node = { hugetlb_node_files,
	    HUGETLB_NODE_NFILES };
	char sub[PATH_MAX];

	(void)arg;
	snprintf(sub, sizeof(sub), "%s/hugepages", rel);
	return walk(c, sub, is_huge_size, copy_names, &node, e);
}

/*
 * Copy the THP sizes of C's source, and its hugetlb pools, machine-wide
 * and of every node, where hugetlb_read() reads them. Returns 0 or -1
 * with E set.
 */
static int
huge_pages(struct capture *c, struct ferr *e)
{
	static const struct names all = { hugetlb_files, HUGETLB_NFILES };
	struct ferr re;
	char *path;

	if (walk(c, "/" THP_DIR, is_thp_size, thp_size, NULL, e) != 0)
		return -1;
	/* A kernel without hugetlb: said, or a reader could not tell. */
	if ((path = inputs_path(c->src, "/" HUGETLB_DIR)) == NULL)
		return ferr_set(e, 0, "out of memory");
	if (access(path, F_OK) != 0) {
		ferr_set(&re, 0, "%s", strerror(errno));
		missing(c, path, "/" HUGETLB_DIR, re.msg);
	}
	free(path);
	if (walk(c, "/" HUGETLB_DIR, is_huge_size, copy_names, &all, e) != 0)
		return -1;
	return walk(c, "/" HUGETLB_NODE_DIR, is_node, node_pools, NULL, e);
}

/* walk()'s count of the entries it keeps, in C's COUNTED. */
static int
count_each(struct capture *c, const char *rel, const void *arg,
    struct ferr *e)
{
	(void)rel;
	(void)arg;
	(void)e;
	c->counted++;
	return 0;
}

/* Returns whether NAME is a memory block's directory ("memory42"). */
static bool
is_memblock(const char *name)
{
	uint64_t v;

	return memblock_name(name, "memory", &v);
}

/* Returns whether NAME is a memory block's link to its node ("node0"). */
static bool
is_node_link(const char *name)
{
	uint64_t v;

	return memblock_name(name, "node", &v);
}

/* walk()'s empty file named as the block's node link REL: what memblock_read() reads. */
static int
node_link(struct capture *c, const char *rel, const void *arg,
    struct ferr *e)
{
	(void)arg;
	return put(c, rel, "", 0, e);
}

/* walk()'s copy of the memory block REL: its state, valid_zones, removable and node. */
static int
memblock_each(struct capture *c, const char *rel, const void *arg,
    struct ferr *e)
{
	static const char *const v[] = { "state", "valid_zones", "removable" };
	static const struct names block = { v, 3 };

	(void)arg;
	if (copy_names(c, rel, &block, e) != 0)
		return -1;
	return walk(c, rel, is_node_link, node_link, NULL, e);
}

/*
 * Copy the memory blocks of C's source where memblock_read() reads them:
 * the block size and each block's files, at most MEMBLOCK_CAPTURE_MAX
 * blocks, else none (said in the metadata). Returns 0 or -1 with E set.
 */
static int
memblocks_copy(struct capture *c, struct ferr *e)
{
	bool absent;
	char *path;

	if ((path = inputs_path(c->src, "/" MEMBLOCK_DIR)) == NULL)
		return ferr_set(e, 0, "out of memory");
	absent = access(path, F_OK) != 0;
	if (absent)
		missing(c, path, "/" MEMBLOCK_DIR, strerror(errno));
	free(path);
	if (absent)
		return 0;
	c->counted = 0;
	if (walk(c, "/" MEMBLOCK_DIR, is_memblock, count_each, NULL, e) != 0)
		return -1;
	if (c->counted > MEMBLOCK_CAPTURE_MAX) {
		meta_add(c, "skipped %s: %zu blocks, more than %d\n",
		    MEMBLOCK_DIR, c->counted, MEMBLOCK_CAPTURE_MAX);
		return 0;
	}
	if (copy(c, "/" MEMBLOCK_DIR "/block_size_bytes", OPTIONAL, e) < 0)
		return -1;
	return walk(c, "/" MEMBLOCK_DIR, is_memblock, memblock_each, NULL, e);
}

/*
 * Name in E the file of C's source that E's path in the temporary
 * directory stands for: what was copied is what the user knows.
 */
static void
name_source(const struct capture *c, struct ferr *e)
{
	size_t n = strlen(c->root);
	char *path;

	if (strncmp(e->path, c->root, n) != 0 || e->path[n] != '/' ||
	    (path = inputs_path(c->src, e->path + n)) == NULL)
		return;
	ferr_keep_path(e, path);
	free(path);
}

/*
 * Read the page flags of C's source over the zones of the files captured
 * so far (so the map and the files agree) into M, and the cgroups that
 * charge its pages into CG, named; *PAGE_SIZE (0: not given) becomes the
 * page size read. Returns 0, or -1 with E set naming the source's file.
 */
static int
map_read(struct capture *c, unsigned long *page_size,
    const struct map_rules *rules, struct map *m, struct memcg *cg,
    struct ferr *e)
{
	struct input_opts io;
	struct inputs in;
	int rc;

	memset(&io, 0, sizeof(io));
	io.sysroot = c->root;
	io.want_pti = io.want_advise = io.want_vmstat = true;
	io.page_size = *page_size;
	if ((rc = inputs_load(&io, &in, e)) == 0) {
		/* A root's page size: given, in its metadata, else assumed. */
		if (*page_size == 0)
			*page_size = in.capture_page_size ?
			    in.capture_page_size : 4096;
		/* The cgroups too, where kpagecgroup can be read: --cgroups later. */
		rc = kpageflags_map(c->src, &in, *page_size, rules, m, cg, e);
	}
	name_source(c, e);
	inputs_free(&in);
	if (rc == 0 && cg->read && (ferr_inject("capture-memcg") ||
	    memcg_name(cg, c->src) != 0)) {
		map_free(m);
		rc = ferr_set(e, 0, "out of memory");
	}
	return rc;
}

/*
 * Write the map of C's source (map_read()) as MAPFILE_NAME; *SIZE its
 * bytes. Returns 0, or -1 with E set.
 */
static int
capture_map(struct capture *c, unsigned long page_size,
    const struct map_rules *rules, size_t *size, struct ferr *e)
{
	char *buf = NULL, keep[PATH_MAX];
	struct memcg cg;
	struct map m;
	FILE *fp;
	int rc = -1;

	snprintf(keep, sizeof(keep), "%s", e->path);
	memcg_init(&cg);
	if (map_read(c, &page_size, rules, &m, &cg, e) != 0)
		goto out;
	ferr_keep_path(e, keep);
	if (ferr_inject("capture-memstream") ||
	    (fp = open_memstream(&buf, size)) == NULL) {
		ferr_set(e, 0, "out of memory");
		goto out_map;
	}
	mapfile_write(fp, &m, &cg, page_size);
	if (fclose(fp) != 0 || ferr_inject("capture-memstream-close"))
		ferr_set(e, 0, "out of memory");
	else
		rc = put(c, "/" MAPFILE_NAME, buf, *size, e);
out_map:
	map_free(&m);
out:
	memcg_free(&cg);
	free(buf);
	return rc;
}

/*
 * Fill HOST, WHEN and PS with the facts of C's source: this host's now
 * for the live system; for a root, what its own capture metadata says or
 * "unknown", never this host's. PAGE_SIZE (0: not given) wins.
 */
static void
source_facts(const struct capture *c, unsigned long page_size, char *host,
    size_t hsize, char *when, size_t wsize, char *ps, size_t psize)
{
	struct capture_meta cm;
	struct ferr re;
	struct slurp meta;
	struct tm tm;
	time_t now;

	if (c->src == NULL) {
		now = time(NULL);
		gmtime_r(&now, &tm);
		strftime(when, wsize, "%Y-%m-%dT%H:%M:%SZ", &tm);
		if (gethostname(host, hsize) != 0)
			snprintf(host, hsize, "unknown");
		host[hsize - 1] = '\0';
		snprintf(ps, psize, "%lu", page_size);
		return;
	}
	memset(&cm, 0, sizeof(cm));
	if (load(c, "/" CAPTURE_META, &meta, &re) != 0 ||
	    capture_meta_parse(meta.buf, meta.len, &cm, &re) != 0)
		memset(&cm, 0, sizeof(cm));
	slurp_free(&meta);
	snprintf(host, hsize, "%s", cm.hostname[0] ? cm.hostname : "unknown");
	snprintf(when, wsize, "%s", cm.time_utc[0] ? cm.time_utc : "unknown");
	if (page_size == 0)
		page_size = cm.page_size;
	if (page_size)
		snprintf(ps, psize, "%lu", page_size);
	else
		snprintf(ps, psize, "unknown");
}

/*
 * Copy C's source into its directory: the stable group, the files, the
 * huge pages, the metadata, and with MAP the map (its bytes in
 * *MAP_SIZE). Returns 0 or -1 with E set.
 */
static int
fill(struct capture *c, unsigned long page_size, const struct map_rules *map,
    size_t *map_size,
    struct ferr *e)
{
	char host[256], when[32], ps[32];
	size_t i;

	snprintf(c->root, sizeof(c->root), "/proc/self/fd/%d", c->st->fd);
	source_facts(c, page_size, host, sizeof(host), when, sizeof(when), ps,
	    sizeof(ps));
	meta_add(c, "fragstat_version %s\ntime_utc %s\nhostname %s\n"
	    "page_size %s\nsource %s\n", PACKAGE_VERSION, when, host, ps,
	    c->src ? c->src : "/");
	if (stable_group(c, e) != 0)
		return -1;
	/* The release says whose rules apply: a live capture needs it. */
	if (copy(c, "/proc/sys/kernel/osrelease", c->src == NULL ? REQUIRED :
	    OPTIONAL, e) < 0)
		return -1;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (copy(c, files[i], OPTIONAL, e) < 0)
			return -1;
	if (huge_pages(c, e) != 0 || (map && memblocks_copy(c, e) != 0))
		return -1;
	/* A memory stream fails only when it cannot grow. */
	if (fflush(c->meta) != 0)
		return ferr_set(e, 0, "out of memory");
	if (put(c, "/" CAPTURE_META, c->text, c->len, e) != 0)
		return -1;
	if (map && capture_map(c, page_size, map, map_size, e) != 0)
		return -1;
	return 0;
}

int
capture_run(const char *src, const char *dir, unsigned long page_size,
    const struct map_rules *map, struct stage *st, FILE *out,
    struct ferr *e)
{
	struct safedir pd;
	char name[NAME_MAX + 1];
	int rc;

	ferr_keep_path(e, dir);
	if (strlen(dir) + 16 >= PATH_MAX)
		return ferr_set(e, 0, "path too long");
	if (safedir_parent(&pd, dir, name, sizeof(name),
	    "cannot create a directory beside it", e) != 0)
		return -1;
	rc = capture_at(src, pd.fd, name, dir, page_size, map, st, out, e);
	safedir_close(&pd);
	return rc;
}

int
capture_at(const char *src, int dfd, const char *name, const char *dir,
    unsigned long page_size, const struct map_rules *map, struct stage *st,
    FILE *out,
    struct ferr *e)
{
	struct capture c;
	struct stage mine = { .fd = -1 };
	size_t map_size = 0;
	int rc;

	memset(&c, 0, sizeof(c));
	c.src = src;
	c.st = st ? st : &mine;
	if ((c.meta = open_memstream(&c.text, &c.len)) == NULL)
		return ferr_set(e, 0, "out of memory");
	if ((rc = stage_open(c.st, dfd, name, dir, "capture", e)) == 0) {
		if ((rc = fill(&c, page_size, map, &map_size, e)) == 0)
			rc = stage_publish(c.st, name, "capture", e);
		stage_close(c.st);
	}
	fclose(c.meta);
	free(c.text);
	if (rc != 0 || out == NULL)
		return rc;
	fprintf(out, "captured %s: %d files", dir, c.copied);
	if (c.stable)
		fprintf(out, ", buddyinfo stable around the index files");
	if (map)
		fprintf(out, ", the map in %zu bytes", map_size);
	fprintf(out, "%s\n", c.unreadable ?
	    "; some files unreadable, listed in " CAPTURE_META : "");
	return 0;
}

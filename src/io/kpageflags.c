/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kpageflags.c - stream /proc/kpageflags (kpageflags_read() in fs/proc/page.c) into a map */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "iomem_read.h"
#include "kpageflags.h"

/* Entries per read: 1 MiB, as dd bs=1M. */
#define CHUNK	((size_t)1 << 17)

/*
 * Read the WANT entries from page frame FROM of FD (a file of 8 bytes per
 * page frame) into BUF, for zone Z. Returns 0 or -1 with E set.
 */
static int
read_entries(int fd, uint64_t from, size_t want, uint64_t *buf,
    const struct map_zone *z, struct ferr *e)
{
	size_t got;
	ssize_t r;

	for (got = 0; got < want * sizeof(*buf); got += (size_t)r) {
		r = pread(fd, (char *)buf + got, want * sizeof(*buf) - got,
		    (off_t)(from * sizeof(*buf) + got));
		if (r < 0 && errno == EINTR) {
			r = 0;
			continue;
		}
		if (r < 0)
			return ferr_set(e, 0, "page frame %llu: %s",
			    (unsigned long long)from, strerror(errno));
		if (r == 0)
			return ferr_set(e, 0, "ends before page frame %llu of "
			    "node %u, zone %s", (unsigned long long)from + got /
			    sizeof(*buf), z->node, z->name);
	}
	return 0;
}

/* What read_range() reads from and into: the page flags, and with CG their cgroups. */
struct reader {
	int			 fd;		/* kpageflags */
	uint64_t		*buf;		/* room for CHUNK entries */
	struct map		*m;
	const struct map_rules	*rules;
	struct memcg		*cg;		/* NULL: no cgroups */
	int			 cgfd;		/* kpagecgroup, at CGPATH */
	uint64_t		*cgbuf;		/* room for CHUNK entries */
	const char		*cgpath;
};

/*
 * Read the flags of page frames [FROM, TO) of zone ZI of RD's map into it;
 * with RD's CG, their cgroups into CG. Returns 0 or -1 with E set.
 */
static int
read_range(const struct reader *rd, size_t zi, uint64_t from, uint64_t to,
    struct ferr *e)
{
	struct map_zone *z = &rd->m->zones[zi];
	size_t want;

	while (from < to) {
		want = to - from < CHUNK ? (size_t)(to - from) : CHUNK;
		if (read_entries(rd->fd, from, want, rd->buf, z, e) != 0)
			return -1;
		if (rd->cg && read_entries(rd->cgfd, from, want, rd->cgbuf, z,
		    e) != 0) {
			e->path = rd->cgpath;
			return -1;
		}
		rd->rules->pages(rd->m, z, from, rd->buf, want);
		if (rd->cg && rd->rules->charge(rd->cg, rd->m, zi, from, rd->buf,
		    rd->cgbuf, want) != 0)
			return ferr_set(e, 0, "out of memory");
		from += want;
	}
	return 0;
}

int
kpageflags_read(const char *path, const struct iomem *io, struct map *m,
    const struct map_rules *rules, const char *cgpath, struct memcg *cg,
    struct ferr *e)
{
	struct reader rd = { .m = m, .rules = rules, .cg = cg, .cgfd = -1,
	    .cgpath = cgpath };
	uint64_t from, to, end;
	struct map_zone *z;
	size_t i, k;
	int rc = -1;

	e->path = path;
	if ((rd.fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return ferr_set(e, 0, "%s", strerror(errno));
	if (cg && (rd.cgfd = open(cgpath, O_RDONLY | O_CLOEXEC)) == -1) {
		e->path = cgpath;
		ferr_set(e, 0, "%s", strerror(errno));
		goto out;
	}
	if ((rd.buf = malloc(CHUNK * sizeof(*rd.buf))) == NULL ||
	    (cg && (rd.cgbuf = malloc(CHUNK * sizeof(*rd.cgbuf))) == NULL)) {
		ferr_set(e, 0, "out of memory");
		goto out;
	}
	rc = 0;
	for (i = 0; i < m->nzones && rc == 0; i++) {
		z = &m->zones[i];
		end = z->start_pfn + z->spanned;
		/* The PCI hole reads as flags 0, not NOPAGE: RAM only. */
		for (k = 0; k < io->nram && rc == 0; k++) {
			from = io->ram[k].start > z->start_pfn ?
			    io->ram[k].start : z->start_pfn;
			to = io->ram[k].end < end ? io->ram[k].end : end;
			if (from >= to)
				continue;
			/* Its offset stays far below off_t's end, which pread() takes. */
			if (to > (UINT64_MAX >> 4) / sizeof(*rd.buf))
				rc = ferr_set(e, 0, "page frame %llu is beyond "
				    "any file offset", (unsigned long long)to);
			else
				rc = read_range(&rd, i, from, to, e);
		}
	}
	if (cg && rc == 0)
		cg->read = true;
	if (rc == 0)
		rules->settle(m);
out:
	free(rd.buf);
	free(rd.cgbuf);
	close(rd.fd);
	if (rd.cgfd != -1)
		close(rd.cgfd);
	return rc;
}

int
kpageflags_map(const char *root, const struct inputs *in,
    unsigned long page_size, const struct map_rules *rules, struct map *m,
    struct memcg *cg, struct ferr *e)
{
	bool balloon = in->have_vm && (in->vm.have & (1u <<
	    VM_NR_BALLOON_PAGES)) && in->vm.v[VM_NR_BALLOON_PAGES] > 0;
	struct iomem io;
	char *path, *cgpath = NULL;
	int rc, err;

	memset(m, 0, sizeof(*m));
	if ((path = inputs_path(root, "/proc/kpageflags")) == NULL)
		return ferr_set_nomem(e);
	/* Without root nothing else can help: say so first. */
	if (access(path, R_OK) != 0) {
		err = errno;
		e->path = path;
		rc = ferr_set(e, 0, "%s%s", strerror(err), err == EACCES ||
		    err == EPERM ? ": the page flags need root" : "");
		goto out;
	}
	e->path = in->zpath ? in->zpath : "zoneinfo";
	if (!in->have_pti)
		rc = ferr_set(e, 0, "%s", "the pageblock order is unknown: "
		    "pagetypeinfo was not read");
	else if (!in->have_zi)
		rc = ferr_set(e, 0, "%s", "not read: zone spans unknown");
	else
		rc = map_init(m, &in->bi, &in->zi, in->pti.pageblock_order,
		    balloon, e);
	/* Without the file (no CONFIG_MEMCG) or access: a note, the map. */
	if (rc == 0 && cg && ((cgpath = inputs_path(root,
	    "/proc/kpagecgroup")) == NULL || access(cgpath, R_OK) != 0)) {
		snprintf(cg->note, sizeof(cg->note), "%s: %s: no cgroups",
		    "/proc/kpagecgroup", cgpath ? strerror(errno) :
		    "out of memory");
		cg = NULL;
	}
	if (rc == 0 && rules->tails_own)
		m->tails_own = rules->tails_own(in->release);
	if (rc == 0 && (rc = iomem_read(root, page_size, &io, e)) == 0) {
		rc = kpageflags_read(path, &io, m, rules, cgpath, cg, e);
		iomem_free(&io);
	}
out:
	/* E's path outlives the paths freed here. */
	if (e->path == path || (cgpath && e->path == cgpath))
		ferr_keep_path(e, e->path);
	free(path);
	free(cgpath);
	if (rc != 0)
		map_free(m);
	return rc;
}

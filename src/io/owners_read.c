/* SPDX-License-Identifier: GPL-2.0-or-later */
/* owners_read.c - debugfs page_owner read in pieces, record by record */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grow.h"
#include "owners_read.h"
#include "pageowner.h"

/* Bytes read at once; a record is a few hundred. */
#define OWNERS_CHUNK	((size_t)1 << 20)
/* The buffer doubles for a longer record, up to this many bytes. */
#define OWNERS_MOST	((size_t)64 << 20)
/* Bytes a read leaves free: the empty line a cut last record lacks. */
#define OWNERS_TAIL	2

/* The page_owner file being read, and its bytes not parsed yet. */
struct ownbuf {
	int	 fd;
	char	*buf;
	size_t	 have;		/* bytes held */
	size_t	 cap;		/* BUF's bytes, the last OWNERS_TAIL kept free */
};

/* Read once into B's room. Returns the bytes read (0: the end), or -1 with E set. */
static ssize_t
fill(struct ownbuf *b, struct ferr *e)
{
	ssize_t r;

	do
		r = read(b->fd, b->buf + b->have, b->cap - OWNERS_TAIL -
		    b->have);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		return ferr_set(e, 0, "%s", strerror(errno));
	b->have += (size_t)r;
	return r;
}

/* End B's last record as pageowner_parse() wants it: by an empty line. */
static void
end_text(struct ownbuf *b)
{
	if (b->have > 0 && b->buf[b->have - 1] != '\n')
		b->buf[b->have++] = '\n';
	if (b->have > 1 && b->buf[b->have - 2] != '\n')
		b->buf[b->have++] = '\n';
}

/*
 * Hand B's whole records to EACH with ARG and keep the rest, a record
 * cut by the read. Returns 0, or -1 with E set.
 */
static int
parse(struct ownbuf *b, int (*each)(void *arg, const struct po_record *r),
    void *arg, struct ferr *e)
{
	long used;

	if ((used = pageowner_parse(b->buf, b->have, each, arg, e)) < 0)
		return -1;
	memmove(b->buf, b->buf + used, b->have - (size_t)used);
	b->have -= (size_t)used;
	return 0;
}

/* Make room in B when one record fills it. Returns 0, or -1 with E set. */
static int
room(struct ownbuf *b, struct ferr *e)
{
	size_t was = b->cap;
	char *nb;

	nb = grow_room(b->buf, &b->cap, b->have + OWNERS_TAIL, 1, OWNERS_MOST);
	if (nb == NULL)
		return ferr_set(e, 0, "a record longer than %zu bytes", was);
	b->buf = nb;
	return 0;
}

int
owners_read(struct owners *ow, const char *path,
    int (*each)(void *arg, const struct po_record *r), void *arg,
    struct ferr *e)
{
	struct ownbuf b = { .fd = -1, .cap = OWNERS_CHUNK };
	ssize_t r;
	int rc = -1;

	e->path = path;
	if ((b.fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return 1;
	if ((b.buf = malloc(b.cap)) == NULL) {
		ferr_set(e, 0, "out of memory");
		goto out;
	}
	do {
		if ((r = fill(&b, e)) < 0)
			goto out;
		if (r == 0)
			end_text(&b);
		if (parse(&b, each, arg, e) != 0 || (r > 0 && room(&b, e) != 0))
			goto out;
	} while (r > 0);
	ow->read = true;
	owners_sort(ow);
	rc = 0;
out:
	free(b.buf);
	close(b.fd);
	return rc;
}

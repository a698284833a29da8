/* SPDX-License-Identifier: GPL-2.0-or-later */
/* owners_read.c - debugfs page_owner read in pieces, record by record */
#include "config.h"

#include <errno.h>

#include "owners_read.h"
#include "pageowner.h"
#include "slurp.h"

/*
 * Hand each record of L to EACH with ARG, E's line (counted from the
 * record's first by pageowner_parse()) made the file's. Returns 0, or -1
 * with E set.
 */
static int
parse_all(struct slurp_lines *l,
    int (*each)(void *arg, const struct po_record *r), void *arg,
    struct ferr *e)
{
	const char *s;
	size_t n;
	bool whole;
	int rc;

	/* The last record may end without its empty line: the file's end ends it. */
	while ((rc = slurp_lines_next(l, &s, &n, &whole, e)) == 1) {
		if (pageowner_parse(s, n, each, arg, e) != 0) {
			if (e->line > 0)
				e->line += l->no - 1;
			return -1;
		}
	}
	return rc < 0 ? -1 : 0;
}

int
owners_read(struct owners *ow, const char *path,
    int (*each)(void *arg, const struct po_record *r), void *arg,
    struct ferr *e)
{
	struct slurp_lines l;
	int rc;

	e->path = path;
	/* Records are a few hundred bytes: SLURP_CAP only bounds a bad file. */
	if ((rc = slurp_records_open(path, &l, SLURP_CAP, e)) < 0)
		return rc == -ENOMEM ? -1 : 1;
	rc = parse_all(&l, each, arg, e);
	slurp_lines_close(&l);
	if (rc == 0) {
		ow->read = true;
		owners_sort(ow);
	}
	return rc;
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capture_stable.c - buddyinfo and the index files read until buddyinfo holds still around them, and copied */
#include "config.h"

#include <stdbool.h>
#include <string.h>

#include "capture_file.h"
#include "capture_stable.h"

#define EXTFRAG_DIR	"/sys/kernel/debug/extfrag"

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
		if (capture_load(c, "/proc/buddyinfo", b, &re) != 0) {
			capture_failed(e, &re);
			return -1;
		}
		for (i = 0; i < 2; i++)
			capture_load(c, stable_idx[i], &k[i], &kerr[i]);
		if (k[0].buf == NULL && k[1].buf == NULL) {
			capture_note(c, "buddyinfo_stable unknown (no index "
			    "files)\n");
			return 0;
		}
		if (capture_load(c, "/proc/buddyinfo", &again, &re) != 0) {
			capture_failed(e, &re);
			return -1;
		}
		same = b->len == again.len &&
		    memcmp(b->buf, again.buf, b->len) == 0;
		slurp_free(&again);
		if (same || try == CAPTURE_TRIES) {
			c->done.stable = same;
			capture_note(c, "buddyinfo_stable %s\nbuddyinfo_reads %d\n",
			    same ? "yes" : "no", try);
			return 0;
		}
		slurp_free(b);
		for (i = 0; i < 2; i++)
			slurp_free(&k[i]);
	}
}

int
capture_stable_group(struct capture *c, struct ferr *e)
{
	struct slurp b = { NULL, 0 }, k[2] = { { NULL, 0 }, { NULL, 0 } };
	struct ferr kerr[2];
	int i, rc = -1;

	if (stable_read(c, &b, k, kerr, e) != 0 ||
	    capture_put(c, "/proc/buddyinfo", b.buf, b.len, e) != 0)
		goto out;
	c->done.files++;
	for (i = 0; i < 2; i++) {
		if (k[i].buf == NULL)
			capture_missing(c, kerr[i].path, stable_idx[i], kerr[i].msg);
		else if (capture_put(c, stable_idx[i], k[i].buf, k[i].len, e) != 0)
			goto out;
		else
			c->done.files++;
	}
	rc = 0;
out:
	slurp_free(&b);
	for (i = 0; i < 2; i++)
		slurp_free(&k[i]);
	return rc;
}

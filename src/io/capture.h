/* SPDX-License-Identifier: GPL-2.0-or-later */
/* capture.h - save a consistent snapshot laid out like the live filesystem */
#ifndef FRAGSTAT_CAPTURE_H
#define FRAGSTAT_CAPTURE_H

#include <stdbool.h>
#include <stddef.h>

#include "capdone.h"
#include "capture_dirs.h"
#include "capmeta.h"
#include "ferr.h"
#include "model.h"
#include "physmap.h"
#include "stage.h"
#include "thp.h"

/*
 * The longest path inside a capture, for the room a caller keeps under
 * PATH_MAX: a file of a THP size's stats/, THP_DIR "/" NAME "/stats/"
 * NAME, 34 + 1 + 64 + 7 + 64 = 170 bytes. The others are shorter: a
 * node's hugetlb pool, "sys/devices/system/node/node" N "/hugepages/
 * hugepages-" KB "kB/surplus_hugepages" with N and KB at most 20 digits,
 * is 28 + 20 + 21 + 20 + 20 = 109; a memory block's node link 77.
 */
#define CAPTURE_INSIDE_LONGEST \
	(sizeof(THP_DIR "/") - 1 + CAPTURE_KEPT_NAME_MAX + \
	    sizeof("/stats/") - 1 + CAPTURE_KEPT_NAME_MAX)

/* This host and the time now, as a capture's and a recording's metadata say them. */
struct capture_here {
	char	host[HOST_NAME_SIZE];	/* "unknown" when it has none */
	char	when[32];		/* "YYYY-MM-DDTHH:MM:SSZ" */
};

/* Fill H with this host's name and the UTC time now. */
void	capture_here_now(struct capture_here *h);

/*
 * Copy the files fragstat reads from root SRC (NULL: the live system) into
 * a new directory DIR, atomically: built under a temporary name beside DIR
 * and renamed at the end; DIR must not exist, and its parent passes
 * safedir_parent()'s checks. buddyinfo is re-read around
 * the debugfs index files until it reads the same before and after. Files
 * that cannot be read are listed in DIR/fragstat-capture. With MAP (the
 * kernel's map_rules; NULL: no map), the page flags of SRC
 * (proc/kpageflags, root) are read over the captured zones by its rules
 * into DIR/fragstat-map (mapfile.h); DIR may end in slashes. The
 * capture is staged in ST (NULL: one of its own), where a signal handler
 * of the caller's may find what to remove (stage_remove_now()). What it
 * did goes to *DONE (NULL: not wanted). Returns 0, or -1 with E set
 * (nothing is left behind).
 */
int	capture_run(const char *src, const char *dir, unsigned long page_size,
	    const struct map_rules *map, struct stage *st,
	    struct capture_done *done, struct ferr *e);

/*
 * capture_run() into the new directory NAME of the open directory DFD
 * (checked by safedir.h), DIR being its path in messages. Returns 0, or
 * -1 with E set (nothing is left behind).
 */
int	capture_at(const char *src, int dfd, const char *name, const char *dir,
	    unsigned long page_size, const struct map_rules *map,
	    struct stage *st, struct capture_done *done, struct ferr *e);

#endif

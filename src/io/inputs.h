/* SPDX-License-Identifier: GPL-2.0-or-later */
/* inputs.h - find, read and parse every file one run needs */
#ifndef FRAGSTAT_INPUTS_H
#define FRAGSTAT_INPUTS_H

#include <stddef.h>
#include <time.h>

#include "ferr.h"
#include "inputs_data.h"
#include "inputs_path.h"

/*
 * Read and parse what O asks for into IN. Optional files that cannot be
 * read become notes. Returns 0, or -1 with E set. E holds its own copy
 * of every path it names (ferr_keep_path()): it outlives inputs_free(),
 * whether this load failed or a later step reuses E.
 */
int	inputs_load(const struct input_opts *o, struct inputs *in,
	    struct ferr *e);
void	inputs_free(struct inputs *in);

/*
 * Returns 0 when zoneinfo ZI, read from ZPATH, has every zone of IN's
 * buddyinfo and buddyinfo every zone of ZI with present pages, as the
 * kernel's files do; else -1 with E set naming the zone and the file that
 * lacks it: one file cut short after a whole zone, or another machine's.
 */
int	inputs_match_zi(const struct inputs *in, const struct zoneinfo *zi,
	    const char *zpath, struct ferr *e);

/*
 * Read IN's vmstat again into VM, at the time AT (CLOCK_MONOTONIC), as
 * the first read was at IN's vm_at: what changed between them is what
 * the machine did meanwhile. Returns 0, or -1 when IN has no vmstat or it
 * cannot be read or parsed now (no message: the second read only adds).
 */
int	inputs_vmstat_again(struct inputs *in, struct vmstat *vm,
	    struct timespec *at);

/*
 * Ask the C library to keep freed memory for the next inputs_load(), as
 * --watch and batches load again and again: a large machine's inputs are
 * megabytes, and giving them back to the kernel after every load means
 * faulting every page in again at the next. A no-op without mallopt().
 */
void	inputs_keep_memory(void);

/*
 * The kernel release for O into BUF: --kernel, the root's osrelease (its
 * path saved in *RPATH, malloc'd), or the running kernel. Returns 1 when
 * known, 0 when not (no osrelease), -1 with E set when osrelease cannot be
 * read or is malformed (empty, not one line of printable ASCII).
 */
int	inputs_release(const struct input_opts *o, char *buf, size_t size,
	    char **rpath, struct ferr *e);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* futile.h - kcompactd woken again and again while fragmentation does not fall */
#ifndef FRAGSTAT_FUTILE_H
#define FRAGSTAT_FUTILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "recording.h"

/*
 * Returns the share of FREE pages outside free blocks of 2^PB pages (BLOCKS
 * of them: whole pageblocks) in thousandths, 0 when nothing is free: what
 * kcompactd is woken to undo, for a wakeup at the pageblock order.
 */
uint32_t	futile_frag(uint64_t free, uint64_t blocks, unsigned pb);

/*
 * Add one sample to F: compact_daemon_wake WAKE (HAVE_WAKE false: not
 * read) and the fragmentation FRAG of futile_frag().
 */
void	futile_add(struct futile *f, bool have_wake, uint64_t wake,
	    uint32_t frag);

/* Returns whether F shows kcompactd working for nothing now. */
bool	futile_found(const struct futile *f);

/* Fold R's samples (R->wakes, in order) into R->futile, from empty. */
void	futile_replay(struct replay *r);

#endif

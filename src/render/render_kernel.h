/* SPDX-License-Identifier: GPL-2.0-or-later */
/* render_kernel.h - the kernel's own debugfs index files, byte for byte */
#ifndef FRAGSTAT_RENDER_KERNEL_H
#define FRAGSTAT_RENDER_KERNEL_H

#include <stddef.h>
#include <stdio.h>

#include "report.h"

/* The kernel's debugfs extfrag/unusable_index for R's buddyinfo. */
void	render_unusable(FILE *fp, const struct report *r);

/*
 * The kernel's debugfs extfrag/extfrag_index for R's buddyinfo, in the
 * layout of kernel release R->release (the current layout when NULL).
 */
void	render_extfrag(FILE *fp, const struct report *r);

#endif

/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sysram.c - the System RAM ranges of /proc/iomem */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sysram.h"

void
iomem_free(struct iomem *io)
{
	free(io->ram);
	memset(io, 0, sizeof(*io));
}
